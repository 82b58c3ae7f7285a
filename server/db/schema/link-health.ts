import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

/**
 * Each product's link check (issue 29, decision 0067): when it is due, what the last check answered, how many checks
 * in a row said "gone". A row is made the first time the sweep looks at the product; its absence means never checked.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The sweep takes the earliest first: a reported product's is -infinity, never checked 1970, else the next check. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`'1970-01-01T00:00:00Z'`),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** live, gone or unknown (no answer, 429, 5xx: the host's problem, not the item's). */
    answer: text('answer'),
    status: integer('status'),
    finalUrl: text('final_url'),
    error: text('error'),
    goneCount: integer('gone_count').notNull().default(0),
    pictureAnswer: text('picture_answer'),
    markedFineAt: timestamp('marked_fine_at', { withTimezone: true, mode: 'date' }),
    markedFineBy: text('marked_fine_by'),
  },
  (t) => [
    check('link_checks_answer_check', sql`${t.answer} is null or ${t.answer} in ('live', 'gone', 'unknown')`),
    check('link_checks_picture_check', sql`${t.pictureAnswer} is null or ${t.pictureAnswer} in ('fine', 'refetched', 'broken', 'unknown')`),
    index('link_checks_due_idx').on(t.dueAt),
    index('link_checks_answer_idx').on(t.answer, t.checkedAt),
  ],
);

/** Per marketplace host: the next moment a check may ask it (shared by every process), and its back-off. */
export const linkHosts = pgTable('link_hosts', {
  host: text('host').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  failures: integer('failures').notNull().default(0),
  pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
});

/** Checks made per UTC day, against LINK_CHECKS_PER_DAY. */
export const linkBudget = pgTable('link_budget', {
  day: date('day').primaryKey(),
  used: integer('used').notNull().default(0),
});
