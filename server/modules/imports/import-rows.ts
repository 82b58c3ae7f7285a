import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH, BRAND_MAX_LENGTH } from '../../../common/admin-constants';
import { parseItemLink } from '../../../common/agent-links';
import { CURRENCIES, DEFAULT_BASE_CURRENCY, rateFor, roundMoney, type CurrencyCode, type Rates } from '../../../common/currency';
import { currencyOfWord, headerCurrency, IMPORT_FIELDS, TRANSLATED_FIELDS, type ImportField } from '../../../common/import-columns';
import type { ContentLangCode } from '../../../common/catalogue-languages';
import { brandOfTitle, genderOfBucket, genderOfTitle, isMerchandisingBucket, type BrandMatcher } from '../../../common/import-derive';
import { addressOfCell, isHttpAddress, readPrice } from '../../../common/import-mapping';
import { MEDIA_PREFIX } from '../../../common/media';
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
  /**
   * The texts of the file's translation columns (issue 41), by language: a text null where its cell is blank (the
   * product's is removed); a text whose column the file lacks is absent (the product's stays). Absent without any.
   */
  translations?: Partial<Record<ContentLangCode, { title?: string | null; description?: string | null }>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CONTROLS =
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const LINE_BREAK = /\r\n|\r|\n|\u2028|\u2029/;

/** A text without the control characters a sheet carries along (NUL, zero-width spaces, lone surrogates); line breaks and tabs stay. */
export function stripControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/** One line: control characters out, tabs, line breaks and runs of spaces (no-break ones too) made one space, trimmed. */
export function oneLine(text: string): string {
  return stripControls(text)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * A title as sheets write it, over several lines ("Nike Air Force 1\n22+ colorways\n[Premium Quality]"): the first
 * non-blank line is the title, the others a note ("22+ colorways · [Premium Quality]"), null when there are none.
 */
export function splitTitle(text: string): { title: string; note: string | null } {
  const lines = stripControls(text)
    .split(LINE_BREAK)
    .map(oneLine)
    .filter((l) => l !== '');
  const [title = '', ...rest] = lines;
  return { title, note: rest.length > 0 ? rest.join(' · ') : null };
}

/** A text of at most `max` characters, cut at the last word that fits and marked with "…"; the same text when it fits. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}

/** A description: control characters out, each line's tabs and runs of spaces made one, at most one blank line in a row. */
export function cleanDescription(text: string): string {
  return stripControls(text)
    .split(LINE_BREAK)
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A picture as a row gives it: an http(s) address (a hyperlink's target when the text is not one), one of our uploaded
 * images, or a path that the address the file came from resolves ("/uploads/x.png" read from https://site/products.json).
 * Anything else leaves the product without a picture, with a warning saying why.
 */
export function imageOf(
  text: string,
  target: string | undefined,
  sourceUrl?: string | undefined,
): { image: string | null; warning: string | null } {
  const trimmed = oneLine(text);
  if (trimmed === '' && !target) return { image: null, warning: null };
  if (trimmed.startsWith(`${MEDIA_PREFIX}items/`)) return { image: trimmed, warning: null };
  if (trimmed.startsWith('//') && isHttpAddress(`https:${trimmed}`)) return { image: `https:${trimmed}`, warning: null };
  const address = addressOfCell(trimmed, target);
  if (address) return { image: address, warning: null };
  if (sourceUrl && /^[^\s:]+$/.test(trimmed)) {
    try {
      const resolved = new URL(trimmed, sourceUrl).toString();
      if (isHttpAddress(resolved)) return { image: resolved, warning: null };
    } catch {
      // Not a path either: the warning below.
    }
  }
  const shown = trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed;
  return { image: null, warning: `image "${shown}" is not an http(s) address, so the product is imported without a picture.` };
}

/** A path on another site ("/uploads/2024/a.jpg", "images/a.webp"): what a base address would resolve. */
export const isRelativePath = (text: string) => /^(?:\/(?!\/)|\.{1,2}\/|[\w.-]+\/)[^\s:]*$/.test(text);

/**
 * How the rows of a file are read: the currency prices are stored in, the rates (units per one base unit) known, the
 * address it came from, and whether gender, Best and brand are derived (issue 40) with the kept brand list.
 */
export type PriceContext = {
  base: CurrencyCode;
  rates: Rates;
  sourceUrl?: string | undefined;
  /** The base address relative picture paths resolve against ("https://site.example"), given at the preview (issue 40). */
  pictureBase?: string | undefined;
  derive?: { brands: BrandMatcher } | undefined;
};

/** Which fields of a row were derived (issue 40). */
export type DerivedFields = { gender: boolean; brand: boolean; best: boolean; bucket: boolean };

/** Columns the mapping left out whose header says they sort products (a sub-category, a section, tags). */
const SORTING_HEADER = /categ|gender|sex|section|collection|tag|department|audience|group|type/i;

/**
 * A valid row's gender, Best and brand read from where other sites put them: a category, sub-category or column that
 * names an audience gives the gender and is no category; a merchandising bucket makes it Best and is no category (the
 * next sorting column's value is the category then); a title that starts with an audience gives the gender; a title
 * that names a known brand or model gives the brand. What the row gives itself is never replaced.
 */
export function deriveFields(
  values: ImportValues,
  record: ImportRecord,
  columns: Partial<Record<ImportField, string[]>>,
  brands: BrandMatcher,
): DerivedFields {
  const derived: DerivedFields = { gender: false, brand: false, best: false, bucket: false };
  // The category's other columns (a sub-category mapped to it too) and the sorting columns the mapping left out.
  const mapped = new Set(Object.values(columns).flat());
  const categories = new Set(columns.category ?? []);
  const others = Object.keys(record.values)
    .filter((h) => categories.has(h) || (!mapped.has(h) && SORTING_HEADER.test(h)))
    .map((h) => record.values[h])
    .filter((v): v is string => typeof v === 'string' && !isBlank(v))
    .map((v) => oneLine(v))
    .filter((v) => v !== values.category);
  const sorted = (text: string) => genderOfBucket(text) !== null || isMerchandisingBucket(text);
  for (const text of values.category === null ? others : [values.category, ...others]) {
    const gender = genderOfBucket(text);
    if (gender !== null && values.gender === null) {
      values.gender = gender;
      derived.gender = true;
    } else if (gender === null && isMerchandisingBucket(text) && !values.isBestProduct) {
      values.isBestProduct = true;
      derived.best = true;
    }
  }
  if (values.category !== null && sorted(values.category)) {
    values.category = others.find((t) => !sorted(t)) ?? null;
    derived.bucket = true;
  }
  if (values.gender === null) {
    values.gender = genderOfTitle(values.title);
    derived.gender = values.gender !== null;
  }
  if (values.brand === '') {
    const brand = brandOfTitle(values.title, brands);
    if (brand !== null) {
      values.brand = brand.slice(0, BRAND_MAX_LENGTH);
      derived.brand = true;
    }
  }
  return derived;
}
const DEFAULT_CONTEXT: PriceContext = { base: DEFAULT_BASE_CURRENCY, rates: {} };

/** The sentence a row in a currency without a rate gets. */
export function missingRateMessage(code: CurrencyCode, base: CurrencyCode): string {
  return `price is in ${code} and no ${code} rate is known: give one in the preview (1 ${base} = ? ${code}) or set it under Currencies.`;
}

const BEST_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
  '': false,
  y: true,
  n: false,
};

type Draft = Record<string, unknown>;

/**
 * A spreadsheet's error values (a formula that failed: #N/A, #REF!, #VALUE!, #DIV/0!, #NAME?, #NULL!, #NUM!, and
 * Google Sheets' #ERROR!): what the cell holds is no value, so it reads as empty (issue 40), never as a title.
 */
export const SPREADSHEET_ERROR = /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NULL!|NUM!|ERROR!|SPILL!|CALC!|GETTING_DATA)$/i;
export const isSpreadsheetError = (value: unknown): boolean => typeof value === 'string' && SPREADSHEET_ERROR.test(value.trim());

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || isSpreadsheetError(value);

/** A row as checked: its product, or its errors; its warnings either way, and the currency its price was in. */
export type CheckedRecord = ({ ok: true; values: ImportValues } | { ok: false; errors: ImportRowError[] }) & {
  warnings: ImportRowError[];
  /** The currency the row's price was written in, when not the base; `missingRate` when no rate converts it. */
  currency: CurrencyCode | null;
  missingRate: boolean;
  /** The price's amount as the file wrote it, before any conversion (a placeholder such as 9999 is known by it). */
  amount?: number | null;
  /** The fields derived from categories and the title (issue 40), when deriving is on. */
  derived?: DerivedFields;
  /** The picture cell held a path relative to another site ("/uploads/a.jpg") that no base address resolved. */
  relativePicture?: string;
};

/**
 * One row checked with the same rules as the item form (productInputSchema), after it is read as a person would: a
 * multi-line title becomes its first line (the rest a note in the description), tabs and runs of spaces collapse,
 * control characters go, a title too long is cut at a word (a warning), a picture that is no address is left out (a
 * warning); booleans as true/false/yes/no/1/0, prices with a currency sign or code (converted to the base currency
 * with the rates), gender in any case; a link or picture cell's hyperlink target when its text is not an address, the
 * address inside share text. Every problem of the row is reported, each under the column it came from.
 */
export function checkRecord(
  record: ImportRecord,
  columns: Partial<Record<ImportField, string[]>>,
  context: PriceContext = DEFAULT_CONTEXT,
): CheckedRecord {
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  // The column a field's value came from (the first non-empty of its columns), for the error's column.
  const source: Partial<Record<ImportField, string>> = {};
  const columnOf = (field: ImportField | '') => (field === '' ? '' : (source[field] ?? columns[field]?.[0] ?? field));
  const fail = (field: ImportField | '', message: string) => errors.push({ row: record.row, column: columnOf(field), message });
  const warn = (field: ImportField, message: string) => warnings.push({ row: record.row, column: columnOf(field), message });
  const target = (field: ImportField): string | undefined => {
    const header = source[field];
    return header === undefined ? undefined : record.links?.[header];
  };
  const raw = (field: ImportField): unknown => {
    const headers = columns[field] ?? [];
    const header = headers.find((h) => !isBlank(record.values[h]) || !!record.links?.[h]) ?? headers[0];
    if (header === undefined) return undefined;
    source[field] = header;
    const value = record.values[header];
    if (isSpreadsheetError(value)) return null;
    // A JSON list of pictures or links: its first text.
    if (Array.isArray(value) && (field === 'image' || field === 'link')) return value.find((v) => typeof v === 'string') ?? null;
    return value;
  };
  const draft: Draft = {};
  for (const field of ['title', 'description', 'brand', 'category', 'gender', 'image', 'link'] as const) {
    const value = raw(field);
    if ((value === undefined || value === null) && !target(field)) continue;
    if (value === undefined || value === null) draft[field] = '';
    else if (typeof value === 'string') draft[field] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') draft[field] = String(value);
    else fail(field, `${field} must be a text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
  }
  if (typeof draft.title === 'string') {
    const { title, note } = splitTitle(draft.title);
    draft.title = title;
    if (title.length > TITLE_MAX_LENGTH) {
      draft.title = cutAtWord(title, TITLE_MAX_LENGTH);
      warn('title', `title was longer than ${TITLE_MAX_LENGTH} characters and was cut to "${title.slice(0, 60)}…".`);
    }
    if (note !== null) {
      const before = typeof draft.description === 'string' ? cleanDescription(draft.description) : '';
      draft.description = before === '' ? `Note: ${note}` : `${before}\n\nNote: ${note}`;
    }
  }
  if (typeof draft.description === 'string') {
    const description = cleanDescription(draft.description);
    draft.description = description;
    if (description.length > DESCRIPTION_MAX_LENGTH) {
      draft.description = cutAtWord(description, DESCRIPTION_MAX_LENGTH);
      warn('description', `description was longer than ${DESCRIPTION_MAX_LENGTH} characters and was cut.`);
    }
  }
  for (const field of ['brand', 'category', 'gender'] as const) {
    const value = draft[field];
    if (typeof value === 'string') draft[field] = oneLine(value);
  }
  if (typeof draft.brand === 'string' && draft.brand.length > BRAND_MAX_LENGTH) {
    draft.brand = cutAtWord(draft.brand, BRAND_MAX_LENGTH);
    warn('brand', `brand was longer than ${BRAND_MAX_LENGTH} characters and was cut.`);
  }
  let relativePicture: string | undefined;
  if (typeof draft.image === 'string') {
    const written = oneLine(draft.image);
    const { image, warning } = imageOf(draft.image, target('image'), context.pictureBase ?? context.sourceUrl);
    draft.image = image;
    if (warning) warn('image', warning);
    if (image === null && isRelativePath(written)) relativePicture = written;
  }
  if (typeof draft.link === 'string') {
    const text = oneLine(draft.link);
    draft.link = text === '' && !target('link') ? null : (addressOfCell(text, target('link')) ?? text);
  }

  // The price and its currency: a sign or code in the cell, else the row's currency column, else the header's, else the base.
  let currency: CurrencyCode | null = null;
  let missingRate = false;
  const price = raw('price');
  const read = readPrice(price);
  const amount = read?.amount ?? null;
  if (read !== null) {
    let code: CurrencyCode | null = read.currency;
    if (code === null) {
      const given = raw('currency');
      const text = typeof given === 'string' ? oneLine(given) : '';
      if (text !== '') {
        code = currencyOfWord(text);
        if (code === null) fail('currency', `currency "${text.slice(0, 20)}" is not one the site knows (${CURRENCIES.join(', ')}).`);
      }
    }
    code ??= source.price ? headerCurrency(source.price) : null;
    if (code === null || code === context.base) draft.price = read.amount;
    else {
      currency = code;
      const rate = rateFor(context.base, code, context.rates);
      if (rate === null) {
        missingRate = true;
        fail('price', missingRateMessage(code, context.base));
      } else draft.price = roundMoney(read.amount / rate, context.base);
    }
  } else if (typeof price === 'string') draft.price = price;
  else if (price !== undefined && price !== null) fail('price', 'price must be a number');

  const best = raw('isBestProduct');
  let isBestProduct = false;
  if (typeof best === 'boolean') isBestProduct = best;
  else if (typeof best === 'number' && (best === 0 || best === 1)) isBestProduct = best === 1;
  else if (typeof best === 'string' && best.trim().toLowerCase() in BEST_WORDS)
    isBestProduct = BEST_WORDS[best.trim().toLowerCase()] ?? false;
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

  // The title and description in other languages (issue 41), read like the English ones.
  const translations: NonNullable<ImportValues['translations']> = {};
  for (const { field, lang, text } of TRANSLATED_FIELDS) {
    if (columns[field] === undefined) continue;
    const value = raw(field);
    let read: string | null = null;
    if (typeof value === 'string' || typeof value === 'number') read = String(value);
    else if (value !== undefined && value !== null) {
      fail(field, `${field} must be a text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
      continue;
    }
    const max = text === 'title' ? TITLE_MAX_LENGTH : DESCRIPTION_MAX_LENGTH;
    let clean = read === null ? '' : text === 'title' ? oneLine(read) : cleanDescription(read);
    if (clean.length > max) {
      clean = cutAtWord(clean, max);
      warn(field, `${field} was longer than ${max} characters and was cut.`);
    }
    (translations[lang] ??= {})[text] = clean === '' ? null : clean;
  }

  if (columns.title === undefined) fail('', 'No column is mapped to title');
  if (columns.price === undefined) fail('', 'No column is mapped to price');
  const parsed = productInputSchema.safeParse(draft);
  if (!parsed.success) {
    const seen = new Set<string>(missingRate ? ['price'] : []);
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field) || ((field === 'title' || field === 'price') && columns[field] === undefined)) continue;
      seen.add(field);
      fail((IMPORT_FIELDS as readonly string[]).includes(field) ? (field as ImportField) : '', issue.message);
    }
  }
  const relative = relativePicture ? { relativePicture } : {};
  if (errors.length > 0 || !parsed.success) return { ok: false, errors, warnings, currency, missingRate, amount, ...relative };
  const input = parsed.data;
  const itemSource = parseItemLink(input.link);
  const values: ImportValues = {
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
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
  const derived = context.derive ? deriveFields(values, record, columns, context.derive.brands) : undefined;
  return { ok: true, warnings, currency, missingRate, amount, values, ...(derived ? { derived } : {}), ...relative };
}
