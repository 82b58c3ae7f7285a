import { AppError } from '../../errors';
import { createZipWriter, readZip } from './zip';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) =>
    entity.startsWith('#x')
      ? String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number.parseInt(entity.slice(1), 10))
        : (ENTITIES[entity] ?? ''),
  );
}

// Characters XML 1.0 cannot carry at all; the product fields refuse them anyway.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function encodeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text of every <t> inside an element (a shared string with rich-text runs has several). */
function textOf(xml: string): string {
  let text = '';
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) text += m[1] === undefined ? '' : decodeXml(m[1]);
  return text;
}

/** "AB" -> 27 (zero-based column of a cell reference). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * The first worksheet of an XLSX workbook as rows of cell texts, with each row's number in the sheet. Numbers come
 * as Excel wrote them ("12.5"), booleans as 'true'/'false'; formulas give their last computed value.
 */
export function readXlsx(buffer: Buffer): Array<{ line: number; cells: string[] }> {
  const files = readZip(buffer);
  const read = (name: string) => files.get(name)?.().toString('utf8');
  const workbook = read('xl/workbook.xml');
  if (workbook === undefined) throw new AppError('VALIDATION', 'The file is not an XLSX workbook (it has no xl/workbook.xml).');
  const firstSheet = /<sheet\s[^>]*>/.exec(workbook)?.[0];
  const relId = firstSheet && (attribute(firstSheet, 'r:id') ?? attribute(firstSheet, 'id'));
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const rels = read('xl/_rels/workbook.xml.rels');
  if (relId && rels) {
    for (const m of rels.matchAll(/<Relationship\s[^>]*>/g)) {
      if (attribute(m[0], 'Id') !== relId) continue;
      const target = attribute(m[0], 'Target') ?? '';
      sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  const sheet = read(sheetPath);
  if (sheet === undefined) throw new AppError('VALIDATION', 'The workbook has no worksheet to read.');
  const shared: string[] = [];
  const sharedXml = read('xl/sharedStrings.xml');
  if (sharedXml) for (const m of sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) shared.push(m[1] === undefined ? '' : textOf(m[1]));

  const rows: Array<{ line: number; cells: string[] }> = [];
  let nextLine = 1;
  for (const rowMatch of sheet.matchAll(/<row(\s[^>]*)?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const line = Number(attribute(rowMatch[1] ?? '', 'r') ?? nextLine);
    nextLine = line + 1;
    const cells: string[] = [];
    let nextColumn = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = cellMatch[1] ?? '';
      const ref = attribute(tag, 'r');
      const column = ref ? columnIndex(ref) : nextColumn;
      nextColumn = column + 1;
      const inner = cellMatch[2] ?? '';
      const type = attribute(tag, 't');
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let text: string;
      if (type === 's') text = shared[Number(value)] ?? '';
      else if (type === 'inlineStr') text = textOf(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '');
      else if (type === 'b') text = value === '1' ? 'true' : value === '0' ? 'false' : '';
      else text = value === undefined ? '' : decodeXml(value);
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    if (cells.some((c) => c !== '')) rows.push({ line, cells });
  }
  return rows;
}

/** "A", "B", ... "AA": the letters of a zero-based column. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export type XlsxCell = string | number | boolean | null;

function cellXml(value: XlsxCell, ref: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${encodeXml(value)}</t></is></c>`;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK = (sheetName: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  `<sheets><sheet name="${encodeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
  '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf xfId="0"/></cellXfs></styleSheet>';

/**
 * A one-sheet XLSX workbook written as its rows arrive (an export of the whole catalogue never sits in memory):
 * texts are inline strings, so nothing has to be collected before the sheet is written.
 */
export async function* writeXlsx(sheetName: string, header: readonly string[], rows: AsyncIterable<XlsxCell[][]>): AsyncGenerator<Buffer> {
  const zip = createZipWriter();
  for (const [name, content] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK(sheetName)],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/styles.xml', STYLES],
  ] as const) {
    yield zip.begin(name);
    yield zip.data(content);
    yield zip.close();
  }
  yield zip.begin('xl/worksheets/sheet1.xml');
  const rowXml = (cells: readonly XlsxCell[], line: number) =>
    `<row r="${line}">${cells.map((value, i) => cellXml(value, `${columnName(i)}${line}`)).join('')}</row>`;
  yield zip.data(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<sheetData>${rowXml(header, 1)}`,
  );
  let line = 1;
  for await (const batch of rows) {
    const xml = batch.map((cells) => rowXml(cells, ++line)).join('');
    if (xml) yield zip.data(xml);
  }
  yield zip.data('</sheetData></worksheet>');
  yield zip.close();
  yield zip.finish();
}
