import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * One change to many products at once that can be taken back (issue 15): an import, a bulk edit of selected items,
 * a database operation. Its rows say what each product was before, so Undo can put it back.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'import', 'bulk-edit' or 'bulk-op' (CHANGE_KINDS in common/schemas/changes.ts). */
    kind: text('kind').notNull(),
    /** What the operator did, in words: "Set category to Jackets", "Import of sheet.csv", "Update Pants Category". */
    summary: text('summary').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneBy: text('undone_by'),
  },
  (t) => [check('catalogue_changes_kind_check', sql`${t.kind} in ('import', 'bulk-edit', 'bulk-op')`)],
);

/**
 * A product a change touched: 'create' (Undo deletes it), 'update' (Undo writes `before` back: only the fields the
 * change wrote) or 'delete' (Undo inserts it again from `before`, with its id, number and row). `after` is the
 * product's updated_at as the change left it: Undo leaves a product alone that someone changed since.
 */
export const catalogueChangeRows = pgTable(
  'catalogue_change_rows',
  {
    changeId: uuid('change_id')
      .notNull()
      .references(() => catalogueChanges.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    op: text('op').notNull(),
    before: jsonb('before'),
    after: timestamp('after', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.changeId, t.productId] }),
    check('catalogue_change_rows_op_check', sql`${t.op} in ('create', 'update', 'delete')`),
  ],
);

/**
 * A picture a change removed with its products (the demo catalogue's removal, issue 28): the image row as it was and
 * its storage keys, whose removal waits in storage_removals long enough for Undo to cancel it and put the row back.
 */
export const catalogueChangeImages = pgTable(
  'catalogue_change_images',
  {
    changeId: uuid('change_id')
      .notNull()
      .references(() => catalogueChanges.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id').notNull(),
    before: jsonb('before').notNull(),
    keys: jsonb('keys').notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.imageId] })],
);

/**
 * An import (issue 15): read and checked at once ('previewed', its rows staged in import_rows), written in the
 * background after the operator confirms ('running', then 'succeeded', 'failed' or 'cancelled'), and possibly
 * taken back ('undone').
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('previewed'),
    /** The file's name or the address it was read from. */
    source: text('source').notNull(),
    format: text('format').notNull(),
    /** 'valid': write the valid rows; 'all': write nothing when any row is invalid. */
    policy: text('policy').notNull().default('valid'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** The file's columns in order, each with the field it feeds: [{ header, field }]. */
    mapping: jsonb('mapping').notNull().default([]),
    /** How the file was read: { sheets, sheet, encoding, readWarnings } (issue 26). */
    readInfo: jsonb('read_info').notNull().default({}),
    /** { new, updated, unchanged, invalid } as the preview found them. */
    counts: jsonb('counts').notNull().default({}),
    /** The row errors, [{ row, column, message }] (the first IMPORT_MAX_STORED_ERRORS). */
    errors: jsonb('errors').notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    /** Rows imported with a change or a loss, [{ row, column, message }] (a picture left out, a title cut; issue 26). */
    warnings: jsonb('warnings').notNull().default([]),
    warningCount: integer('warning_count').notNull().default(0),
    /** The currencies the file's prices were in and the rates that converted them: [{ code, rows, rate, source }]. */
    currencies: jsonb('currencies').notNull().default([]),
    /** Categories the file names that the list lacks: added when the import is written. */
    newCategories: jsonb('new_categories').notNull().default([]),
    /** Rows to write (new and updated) and how many are written. */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** What the run did: { created, updated, skipped, imagesFetched, imageFailures, message }. */
    result: jsonb('result').notNull().default({}),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    changeId: uuid('change_id').references(() => catalogueChanges.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    /** Written by the running job after each step: a 'running' import whose heartbeat stopped lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /**
     * The server process running it (`Database.instance`): on PostgreSQL a process whose connections are all gone
     * (it crashed) is known to be gone at once, without waiting for the heartbeat to go stale (issue 39).
     */
    runner: text('runner'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** The synced sheet whose scheduled run made this import, if one did. */
    sourceId: uuid('source_id').references(() => importSources.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('imports_status_check', sql`${t.status} in ('previewed', 'running', 'succeeded', 'failed', 'cancelled', 'undone')`),
    check('imports_policy_check', sql`${t.policy} in ('valid', 'all')`),
    index('imports_created_idx').on(t.createdAt),
  ],
);

/** A valid row of a previewed import: its product values, what it will do, and the product it matched. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the header is row 1 in a sheet, the first product row 2). */
    rowNumber: integer('row_number').notNull(),
    /** 'new', 'update' or 'unchanged'. */
    action: text('action').notNull(),
    productId: uuid('product_id'),
    values: jsonb('values').notNull(),
    /**
     * Which part of a preview's matching by group the row is in (issue 39, migration 0047): a hash of its group
     * (rowGroupKeySql) modulo the preview's number of parts, so every row of a group is in the same part; null
     * without a group (no group step can match it).
     */
    groupPart: integer('group_part'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    // Matching asks "is this product taken by another row of the import?" per candidate (issue 26): an index probe,
    // whatever the planner guesses of rows staged a moment ago.
    index('import_rows_product_idx')
      .on(t.importId, t.productId)
      .where(sql`${t.productId} is not null`),
    // A preview matches its rows a part at a time; a part of the steps by group is the rows of one group_part.
    index('import_rows_group_part_idx')
      .on(t.importId, t.groupPart)
      .where(sql`${t.groupPart} is not null`),
  ],
);

/**
 * A synced sheet (issue 26): an address (a published Google Sheet, any https CSV/XLSX/JSON) read again on a schedule.
 * A run is an import: it applies on its own when its preview is within the limits, else it waits for an admin.
 */
export const importSources = pgTable(
  'import_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    /** 'hourly' or 'daily'. */
    schedule: text('schedule').notNull().default('daily'),
    /**
     * A run applies on its own when it would add or change at most this share of the sheet's own products (its rows
     * that match a product in the catalogue; issue 39: it was the whole catalogue's, so a small sheet could reprice
     * all its products unreviewed).
     */
    maxChangedPercent: integer('max_changed_percent').notNull().default(5),
    /** ... and at most this many rows are invalid. */
    maxInvalidRows: integer('max_invalid_rows').notNull().default(0),
    /** ... and no product's price would drop by more than this share of it (issue 39). */
    maxPriceDropPercent: integer('max_price_drop_percent').notNull().default(50),
    /** The operator's column mapping for the sheet, { header: field } (empty: guessed each run). */
    mapping: jsonb('mapping').notNull().default({}),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    /** 'applied', 'waiting', 'unchanged' or 'failed', with its sentence and the import it made. */
    lastStatus: text('last_status'),
    lastMessage: text('last_message'),
    lastImportId: uuid('last_import_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('import_sources_schedule_check', sql`${t.schedule} in ('hourly', 'daily')`),
    index('import_sources_due_idx').on(t.nextRunAt),
  ],
);

/**
 * What an operator chose for a file's new categories at import (issue 40), by the import's source (its file name or
 * address) and the category as the file names it (categoryKey): the next import of that source proposes the same.
 * `toName` is an existing category, or the name the category was kept new under.
 */
export const importCategoryChoices = pgTable(
  'import_category_choices',
  {
    source: text('source').notNull(),
    fromKey: text('from_key').notNull(),
    toName: text('to_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.fromKey] })],
);
