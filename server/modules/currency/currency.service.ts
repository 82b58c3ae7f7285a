import { CURRENCIES, rebaseRates, type CurrencyCode } from '../../../common/currency';
import type { AdminCurrencies, CurrencyRates, CurrencyRatesInput, RateSource } from '../../../common/schemas/currency';
import type { Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { CurrencyRepo, RateRow } from './currency.repo';
import { fetchFeed, type FeedRates, type FeedSettings } from './rates-feed';

export type CurrencySettings = {
  base: CurrencyCode;
  /** RATES_URL and how to read it; undefined: admins keep the rates by hand. */
  feed?: FeedSettings | undefined;
  /** Reads the feed (tests may pass their own); `fetchFeed` by default. */
  readFeed?: ((settings: FeedSettings) => Promise<FeedRates>) | undefined;
};

/** What a refresh did: rates written, or why none were (another process had the day, or the feed failed). */
export type RefreshOutcome = { status: 'updated'; count: number } | { status: 'skipped' } | { status: 'failed'; reason: string };

const today = (now: Date) => now.toISOString().slice(0, 10);

const source = (row: RateRow): RateSource => (row.source === 'feed' ? 'feed' : 'admin');

/**
 * The display currencies' rates. An admin's rate holds until the feed's next daily refresh (when RATES_URL is set),
 * which writes every rate the feed has; the Currencies tab shows who set each rate and when.
 */
export function createCurrencyService(
  repo: CurrencyRepo,
  transaction: Transact<{ currency: CurrencyRepo; audit: AuditRepo }>,
  settings: CurrencySettings,
) {
  const { base } = settings;
  const known = (row: RateRow) => row.currency !== base && (CURRENCIES as readonly string[]).includes(row.currency);

  return {
    base,
    async rates(): Promise<CurrencyRates> {
      const rows = (await repo.list(base)).filter(known);
      return {
        base,
        rates: rows.map((r) => ({ currency: r.currency as CurrencyCode, rate: r.rate, updatedAt: r.updatedAt.toISOString() })),
      };
    },

    async adminView(): Promise<AdminCurrencies> {
      const rows = new Map((await repo.list(base)).map((r) => [r.currency, r]));
      const feedTimes = [...rows.values()].filter((r) => known(r) && r.source === 'feed').map((r) => r.updatedAt.getTime());
      return {
        base,
        feed: {
          configured: settings.feed !== undefined,
          refreshedAt: feedTimes.length > 0 ? new Date(Math.max(...feedTimes)).toISOString() : null,
        },
        currencies: CURRENCIES.filter((c) => c !== base).map((currency) => {
          const row = rows.get(currency);
          return {
            currency,
            rate: row?.rate ?? null,
            source: row ? source(row) : null,
            updatedAt: row?.updatedAt.toISOString() ?? null,
          };
        }),
      };
    },

    /** Sets or clears the listed rates as an admin; recorded in the audit log (the rates before and after). */
    async update(actor: Actor, input: CurrencyRatesInput): Promise<AdminCurrencies> {
      if (input.rates.some((r) => r.currency === base)) {
        throw new AppError('VALIDATION', `${base} is the base currency: prices are stored in it, so its rate is always 1.`);
      }
      await transaction(async (tx) => {
        const before = await tx.currency.write(input.rates, 'admin');
        const old = new Map(before.map((r) => [r.currency, r.rate]));
        const changes = Object.fromEntries(
          input.rates
            .filter((r) => (old.get(r.currency) ?? null) !== r.rate)
            .map((r) => [r.currency, { from: old.get(r.currency) ?? null, to: r.rate }]),
        );
        if (Object.keys(changes).length === 0) return;
        const subject = Object.keys(changes).join(', ');
        await tx.audit.record({ action: 'currency-rates', subject, actor, details: { base, changes } });
      });
      return this.adminView();
    },

    /**
     * The daily refresh from RATES_URL: the first check of a UTC day in any process takes it, reads the feed and
     * writes its rates (converted when the feed's base is not ours). A failure gives the day back, so the next check
     * tries again.
     */
    async refresh(now = new Date()): Promise<RefreshOutcome> {
      const feed = settings.feed;
      if (!feed) return { status: 'skipped' };
      const day = today(now);
      // The claim is stamped with the same clock the day was read from (a check at 23:59 must not take tomorrow).
      if (!(await repo.claimRefresh(base, day, now))) return { status: 'skipped' };
      try {
        const answer = await (settings.readFeed ?? fetchFeed)(feed);
        const rates = rebaseRates(answer.base, answer.rates, base);
        if (rates === null) throw new Error(`the feed's base is ${answer.base} and it gives no rate for ${base}`);
        const list = Object.entries(rates).map(([currency, rate]) => ({ currency, rate }));
        if (list.length === 0) throw new Error('the feed gives none of our currencies');
        await transaction((tx) => tx.currency.write(list, 'feed'));
        return { status: 'updated', count: list.length };
      } catch (err) {
        await repo.releaseRefresh(base, day);
        return { status: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
export type CurrencyService = ReturnType<typeof createCurrencyService>;
