import type { ImportEncoding } from '../../../../common/import-columns';
import { AppError } from '../../../errors';
import { readCsv } from './read-csv';
import { readJson } from './read-json';
import { readOds } from './read-ods';
import { readXlsx } from './read-xlsx';
import type { ImportTable, ReadLimits } from './table';
import { checkZip } from './zip-check';

export type ReadOptions = { sheet?: string | undefined; encoding?: ImportEncoding | undefined };

const startsWith = (body: Buffer, ...bytes: number[]) => bytes.every((b, i) => body[i] === b);

/**
 * Reads an import file of any accepted format into its header and rows, in this process: the reader's process
 * (reader-process.ts) runs it under limits; nothing on the request thread calls it. A zip is a workbook (XLSX or ODS,
 * by its entries, checked before it is inflated); JSON by its name, type or first character; anything else is CSV.
 */
export async function readTable(
  body: Buffer,
  name: string,
  contentType: string,
  options: ReadOptions,
  limits: ReadLimits,
): Promise<ImportTable> {
  if (body.length === 0) throw new AppError('VALIDATION', 'The file is empty (0 bytes).');
  const lower = name.toLowerCase().split('?')[0] ?? '';
  const encoding = options.encoding ?? 'auto';
  if (startsWith(body, 0xd0, 0xcf, 0x11, 0xe0) || lower.endsWith('.xls')) {
    throw new AppError('VALIDATION', 'Old Excel files (.xls) are not read: save the sheet as .xlsx or CSV and import that.');
  }
  const namedWorkbook = lower.endsWith('.xlsx') || lower.endsWith('.ods') || /spreadsheetml|opendocument\.spreadsheet/.test(contentType);
  if (startsWith(body, 0x50, 0x4b)) {
    const kind = await checkZip(body, limits);
    return kind === 'ods' ? readOds(body, options.sheet, limits) : readXlsx(body, options.sheet, limits);
  }
  if (namedWorkbook)
    throw new AppError(
      'VALIDATION',
      `The file is named as a workbook (${lower.endsWith('.ods') ? 'ODS' : 'XLSX'}) but is not one: it is not a zip archive.`,
    );
  if (lower.endsWith('.json') || /json/.test(contentType)) return readJson(body, encoding, limits);
  if (!/\.(csv|tsv|txt)$/.test(lower)) {
    const start = body
      .subarray(0, 64)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (start.startsWith('[') || start.startsWith('{')) return readJson(body, encoding, limits);
  }
  return readCsv(body, encoding, limits);
}
