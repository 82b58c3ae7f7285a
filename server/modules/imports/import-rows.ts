import { parseItemLink } from '../../../common/agent-links';
import { IGNORE_COLUMN, IMPORT_FIELDS, type ImportField } from '../../../common/import-columns';
import type { ImportRowError } from '../../../common/schemas/imports';
import { isPlainText } from '../../../common/schemas/fields';
import { productInputSchema, SOURCE_ID_MAX_LENGTH } from '../../../common/schemas/product';
import type { ImportRecord } from './read-import';

/** A valid row's product as the import writes it; `id` is ours (a UUID), `sourceId` another system's id. */
export type ImportValues = {
  id: string | null;
  sourceId: string | null;
  title: string;
  description: string;
  brand: string;
  category: string | null;
  gender: string | null;
  price: number;
  image: string | null;
  isBestProduct: boolean;
  link: string | null;
  /** The marketplace and item id read from the link (agents' links included); null when it names none. */
  sourcePlatform: string | null;
  sourceItemId: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A price as sheets write it: "$12.50", "12.50 USD", "€ 9,99", "1,250.00". A comma is the decimal mark only when no
 * point is there and exactly two digits follow it.
 */
export function priceText(value: string): string {
  const bare = value.replace(/\s+/g, '').replace(/^(?:usd|us\$|eur|gbp|cny|rmb)|(?:usd|eur|gbp|cny|rmb)$/i, '').replace(/^[$€£¥]+|[$€£¥]+$/g, '');
  if (bare.includes(',') && !bare.includes('.') && /,\d{2}$/.test(bare) && bare.split(',').length === 2) return bare.replace(',', '.');
  return bare.replace(/,/g, '');
}

const BEST_WORDS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false, '': false, y: true, n: false };

type Draft = Record<string, unknown>;

/** The columns that feed each field under the mapping, in column order. */
export function columnsOf(mapping: Record<string, string>): Partial<Record<ImportField, string[]>> {
  const columns: Partial<Record<ImportField, string[]>> = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== IGNORE_COLUMN && (IMPORT_FIELDS as readonly string[]).includes(field)) (columns[field as ImportField] ??= []).push(header);
  }
  return columns;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One row checked with the same rules as the item form (productInputSchema), after the spellings a sheet uses are
 * read: booleans as true/false/yes/no/1/0, prices with a currency sign, gender in any case. Every problem of the row
 * is reported, each under the column it came from.
 */
export function checkRecord(
  record: ImportRecord,
  columns: Partial<Record<ImportField, string[]>>,
): { ok: true; values: ImportValues } | { ok: false; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  // The column a field's value came from (the first non-empty of its columns), for the error's column.
  const source: Partial<Record<ImportField, string>> = {};
  const fail = (field: ImportField | '', message: string) =>
    errors.push({ row: record.row, column: field === '' ? '' : (source[field] ?? columns[field]?.[0] ?? field), message });
  const raw = (field: ImportField): unknown => {
    const headers = columns[field] ?? [];
    const header = headers.find((h) => !isBlank(record.values[h])) ?? headers[0];
    if (header === undefined) return undefined;
    source[field] = header;
    return record.values[header];
  };
  const draft: Draft = {};
  for (const field of ['title', 'description', 'brand', 'category', 'gender', 'image', 'link'] as const) {
    const value = raw(field);
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') draft[field] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') draft[field] = String(value);
    else fail(field, `${field} must be a text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
  }
  const price = raw('price');
  if (typeof price === 'string') draft.price = priceText(price);
  else if (typeof price === 'number') draft.price = price;
  else if (price !== undefined && price !== null) fail('price', 'price must be a number');

  const best = raw('isBestProduct');
  let isBestProduct = false;
  if (typeof best === 'boolean') isBestProduct = best;
  else if (typeof best === 'number' && (best === 0 || best === 1)) isBestProduct = best === 1;
  else if (typeof best === 'string' && best.trim().toLowerCase() in BEST_WORDS) isBestProduct = BEST_WORDS[best.trim().toLowerCase()] ?? false;
  else if (best !== undefined && best !== null) fail('isBestProduct', 'isBestProduct must be true or false');

  let id: string | null = null;
  let sourceId: string | null = null;
  /** Another system's id as a cell gives it: text of at most SOURCE_ID_MAX_LENGTH without control characters. */
  const sourceText = (field: 'id' | 'sourceId', text: string): string | null => {
    if (text.length > SOURCE_ID_MAX_LENGTH) fail(field, `${field} must be at most ${SOURCE_ID_MAX_LENGTH} characters`);
    else if (!isPlainText(text)) fail(field, `${field} must not contain control characters`);
    else if (text !== '') return text;
    return null;
  };
  const rawId = raw('id');
  if (typeof rawId === 'string' || typeof rawId === 'number') {
    const text = String(rawId).trim();
    if (UUID.test(text)) id = text.toLowerCase();
    else sourceId = sourceText('id', text);
  } else if (rawId !== undefined && rawId !== null) fail('id', 'id must be a text');
  // A column of its own (an export's sourceId) names the source's id outright, beside our id.
  const rawSourceId = raw('sourceId');
  if (typeof rawSourceId === 'string' || typeof rawSourceId === 'number') {
    sourceId = sourceText('sourceId', String(rawSourceId).trim()) ?? sourceId;
  } else if (rawSourceId !== undefined && rawSourceId !== null) fail('sourceId', 'sourceId must be a text');

  if (columns.title === undefined) fail('', 'No column is mapped to title');
  if (columns.price === undefined) fail('', 'No column is mapped to price');
  const parsed = productInputSchema.safeParse(draft);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field) || ((field === 'title' || field === 'price') && columns[field] === undefined)) continue;
      seen.add(field);
      fail((IMPORT_FIELDS as readonly string[]).includes(field) ? (field as ImportField) : '', issue.message);
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const input = parsed.data;
  const itemSource = parseItemLink(input.link);
  return {
    ok: true,
    values: {
      id,
      sourceId,
      title: input.title,
      description: input.description,
      brand: input.brand,
      category: input.category,
      gender: input.gender,
      price: input.price,
      image: input.image,
      isBestProduct,
      link: input.link,
      sourcePlatform: itemSource?.platform ?? null,
      sourceItemId: itemSource?.itemId ?? null,
    },
  };
}
