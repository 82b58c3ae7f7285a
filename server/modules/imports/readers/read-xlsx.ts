import type { Readable } from 'node:stream';
import { AppError } from '../../../errors';
import { loadExcelJs, requireExcelJsPart } from './exceljs-loader';
import { zipParts } from './zip-check';
import { RowCollector, pickSheet, tableFromRows, type ImportTable, type ReadLimits, type SheetRow, type SheetRows } from './table';

// The parts of exceljs's streaming reader this uses (its typings do not describe them).
type Cell = { value: unknown };
type Row = { number: number; eachCell(options: { includeEmpty: boolean }, f: (cell: Cell, col: number) => void): void };
type Event = { eventType: string; value: unknown };
type WorksheetReader = { name: string; parse(): AsyncIterable<Event[]> };
type HyperlinkReader = { on(event: 'hyperlink', f: (rel: { rId: string; target?: string }) => void): void; read(): Promise<void> };
type Iterated = AsyncIterable<unknown>;
type WorkbookReader = {
  workbookRels?: Array<{ Id: string; Target: string; Type?: string }>;
  model?: { sheets?: Array<{ name: string; rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: Iterated, sheetNo: string): Iterable<{ eventType: string; value: WorksheetReader }>;
  _parseHyperlinks(iterator: Iterated, sheetNo: string): Iterable<{ eventType: string; value: HyperlinkReader }>;
};
type ExcelJs = { stream: { xlsx: { WorkbookReader: new (input: unknown, options: Record<string, string>) => WorkbookReader } } };

/** `HYPERLINK("https://…", "BUY")` (or with `;`): the address, when it is written out in the formula, and its label. */
const HYPERLINK = /^\s*(?:_xlfn\.)?HYPERLINK\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*"((?:[^"]|"")*)"\s*)?[,;)]/i;

export function hyperlinkFormula(formula: string): { target: string; label: string | undefined } | undefined {
  const m = HYPERLINK.exec(formula);
  return m?.[1] === undefined ? undefined : { target: m[1].replace(/""/g, '"'), label: m[2]?.replace(/""/g, '"') };
}

/** A date cell as a person reads it: the day, or the day and time when it has one. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** The text a cell shows, and the address its formula links to. */
export function cellText(value: unknown): { text: string; link?: string } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return { text: Number.isFinite(value) ? String(value) : '' };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false' };
  if (value instanceof Date) return { text: dateText(value) };
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return { text: (v.richText as Array<{ text?: unknown }>).map((r) => (typeof r.text === 'string' ? r.text : '')).join('') };
    if ('formula' in v || 'sharedFormula' in v) {
      const link = typeof v.formula === 'string' ? hyperlinkFormula(v.formula) : undefined;
      // A written-out label is what the cell shows, whatever the cached result (some writers cache a string's index).
      return link ? { text: link.label ?? cellText(v.result).text, link: link.target } : { text: cellText(v.result).text };
    }
    if (typeof v.error === 'string') return { text: v.error };
    if (typeof v.text === 'string') return { text: v.text };
  }
  return { text: '' };
}

/** "B12" -> { col: 1, row: 12 }; ranges ("A2:A9") give their cells. */
function cellsOfRef(ref: string): Array<{ col: number; row: number }> {
  const parse = (a: string) => {
    const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(a.trim().toUpperCase());
    if (!m?.[1] || !m[2]) return null;
    let col = 0;
    for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
    return { col: col - 1, row: Number(m[2]) };
  };
  const [from, to] = ref.split(':');
  const a = parse(from ?? '');
  if (!a) return [];
  const b = to ? parse(to) : a;
  if (!b || (b.row - a.row + 1) * (b.col - a.col + 1) > 100_000) return [a];
  const cells: Array<{ col: number; row: number }> = [];
  for (let row = a.row; row <= b.row; row++) for (let col = a.col; col <= b.col; col++) cells.push({ col, row });
  return cells;
}

/** A relationship's target as a part's name: "worksheets/sheet3.xml" (beside the workbook) or "/xl/worksheets/sheet3.xml". */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
/** "xl/worksheets/sheet3.xml" -> "xl/worksheets/_rels/sheet3.xml.rels": where a part's relationships are. */
const relsOf = (part: string) => `${part.slice(0, part.lastIndexOf('/') + 1)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;

const refuse = (err: unknown): never => {
  if (err instanceof AppError) throw err;
  const message = err instanceof Error ? err.message : String(err);
  throw new AppError('VALIDATION', `The XLSX workbook could not be read: ${message.slice(0, 300)}`);
};

/**
 * An XLSX workbook through exceljs's streaming parsers: every sheet's rows as the texts a person sees (shared, inline
 * and rich text; numbers as written; dates as days), with each cell's hyperlink target (a hyperlink cell's address, or
 * the address of a `HYPERLINK()` formula). The sheet taken is `wanted`, or the first whose header maps.
 *
 * exceljs's WorkbookReader takes the zip as one stream (unzipper's Parse), which drops entries now and then (exceljs
 * issues #2790 and #3064, unzipper #234: a workbook read as one empty "Sheet1"). Here the parts come from the checked
 * zip's central directory (yauzl) in the order the parsers need them — relationships, workbook, shared strings,
 * styles, then each sheet after its hyperlinks — and exceljs's own parsers read each one as a stream.
 */
export async function readXlsx(body: Buffer, wanted: string | undefined, limits: ReadLimits): Promise<ImportTable> {
  const ExcelJS = loadExcelJs() as ExcelJs;
  const iterateStream = requireExcelJsPart('iterate-stream') as (stream: Readable) => Iterated;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(null, {
    sharedStrings: 'cache',
    hyperlinks: 'emit',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const parts = await zipParts(body);
  const collector = new RowCollector(limits);
  const read: SheetRows[] = [];
  try {
    const rels = await parts.open('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const workbook = await parts.open('xl/workbook.xml');
    if (!workbook) throw new AppError('VALIDATION', 'The XLSX workbook has no workbook part (xl/workbook.xml).');
    await reader._parseWorkbook(workbook);
    const relOfType = (type: string) => reader.workbookRels?.find((r) => r.Type?.endsWith(`/${type}`))?.Target;
    const shared = await parts.open(partName(relOfType('sharedStrings') ?? 'sharedStrings.xml'));
    if (shared) for await (const _ of reader._parseSharedStrings(shared)) void _;
    const styles = await parts.open(partName(relOfType('styles') ?? 'styles.xml'));
    if (styles) await reader._parseStyles(styles);

    const sheets = reader.model?.sheets ?? [];
    for (const [index, { name, rId }] of sheets.entries()) {
      const target = reader.workbookRels?.find((r) => r.Id === rId)?.Target;
      const part = target ? partName(target) : `xl/worksheets/sheet${index + 1}.xml`;
      const sheetNo = String(index + 1);
      const targets = new Map<string, string>();
      const sheetRels = await parts.open(relsOf(part));
      if (sheetRels) {
        for (const { value } of reader._parseHyperlinks(iterateStream(sheetRels), sheetNo)) {
          value.on('hyperlink', (rel) => {
            if (rel.target) targets.set(rel.rId, rel.target);
          });
          await value.read();
        }
      }
      const stream = await parts.open(part);
      const sheet: SheetRows = { name, rows: [], count: 0 };
      read.push(sheet);
      if (!stream) continue;
      // Only the sheet asked for keeps its rows; the others are counted, and keep their header to be listed.
      const keep = wanted === undefined || wanted === name;
      const cellLinks: Array<{ ref: string; rId: string }> = [];
      for (const { value: worksheet } of reader._parseWorksheet(iterateStream(stream), sheetNo)) {
        let previous = 0;
        for await (const events of worksheet.parse()) {
          for (const event of events) {
            if (event.eventType === 'hyperlink') {
              const link = event.value as { ref?: string; rId?: string };
              if (link.ref && link.rId) cellLinks.push({ ref: link.ref, rId: link.rId });
              continue;
            }
            if (event.eventType !== 'row') continue;
            const row = event.value as Row;
            const line = Number.isFinite(row.number) && row.number > previous ? row.number : previous + 1;
            previous = line;
            const cells: string[] = [];
            let links: Array<string | undefined> | undefined;
            row.eachCell({ includeEmpty: false }, (cell, col) => {
              const { text, link } = cellText(cell.value);
              while (cells.length < col - 1) cells.push('');
              cells[col - 1] = text;
              if (link) (links ??= [])[col - 1] = link;
            });
            if (!cells.some((c) => c.trim() !== '')) continue;
            const sheetRow: SheetRow = links ? { line, cells, links } : { line, cells };
            collector.add(sheet, sheetRow, keep || sheet.count === 0);
          }
        }
      }
      // A hyperlink cell's target, from the sheet's relationships (the cell's own text stays its value).
      if (cellLinks.length > 0 && sheet.rows.length > 0) {
        const byLine = new Map(sheet.rows.map((r) => [r.line, r]));
        for (const { ref, rId } of cellLinks) {
          const linkTarget = targets.get(rId);
          if (!linkTarget) continue;
          for (const { col, row } of cellsOfRef(ref)) {
            const sheetRow = byLine.get(row);
            if (sheetRow && col < 16_384) (sheetRow.links ??= [])[col] = linkTarget;
          }
        }
      }
    }
  } catch (err) {
    refuse(err);
  }
  if (read.length === 0) throw new AppError('VALIDATION', 'The workbook has no worksheet to read.');
  const chosen = pickSheet(read, wanted);
  return tableFromRows('xlsx', chosen, limits, { sheets: read.map((r) => r.name), sheet: chosen.name, encoding: null, readWarnings: [] });
}
