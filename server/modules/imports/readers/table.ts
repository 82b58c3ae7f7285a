import { IGNORE_COLUMN, IMPORT_MAX_ROWS, guessMapping, type ImportFormat } from '../../../../common/import-columns';
import type { ImportJoin } from '../../../../common/schemas/imports';
import { AppError } from '../../../errors';

/** One product row of a file: its number as the operator sees it, its values by column, and its cells' link targets. */
export type ImportRecord = { row: number; values: Record<string, unknown>; links?: Record<string, string> };

/** A file read: the sheet taken (of `sheets`), its headers and rows, the encoding of a text file, and what to know. */
export type ImportTable = {
  format: ImportFormat;
  headers: string[];
  records: ImportRecord[];
  sheets: string[];
  sheet: string | null;
  encoding: string | null;
  readWarnings: string[];
  /** A second file's columns joined by a key column (readers/join.ts), and how the join went. */
  join?: ImportJoin;
};

/** A row of a sheet as read: its line in the file, the texts a person sees, and the link target of a cell that has one. */
export type SheetRow = { line: number; cells: string[]; links?: Array<string | undefined> };
/** A sheet's rows: the first is the header; `count` counts every non-blank row, kept or not (past the limits). */
export type SheetRows = { name: string; rows: SheetRow[]; count: number };

/** What a reader may take from one file before it refuses it. */
export type ReadLimits = {
  /** Data rows (IMPORT_MAX_ROWS); the file's rows are still counted past it so the refusal can say how many. */
  maxRows: number;
  /** Non-empty cells kept over all sheets: what the reader's memory is sized for. */
  maxCells: number;
  /** Bytes a workbook's zip entries may inflate to, together. */
  maxInflatedBytes: number;
  /** Entries a workbook's zip may have. */
  maxEntries: number;
  /**
   * Most an entry may inflate per packed byte once it is past 10 MB: sheets pack 5 to 20 times, a bomb of zeros a
   * thousand (Apache POI's zip-bomb check uses the same 1:100).
   */
  maxInflateRatio: number;
};

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxRows: IMPORT_MAX_ROWS,
  maxCells: 6_000_000,
  maxInflatedBytes: 300 * 1024 * 1024,
  maxEntries: 2_000,
  maxInflateRatio: 100,
};

export function tooManyRows(count: number, limits: ReadLimits): AppError {
  return new AppError(
    'VALIDATION',
    `The file has ${count.toLocaleString('en-US')} rows; an import takes at most ${limits.maxRows.toLocaleString('en-US')}.`,
  );
}

export function tooManyCells(limits: ReadLimits): AppError {
  return new AppError(
    'VALIDATION',
    `The file has more than ${limits.maxCells.toLocaleString('en-US')} filled cells; an import reads at most that many. Remove the columns it does not need.`,
  );
}

/** Collects a sheet's rows under the limits: rows past them are counted, not kept. */
export class RowCollector {
  cells = 0;
  constructor(readonly limits: ReadLimits) {}

  add(sheet: SheetRows, row: SheetRow, keep = true): void {
    sheet.count += 1;
    if (!keep || sheet.count > this.limits.maxRows + 1) return;
    for (const c of row.cells) if (c !== '') this.cells += 1;
    if (this.cells > this.limits.maxCells) throw tooManyCells(this.limits);
    sheet.rows.push(row);
  }
}

/** "price", "price" -> "price", "price (2)"; blank headers become "Column N" (N counts from 1). */
function uniqueHeaders(cells: string[]): { headers: string[]; repeated: string[] } {
  const headers: string[] = [];
  const seen = new Set<string>();
  const repeated: string[] = [];
  cells.forEach((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    let header = base;
    for (let n = 2; seen.has(header); n++) header = `${base} (${n})`;
    if (header !== base && !repeated.includes(base)) repeated.push(base);
    seen.add(header);
    headers.push(header);
  });
  return { headers, repeated };
}

/** Whether a sheet's header row names a title or a price column, as the mapping would guess it. */
export function headerMaps(cells: string[]): boolean {
  const mapping = guessMapping(uniqueHeaders(cells).headers);
  return Object.values(mapping).some((field) => field !== IGNORE_COLUMN && (field === 'title' || field === 'price'));
}

/**
 * The sheet to import: the one asked for by name, else the first whose header maps a title or price and that has
 * rows, else the first with rows, else the first.
 */
export function pickSheet(sheets: SheetRows[], wanted: string | undefined): SheetRows {
  if (wanted !== undefined) {
    const found = sheets.find((s) => s.name === wanted);
    if (!found)
      throw new AppError('VALIDATION', `The workbook has no sheet "${wanted}" (it has ${sheets.map((s) => `"${s.name}"`).join(', ')}).`);
    return found;
  }
  const withRows = sheets.filter((s) => s.count > 1);
  const first = withRows.find((s) => headerMaps(s.rows[0]?.cells ?? [])) ?? withRows[0] ?? sheets[0];
  if (!first) throw new AppError('VALIDATION', 'The workbook has no sheet to read.');
  return first;
}

/**
 * A sheet's rows as a table: the first non-blank row is the header. `transform` turns a cell's text into its value
 * (CSV takes back the apostrophe an export put before a formula-like text).
 */
export function tableFromRows(
  format: ImportFormat,
  sheet: SheetRows,
  limits: ReadLimits,
  extra: { sheets: string[]; sheet: string | null; encoding: string | null; readWarnings: string[] },
  transform: (cell: string) => string = (cell) => cell,
): ImportTable {
  const [head, ...body] = sheet.rows;
  if (!head)
    throw new AppError(
      'VALIDATION',
      sheet.name && extra.sheets.length > 1
        ? `The sheet "${sheet.name}" is empty: it has no header row and no products.`
        : 'The file is empty: it has no header row and no products.',
    );
  if (sheet.count - 1 > limits.maxRows) throw tooManyRows(sheet.count - 1, limits);
  // A column with data but no header (or past the header's last cell) is read as "Column N" rather than dropped.
  const width = body.reduce((w, r) => Math.max(w, r.cells.length), head.cells.length);
  const { headers, repeated } = uniqueHeaders([...head.cells, ...Array<string>(width - head.cells.length).fill('')]);
  const readWarnings = [...extra.readWarnings];
  if (repeated.length > 0) {
    readWarnings.push(
      `The header row names ${repeated.map((h) => `"${h}"`).join(', ')} more than once; the later columns are read as ${repeated.map((h) => `"${h} (2)"`).join(', ')}.`,
    );
  }
  const records = body.map(({ line, cells, links }) => {
    const values: Record<string, unknown> = {};
    let targets: Record<string, string> | undefined;
    headers.forEach((h, i) => {
      values[h] = transform(cells[i] ?? '');
      const link = links?.[i];
      if (link) (targets ??= {})[h] = link;
    });
    return targets ? { row: line, values, links: targets } : { row: line, values };
  });
  return { format, headers, records, sheets: extra.sheets, sheet: extra.sheet, encoding: extra.encoding, readWarnings };
}

/**
 * A column name may not hold a NUL character: PostgreSQL keeps no NUL in text or JSON, so the mapping could not be
 * stored (it was a 500, issue 39). A file with one is damaged or not text; the answer says which column and how to fix.
 */
export function refuseNulHeaders(format: ImportFormat, headers: readonly string[]): void {
  const at = headers.findIndex((h) => h.includes('\u0000'));
  if (at < 0) return;
  const shown = (headers[at] ?? '').replaceAll('\u0000', '\u2400').slice(0, 60);
  throw new AppError(
    'VALIDATION',
    format === 'json'
      ? `The field name "${shown}" holds a NUL character (shown as \u2400), which a field name cannot have: fix the JSON file's keys and import it again.`
      : `The header of column ${at + 1} ("${shown}") holds a NUL character (shown as \u2400), which a column name cannot have: the file may be damaged. Save it again as CSV (UTF-8) or XLSX and import it again.`,
  );
}
