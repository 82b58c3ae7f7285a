import { z } from 'zod';
import { CURRENCIES, isCurrencyCode, RATE_MAX, RATE_MIN, type Rates } from '../currency';
import { IGNORE_COLUMN, IMPORT_ENCODINGS, IMPORT_FIELDS } from '../import-columns';
import { isHttpUrl } from './fields';
import { undoResultSchema } from './changes';
import { pagedSchema, pageField, pageSizeField } from './paging';
import { apiSchemas } from './registry';

export const IMPORT_POLICIES = ['valid', 'all'] as const;
export type ImportPolicy = (typeof IMPORT_POLICIES)[number];
export const IMPORT_STATUSES = ['previewed', 'running', 'succeeded', 'failed', 'cancelled', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** The commit's choices for a preview's odd prices and rows without a buy link (issue 40). */
export const IMPORT_ODD_PRICE_CHOICES = ['import', 'skip'] as const;
export const IMPORT_NO_LINK_CHOICES = ['import', 'hide', 'skip'] as const;

const policyField = z
  .enum(IMPORT_POLICIES, { message: 'policy must be valid or all' })
  .describe('valid: write the valid rows and skip the others; all: write nothing when any row is invalid');

/**
 * An import's column mapping, in one shape from the admin dialog to the reader's process (issue 44): which field each
 * of the file's columns feeds, by header, or ignore. The preview's answer, its JSON body, its multipart field (as
 * JSON text, `importFormSchema`) and a synced sheet's settings are all this record.
 */
export const importMappingSchema = z
  .record(
    z.string().max(200),
    z.enum([...IMPORT_FIELDS, IGNORE_COLUMN], { message: `each column maps to one of ${[...IMPORT_FIELDS, IGNORE_COLUMN].join(', ')}` }),
  )
  .describe("Which field each of the file's columns feeds (by header); columns not named are matched by their header");
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * A multipart field holding JSON text, read with `schema`: the one contract checks the JSON body's object and the
 * form's text alike (a sentence naming the field when the text is no JSON).
 */
function jsonText<S extends z.ZodType>(field: string, example: string, schema: S) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be JSON: ${example}` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * Rates the operator gives for this import, for currencies the site has no rate for (or to use instead of the
 * site's): units of the currency per one base unit, as the Currencies tab writes them (CNY 7.2 when the base is USD).
 */
const ratesField = z
  .record(
    z.string(),
    z
      .number({ message: 'rates: each rate must be a number' })
      .min(RATE_MIN, `rates: each rate must be at least ${RATE_MIN}`)
      .max(RATE_MAX, `rates: each rate must be at most ${RATE_MAX}`),
  )
  .superRefine((rates, ctx) => {
    for (const code of Object.keys(rates)) {
      if (!isCurrencyCode(code))
        ctx.addIssue({ code: 'custom', message: `rates: ${code.slice(0, 10)} is not one of ${CURRENCIES.join(', ')}` });
    }
  })
  .transform((rates) => rates as Rates)
  .describe('Rates for this import by currency: units of the currency per one unit of the base currency ({"CNY": 7.2})');
export const importRatesSchema = ratesField;
/** Which sheet of a workbook to read, and how a text file's bytes are read (issue 26). */
export const importSheetField = z
  .string()
  .trim()
  .min(1, 'sheet must name a sheet of the workbook')
  .max(200, 'sheet must be at most 200 characters')
  .describe("The workbook's sheet to read (one of the preview's `sheets`); without it, the first whose header maps");
export const importEncodingField = z
  .enum(IMPORT_ENCODINGS, { message: `encoding must be ${IMPORT_ENCODINGS.join(', ')}` })
  .describe("How a CSV or JSON file's bytes are read: auto goes by the byte-order mark, else UTF-8, else Windows-1252");

const DERIVE_TEXT =
  'Derive gender from categories and columns that name an audience (Women, Men, Kids), Best from merchandising buckets ' +
  '(Trending Now, Best Sellers), and the brand from titles with the kept brand list; true unless false';
export const deriveField = z.boolean({ message: 'derive must be true or false' }).describe(DERIVE_TEXT);

/** The site relative picture paths belong to ("/uploads/a.jpg" → https://site.example/uploads/a.jpg), issue 40. */
export const pictureBaseField = z
  .string()
  .trim()
  .max(500, 'pictureBase must be at most 500 characters')
  .refine(isHttpUrl, 'pictureBase must be an http(s) address such as https://site.example')
  .describe('The base address relative picture paths resolve against (https://site.example for "/uploads/a.jpg")');

/** A key column of a joined file, by its header. */
const joinKeyField = (name: string) =>
  z.string().trim().min(1, `${name} must name a column`).max(200, `${name} must be at most 200 characters`);

/** The address an import reads: a published Google Sheet's CSV address or any https CSV, XLSX or JSON. */
export const importAddressField = z
  .string({ error: 'url is required' })
  .trim()
  .max(2000, 'url must be at most 2000 characters')
  .refine(isHttpUrl, 'url must be an http(s) address such as https://docs.google.com/spreadsheets/d/…/pub?output=csv');

/** An import from an address. */
export const importUrlBodySchema = z
  .object({
    url: importAddressField,
    policy: policyField.optional(),
    mapping: importMappingSchema.optional(),
    rates: ratesField.optional(),
    sheet: importSheetField.optional(),
    encoding: importEncodingField.optional(),
    derive: deriveField.optional(),
    pictureBase: pictureBaseField.optional(),
  })
  .register(apiSchemas, { id: 'ImportFromUrl' });
export type ImportUrlBody = z.infer<typeof importUrlBodySchema>;

/**
 * The multipart form's fields besides `file` (the handler reads the file's part itself), as their texts: the form is
 * read into an object of texts and parsed with this schema (blank fields are left out first), so the file's preview
 * takes the same options as the address's, in the same words.
 */
export const importFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary' }).optional().describe('A .csv, .xlsx, .ods or .json file'),
    url: importAddressField
      .optional()
      .describe('Instead of file: the address to read, when a second file (joinFile) adds columns to its rows'),
    policy: policyField.optional(),
    mapping: jsonText('mapping', '{"Header": "field"}', importMappingSchema)
      .optional()
      .describe('The mapping as JSON text: {"Header": "field"}'),
    rates: jsonText('rates', '{"CNY": 7.2}', ratesField)
      .optional()
      .describe('Rates for this import as JSON text: {"CNY": 7.2} (units per one unit of the base currency)'),
    sheet: importSheetField.optional(),
    encoding: importEncodingField.optional(),
    derive: z
      .enum(['true', 'false'], { message: 'derive must be true or false' })
      .transform((v) => v === 'true')
      .optional()
      .describe(DERIVE_TEXT),
    pictureBase: pictureBaseField.optional(),
    joinFile: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('A second .csv, .xlsx, .ods or .json file whose columns join the rows by a key column in each (slug, id or link)'),
    joinKey: joinKeyField('joinKey')
      .optional()
      .describe("The main file's key column for joinFile (none: a slug, id or link column both have)"),
    joinFileKey: joinKeyField('joinFileKey').optional().describe("joinFile's key column (none: the main file's key column's name)"),
  })
  .register(apiSchemas, { id: 'ImportFromFile' });
/** The form's options as the service takes them (the file apart). */
export type ImportFormFields = Omit<z.output<typeof importFormSchema>, 'file' | 'joinFile' | 'url'>;

export const importRowErrorSchema = z
  .object({
    row: z.number().int().describe("The row's number in the file: a sheet's header is row 1, a JSON array's first item row 1"),
    column: z.string().describe('The column (header) the problem is in; empty when it is about the whole row'),
    message: z.string(),
  })
  .register(apiSchemas, { id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const IMPORT_RATE_SOURCES = ['site', 'given', 'missing'] as const;

export const importCurrencySchema = z
  .object({
    code: z.enum(CURRENCIES),
    rows: z.number().int().describe('Rows whose price is in this currency'),
    rate: z.number().nullable().describe('Units of this currency per one unit of the base currency; null when none is known'),
    source: z
      .enum(IMPORT_RATE_SOURCES)
      .describe("site: the site's stored rate; given: the rate sent with this preview; missing: none, so those rows are invalid"),
  })
  .register(apiSchemas, { id: 'ImportCurrency' });
export type ImportCurrency = z.infer<typeof importCurrencySchema>;

export const importCountsSchema = z
  .object({
    new: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
  })
  .register(apiSchemas, { id: 'ImportCounts' });
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** "Add columns from another file" (issue 40): how a second file's columns were joined to the main file's rows. */
export const importJoinSchema = z
  .object({
    file: z.string().describe("The second file's name"),
    key: z.string().describe("The main file's key column"),
    joinKey: z.string().describe("The second file's key column"),
    columns: z.array(z.string()).describe("The second file's columns as added to the headers (its key apart)"),
    joinHeaders: z.array(z.string()).describe("The second file's columns, in order"),
    matched: z.number().int().describe('Rows of the main file that found their key in the second file'),
    unmatched: z
      .object({ count: z.number().int(), rows: z.array(z.number().int()).describe('The first of them') })
      .describe('Rows of the main file whose key the second file lacks (a blank key included)'),
    duplicates: z
      .object({ count: z.number().int(), keys: z.array(z.string()).describe('The first of them') })
      .describe('Keys the second file has on more than one row (the first such row is joined)'),
  })
  .register(apiSchemas, { id: 'ImportJoin' });
export type ImportJoin = z.infer<typeof importJoinSchema>;

export const importSchema = z
  .object({
    id: z.string(),
    status: z.enum(IMPORT_STATUSES),
    source: z.string().describe("The file's name or the address it came from"),
    format: z.string(),
    policy: z.enum(IMPORT_POLICIES),
    actorEmail: z.string(),
    headers: z.array(z.string()).describe("The file's columns, in order"),
    sheets: z.array(z.string()).describe("A workbook's sheets, in order (empty for CSV and JSON)"),
    sheet: z.string().nullable().describe('The sheet read, of `sheets`'),
    encoding: z.string().nullable().describe('The encoding a CSV or JSON file was read in'),
    readWarnings: z.array(z.string()).describe('What reading the file noticed (an encoding guessed, headers repeated, rows a join missed)'),
    join: importJoinSchema.nullable().describe('The second file joined by a key column (joinFile); null without one'),
    mapping: importMappingSchema.describe('The field each column feeds, or ignore'),
    counts: importCountsSchema,
    errors: z.array(importRowErrorSchema).describe(`The first row errors; GET .../errors.csv has them all`),
    errorCount: z.number().int().describe('Every row error found'),
    warnings: z
      .array(importRowErrorSchema)
      .describe(
        'The first row warnings: rows imported with a change or a loss (a picture left out, a title cut); GET .../errors.csv has them all',
      ),
    warningCount: z.number().int().describe('Every row warning found'),
    baseCurrency: z.enum(CURRENCIES).describe('The currency prices are stored in: the others are converted to it'),
    currencies: z
      .array(importCurrencySchema)
      .describe('The currencies other than the base that prices were written in, and the rates that convert them'),
    newCategories: z.array(z.string()).describe('Categories the file names that the list lacks: added by the import'),
    progress: z
      .object({ processed: z.number().int(), total: z.number().int() })
      .describe('Rows written of those to write (new and updated), while it runs and after'),
    result: z
      .object({
        created: z.number().int(),
        updated: z.number().int(),
        skipped: z.number().int().describe('Rows not written: their product was deleted or changed meanwhile'),
        imagesFetched: z.number().int(),
        imageFailures: z.array(importRowErrorSchema),
        message: z.string().nullable(),
        undo: undoResultSchema.nullable(),
        categoriesRemoved: z
          .array(z.string())
          .describe('Categories the import added that its Undo removed, no product being in them any more'),
      })
      .nullable()
      .describe('What the run did, once it has run'),
    pictures: z
      .object({ total: z.number().int(), fetched: z.number().int(), failed: z.number().int() })
      .nullable()
      .describe(
        'The pictures phase, after every row is written: distinct picture addresses to fetch, fetched (or reused) and failed; ' +
          'the import runs until every one is fetched or failed. null when the import had no pictures to fetch',
      ),
    samePictures: z
      .object({
        count: z.number().int().describe('Rows whose picture is already in the catalogue'),
        rows: z
          .array(z.object({ row: z.number().int(), title: z.string(), path: z.string() }))
          .describe("The first of them: the row's number and a product that already shows the picture (its title and page)"),
      })
      .describe(
        "A preview's rows whose picture another product already shows: the same address, or one an earlier import fetched " +
          '(the preview fetches no picture; the product page compares the photos once stored). The product a row updates does not count',
      ),
    oddPrices: z
      .object({
        count: z.number().int().describe('Rows to write whose price is odd'),
        low: z.number().nullable().describe("The file's ordinary prices lie above this (base currency); null with too few prices to tell"),
        high: z.number().nullable().describe("The file's ordinary prices lie below this (base currency); null with too few prices to tell"),
        rows: z
          .array(z.object({ row: z.number().int(), title: z.string(), price: z.number(), reason: z.string() }))
          .describe('The first of them, with why each is odd'),
      })
      .describe(
        "A preview's rows whose price is a placeholder (9999, 99999, 0.01 …, as written) or far outside the file's own range " +
          "(three interquartile ranges past the quartiles of the prices' logarithms): the commit's oddPrices says whether to skip them",
      ),
    noLink: z
      .object({
        count: z.number().int().describe('Rows to write without a buy link'),
        rows: z.array(z.object({ row: z.number().int(), title: z.string() })).describe('The first of them'),
      })
      .describe(
        "A preview's rows without a buy link: the commit's noLink says whether to hide them until a link is added, import or skip them",
      ),
    derived: z
      .object({
        on: z.boolean().describe('Whether the preview derived them (derive=false turns it off)'),
        gender: z.number().int().describe('Rows whose gender came from a category, sub-category, column or title'),
        brand: z.number().int().describe('Rows whose brand came from the title (the kept brand list)'),
        best: z.number().int().describe('Rows made Best by a merchandising bucket (Trending Now, Best Sellers …)'),
        buckets: z.number().int().describe('Rows whose category was an audience or merchandising bucket, not a category'),
      })
      .describe("Fields the preview read from other sites' buckets and titles"),
    relativePictures: z
      .object({
        count: z.number().int().describe('Rows whose picture is a path on another site ("/uploads/a.jpg") that nothing resolved'),
        example: z.string().nullable().describe('The first such path'),
        propose: z.boolean().describe('True when most pictures are such paths: the dialog asks for the base address'),
        base: z.string().nullable().describe('The base address this preview resolved them against (pictureBase); null without one'),
      })
      .describe('Pictures given as paths relative to the site they came from'),
    categories: z
      .array(
        z.object({
          name: z.string().describe('The category as the file names it'),
          rows: z.number().int().describe('Rows of the file in it'),
          proposed: z.string().nullable().describe('The existing category it most likely means; null when none'),
          reason: z
            .enum(['remembered', 'spelling', 'plural', 'dictionary'])
            .nullable()
            .describe("Why: this source's last import chose it, the same name spelled otherwise, its plural, or the niche's words"),
          newName: z.string().describe('The name it gets if kept new (a slug as a title)'),
        }),
      )
      .describe("The file's categories the list lacks, each with a proposal: the commit's categories says what each becomes"),
    choices: z
      .object({
        oddPrices: z.enum(IMPORT_ODD_PRICE_CHOICES),
        noLink: z.enum(IMPORT_NO_LINK_CHOICES),
        skippedOddPrices: z.number().int(),
        skippedNoLink: z.number().int(),
      })
      .nullable()
      .describe('What the commit chose for those rows and how many rows it left out; null before the commit'),
    canUndo: z.boolean(),
    undoReason: z
      .string()
      .nullable()
      .describe(
        'Why Undo is not offered (still running, undone already, changed nothing, every product it wrote changed since); null when it is',
      ),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'Import' });
export type Import = z.infer<typeof importSchema>;

export const importCommitBodySchema = z
  .object({
    policy: policyField.optional(),
    categories: z
      .record(
        z.string().max(200),
        z
          .string({ error: 'categories: each choice must be a category name' })
          .trim()
          .min(1, 'categories: each choice must be a category name')
          .max(100, 'categories: a category name must be at most 100 characters'),
      )
      .optional()
      .describe(
        "What each of the preview's new categories becomes: an existing category's name, or the name it is kept new under; " +
          'a category not named stays as the file names it. Remembered for the next import of the same source',
      ),
    oddPrices: z
      .enum(IMPORT_ODD_PRICE_CHOICES, { message: `oddPrices must be ${IMPORT_ODD_PRICE_CHOICES.join(' or ')}` })
      .optional()
      .describe("The preview's rows with an odd price: import them as they are (default) or skip them"),
    noLink: z
      .enum(IMPORT_NO_LINK_CHOICES, { message: `noLink must be ${IMPORT_NO_LINK_CHOICES.join(', ')}` })
      .optional()
      .describe(
        "The preview's rows without a buy link: import them as they are (default), hide them (out of the storefront until a link is added) or skip them",
      ),
  })
  .register(apiSchemas, { id: 'ImportCommit' });
export type ImportCommitBody = z.infer<typeof importCommitBodySchema>;

/** Imports a page of the history shows (GET /api/admin/imports?page=). */
export const IMPORT_HISTORY_PAGE_SIZE = 20;

export const importListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(IMPORT_HISTORY_PAGE_SIZE, 100),
});

/** The import history, newest first: every import but previews older than a day (they are dropped). */
export const importListSchema = pagedSchema(importSchema, 'ImportList');
export type ImportList = z.infer<typeof importListSchema>;
