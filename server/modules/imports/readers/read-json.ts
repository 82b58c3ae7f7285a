import type { ImportEncoding } from '../../../../common/import-columns';
import { AppError } from '../../../errors';
import { decodeText } from './text-encoding';
import { tooManyRows, type ImportTable, type ReadLimits } from './table';

/**
 * A Firestore timestamp or other nested value is not a product field: only plain values are kept, so the row
 * check says what is wrong with a field instead of stringifying an object.
 */
const isDocument = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The products of a JSON file: an array of products, or the original app's Firestore export of productsImported
 * ({ "productsImported": { "<id>": {...} } }, the same under "__collections__", or with an array), where each
 * document's id is kept.
 */
function documentsOf(parsed: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(parsed)) return parsed.map((d) => (isDocument(d) ? d : { value: d }));
  if (!isDocument(parsed))
    throw new AppError(
      'VALIDATION',
      'The JSON file must hold an array of products, an object of product arrays keyed by category, or a productsImported collection.',
    );
  const keyed = byCategory(parsed);
  if (keyed) return keyed;
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
  throw new AppError(
    'VALIDATION',
    'The JSON file must hold an array of products, an object of product arrays keyed by category, or a productsImported collection.',
  );
}

/**
 * An object of arrays keyed by category, as some finds sites export ({ "Jackets": [...], "Women": [...] }, issue 40):
 * each key becomes its products' category (the column `category`, or `section` when they name a category of their
 * own). Null for any other shape: every value must be an array of products, and no key the app's own exports use.
 */
function byCategory(parsed: Record<string, unknown>): Array<Record<string, unknown>> | null {
  const entries = Object.entries(parsed);
  if (entries.length === 0 || 'productsImported' in parsed || 'products' in parsed || '__collections__' in parsed) return null;
  if (!entries.every(([, value]) => Array.isArray(value) && value.every(isDocument))) return null;
  const lists = entries as Array<[string, Array<Record<string, unknown>>]>;
  const named = lists.some(([, docs]) => docs.some((d) => typeof d.category === 'string' && d.category.trim() !== ''));
  const column = named ? 'section' : 'category';
  return lists.flatMap(([key, docs]) => docs.map((doc) => ({ ...doc, [column]: key })));
}

export function readJson(body: Uint8Array, encoding: ImportEncoding, limits: ReadLimits): ImportTable {
  const decoded = decodeText(body, encoding);
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded.text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new AppError('VALIDATION', `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const documents = documentsOf(parsed);
  if (documents.length > limits.maxRows) throw tooManyRows(documents.length, limits);
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
  return {
    format: 'json',
    headers,
    records,
    sheets: [],
    sheet: null,
    encoding: decoded.encoding,
    readWarnings: decoded.warning ? [decoded.warning] : [],
  };
}
