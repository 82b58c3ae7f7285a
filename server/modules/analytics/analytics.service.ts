import { createHmac } from 'node:crypto';
import {
  ANALYTICS_RATE_LIMIT,
  ANALYTICS_RATE_WINDOW_SECONDS,
  ANALYTICS_REPEAT_WINDOW_SECONDS,
  ANALYTICS_RETENTION_DAYS,
  ANALYTICS_TEXTS,
  ANALYTICS_TOP_PRODUCTS,
} from '../../../common/analytics-constants';
import { POPULAR_DAYS } from '../../../common/constants';
import { addDays, todayUtc, type AnalyticsEvent, type AnalyticsRange, type AnalyticsSummary } from '../../../common/schemas/analytics';
import { AppError } from '../../errors';
import type { AnalyticsRepo, Period } from './analytics.repo';

export type AnalyticsRules = {
  repeatWindowSeconds: number;
  rateLimit: number;
  rateWindowSeconds: number;
  retentionDays: number;
  topProducts: number;
};

export const DEFAULT_ANALYTICS_RULES: AnalyticsRules = {
  repeatWindowSeconds: ANALYTICS_REPEAT_WINDOW_SECONDS,
  rateLimit: ANALYTICS_RATE_LIMIT,
  rateWindowSeconds: ANALYTICS_RATE_WINDOW_SECONDS,
  retentionDays: ANALYTICS_RETENTION_DAYS,
  topProducts: ANALYTICS_TOP_PRODUCTS,
};

/** Who sent an event, as far as the rules need: used only inside keyed hashes, never stored. */
export type EventClient = { ip: string; userAgent: string | undefined };

export type RecordOutcome = 'counted' | 'repeat' | 'bot';

/**
 * Automated clients: crawlers, link previews, monitors, headless browsers and HTTP libraries. A missing or blank
 * agent counts as one too (every browser sends one).
 */
const BOT_AGENT =
  /bot|crawl|spider|slurp|scrap|headless|preview|lighthouse|pagespeed|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|http-client|libwww|perl|php\/|postman|insomnia|phantomjs|puppeteer|playwright|selenium|facebookexternalhit|embedly|whatsapp|monitor|pingdom|uptime|validator|feedfetcher/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_AGENT.test(userAgent);
}

/** Days in [from, to] as instants: from 00:00 UTC of `from` to 00:00 UTC of the day after `to`. */
export function periodOf(range: AnalyticsRange): Period {
  return {
    ...range,
    start: new Date(`${range.from}T00:00:00Z`),
    end: new Date(`${addDays(range.to, 1)}T00:00:00Z`),
  };
}

function rateOf(clicks: number, views: number): number | null {
  return views > 0 ? clicks / views : null;
}

/**
 * Drops events past the retention (privacy policy: two years) and counters whose windows have passed, and once a
 * UTC day recounts the Popular order's clicks (`popularity`: products changed, null when the day was done already).
 */
export async function sweepAnalytics(repo: AnalyticsRepo, rules: AnalyticsRules = DEFAULT_ANALYTICS_RULES, now = new Date()) {
  const swept = await repo.sweep(rules.retentionDays, Math.max(rules.repeatWindowSeconds, rules.rateWindowSeconds));
  const popularity = await repo.recountPopularity(now.toISOString().slice(0, 10), POPULAR_DAYS);
  return { ...swept, popularity };
}

const byName = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b));

/**
 * The counting rules (decision 0018). A client is known only through keyed hashes of its address and agent that
 * change every UTC day, so nothing stored can be traced back to a visitor or linked across days.
 */
export function createAnalyticsService(
  repo: AnalyticsRepo,
  options: { secret: string; rules?: Partial<AnalyticsRules>; now?: () => Date },
) {
  const rules: AnalyticsRules = { ...DEFAULT_ANALYTICS_RULES, ...options.rules };
  const now = options.now ?? (() => new Date());
  // A key of its own, so these hashes never equal anything else made with the app's secret.
  const hashKey = createHmac('sha256', options.secret).update('finder analytics counters').digest();
  const keyOf = (...parts: string[]) => createHmac('sha256', hashKey).update(parts.join('\n')).digest('base64url');

  return {
    rules,

    /**
     * Counts one event, or ignores it (a bot, a repeat within the window). Throws RATE_LIMITED past the client's
     * limit and NOT_FOUND for an unknown product, counting nothing in either case.
     */
    async record(event: AnalyticsEvent, client: EventClient): Promise<RecordOutcome> {
      if (isBot(client.userAgent)) return 'bot';
      const day = todayUtc(now());
      const hits = await repo.hit(`rate:${keyOf(day, client.ip)}`, rules.rateWindowSeconds);
      if (hits > rules.rateLimit) throw new AppError('RATE_LIMITED', ANALYTICS_TEXTS.rateLimited);

      const agent = client.userAgent ?? '';
      if (event.kind === 'view') {
        const repeatKey = `dedup:${keyOf(day, client.ip, agent, 'view', '')}`;
        return (await repo.recordView({ repeatKey, windowSeconds: rules.repeatWindowSeconds })) ? 'counted' : 'repeat';
      }
      // Product views and promo clicks are counted by the rules of issue 16 (next commit).
      if (event.kind !== 'click') return 'repeat';
      const repeatKey = `dedup:${keyOf(day, client.ip, agent, 'click', event.productId)}`;
      const outcome = await repo.recordClick({
        productId: event.productId,
        source: event.source,
        repeatKey,
        windowSeconds: rules.repeatWindowSeconds,
      });
      if (outcome === 'unknown-product') throw new AppError('NOT_FOUND', ANALYTICS_TEXTS.unknownProduct);
      return outcome;
    },

    /** The figures of the Analytics tab for whole UTC days from `from` to `to`. */
    async summary(range: AnalyticsRange): Promise<AnalyticsSummary> {
      const period = periodOf(range);
      const [days, topProducts, clicked, distribution, names] = await Promise.all([
        repo.perDay(period),
        repo.topProducts(period, rules.topProducts),
        repo.clicksByCategory(period),
        repo.productsByCategory(),
        repo.categoryNames(),
      ]);
      const clicks = days.reduce((n, d) => n + d.clicks, 0);
      const views = days.reduce((n, d) => n + d.views, 0);

      // Every category of the list shows, clicked or not, in the list's spelling; a category clicked under a name
      // that is gone now keeps that name.
      const categories = new Map<string, { category: string | null; clicks: number }>();
      for (const name of names) categories.set(name.trim().toLowerCase(), { category: name, clicks: 0 });
      for (const c of clicked) {
        const key = c.category === null ? '' : c.category.trim().toLowerCase();
        const known = categories.get(key);
        if (known) known.clicks += c.count;
        else categories.set(key, { category: c.category, clicks: c.count });
      }

      return {
        from: range.from,
        to: range.to,
        totals: { clicks, views, clickThroughRate: rateOf(clicks, views) },
        days,
        topProducts,
        categories: [...categories.values()]
          .sort((a, b) => b.clicks - a.clicks || byName(a.category, b.category))
          .map((c) => ({ ...c, clickThroughRate: rateOf(c.clicks, views) })),
        distribution: distribution
          .map((d) => ({ category: d.category, products: d.count }))
          .sort((a, b) => b.products - a.products || byName(a.category, b.category)),
      };
    },

    sweep: () => sweepAnalytics(repo, rules, now()),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
