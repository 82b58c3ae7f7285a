// The columns of an import or export file (issue 15), written once: the server matches a file's headers with these
// aliases, the Items tab offers them when the operator changes the mapping, and the export writes `EXPORT_COLUMNS`.

/** The product fields a file's column can feed. */
export const IMPORT_FIELDS = ['id', 'sourceId', 'title', 'price', 'category', 'gender', 'brand', 'description', 'isBestProduct', 'link', 'image'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How the mapping names a column that feeds nothing. */
export const IGNORE_COLUMN = 'ignore';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  id: 'Id',
  sourceId: 'Source id',
  title: 'Title',
  price: 'Price',
  category: 'Category',
  gender: 'Gender',
  brand: 'Brand',
  description: 'Description',
  isBestProduct: 'Best product',
  link: 'Buy link',
  image: 'Image',
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
  title: ['title', 'name', 'productname', 'itemname', 'producttitle'],
  price: ['price', 'priceusd', 'usd', 'cost'],
  category: ['category', 'categoryname', 'type'],
  gender: ['gender', 'sex'],
  brand: ['brand', 'brandname', 'maker'],
  description: ['description', 'desc', 'details'],
  isBestProduct: ['isbestproduct', 'bestproduct', 'best', 'isbest', 'featured'],
  link: ['link', 'cnfanslink', 'buylink', 'url', 'producturl', 'storelink', 'agentlink'],
  image: ['image', 'imageurl', 'img', 'picture', 'photo', 'imagelink', 'thumbnail'],
};

export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The field a header feeds by its name, or null when none does (the column is then ignored). */
export function fieldForHeader(header: string): ImportField | null {
  const key = headerKey(header);
  return IMPORT_FIELDS.find((field) => ALIASES[field].includes(key)) ?? null;
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
 * An export's columns in order: the importable fields (our id, then the source's id, so a re-import matches by either),
 * then what the catalogue adds (ignored when imported).
 */
export const EXPORT_COLUMNS = [...IMPORT_FIELDS, 'number', 'row', 'createdAt', 'updatedAt'] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Largest import file or fetched address (a 100,000-row sheet is about 20 MB as CSV). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Most rows one import may have. */
export const IMPORT_MAX_ROWS = 200_000;
/** Row errors kept with an import (the download lists them); the preview answers the first IMPORT_PREVIEW_ERRORS. */
export const IMPORT_MAX_STORED_ERRORS = 10_000;
export const IMPORT_PREVIEW_ERRORS = 100;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula: an export puts an apostrophe before such a
 * text (as spreadsheets themselves do), and an import takes it off again, so a round trip changes nothing.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
