import { parse } from 'csv-parse/sync';
import type { ImportEncoding } from '../../../../common/import-columns';
import { AppError } from '../../../errors';
import { unguardFormula } from '../csv';
import { decodeText } from './text-encoding';
import { RowCollector, tableFromRows, type ImportTable, type ReadLimits, type SheetRows } from './table';

/** The delimiter of a CSV file: whichever of comma, semicolon or tab its first line has most of (outside quotes). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const ch = text[i] ?? '';
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, n] of counts) if (n > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Line breaks inside a row's quoted fields (CRLF, LF or CR each count one): the row after it starts that much later. */
function breaksIn(record: string[]): number {
  let n = 0;
  for (const field of record) {
    if (field.indexOf('\n') < 0 && field.indexOf('\r') < 0) continue;
    n += field.replace(/\r\n/g, '\n').replace(/[^\n\r]/g, '').length;
  }
  return n;
}

/**
 * A CSV (or TSV) file through csv-parse: RFC 4180 quoting (delimiters, quotes and line breaks inside quotes), CRLF or
 * LF, a quote inside an unquoted field kept as it is, rows of any length; blank lines skipped. Each row keeps the line
 * it starts on (a quoted line break makes a row span two lines).
 */
export function readCsv(body: Uint8Array, encoding: ImportEncoding, limits: ReadLimits): ImportTable {
  const decoded = decodeText(body, encoding);
  const text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
  let parsed: string[][];
  try {
    parsed = parse(text, {
      delimiter: detectDelimiter(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      // Blank lines come as one empty field and are skipped below, so each row's line can be counted.
      skip_empty_lines: false,
    });
  } catch (err) {
    throw new AppError('VALIDATION', `The CSV file could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const sheet: SheetRows = { name: '', rows: [], count: 0 };
  const collector = new RowCollector(limits);
  let nextLine = 1;
  for (const record of parsed) {
    const line = nextLine;
    nextLine += 1 + breaksIn(record);
    if (record.length === 1 && record[0] === '') continue;
    collector.add(sheet, { line, cells: record });
  }
  return tableFromRows(
    'csv',
    sheet,
    limits,
    { sheets: [], sheet: null, encoding: decoded.encoding, readWarnings: decoded.warning ? [decoded.warning] : [] },
    unguardFormula,
  );
}
