import { sql, type SQL } from 'drizzle-orm';
import type { ClickSource } from '../../../common/schemas/analytics';
import type { Database } from '../../db/client';

/** A half-open range of instants [start, end): whole UTC days. */
export type Period = { from: string; to: string; start: Date; end: Date };

export type DayCount = { date: string; clicks: number; views: number };
export type ProductClicks = { productId: string | null; title: string | null; category: string | null; clicks: number };
export type CategoryCount = { category: string | null; count: number };

/** What recording a click did: the product is unknown, or the click was counted, or it repeated a counted one. */
export type ClickOutcome = 'unknown-product' | 'counted' | 'repeat';

/**
 * The only code that touches analytics_events and analytics_keys. Each recording is one statement, so two
 * processes (or two requests of one double-click) racing on the same key still count once: the key's row lock
 * decides, and the loser sees the winner's fresh window.
 */
export function createAnalyticsRepo(database: Database) {
  const { rows } = database;
  return {
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
     * Records a click on a known product unless `repeatKey` saw a counted click within the window. The product's
     * category is copied as it is now, so renaming a category later does not rewrite history.
     */
    async recordClick(input: { productId: string; source: ClickSource; repeatKey: string; windowSeconds: number }): Promise<ClickOutcome> {
      const [row] = await rows<{ known: number; counted: number }>(sql`
        with product as (
          select id, category from products where id = ${input.productId}::uuid
        ),
        fresh as (
          insert into analytics_keys as k (key, window_start, hits)
          select ${input.repeatKey}::text, now(), 1 from product
          on conflict (key) do update set window_start = now(), hits = k.hits + 1
            where k.window_start <= now() - make_interval(secs => ${input.windowSeconds})
          returning 1
        ),
        counted as (
          insert into analytics_events (kind, product_id, category, source)
          select 'click', product.id, product.category, ${input.source}::text from product
          where exists (select 1 from fresh)
          returning 1
        )
        select (select count(*) from product)::int as known, (select count(*) from counted)::int as counted`);
      if (!row || Number(row.known) === 0) return 'unknown-product';
      return Number(row.counted) > 0 ? 'counted' : 'repeat';
    },

    /** Records a finder page view unless `repeatKey` saw a counted view within the window; true when counted. */
    async recordView(input: { repeatKey: string; windowSeconds: number }): Promise<boolean> {
      const [row] = await rows<{ counted: number }>(sql`
        with fresh as (
          insert into analytics_keys as k (key, window_start, hits) values (${input.repeatKey}::text, now(), 1)
          on conflict (key) do update set window_start = now(), hits = k.hits + 1
            where k.window_start <= now() - make_interval(secs => ${input.windowSeconds})
          returning 1
        ),
        counted as (
          insert into analytics_events (kind) select 'view' from fresh returning 1
        )
        select (select count(*) from counted)::int as counted`);
      return Number(row?.counted ?? 0) > 0;
    },

    /** Every day of the period with its clicks and views, zeros included. */
    async perDay(period: Period): Promise<DayCount[]> {
      const result = await rows<{ date: string; clicks: number; views: number }>(sql`
        select to_char(d, 'YYYY-MM-DD') as date, coalesce(e.clicks, 0)::int as clicks, coalesce(e.views, 0)::int as views
        from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
        left join (
          select (occurred_at at time zone 'UTC')::date as day,
            count(*) filter (where kind = 'click') as clicks,
            count(*) filter (where kind = 'view') as views
          from analytics_events
          where occurred_at >= ${period.start.toISOString()}::timestamptz and occurred_at < ${period.end.toISOString()}::timestamptz
          group by 1
        ) e on e.day = d::date
        order by d`);
      return result.map((r) => ({ date: r.date, clicks: Number(r.clicks), views: Number(r.views) }));
    },

    /** The most clicked products; the clicks of deleted products (their id is gone) form one entry with a null id. */
    async topProducts(period: Period, limit: number): Promise<ProductClicks[]> {
      const result = await rows<ProductClicks>(sql`
        select e.product_id as "productId", p.title, p.category, count(*)::int as clicks
        from analytics_events e left join products p on p.id = e.product_id
        where e.kind = 'click'
          and e.occurred_at >= ${period.start.toISOString()}::timestamptz and e.occurred_at < ${period.end.toISOString()}::timestamptz
        group by e.product_id, p.title, p.category
        order by clicks desc, p.title asc nulls last, e.product_id
        limit ${limit}`);
      return result.map((r) => ({ ...r, clicks: Number(r.clicks) }));
    },

    /** Clicks per category as it was when clicked; spellings that differ only in case or spaces are one category. */
    async clicksByCategory(period: Period): Promise<CategoryCount[]> {
      const result = await rows<CategoryCount>(sql`
        select min(nullif(btrim(category), '')) as category, count(*)::int as count
        from analytics_events
        where kind = 'click'
          and occurred_at >= ${period.start.toISOString()}::timestamptz and occurred_at < ${period.end.toISOString()}::timestamptz
        group by lower(nullif(btrim(category), ''))`);
      return result.map((r) => ({ category: r.category, count: Number(r.count) }));
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

    /** Deletes events older than the retention and counters whose window has passed; answers how many of each. */
    async sweep(retentionDays: number, keyMaxAgeSeconds: number): Promise<{ events: number; keys: number }> {
      const events = await rows<{ n: number }>(sql`
        with gone as (delete from analytics_events where occurred_at < now() - make_interval(days => ${retentionDays}) returning 1)
        select count(*)::int as n from gone`);
      const keys = await rows<{ n: number }>(sql`
        with gone as (delete from analytics_keys where window_start < now() - make_interval(secs => ${keyMaxAgeSeconds}) returning 1)
        select count(*)::int as n from gone`);
      return { events: Number(events[0]?.n ?? 0), keys: Number(keys[0]?.n ?? 0) };
    },

    /**
     * The Popular order's counts (issue 14): each product's outbound clicks in the `days` whole UTC days before
     * `today` (YYYY-MM-DD), written to products.popularity once a day. The first process to claim the day does it
     * (the claim and the counts commit together); the others find it done. Answers how many products changed, or
     * null when the day was counted already.
     */
    async recountPopularity(today: string, days: number): Promise<number | null> {
      return database.db.transaction(async (tx) => {
        const run = async <T>(query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
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
