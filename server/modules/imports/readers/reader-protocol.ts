import type { CheckedRecord, PriceContext } from '../import-rows';
import type { ImportMapping } from '../../../../common/schemas/imports';
import type { ReadOptions } from './read-table';
import type { ImportRecord, ImportTable, ReadLimits } from './table';

/**
 * What the request thread sends the reader's process (the file itself follows on its stdin). `mode` 'table' answers
 * every record; 'checked' answers the head and a sample, waits for the mapping, then checks each row itself and
 * answers the checked rows in batches, one batch ahead of the request thread's acknowledgements.
 */
export type ReadRequest = {
  name: string;
  contentType: string;
  options: ReadOptions;
  limits: ReadLimits;
  bytes: number;
  mode?: 'table' | 'checked';
  /**
   * A second file whose columns join the rows by a key column (readers/join.ts): its bytes follow the main file's on
   * stdin, read by the same readers under the same limits.
   */
  join?: JoinRequest;
};

/** The second file of a join: its name, type and size, and the key column of each file (none: guessed). */
export type JoinRequest = { name: string; contentType: string; bytes: number; key?: string | undefined; joinKey?: string | undefined };

/** A row as the reader's process checked it (checkRecord under the mapping), by its row number. */
export type CheckedRow = { row: number; checked: CheckedRecord };

/**
 * What the request thread sends after the head in 'checked' mode: the mapping (the one shape the dialog sent) and the
 * prices' context to check the rows with, or stop; and acknowledgements.
 */
export type CheckOrder = { type: 'check'; mapping: ImportMapping; context: PriceContext } | { type: 'stop' } | { type: 'ack' };

/** What the reader's process answers: the table's head, its records in batches, then done; or a refusal. */
export type ReadReply =
  | { type: 'head'; table: Omit<ImportTable, 'records'>; rows?: number; sample?: ImportRecord[] }
  | { type: 'records'; records: ImportRecord[] }
  | { type: 'checked'; rows: CheckedRow[] }
  | { type: 'done' }
  | { type: 'refused'; code: 'VALIDATION' | 'TOO_LARGE'; message: string }
  | { type: 'failed'; message: string };

/** Records per message: each is small enough for the request thread to take in without a pause it would notice. */
export const RECORDS_PER_MESSAGE = 2_000;
/** Records of a 'checked' read's head, for the mapping's guess by content (it reads the first 500 rows). */
export const SAMPLE_RECORDS = 500;
