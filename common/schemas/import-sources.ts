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

/** A synced sheet as an admin saves it. */
export const syncedSheetInputSchema = z
  .object({
    url: importAddressField,
    schedule: z.enum(SYNC_SCHEDULES, { message: 'schedule must be hourly or daily' }).default('daily'),
    maxChangedPercent: z
      .number({ error: 'maxChangedPercent must be a number from 0 to 100' })
      .int('maxChangedPercent must be a whole number')
      .min(0, 'maxChangedPercent must be a number from 0 to 100')
      .max(100, 'maxChangedPercent must be a number from 0 to 100')
      .default(5)
      .describe('A run applies on its own when at most this percentage of the products would be added or changed'),
    maxInvalidRows: z
      .number({ error: 'maxInvalidRows must be a number from 0 to 100000' })
      .int('maxInvalidRows must be a whole number')
      .min(0, 'maxInvalidRows must be a number from 0 to 100000')
      .max(100_000, 'maxInvalidRows must be a number from 0 to 100000')
      .default(0)
      .describe('... and at most this many rows are invalid; otherwise the run waits for an admin'),
    mapping: importMappingSchema.optional(),
  })
  .register(apiSchemas, { id: 'SyncedSheetSettings' });
export type SyncedSheetInput = z.input<typeof syncedSheetInputSchema>;

export const syncedSheetSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    schedule: z.enum(SYNC_SCHEDULES),
    maxChangedPercent: z.number().int(),
    maxInvalidRows: z.number().int(),
    mapping: z.record(z.string(), z.string()),
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
