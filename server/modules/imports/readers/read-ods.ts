import { createRequire } from 'node:module';
import type * as SheetJs from 'xlsx';
import { AppError } from '../../../errors';
import { cellText, hyperlinkFormula } from './read-xlsx';
import { RowCollector, pickSheet, tableFromRows, type ImportTable, type ReadLimits, type SheetRow, type SheetRows } from './table';

const require = createRequire(import.meta.url);

/**
 * An OpenDocument spreadsheet (LibreOffice, Google Sheets' "ODS" download) through SheetJS 0.18.5, the last release
 * on npm. It has published advisories (prototype pollution on crafted files, CVE-2023-30533; a regular expression
 * denial of service, CVE-2024-22363): it runs only here, in the reader's own short-lived process, under its time and
 * memory limits, after the zip check, and what leaves the process is plain text (decision 0049).
 */
export function readOds(body: Buffer, wanted: string | undefined, limits: ReadLimits): ImportTable {
  const XLSX = require('xlsx') as typeof SheetJs;
  let book: SheetJs.WorkBook;
  try {
    book = XLSX.read(body, {
      type: 'buffer',
      cellDates: true,
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      sheetRows: limits.maxRows + 2,
    });
  } catch (err) {
    throw new AppError(
      'VALIDATION',
      `The ODS workbook could not be read: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`,
    );
  }
  const collector = new RowCollector(limits);
  const sheets: SheetRows[] = [];
  for (const name of book.SheetNames) {
    const ws = book.Sheets[name];
    const sheet: SheetRows = { name, rows: [], count: 0 };
    sheets.push(sheet);
    const ref = ws?.['!ref'];
    if (!ws || !ref) continue;
    const range = XLSX.utils.decode_range(ref);
    const keep = wanted === undefined || wanted === name;
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells: string[] = [];
      let links: Array<string | undefined> | undefined;
      for (let c = range.s.c; c <= range.e.c; c++) {
        const cell = ws[XLSX.utils.encode_cell({ r, c })] as SheetJs.CellObject | undefined;
        if (!cell) continue;
        const shown = cell.t === 'e' ? { text: cell.w ?? '' } : cellText(cell.v);
        while (cells.length < c) cells.push('');
        cells[c] = shown.text;
        const link = cell.l?.Target ?? (cell.f ? hyperlinkFormula(cell.f)?.target : undefined);
        if (link) (links ??= [])[c] = link;
      }
      if (!cells.some((t) => t.trim() !== '')) continue;
      const row: SheetRow = links ? { line: r + 1, cells, links } : { line: r + 1, cells };
      collector.add(sheet, row, keep || sheet.count === 0);
    }
    // sheetRows stops SheetJS at the limit; its full range says how many rows the sheet has.
    const full = ws['!fullref'];
    if (full && sheet.count > limits.maxRows) sheet.count = Math.max(sheet.count, XLSX.utils.decode_range(full).e.r + 1);
  }
  const chosen = pickSheet(sheets, wanted);
  return tableFromRows('ods', chosen, limits, { sheets: sheets.map((s) => s.name), sheet: chosen.name, encoding: null, readWarnings: [] });
}
