// The columns of an import or export file (issue 15), written once: the server matches a file's headers with these
// aliases, the Items tab offers them when the operator changes the mapping, and the export writes `EXPORT_COLUMNS`.
// Issue 26: more of the names real catalogues use, and the currency a header names (`priceCny`, `Price (¥)`).
import { CONTENT_LANGUAGES, type ContentLangCode } from './catalogue-languages';
import { CURRENCIES, type CurrencyCode } from './currency';

/** How a language is spelt in a column's name: its address prefix with an underscore (de, pt_br). */
const columnSuffix = (code: ContentLangCode) => (CONTENT_LANGUAGES.find((l) => l.code === code)?.prefix ?? code).replace('-', '_');

/** The column of a product's title in another language (issue 41): title_de, title_pt_br … */
export const titleColumn = <C extends ContentLangCode>(code: C) => `title_${columnSuffix(code)}` as TranslatedField;
/** The column of a product's description in another language: description_de, description_pt_br … */
export const descriptionColumn = <C extends ContentLangCode>(code: C) => `description_${columnSuffix(code)}` as TranslatedField;

/** The translated title and description columns, language by language, and which text of which language each is. */
export const TRANSLATED_FIELDS = CONTENT_LANGUAGES.flatMap((l) => [
  { field: titleColumn(l.code), lang: l.code, text: 'title' as const, language: l.name },
  { field: descriptionColumn(l.code), lang: l.code, text: 'description' as const, language: l.name },
]);
type Suffix = 'de' | 'fr' | 'es' | 'it' | 'pt_br' | 'pl' | 'ar';
export type TranslatedField = `title_${Suffix}` | `description_${Suffix}`;

/** The product fields a file's column can feed. */
export const IMPORT_FIELDS = [
  'id',
  'sourceId',
  'title',
  'price',
  'currency',
  'category',
  'gender',
  'brand',
  'description',
  'isBestProduct',
  'link',
  'image',
  ...TRANSLATED_FIELDS.map((t) => t.field),
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How the mapping names a column that feeds nothing. */
export const IGNORE_COLUMN = 'ignore';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  id: 'Id',
  sourceId: 'Source id',
  title: 'Title',
  price: 'Price',
  currency: 'Currency of the price',
  category: 'Category',
  gender: 'Gender',
  brand: 'Brand',
  description: 'Description',
  isBestProduct: 'Best product',
  link: 'Buy link',
  image: 'Image',
  ...(Object.fromEntries(
    TRANSLATED_FIELDS.map((t) => [t.field, `${t.text === 'title' ? 'Title' : 'Description'} (${t.language})`]),
  ) as Record<TranslatedField, string>),
};

/**
 * Headers each field answers to, compared after `headerKey` (any case; spaces, dashes and underscores ignored), so
 * `cnFansLink`, `cnfansLink`, `CN Fans Link` and `link` all feed the buy link.
 */
const ALIASES: Record<ImportField, readonly string[]> = {
  // An id column holds ours (a UUID) or, from another system (a Firestore export's document ids), that system's id.
  id: ['id', 'productid', 'documentid', 'docid'],
  // The id a product had in the system it was imported from, as an export writes it beside ours (issue 25).
  sourceId: ['sourceid', 'originalid', 'firestoreid', 'externalid'],
  title: ['title', 'name', 'productname', 'itemname', 'producttitle', 'itemtitle', 'product', 'item', 'titleen', 'nameen'],
  // A price header may name its currency too (`priceCny`, `Price (¥)`): `fieldForHeader` reads it without it.
  price: ['price', 'cost', 'amount', 'productprice', 'itemprice', 'saleprice', 'retailprice', 'unitprice'],
  currency: ['currency', 'currencycode', 'cur', 'pricecurrency'],
  category: ['category', 'categoryname', 'type'],
  gender: ['gender', 'sex'],
  brand: ['brand', 'brandname', 'maker'],
  description: ['description', 'desc', 'details', 'notes', 'note'],
  isBestProduct: ['isbestproduct', 'bestproduct', 'best', 'isbest', 'featured'],
  link: [
    'link',
    'cnfanslink',
    'buylink',
    'buyurl',
    'url',
    'producturl',
    'productlink',
    'storelink',
    'agentlink',
    'agenturl',
    'itemlink',
    'itemurl',
    'purchaselink',
    'purchaseurl',
    'shoplink',
    'sellerlink',
    'sourcelink',
    'sourceurl',
    'weidianlink',
    'taobaolink',
    'buy',
    'href',
    'affiliatelink',
    'referrallink',
  ],
  ...(Object.fromEntries(TRANSLATED_FIELDS.map((t) => [t.field, translatedAliases(t.text, t.lang)])) as unknown as Record<
    TranslatedField,
    readonly string[]
  >),
  image: [
    'image',
    'imageurl',
    'img',
    'imgurl',
    'picture',
    'pictureurl',
    'photo',
    'photourl',
    'imagelink',
    'thumbnail',
    'thumbnailurl',
    'thumb',
    'pic',
    'picurl',
    'mainimage',
    'cover',
    'coverimage',
    'imagesrc',
    'imgsrc',
  ],
};

/**
 * Headers a translated text answers to (after headerKey): title_de, titleDe, "Title (de)", name_de, de_title,
 * description_pt-br, desc_ptbr … by the language's code and address prefix.
 */
function translatedAliases(text: 'title' | 'description', lang: ContentLangCode): string[] {
  const words = text === 'title' ? ['title', 'name'] : ['description', 'desc'];
  const codes = [...new Set([lang.toLowerCase().replace(/[^a-z]/g, ''), lang.slice(0, 2).toLowerCase()])];
  // Brazilian Portuguese is the site's Portuguese: "pt" names it too.
  return words.flatMap((w) => codes.flatMap((c) => [`${w}${c}`, `${c}${w}`]));
}

export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Words and signs that name a currency in a header or a cell ("¥" is the yuan here: finds sites price in CNY). */
const CURRENCY_WORDS: Record<string, CurrencyCode> = {
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  cny: 'CNY',
  rmb: 'CNY',
  yuan: 'CNY',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
};
const CURRENCY_SIGNS: Array<[RegExp, CurrencyCode]> = [
  [/[¥￥元]/, 'CNY'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/\$/, 'USD'],
];

/** The currency a word or sign names: "CNY", "rmb", "¥", "€", "usd", "EUR"; the site's other codes by their code. */
export function currencyOfWord(word: string): CurrencyCode | null {
  const key = word.trim().toLowerCase();
  if (key === '') return null;
  const named = CURRENCY_WORDS[key];
  if (named) return named;
  const upper = key.toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(upper)) return upper as CurrencyCode;
  // Signs alone ("¥", "US$" is read as its words): the first that names one.
  if (/^[¥￥元€£$\s]+$/.test(key)) for (const [sign, code] of CURRENCY_SIGNS) if (sign.test(key)) return code;
  return null;
}

/** A header's words: "priceCny" → price, cny; "Price (¥)" → price, ¥; "price_usd" → price, usd. */
function headerWords(header: string): string[] {
  return header
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([¥￥元€£$])/g, ' $1 ')
    .toLowerCase()
    .split(/[^a-z0-9¥￥元€£$]+/)
    .filter((w) => w !== '');
}

/**
 * The currency a header names beside a price: `priceCny`, `price_cny`, `Price (¥)`, `price_usd`, `CNY price`,
 * `pricecny`; null when it names none. Prices in that column are in it unless the row says otherwise.
 */
export function headerCurrency(header: string): CurrencyCode | null {
  const words = headerWords(header);
  for (const word of words) {
    const code = currencyOfWord(word);
    if (code) return code;
  }
  // All in one word: "pricecny", "costusd".
  const key = headerKey(header);
  for (const alias of ALIASES.price) {
    if (key.startsWith(alias) && key.length > alias.length) return currencyOfWord(key.slice(alias.length));
    if (key.endsWith(alias) && key.length > alias.length) return currencyOfWord(key.slice(0, -alias.length));
  }
  return null;
}

/** The header's key without the currency it names ("priceCny" → "price", "Price (¥)" → "price"). */
function withoutCurrency(header: string): string {
  const words = headerWords(header).filter((w) => currencyOfWord(w) === null);
  const key = words.join('');
  for (const alias of ALIASES.price) {
    if (key.startsWith(alias) && currencyOfWord(key.slice(alias.length))) return alias;
    if (key.endsWith(alias) && currencyOfWord(key.slice(0, -alias.length))) return alias;
  }
  return key;
}

/** The field a header feeds by its name, or null when none does (the column is then ignored). */
export function fieldForHeader(header: string): ImportField | null {
  const key = headerKey(header);
  const named = IMPORT_FIELDS.find((field) => ALIASES[field].includes(key));
  if (named) return named;
  // A price named with its currency ("priceCny", "Price (¥)", "USD"), or a currency alone as the header ("CNY").
  if (headerCurrency(header) !== null) {
    const bare = withoutCurrency(header);
    if (bare === '' || ALIASES.price.includes(bare)) return 'price';
  }
  return null;
}

/**
 * A mapping from a file's headers: each column feeds the field its name answers to. Several columns may feed one
 * field (`link` beside `cnFansLink`, products of a JSON file spelling it differently): a row takes the first of them
 * that is not empty, in column order.
 */
export function guessMapping(headers: readonly string[]): Record<string, ImportField | typeof IGNORE_COLUMN> {
  return Object.fromEntries(headers.map((header) => [header, fieldForHeader(header) ?? IGNORE_COLUMN]));
}

/**
 * An export's columns in order: the importable fields (our id, then the source's id, so a re-import matches by either;
 * no currency column: prices are in the base currency), then what the catalogue adds (ignored when imported).
 */
export const EXPORT_COLUMNS = [
  ...([
    'id',
    'sourceId',
    'title',
    'price',
    'category',
    'gender',
    'brand',
    'description',
    'isBestProduct',
    'link',
    'image',
    ...TRANSLATED_FIELDS.map((t) => t.field),
  ] as const satisfies readonly ImportField[]),
  'number',
  'row',
  'createdAt',
  'updatedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx', 'ods', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How a CSV or JSON file's bytes are read: 'auto' goes by the byte-order mark, else UTF-8, else Windows-1252. */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_ENCODING_LABELS: Record<ImportEncoding, string> = {
  auto: 'Auto',
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'windows-1252': 'Windows-1252',
};

/** Largest import file or fetched address (a 100,000-row sheet is about 20 MB as CSV). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Most rows one import may have. */
export const IMPORT_MAX_ROWS = 200_000;
/** Row errors kept with an import (the download lists them); the preview answers the first IMPORT_PREVIEW_ERRORS. */
export const IMPORT_MAX_STORED_ERRORS = 10_000;
export const IMPORT_PREVIEW_ERRORS = 100;
