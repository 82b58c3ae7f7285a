import { z } from 'zod';
import { importAddressField, importMappingSchema } from './imports';
import { apiSchemas } from './registry';

/** How often a synced sheet is read again. */
export const SYNC_SCHEDULES = ['hourly', 'daily'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
/** What a synced sheet's last run did. */
export const SYNC_RUN_STATUSES = ['applied', 'waiting', 'unchanged', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
/** The most synced sheets a site keeps. */
export const MAX_SYNCED_SHEETS = 20;

const scheduleField = z.enum(SYNC_SCHEDULES, { message: 'schedule must be hourly or daily' });
const maxChangedPercentField = z
  .number({ error: 'maxChangedPercent must be a number from 0 to 100' })
  .int('maxChangedPercent must be a whole number')
  .min(0, 'maxChangedPercent must be a number from 0 to 100')
  .max(100, 'maxChangedPercent must be a number from 0 to 100')
  .describe(
    "A run applies on its own when it would add or change at most this percentage of the sheet's own products (its rows that match a product in the catalogue)",
  );
const maxInvalidRowsField = z
  .number({ error: 'maxInvalidRows must be a number from 0 to 100000' })
  .int('maxInvalidRows must be a whole number')
  .min(0, 'maxInvalidRows must be a number from 0 to 100000')
  .max(100_000, 'maxInvalidRows must be a number from 0 to 100000')
  .describe('... and at most this many rows are invalid; otherwise the run waits for an admin');
const maxPriceDropPercentField = z
  .number({ error: 'maxPriceDropPercent must be a number from 0 to 100' })
  .int('maxPriceDropPercent must be a whole number')
  .min(0, 'maxPriceDropPercent must be a number from 0 to 100')
  .max(100, 'maxPriceDropPercent must be a number from 0 to 100')
  .describe("... and no product's price would drop by more than this percentage of it");

/** A synced sheet as an admin saves it. */
export const syncedSheetInputSchema = z
  .object({
    url: importAddressField,
    schedule: scheduleField.default('daily'),
    maxChangedPercent: maxChangedPercentField.default(5),
    maxInvalidRows: maxInvalidRowsField.default(0),
    maxPriceDropPercent: maxPriceDropPercentField.default(50),
    mapping: importMappingSchema.optional(),
  })
  .register(apiSchemas, { id: 'SyncedSheetSettings' });
export type SyncedSheetInput = z.input<typeof syncedSheetInputSchema>;

/** A saved sheet's schedule and limits as an admin changes them: any of them, at least one. */
export const syncedSheetLimitsSchema = z
  .object({
    schedule: scheduleField.optional(),
    maxChangedPercent: maxChangedPercentField.optional(),
    maxInvalidRows: maxInvalidRowsField.optional(),
    maxPriceDropPercent: maxPriceDropPercentField.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Give at least one of schedule, maxChangedPercent, maxInvalidRows and maxPriceDropPercent',
  })
  .register(apiSchemas, { id: 'SyncedSheetLimits' });
export type SyncedSheetLimitsInput = z.input<typeof syncedSheetLimitsSchema>;

export const syncedSheetSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    schedule: z.enum(SYNC_SCHEDULES),
    maxChangedPercent: z.number().int(),
    maxInvalidRows: z.number().int(),
    maxPriceDropPercent: z.number().int(),
    mapping: importMappingSchema,
    actorEmail: z.string().describe('The admin who saved it: its runs are recorded under this account'),
    nextRunAt: z.string(),
    lastRunAt: z.string().nullable(),
    lastStatus: z
      .enum(SYNC_RUN_STATUSES)
      .nullable()
      .describe('applied: written; waiting: its preview waits for an admin; unchanged: nothing to write; failed: see lastMessage'),
    lastMessage: z.string().nullable(),
    lastImportId: z.string().nullable().describe('The import the last run made (its preview, while waiting)'),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'SyncedSheet' });
export type SyncedSheet = z.infer<typeof syncedSheetSchema>;

export const syncedSheetListSchema = z.object({ items: z.array(syncedSheetSchema) }).register(apiSchemas, { id: 'SyncedSheetList' });
export type SyncedSheetList = z.infer<typeof syncedSheetListSchema>;
