import { IMPORT_MAX_ROWS, type ImportFormat } from '../../../common/import-columns';
import { AppError } from '../../errors';
import { parseCsv, unguardFormula } from './csv';
import { readXlsx } from './xlsx';

/** One product row of a file: its number as the operator sees it, and its values by column. */
export type ImportRecord = { row: number; values: Record<string, unknown> };
export type ImportTable = { format: ImportFormat; headers: string[]; records: ImportRecord[] };

/** The format from the name's extension, the declared type, or the first bytes (a zip is XLSX, [ or { is JSON). */
export function detectFormat(body: Buffer, name: string, contentType = ''): ImportFormat {
  const lower = name.toLowerCase().split('?')[0] ?? '';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt')) return 'csv';
  if (body[0] === 0x50 && body[1] === 0x4b) return 'xlsx';
  if (/spreadsheetml/.test(contentType)) return 'xlsx';
  if (/json/.test(contentType)) return 'json';
  const start = body.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'json';
  return 'csv';
}

function tooMany(count: number): AppError {
  return new AppError('VALIDATION', `The file has ${count.toLocaleString('en-US')} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}.`);
}

/** Rows of a sheet (CSV or XLSX): the first non-blank row is the header. */
function fromSheet(format: ImportFormat, rows: Array<{ line: number; cells: string[] }>): ImportTable {
  const [head, ...body] = rows;
  if (!head) throw new AppError('VALIDATION', 'The file is empty: it has no header row and no products.');
  const headers = head.cells.map((h, i) => h.trim() || `Column ${i + 1}`);
  const seen = new Set<string>();
  for (const h of headers) {
    if (seen.has(h)) throw new AppError('VALIDATION', `The header row names the column "${h}" twice; rename one of them.`);
    seen.add(h);
  }
  if (body.length > IMPORT_MAX_ROWS) throw tooMany(body.length);
  const records = body.map(({ line, cells }) => {
    const values: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      const cell = cells[i] ?? '';
      values[h] = format === 'csv' ? unguardFormula(cell) : cell;
    });
    return { row: line, values };
  });
  return { format, headers, records };
}

/**
 * A Firestore timestamp or other nested value is not a product field: only plain values are kept, so the row
 * check says what is wrong with a field instead of stringifying an object.
 */
const isDocument = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The products of a JSON file: an array of products, or the original app's Firestore export of productsImported
 * ({ "productsImported": { "<id>": {...} } }, the same under "__collections__", or with an array), where each
 * document's id is kept.
 */
function documentsOf(parsed: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(parsed)) return parsed.map((d) => (isDocument(d) ? d : { value: d }));
  if (!isDocument(parsed)) throw new AppError('VALIDATION', 'The JSON file must hold an array of products or a productsImported collection.');
  const collections = isDocument(parsed.__collections__) ? parsed.__collections__ : parsed;
  const collection = collections.productsImported ?? collections.products;
  if (Array.isArray(collection)) return documentsOf(collection);
  if (isDocument(collection)) {
    return Object.entries(collection).map(([id, doc]) => {
      const fields = isDocument(doc) ? doc : { value: doc };
      const { __collections__: _nested, ...rest } = fields;
      return { id, ...rest };
    });
  }
  throw new AppError('VALIDATION', 'The JSON file must hold an array of products or a productsImported collection.');
}

function fromJson(text: string): ImportTable {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new AppError('VALIDATION', `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const documents = documentsOf(parsed);
  if (documents.length > IMPORT_MAX_ROWS) throw tooMany(documents.length);
  const headers: string[] = [];
  const known = new Set<string>();
  const records = documents.map((doc, i) => {
    for (const key of Object.keys(doc)) {
      if (!known.has(key)) {
        known.add(key);
        headers.push(key);
      }
    }
    return { row: i + 1, values: doc };
  });
  return { format: 'json', headers, records };
}

/** Reads an import file of any accepted format into its header and rows. */
export function readImportFile(body: Buffer, name: string, contentType = ''): ImportTable {
  if (body.length === 0) throw new AppError('VALIDATION', 'The file is empty (0 bytes).');
  const format = detectFormat(body, name, contentType);
  if (format === 'xlsx') return fromSheet('xlsx', readXlsx(body));
  const text = body.toString('utf8');
  if (format === 'json') return fromJson(text);
  return fromSheet('csv', parseCsv(text));
}
