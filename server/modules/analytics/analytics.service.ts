import { createHmac, randomBytes } from 'node:crypto';
import {
  ANALYTICS_RATE_LIMIT,
  ANALYTICS_RATE_WINDOW_SECONDS,
  ANALYTICS_REPEAT_WINDOW_SECONDS,
  ANALYTICS_RETENTION_DAYS,
  ANALYTICS_TOP_PRODUCTS,
} from '../../../common/analytics-constants';
import { ANALYTICS_TEXTS } from '../../../common/texts/analytics';
import { POPULAR_DAYS } from '../../../common/constants';
import {
  addDays,
  daysInRange,
  todayUtc,
  type AnalyticsEvent,
  type AnalyticsPeriodTotals,
  type AnalyticsRange,
  type AnalyticsSummary,
} from '../../../common/schemas/analytics';
import { clientOf } from '../../client-network';
import { AppError } from '../../errors';
import type { AnalyticsRepo, Period, PeriodCounts } from './analytics.repo';

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

/**
 * Who sent an event, as far as the rules need: the address (its network, `clientOf`) inside keyed hashes, never
 * stored; the agent string only to tell bots apart.
 */
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

/** Clicks per product view; every counted click comes with a product view of the same visitor, product and day. */
function rateOf(clicks: number, productViews: number): number | null {
  return productViews > 0 ? clicks / productViews : null;
}

/**
 * Drops events and daily visitors past the retention (privacy policy: two years), counters whose windows have passed
 * and the hashing keys of past days; gives the clicks of before issue 16 their implied product views (once:
 * `legacyViews`, null when done already); and once a UTC day recounts the Popular order's clicks (`popularity`:
 * products changed, null when the day was done already).
 */
export async function sweepAnalytics(repo: AnalyticsRepo, rules: AnalyticsRules = DEFAULT_ANALYTICS_RULES, now = new Date()) {
  const today = todayUtc(now);
  const swept = await repo.sweep(today, rules.retentionDays, Math.max(rules.repeatWindowSeconds, rules.rateWindowSeconds));
  const legacyViews = await repo.addLegacyImpliedViews();
  const popularity = await repo.recountPopularity(today, POPULAR_DAYS);
  return { ...swept, legacyViews, popularity };
}

const byName = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b));

function totalsOf(period: Period, counts: PeriodCounts): AnalyticsPeriodTotals {
  return {
    from: period.from,
    to: period.to,
    clicks: counts.clicks,
    productViews: counts.productViews,
    clickThroughRate: rateOf(counts.clicks, counts.productViews),
    visitors: counts.visitors,
    finderViews: counts.finderViews,
    promo: { signup: counts.promo.signup, join: counts.promo.join, copyCode: counts.promo['copy-code'] },
  };
}

/** The period of equal length that ends the day before `range` starts. */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const days = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The counting rules (decision 0018, revised by issues 16 and 25). A visitor is known only through keyed hashes (HMAC)
 * of their network (an IPv4 address, an IPv6 /64; not the agent string, which any client may change at will), made
 * with a random key of the UTC day that is forgotten once the day is over: so
 * nothing stored can be traced back to a person, linked across days, or recomputed later, even with the database
 * and the app's secret in hand.
 *
 * - A product view (a product page view, or the view a click implies) counts once per visitor, product and day.
 * - An outbound click counts once per visitor, product and day (repeat clicks, from any button or to another agent,
 *   add nothing; the first one's agent and button are kept). A counted click records the product view of the same
 *   visitor, product and day unless there is one: a click on a card implies the product was seen. So no product
 *   (nor any group of products) has more clicks than product views on any day, and clicks ÷ product views ≤ 1.
 * - A referral button (Sign Up, Join, Copy code) counts once per visitor, button and day.
 * - A finder page view counts as before: a repeat within the repeat window does not.
 * - Every counted event adds its visitor to the day's unique visitors (analytics_visitors).
 */
export function createAnalyticsService(
  repo: AnalyticsRepo,
  options: { secret: string; rules?: Partial<AnalyticsRules>; now?: () => Date },
) {
  const rules: AnalyticsRules = { ...DEFAULT_ANALYTICS_RULES, ...options.rules };
  const now = options.now ?? (() => new Date());

  /**
   * The day's hashing key: the app's secret and the day's random key stored in the database (shared by every
   * process, deleted when the day is over). The first process to need a new day's key forgets the older ones.
   */
  let current: { day: string; key: Buffer } | null = null;
  async function hashKeyOf(day: string): Promise<Buffer> {
    if (current?.day === day) return current.key;
    const random = await repo.dayKey(day, () => randomBytes(32).toString('base64url'));
    await repo.forgetDayKeys(day);
    const key = createHmac('sha256', options.secret).update(`finder analytics\n${day}\n${random}`).digest();
    current = { day, key };
    return key;
  }
  const hash = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

  return {
    rules,

    /**
     * The UTC day's hashing key (random per day, shared by every process, forgotten once the day is over), for the
     * other modules that count visitors without keeping them (the requests' limits); they prefix what they hash.
     */
    dayKey: hashKeyOf,

    /**
     * Counts one event, or ignores it (a bot, a repeat). Throws RATE_LIMITED past the client's limit and NOT_FOUND
     * for an unknown product, counting nothing in either case.
     */
    async record(event: AnalyticsEvent, client: EventClient): Promise<RecordOutcome> {
      if (isBot(client.userAgent)) return 'bot';
      const at = now();
      const day = todayUtc(at);
      const key = await hashKeyOf(day);
      // The visitor is their network (an IPv4 address, an IPv6 /64), whatever agent string it sends: one address
      // claiming 30 browsers is one visitor, not 30 (issue 25; the Popular order reads these clicks).
      const network = clientOf(client.ip);
      const hits = await repo.hit(`rate:${hash(key, 'rate', network)}`, rules.rateWindowSeconds);
      if (hits > rules.rateLimit) throw new AppError('RATE_LIMITED', ANALYTICS_TEXTS.rateLimited);

      const visit = { day, at, visitor: hash(key, 'visitor', network) };
      // Once-a-day keys start 'day:' (kept until the day is over), windowed ones 'dedup:'.
      const onceADay = (...parts: string[]) => `day:${hash(key, ...parts, network)}`;

      if (event.kind === 'view') {
        const repeatKey = `dedup:${hash(key, 'view', network)}`;
        return (await repo.recordView({ repeatKey, windowSeconds: rules.repeatWindowSeconds, visit })) ? 'counted' : 'repeat';
      }
      if (event.kind === 'convert-click' || event.kind === 'agent-promo') {
        const source = event.kind === 'agent-promo' ? event.source : null;
        const what = event.kind === 'agent-promo' ? [event.source] : [event.platform, event.itemId];
        const outcome = await repo.recordAgentEvent({
          kind: event.kind,
          agent: event.agent,
          source,
          key: onceADay(event.kind, event.agent, ...what),
          visit,
        });
        if (outcome === 'unknown-agent') throw new AppError('NOT_FOUND', ANALYTICS_TEXTS.unknownAgent);
        return outcome;
      }
      if (event.kind === 'promo') {
        return (await repo.recordPromo({ source: event.source, key: onceADay('promo', event.source), visit })) ? 'counted' : 'repeat';
      }
      const viewKey = onceADay('product-view', event.productId);
      const outcome =
        event.kind === 'click'
          ? await repo.recordClick({
              productId: event.productId,
              source: event.source,
              agent: event.agent ?? null,
              clickKey: onceADay('click', event.productId),
              viewKey,
              visit,
            })
          : await repo.recordProductView({ productId: event.productId, viewKey, visit });
      if (outcome === 'unknown-product') throw new AppError('NOT_FOUND', ANALYTICS_TEXTS.unknownProduct);
      return outcome;
    },

    /** The figures of the Analytics tab for whole UTC days from `from` to `to`, and the period before for comparison. */
    async summary(range: AnalyticsRange): Promise<AnalyticsSummary> {
      const period = periodOf(range);
      const before = periodOf(previousRange(range));
      const [totals, previous, agents, days, topProducts, counted, distribution, names, agentActivity] = await Promise.all([
        repo.totals(period),
        repo.totals(before),
        repo.clicksByAgent(period),
        repo.perDay(period),
        repo.topProducts(period, rules.topProducts),
        repo.byCategory(period),
        repo.productsByCategory(),
        repo.categoryNames(),
        repo.agentActivity(period),
      ]);

      // Every category of the list shows, in the list's spelling, counted or not; a product's category that is not
      // in the list keeps the product's spelling; the deleted products' events form a row of their own.
      type Row = { category: string | null; deleted: boolean; clicks: number; productViews: number };
      const categories = new Map<string, Row>();
      for (const name of names)
        categories.set(`c:${name.trim().toLowerCase()}`, { category: name, deleted: false, clicks: 0, productViews: 0 });
      for (const c of counted) {
        const key = c.deleted ? 'deleted' : c.category === null ? 'none' : `c:${c.category.trim().toLowerCase()}`;
        const known = categories.get(key);
        if (known) {
          known.clicks += c.clicks;
          known.productViews += c.productViews;
        } else categories.set(key, { ...c });
      }

      return {
        from: range.from,
        to: range.to,
        totals: totalsOf(period, totals),
        previous: totalsOf(before, previous),
        agents,
        agentActivity,
        days,
        topProducts: topProducts.map((p) => ({ ...p, clickThroughRate: rateOf(p.clicks, p.productViews) })),
        categories: [...categories.values()]
          .sort(
            (a, b) =>
              b.clicks - a.clicks ||
              b.productViews - a.productViews ||
              Number(a.deleted) - Number(b.deleted) ||
              byName(a.category, b.category),
          )
          .map((c) => ({ ...c, clickThroughRate: rateOf(c.clicks, c.productViews) })),
        distribution: distribution
          .map((d) => ({ category: d.category, products: d.count }))
          .sort((a, b) => b.products - a.products || byName(a.category, b.category)),
      };
    },

    sweep: () => sweepAnalytics(repo, rules, now()),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
