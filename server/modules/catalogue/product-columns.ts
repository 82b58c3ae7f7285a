// The product's columns in one place (issue 30): what a product row is, the SQL that reads it, how the driver's row
// becomes a ProductRow, and the columns a change writes. Every repo that reads whole products (catalogue.repo.ts,
// finder.repo.ts) selects PRODUCT_COLUMNS and maps with toProductRow; the item form's writes, an import's and Undo's
// (imports.repo.ts, changes.repo.ts) write the columns of WRITTEN, so a new product field is added here, in the schema (server/db/schema/catalogue.ts and its migration), in the contract
// (common/schemas/product.ts and toProduct in product-answers.ts) and in the form.
import { sql, type SQL } from 'drizzle-orm';
import type { SourcePlatform } from '../../../common/agent-links';
import { CONTENT_LANG_CODES, type ProductTranslations } from '../../../common/catalogue-languages';
import type { Gender } from '../../../common/constants';
import { QC_COUNT_COLUMN } from '../qc/qc.repo';

export type ProductRow = {
  id: string;
  number: number;
  title: string;
  description: string;
  /** Title and description in other languages (issue 41): only non-blank texts of the site's languages. */
  translations: ProductTranslations;
  brand: string;
  /** The brand's slug (generated from brand); null without a brand. */
  brandKey: string | null;
  category: string | null;
  gender: Gender | null;
  price: number;
  image: string | null;
  isBestProduct: boolean;
  link: string | null;
  /** The marketplace and item id read from the link (null when it names none). */
  sourcePlatform: SourcePlatform | null;
  sourceItemId: string | null;
  /** The product's id in the system it was imported from (products.source_id); admin answers only. */
  sourceId: string | null;
  /** Its group (products.group_key: the seller item its colourways share); null without a link. */
  groupKey: string | null;
  row: number | null;
  /** How many QC photos it has (QC_COUNT_COLUMN). */
  qcCount: number;
  /** What the link checks made of the link (issue 29): 'ok', 'unavailable' or 'hidden' (out of the finder). */
  linkState: 'ok' | 'unavailable' | 'hidden';
  /** The picture is broken and could not be fetched again: shown as the placeholder. */
  pictureBroken: boolean;
  shuffleKey: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * How each field of a ProductRow is read from `products` (a column, or an expression over the unaliased table):
 * typed by ProductRow's keys, so a field added there cannot be forgotten here.
 */
const READ: Record<Exclude<keyof ProductRow, 'qcCount'>, string> = {
  id: 'id',
  number: 'number',
  title: 'title',
  description: 'description',
  translations: 'translations',
  brand: 'brand',
  brandKey: 'brand_key',
  category: 'category',
  gender: 'gender',
  price: 'price',
  image: 'image',
  isBestProduct: 'is_best_product',
  link: 'link',
  sourcePlatform: 'source_platform',
  sourceItemId: 'source_item_id',
  sourceId: 'source_id',
  groupKey: 'group_key',
  row: 'row',
  shuffleKey: 'shuffle_key',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  linkState: 'link_state',
  pictureBroken: 'picture_broken',
};

/** The select list of a whole product row, over `products` (not aliased: QC_COUNT_COLUMN names the table). */
export const PRODUCT_COLUMNS = sql.raw(
  [...Object.entries(READ).map(([key, column]) => (key === column ? key : `${column} as "${key}"`)), QC_COUNT_COLUMN].join(', '),
);

/** A product row as the driver hands it back: numeric as text, timestamps as Date (node-postgres) or text. */
export type RawProductRow = Omit<ProductRow, 'price' | 'createdAt' | 'updatedAt' | 'translations'> & {
  price: string | number;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** jsonb: parsed by both drivers; text where a statement casts it. */
  translations: ProductTranslations | string | null;
};

/** A stored translations value as ProductTranslations: the site's other languages only, non-blank texts only. */
export function knownTranslations(stored: ProductTranslations | string | null | undefined): ProductTranslations {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const out: ProductTranslations = {};
  if (!value || typeof value !== 'object') return out;
  for (const code of CONTENT_LANG_CODES) {
    const entry = (value as Record<string, unknown>)[code];
    if (!entry || typeof entry !== 'object') continue;
    const { title, description } = entry as Record<string, unknown>;
    const text: { title?: string; description?: string } = {};
    if (typeof title === 'string' && title.trim()) text.title = title;
    if (typeof description === 'string' && description.trim()) text.description = description;
    if (text.title !== undefined || text.description !== undefined) out[code] = text;
  }
  return out;
}

/** A row read with PRODUCT_COLUMNS as a ProductRow (anything else the statement selected is kept as it is). */
export function toProductRow<R extends RawProductRow>(r: R): Omit<R, 'price' | 'createdAt' | 'updatedAt' | 'translations'> & ProductRow {
  return {
    ...r,
    price: Number(r.price),
    translations: knownTranslations(r.translations),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/** The fields an admin edits in the item form: an edit's audit entry lists those that changed. */
export const EDITED_FIELDS = [
  'title',
  'description',
  'translations',
  'brand',
  'category',
  'gender',
  'price',
  'image',
  'isBestProduct',
  'link',
] as const;

/** Column values of a product as the admin writes them: the edited fields, and the source read from the link. */
export type ProductValues = Pick<ProductRow, (typeof EDITED_FIELDS)[number] | 'sourcePlatform' | 'sourceItemId'>;

/** The column each written value goes to (as read: one spelling of each column, in READ). */
const WRITTEN_KEYS: Array<keyof ProductValues> = [...EDITED_FIELDS, 'sourcePlatform', 'sourceItemId'];
const WRITTEN = Object.fromEntries(WRITTEN_KEYS.map((key) => [key, READ[key]])) as Record<keyof ProductValues, string>;
const writtenKeys = WRITTEN_KEYS;

/** A written value as a statement's parameter (the translations as jsonb text, which both drivers pass alike). */
const parameter = (values: ProductValues, key: keyof ProductValues): SQL =>
  key === 'translations' ? sql`${JSON.stringify(values.translations)}::jsonb` : sql`${values[key]}`;

/** The column list and the values of an insert of `values` (`insert into products (${columns}) values (${values})`). */
export function productInsert(values: ProductValues): { columns: SQL; values: SQL } {
  return {
    columns: sql.raw(writtenKeys.map((key) => WRITTEN[key]).join(', ')),
    values: sql.join(
      writtenKeys.map((key) => parameter(values, key)),
      sql`, `,
    ),
  };
}

/** The assignments of an update to `values` (`update products set ${assignments}`). */
export function productAssignments(values: ProductValues): SQL {
  return sql.join(
    writtenKeys.map((key) => sql`${sql.raw(WRITTEN[key])} = ${parameter(values, key)}`),
    sql`, `,
  );
}

/** The written columns but the source, which is read from the link and goes back with it (see changes.repo's Undo). */
const writtenButSource = writtenKeys.filter((key) => key !== 'sourcePlatform' && key !== 'sourceItemId');

/** How a written value is read from a jsonb object keyed as ProductValues (an import's staged row values). */
const JSON_CAST: Partial<Record<keyof ProductValues, string>> = { price: 'numeric', isBestProduct: 'boolean' };
/** A translations object (SQL text, jsonb or null) without its null texts and empty languages. */
const cleanTranslations = (expr: string) =>
  `(select coalesce(jsonb_object_agg(e.key, jsonb_strip_nulls(e.value)), '{}'::jsonb) from jsonb_each(coalesce(${expr}, '{}'::jsonb)) e where jsonb_strip_nulls(e.value) <> '{}'::jsonb)`;

const fromJson = (json: string, key: keyof ProductValues) =>
  key === 'translations'
    ? cleanTranslations(`${json}->'translations'`)
    : JSON_CAST[key]
      ? `(${json}->>'${key}')::${JSON_CAST[key]}`
      : `${json}->>'${key}'`;

/**
 * An import's translations for the product aliased `product` (issue 41): the texts of the file's translation columns
 * (`json`'s `translations`, a language's title or description null where its cell is blank) over the product's own,
 * one text at a time: a column the file does not have leaves that text as it was, a blank cell removes it.
 */
export function mergedTranslations(product: string, json: string): string {
  return cleanTranslations(
    `(select jsonb_object_agg(k, coalesce(${product}.translations->k, '{}'::jsonb) || coalesce(${json}->'translations'->k, '{}'::jsonb)) from jsonb_object_keys(${product}.translations || coalesce(${json}->'translations', '{}'::jsonb)) k)`,
  );
}

/** The written columns, comma-separated, of the table aliased `alias` or unqualified (an insert's column list). */
export const writtenColumnsOf = (alias?: string) =>
  writtenKeys.map((key) => (alias ? `${alias}.${WRITTEN[key]}` : WRITTEN[key])).join(', ');
export const WRITTEN_COLUMNS = writtenColumnsOf();

/** The written values of a jsonb object keyed as ProductValues (`json`, SQL text), in WRITTEN_COLUMNS' order. */
export const writtenValuesFromJson = (json: string) => writtenKeys.map((key) => fromJson(json, key)).join(', ');

/**
 * The assignments of an update to the values of `json` (keyed as ProductValues); `overrides` replaces a column's
 * value (an import keeps the category's spelling when only its case differs).
 */
export function writtenAssignmentsFromJson(json: string, overrides: Partial<Record<keyof ProductValues, string>> = {}): string {
  return writtenKeys.map((key) => `${WRITTEN[key]} = ${overrides[key] ?? fromJson(json, key)}`).join(', ');
}

/** The written columns of the product aliased `alias` as a jsonb object keyed by column (a change's `before`). */
export const writtenSnapshot = (alias: string) =>
  `jsonb_build_object(${writtenKeys.map((key) => `'${WRITTEN[key]}', ${alias}.${WRITTEN[key]}`).join(', ')})`;

/**
 * True when the product aliased `product` already has every value of `json` (keyed as ProductValues), the source
 * aside (it follows the link); `overrides` gives a column its own comparison (an import's category, case aside).
 */
export function sameAsJson(product: string, json: string, overrides: Partial<Record<keyof ProductValues, string>> = {}): string {
  return writtenButSource
    .map((key) => overrides[key] ?? `${product}.${WRITTEN[key]} is not distinct from ${fromJson(json, key)}`)
    .join(' and ');
}

/**
 * Undo's restore of the product aliased `current`: each written column the change's jsonb `kept` holds goes back
 * to its value in `before` (that jsonb read as a products record), the source aside (changes.repo restores it with
 * the link).
 */
export function restoredAssignments(current: string, kept: string, before: string): string {
  return writtenButSource
    .map(
      (key) => `${WRITTEN[key]} = case when ${kept} ? '${WRITTEN[key]}' then ${before}.${WRITTEN[key]} else ${current}.${WRITTEN[key]} end`,
    )
    .join(',\n');
}
