import { z } from 'zod';
import { IGNORE_COLUMN, IMPORT_FIELDS } from '../import-columns';
import { isHttpUrl } from './fields';
import { undoResultSchema } from './changes';
import { apiSchemas } from './registry';

export const IMPORT_POLICIES = ['valid', 'all'] as const;
export type ImportPolicy = (typeof IMPORT_POLICIES)[number];
export const IMPORT_STATUSES = ['previewed', 'running', 'succeeded', 'failed', 'cancelled', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const policyField = z
  .enum(IMPORT_POLICIES, { message: 'policy must be valid or all' })
  .describe("valid: write the valid rows and skip the others; all: write nothing when any row is invalid");

const mappingField = z
  .record(z.string().max(200), z.enum([...IMPORT_FIELDS, IGNORE_COLUMN], { message: `each column maps to one of ${[...IMPORT_FIELDS, IGNORE_COLUMN].join(', ')}` }))
  .describe("Which field each of the file's columns feeds (by header); columns not named are matched by their header");

/** An import from an address: a published Google Sheet's CSV address or any https CSV, XLSX or JSON. */
export const importUrlBodySchema = z
  .object({
    url: z
      .string({ error: 'url is required' })
      .trim()
      .max(2000, 'url must be at most 2000 characters')
      .refine(isHttpUrl, 'url must be an http(s) address such as https://docs.google.com/spreadsheets/d/…/pub?output=csv'),
    policy: policyField.optional(),
    mapping: mappingField.optional(),
  })
  .register(apiSchemas, { id: 'ImportFromUrl' });
export type ImportUrlBody = z.infer<typeof importUrlBodySchema>;

/** The multipart form: `file`, and optional `policy` and `mapping` (JSON text) fields. */
export const importFileBodySchema = z
  .object({
    file: z.string().meta({ format: 'binary' }).describe('A .csv, .xlsx or .json file'),
    policy: policyField.optional(),
    mapping: z.string().optional().describe('The mapping as JSON text: {"Header": "field"}'),
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
    mapping: z.record(z.string(), z.string()).describe('The field each column feeds, or ignore'),
    counts: importCountsSchema,
    errors: z.array(importRowErrorSchema).describe(`The first row errors; GET .../errors.csv has them all`),
    errorCount: z.number().int().describe('Every row error found'),
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
      })
      .nullable()
      .describe('What the run did, once it has run'),
    canUndo: z.boolean(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'Import' });
export type Import = z.infer<typeof importSchema>;

export const importCommitBodySchema = z
  .object({ policy: policyField.optional() })
  .register(apiSchemas, { id: 'ImportCommit' });

export const importListSchema = z.object({ items: z.array(importSchema) }).register(apiSchemas, { id: 'ImportList' });
export type ImportList = z.infer<typeof importListSchema>;
