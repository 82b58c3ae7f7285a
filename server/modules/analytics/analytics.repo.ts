import { sql, type SQL } from 'drizzle-orm';
import type { AgentPromoSource, ClickSource, PromoSource } from '../../../common/schemas/analytics';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** A half-open range of instants [start, end): whole UTC days. */
export type Period = { from: string; to: string; start: Date; end: Date };

export type PeriodCounts = {
  clicks: number;
  productViews: number;
  finderViews: number;
  visitors: number;
  promo: Record<PromoSource, number>;
};
export type DayCount = { date: string; clicks: number; productViews: number; visitors: number; finderViews: number };
export type AgentClicks = { agent: string | null; name: string | null; clicks: number };
export type AgentActivity = { agent: string; name: string | null; converterClicks: number; promoLinks: number; promoCodes: number };
export type ProductCounts = {
  productId: string | null;
  title: string | null;
  category: string | null;
  clicks: number;
  productViews: number;
};
export type CategoryCounts = { category: string | null; deleted: boolean; clicks: number; productViews: number };
export type CategoryCount = { category: string | null; count: number };

/** What recording a product event did: the product is unknown, or the event was counted, or it repeated a counted one. */
export type ProductOutcome = 'unknown-product' | 'counted' | 'repeat';

/**
 * A visitor on one UTC day, as far as one event needs: keyed hashes made with the day's key (see the service), and
 * the instant the event is stored at, from the same clock as the day, so an event always falls on its key's day.
 */
export type Visit = { day: string; visitor: string; at: Date };

/** The name a day's hashing key is kept under in app_secrets ('analytics-day:YYYY-MM-DD' sorts by day). */
export const DAY_KEY_PREFIX = 'analytics-day:';
/** The app_secrets row that says the clicks of before issue 16 have their implied product views. */
export const LEGACY_VIEWS_MARKER = 'analytics-implied-views';

const inPeriod = (period: Period, column: SQL = sql`occurred_at`) =>
  sql`${column} >= ${period.start.toISOString()}::timestamptz and ${column} < ${period.end.toISOString()}::timestamptz`;

/**
 * The only code that touches analytics_events, analytics_keys, analytics_visitors and the analytics day keys in
 * app_secrets. Each recording is one statement, so two processes (or two requests of one double-click) racing on the
 * same key still count once: the key's unique index decides, and the loser finds the winner's row.
 */
export function createAnalyticsRepo(database: Database) {
  const { rows } = database;

  /** Adds the visitor to the day's unique visitors when the statement counted something (`counted` names a CTE). */
  const visitorOf = (visit: Visit, counted: SQL) => sql`
    insert into analytics_visitors (day, visitor)
    select ${visit.day}::date, ${visit.visitor}::text where exists (select 1 from ${counted})
    on conflict do nothing`;

  /** Forgets the keys of the days before `today`: their hashes can never be made again. Answers how many. */
  async function forgetDayKeys(today: string): Promise<number> {
    const [row] = await rows<{ n: number }>(sql`
      with gone as (
        delete from app_secrets where name like ${`${DAY_KEY_PREFIX}%`}::text and name < ${`${DAY_KEY_PREFIX}${today}`}::text
        returning 1
      )
      select count(*)::int as n from gone`);
    return Number(row?.n ?? 0);
  }

  return {
    /**
     * The day's hashing key, made by whichever process asks first (every process must hash alike); `make` gives a
     * fresh random one.
     */
    async dayKey(day: string, make: () => string): Promise<string> {
      const name = `${DAY_KEY_PREFIX}${day}`;
      const [row] = await rows<{ value: string }>(sql`
        with made as (
          insert into app_secrets (name, value) values (${name}::text, ${make()}::text)
          on conflict (name) do nothing returning value
        )
        select value from made union all select value from app_secrets where name = ${name}::text`);
      if (row) return row.value;
      // Another process made it at the same moment: its row was not in this statement's snapshot.
      const [made] = await rows<{ value: string }>(sql`select value from app_secrets where name = ${name}::text`);
      if (!made) throw new Error(`The analytics key of ${day} could not be stored.`);
      return made.value;
    },

    forgetDayKeys,

    /**
     * Adds one hit to a fixed-window counter and answers the hits in the current window (1 for the first hit of a
     * new window).
     */
    async hit(key: string, windowSeconds: number): Promise<number> {
      const [row] = await rows<{ hits: number }>(sql`
        insert into analytics_keys as k (key, window_start, hits) values (${key}::text, now(), 1)
        on conflict (key) do update set
          hits = case when k.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else k.hits + 1 end,
          window_start = case when k.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else k.window_start end
        returning hits`);
      return Number(row?.hits ?? 1);
    },

    /**
     * Records an outbound click on a known product unless `clickKey` (visitor, product, day) was claimed already; a
     * counted click also records the product view it implies unless `viewKey` (the same visitor, product and day)
     * was claimed already. So a day never has more clicks than product views, for any product. The product's
     * category is copied as it is now (the deleted products' row needs nothing more).
     */
    async recordClick(input: {
      productId: string;
      source: ClickSource;
      agent: string | null;
      clickKey: string;
      viewKey: string;
      visit: Visit;
    }): Promise<ProductOutcome> {
      const at = input.visit.at.toISOString();
      const [row] = await rows<{ known: number; counted: number }>(sql`
        with product as (
          select id, category from products where id = ${input.productId}::uuid
        ),
        fresh as (
          insert into analytics_keys (key, window_start, hits)
          select ${input.clickKey}::text, now(), 1 from product
          on conflict (key) do nothing
          returning 1
        ),
        fresh_view as (
          insert into analytics_keys (key, window_start, hits)
          select ${input.viewKey}::text, now(), 1 from product where exists (select 1 from fresh)
          on conflict (key) do nothing
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, product_id, category, source, agent, occurred_at)
          select 'click', product.id, product.category, ${input.source}::text,
            (select slug from agents where slug = ${input.agent}::text), ${at}::timestamptz
          from product where exists (select 1 from fresh)
          returning 1
        ),
        implied as (
          insert into analytics_events (kind, product_id, category, occurred_at)
          select 'product-view', product.id, product.category, ${at}::timestamptz
          from product where exists (select 1 from fresh_view)
          returning 1
        ),
        visitor as (${visitorOf(input.visit, sql`counted`)})
        select (select count(*) from product)::int as known, (select count(*) from counted)::int as counted`);
      if (!row || Number(row.known) === 0) return 'unknown-product';
      return Number(row.counted) > 0 ? 'counted' : 'repeat';
    },

    /** Records a product page view of a known product unless `viewKey` (visitor, product, day) was claimed already. */
    async recordProductView(input: { productId: string; viewKey: string; visit: Visit }): Promise<ProductOutcome> {
      const [row] = await rows<{ known: number; counted: number }>(sql`
        with product as (
          select id, category from products where id = ${input.productId}::uuid
        ),
        fresh as (
          insert into analytics_keys (key, window_start, hits)
          select ${input.viewKey}::text, now(), 1 from product
          on conflict (key) do nothing
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, product_id, category, occurred_at)
          select 'product-view', product.id, product.category, ${input.visit.at.toISOString()}::timestamptz
          from product where exists (select 1 from fresh)
          returning 1
        ),
        visitor as (${visitorOf(input.visit, sql`counted`)})
        select (select count(*) from product)::int as known, (select count(*) from counted)::int as counted`);
      if (!row || Number(row.known) === 0) return 'unknown-product';
      return Number(row.counted) > 0 ? 'counted' : 'repeat';
    },

    /** Records a referral button click unless `key` (visitor, button, day) was claimed already; true when counted. */
    async recordPromo(input: { source: PromoSource; key: string; visit: Visit }): Promise<boolean> {
      const [row] = await rows<{ counted: number }>(sql`
        with fresh as (
          insert into analytics_keys (key, window_start, hits) values (${input.key}::text, now(), 1)
          on conflict (key) do nothing
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, source, occurred_at)
          select 'promo', ${input.source}::text, ${input.visit.at.toISOString()}::timestamptz from fresh
          returning 1
        ),
        visitor as (${visitorOf(input.visit, sql`counted`)})
        select (select count(*) from counted)::int as counted`);
      return Number(row?.counted ?? 0) > 0;
    },

    /**
     * Records a converter click or a promotion click of an agent that exists unless `key` (visitor, what, day) was
     * claimed already (issue 29).
     */
    async recordAgentEvent(input: {
      kind: 'convert-click' | 'agent-promo';
      agent: string;
      source: AgentPromoSource | null;
      key: string;
      visit: Visit;
    }): Promise<'unknown-agent' | 'counted' | 'repeat'> {
      const [row] = await rows<{ known: number; counted: number }>(sql`
        with agent as (
          select slug from agents where slug = ${input.agent}::text
        ),
        fresh as (
          insert into analytics_keys (key, window_start, hits)
          select ${input.key}::text, now(), 1 from agent
          on conflict (key) do nothing
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, source, agent, occurred_at)
          select ${input.kind}::text, ${input.source}::text, agent.slug, ${input.visit.at.toISOString()}::timestamptz
          from agent where exists (select 1 from fresh)
          returning 1
        ),
        visitor as (${visitorOf(input.visit, sql`counted`)})
        select (select count(*) from agent)::int as known, (select count(*) from counted)::int as counted`);
      if (!row || Number(row.known) === 0) return 'unknown-agent';
      return Number(row.counted) > 0 ? 'counted' : 'repeat';
    },

    /** Records a finder page view unless `repeatKey` saw a counted view within the window; true when counted. */
    async recordView(input: { repeatKey: string; windowSeconds: number; visit: Visit }): Promise<boolean> {
      const [row] = await rows<{ counted: number }>(sql`
        with fresh as (
          insert into analytics_keys as k (key, window_start, hits) values (${input.repeatKey}::text, now(), 1)
          on conflict (key) do update set window_start = now(), hits = k.hits + 1
            where k.window_start <= now() - make_interval(secs => ${input.windowSeconds})
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, occurred_at) select 'view', ${input.visit.at.toISOString()}::timestamptz from fresh
          returning 1
        ),
        visitor as (${visitorOf(input.visit, sql`counted`)})
        select (select count(*) from counted)::int as counted`);
      return Number(row?.counted ?? 0) > 0;
    },

    /** The period's totals: events by kind (promo by button) and the days' unique visitors added up. */
    async totals(period: Period): Promise<PeriodCounts> {
      const [row] = await rows<Record<string, number>>(sql`
        select
          count(*) filter (where kind = 'click')::int as clicks,
          count(*) filter (where kind = 'product-view')::int as "productViews",
          count(*) filter (where kind = 'view')::int as "finderViews",
          count(*) filter (where kind = 'promo' and source = 'signup')::int as signup,
          count(*) filter (where kind = 'promo' and source = 'join')::int as "join",
          count(*) filter (where kind = 'promo' and source = 'copy-code')::int as "copyCode",
          (select count(*) from analytics_visitors where day between ${period.from}::date and ${period.to}::date)::int as visitors
        from analytics_events
        where ${inPeriod(period)}`);
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        clicks: n('clicks'),
        productViews: n('productViews'),
        finderViews: n('finderViews'),
        visitors: n('visitors'),
        promo: { signup: n('signup'), join: n('join'), 'copy-code': n('copyCode') },
      };
    },

    /** Every day of the period with its counts, zeros included. */
    async perDay(period: Period): Promise<DayCount[]> {
      const result = await rows<Record<string, string | number>>(sql`
        select to_char(d, 'YYYY-MM-DD') as date,
          coalesce(e.clicks, 0)::int as clicks, coalesce(e.product_views, 0)::int as "productViews",
          coalesce(v.visitors, 0)::int as visitors, coalesce(e.views, 0)::int as "finderViews"
        from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
        left join (
          select (occurred_at at time zone 'UTC')::date as day,
            count(*) filter (where kind = 'click') as clicks,
            count(*) filter (where kind = 'product-view') as product_views,
            count(*) filter (where kind = 'view') as views
          from analytics_events
          where ${inPeriod(period)}
          group by 1
        ) e on e.day = d::date
        left join (
          select day, count(*) as visitors from analytics_visitors
          where day between ${period.from}::date and ${period.to}::date
          group by day
        ) v on v.day = d::date
        order by d`);
      return result.map((r) => ({
        date: String(r.date),
        clicks: Number(r.clicks),
        productViews: Number(r.productViews),
        visitors: Number(r.visitors),
        finderViews: Number(r.finderViews),
      }));
    },

    /** Clicks per agent (null: the plain store link), with the agent's name now when it still exists. */
    async clicksByAgent(period: Period): Promise<AgentClicks[]> {
      const result = await rows<AgentClicks>(sql`
        select e.agent, a.name, count(*)::int as clicks
        from analytics_events e left join agents a on a.slug = e.agent
        where e.kind = 'click' and ${inPeriod(period, sql`e.occurred_at`)}
        group by e.agent, a.name
        order by clicks desc, e.agent asc nulls last`);
      return result.map((r) => ({ agent: r.agent, name: r.name, clicks: Number(r.clicks) }));
    },

    /** The converter's clicks and the promotions' clicks per agent, with the agent's name now when it still exists. */
    async agentActivity(period: Period): Promise<AgentActivity[]> {
      const result = await rows<AgentActivity>(sql`
        select e.agent, a.name,
          count(*) filter (where e.kind = 'convert-click')::int as "converterClicks",
          count(*) filter (where e.kind = 'agent-promo' and e.source = 'link')::int as "promoLinks",
          count(*) filter (where e.kind = 'agent-promo' and e.source = 'copy-code')::int as "promoCodes"
        from analytics_events e left join agents a on a.slug = e.agent
        where e.kind in ('convert-click', 'agent-promo') and e.agent is not null and ${inPeriod(period, sql`e.occurred_at`)}
        group by e.agent, a.name
        order by count(*) desc, e.agent asc`);
      return result.map((r) => ({
        agent: r.agent,
        name: r.name,
        converterClicks: Number(r.converterClicks),
        promoLinks: Number(r.promoLinks),
        promoCodes: Number(r.promoCodes),
      }));
    },

    /**
     * The most clicked products, then the most viewed, with their title and category now; the events of deleted
     * products (their id is gone) form one entry with a null id.
     */
    async topProducts(period: Period, limit: number): Promise<ProductCounts[]> {
      const result = await rows<ProductCounts>(sql`
        select e.product_id as "productId", p.title, p.category,
          count(*) filter (where e.kind = 'click')::int as clicks,
          count(*) filter (where e.kind = 'product-view')::int as "productViews"
        from analytics_events e left join products p on p.id = e.product_id
        where e.kind in ('click', 'product-view') and ${inPeriod(period, sql`e.occurred_at`)}
        group by e.product_id, p.title, p.category
        order by clicks desc, "productViews" desc, p.title asc nulls last, e.product_id
        limit ${limit}`);
      return result.map((r) => ({ ...r, clicks: Number(r.clicks), productViews: Number(r.productViews) }));
    },

    /**
     * Clicks and product views by the product's category as it is now (spellings that differ only in case or spaces
     * are one category); the events of deleted products form a row of their own.
     */
    async byCategory(period: Period): Promise<CategoryCounts[]> {
      const result = await rows<CategoryCounts>(sql`
        select min(nullif(btrim(p.category), '')) as category, (e.product_id is null) as deleted,
          count(*) filter (where e.kind = 'click')::int as clicks,
          count(*) filter (where e.kind = 'product-view')::int as "productViews"
        from analytics_events e left join products p on p.id = e.product_id
        where e.kind in ('click', 'product-view') and ${inPeriod(period, sql`e.occurred_at`)}
        group by (e.product_id is null), lower(nullif(btrim(p.category), ''))`);
      return result.map((r) => ({
        category: r.category,
        deleted: Boolean(r.deleted),
        clicks: Number(r.clicks),
        productViews: Number(r.productViews),
      }));
    },

    /** How many products each category holds now; blank and missing categories are one group (null). */
    async productsByCategory(): Promise<CategoryCount[]> {
      const result = await rows<CategoryCount>(sql`
        select min(nullif(btrim(category), '')) as category, count(*)::int as count
        from products
        group by lower(nullif(btrim(category), ''))`);
      return result.map((r) => ({ category: r.category, count: Number(r.count) }));
    },

    /** The category list's names, so categories nobody clicked still show with zero. */
    async categoryNames(): Promise<string[]> {
      const result = await rows<{ name: string }>(sql`select name from categories`);
      return result.map((r) => r.name);
    },

    /**
     * Deletes the events and daily visitors of the days more than `retentionDays` before `today` (whole UTC days, so
     * a day's clicks never outlive its product views), the fixed-window counters whose window has passed, the
     * once-a-day counters of past days (any older than a day) and the keys of past days. Answers how many of each.
     */
    async sweep(today: string, retentionDays: number, keyMaxAgeSeconds: number) {
      const count = async (query: SQL) => Number((await rows<{ n: number }>(query))[0]?.n ?? 0);
      const events = await count(sql`
        with gone as (
          delete from analytics_events
          where occurred_at < (${today}::date - ${retentionDays}::int)::timestamp at time zone 'UTC'
          returning 1
        )
        select count(*)::int as n from gone`);
      const visitors = await count(sql`
        with gone as (delete from analytics_visitors where day < ${today}::date - ${retentionDays}::int returning 1)
        select count(*)::int as n from gone`);
      // Other modules keep counters here too (requests: 'req:…', their window's end stored as window_start): every
      // key but the once-a-day ones goes once its window_start is `keyMaxAgeSeconds` past.
      const keys = await count(sql`
        with gone as (
          delete from analytics_keys
          where (key like 'day:%' and window_start < now() - interval '1 day')
            or (key not like 'day:%' and window_start < now() - make_interval(secs => ${keyMaxAgeSeconds}))
          returning 1
        )
        select count(*)::int as n from gone`);
      const dayKeys = await forgetDayKeys(today);
      return { events, visitors, keys, dayKeys };
    },

    /**
     * Once (a marker row in app_secrets says it is done): gives every click recorded before issue 16, when product
     * views were not counted, the product view it implies, so no product has more clicks than views on any day. A
     * product's day with more clicks than views can only come from then; the missing views are stored at its first
     * click. Answers the views added, or null when it was done already.
     */
    async addLegacyImpliedViews(): Promise<number | null> {
      const [row] = await rows<{ done: number; added: number }>(sql`
        with marker as (
          insert into app_secrets (name, value) values (${LEGACY_VIEWS_MARKER}::text, 'done')
          on conflict (name) do nothing returning 1
        ),
        gaps as (
          select product_id, min(category) filter (where kind = 'click') as category,
            min(occurred_at) filter (where kind = 'click') as at,
            count(*) filter (where kind = 'click') - count(*) filter (where kind = 'product-view') as missing
          from analytics_events
          where kind in ('click', 'product-view') and exists (select 1 from marker)
          group by product_id, (occurred_at at time zone 'UTC')::date
        ),
        added as (
          insert into analytics_events (kind, product_id, category, occurred_at)
          select 'product-view', g.product_id, g.category, g.at from gaps g, generate_series(1, g.missing::int) where g.missing > 0
          returning 1
        )
        select (select count(*) from marker)::int as done, (select count(*) from added)::int as added`);
      return Number(row?.done ?? 0) > 0 ? Number(row?.added ?? 0) : null;
    },

    /**
     * The Popular order's counts (issue 14): each product's outbound clicks in the `days` whole UTC days before
     * `today` (YYYY-MM-DD), written to products.popularity once a day. The first process to claim the day does it
     * (the claim and the counts commit together); the others find it done. Answers how many products changed, or
     * null when the day was counted already.
     */
    async recountPopularity(today: string, days: number): Promise<number | null> {
      return database.db.transaction(async (tx) => {
        const run = async <T>(query: SQL) => rowsOf<T>(tx, query);
        const claimed = await run<{ id: boolean }>(
          sql`update popularity_state set counted_for = ${today}::date where counted_for < ${today}::date returning id`,
        );
        if (!claimed.length) return null;
        const [changed] = await run<{ n: number }>(sql`
          with counts as (
            select product_id as id, count(*)::int as n from analytics_events
            where kind = 'click' and product_id is not null
              and occurred_at >= (${today}::date - ${days}::int)::timestamp at time zone 'UTC'
              and occurred_at < ${today}::date::timestamp at time zone 'UTC'
            group by product_id
          ), updated as (
            update products p set popularity = coalesce(c.n, 0)
            from (select id from products where popularity <> 0 union select id from counts) touched
            left join counts c on c.id = touched.id
            where p.id = touched.id and p.popularity <> coalesce(c.n, 0)
            returning 1
          )
          select count(*)::int as n from updated`);
        return changed?.n ?? 0;
      });
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
