import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RateSource } from '../../../common/schemas/currency';
import type { Database } from '../../db/client';
import { currencyRates } from '../../db/schema/index';

export type RateRow = typeof currencyRates.$inferSelect;

/** UTC midnight of `day` (YYYY-MM-DD). */
const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;

/**
 * The only code that touches currency_rates. Display currencies' rows hold their rates; the base currency's own row
 * (rate 1, only written when RATES_URL is set) is the feed's claim: its time says when a process last took the
 * day's refresh, so one process fetches per day however many run (the schema has no other place for it).
 */
export function createCurrencyRepo(database: Database) {
  const { db } = database;
  return {
    /** Every row but the base's claim, by currency. */
    async list(base: string): Promise<RateRow[]> {
      return db.select().from(currencyRates).where(ne(currencyRates.currency, base)).orderBy(asc(currencyRates.currency));
    },
    async find(currencies: string[]): Promise<RateRow[]> {
      if (currencies.length === 0) return [];
      return db.select().from(currencyRates).where(inArray(currencyRates.currency, currencies));
    },
    /**
     * Sets and clears rates (in the service's transaction, with its audit entry, so both land or neither). Answers
     * the rows as they were before.
     */
    async write(rates: Array<{ currency: string; rate: number | null }>, source: RateSource): Promise<RateRow[]> {
      const codes = rates.map((r) => r.currency);
      const before =
        codes.length === 0 ? [] : await db.select().from(currencyRates).where(inArray(currencyRates.currency, codes)).for('update');
      const cleared = rates.filter((r) => r.rate === null).map((r) => r.currency);
      if (cleared.length > 0) await db.delete(currencyRates).where(inArray(currencyRates.currency, cleared));
      const set = rates.flatMap((r) => (r.rate === null ? [] : [{ currency: r.currency, rate: r.rate, source, updatedAt: new Date() }]));
      if (set.length > 0) {
        await db
          .insert(currencyRates)
          .values(set)
          .onConflictDoUpdate({
            target: currencyRates.currency,
            set: { rate: sql`excluded.rate`, source: sql`excluded.source`, updatedAt: sql`excluded.updated_at` },
          });
      }
      return before;
    },
    /**
     * Takes the day's refresh for this process: true when no process has taken it since `today` (YYYY-MM-DD, UTC)
     * began. One writing statement, so two processes asking at once get one true between them.
     */
    async claimRefresh(base: string, today: string, at: Date): Promise<boolean> {
      // Read first: a write to currency_rates, even one that changes no row, tells every process to drop its kept
      // pages (a statement trigger), and the hourly checks of a day already taken must not do that.
      const taken = await database.rows<{ n: number }>(sql`
        select 1 as n from currency_rates where currency = ${base} and rate = 1 and updated_at >= ${startOf(today)}`);
      if (taken.length > 0) return false;
      const rows = await database.rows<{ currency: string }>(sql`
        insert into currency_rates (currency, rate, source, updated_at) values (${base}, 1, 'feed', ${at})
        on conflict (currency) do update set rate = 1, source = 'feed', updated_at = ${at}
          where currency_rates.updated_at < ${startOf(today)} or currency_rates.rate <> 1
        returning currency`);
      return rows.length > 0;
    },
    /** Gives the day's refresh back after a failure, so the next check (in any process) tries again. */
    async releaseRefresh(base: string, today: string): Promise<void> {
      await db
        .update(currencyRates)
        .set({ updatedAt: sql`${startOf(today)} - interval '1 second'` })
        .where(eq(currencyRates.currency, base));
    },
  };
}
export type CurrencyRepo = ReturnType<typeof createCurrencyRepo>;
