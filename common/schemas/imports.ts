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

const policyField = z
  .enum(IMPORT_POLICIES, { message: 'policy must be valid or all' })
  .describe('valid: write the valid rows and skip the others; all: write nothing when any row is invalid');

const mappingField = z
  .record(
    z.string().max(200),
    z.enum([...IMPORT_FIELDS, IGNORE_COLUMN], { message: `each column maps to one of ${[...IMPORT_FIELDS, IGNORE_COLUMN].join(', ')}` }),
  )
  .describe("Which field each of the file's columns feeds (by header); columns not named are matched by their header");

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
    mapping: mappingField.optional(),
    rates: ratesField.optional(),
    sheet: importSheetField.optional(),
    encoding: importEncodingField.optional(),
  })
  .register(apiSchemas, { id: 'ImportFromUrl' });
export type ImportUrlBody = z.infer<typeof importUrlBodySchema>;

/** The multipart form: `file`, and optional `policy` and `mapping` (JSON text) fields. */
export const importFileBodySchema = z
  .object({
    file: z.string().meta({ format: 'binary' }).describe('A .csv, .xlsx, .ods or .json file'),
    policy: policyField.optional(),
    mapping: z.string().optional().describe('The mapping as JSON text: {"Header": "field"}'),
    rates: z.string().optional().describe('Rates for this import as JSON text: {"CNY": 7.2} (units per one unit of the base currency)'),
    sheet: importSheetField.optional(),
    encoding: importEncodingField.optional(),
  })
  .register(apiSchemas, { id: 'ImportFromFile' });

export const importMappingSchema = mappingField;

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
    readWarnings: z.array(z.string()).describe('What reading the file noticed (an encoding guessed, headers repeated)'),
    mapping: z.record(z.string(), z.string()).describe('The field each column feeds, or ignore'),
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

export const importCommitBodySchema = z.object({ policy: policyField.optional() }).register(apiSchemas, { id: 'ImportCommit' });

/** Imports a page of the history shows (GET /api/admin/imports?page=). */
export const IMPORT_HISTORY_PAGE_SIZE = 20;

export const importListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(IMPORT_HISTORY_PAGE_SIZE, 100),
});

/** The import history, newest first: every import but previews older than a day (they are dropped). */
export const importListSchema = pagedSchema(importSchema, 'ImportList');
export type ImportList = z.infer<typeof importListSchema>;
