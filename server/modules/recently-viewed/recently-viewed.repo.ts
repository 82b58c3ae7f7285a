import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type ViewRow = { productId: string; viewedAt: Date };

/** Recently viewed products of an account (table in server/db/schema/finds.ts). */
export function createRecentlyViewedRepo(database: Database) {
  const { rows } = database;
  return {
    /** Newest first (a removed product's row went with it: the foreign key cascades). */
    async list(userId: string, max: number): Promise<ViewRow[]> {
      const found = await rows<{ productId: string; viewedAt: Date | string }>(sql`
        select product_id as "productId", viewed_at as "viewedAt" from recently_viewed
        where user_id = ${userId}::uuid order by viewed_at desc, product_id limit ${max}`);
      return found.map((r) => ({ productId: r.productId, viewedAt: new Date(r.viewedAt) }));
    },

    /**
     * Records views (a later time wins for a product already there; times in the future are now), then keeps the
     * account's `max` newest. Products that do not exist are skipped. One statement, so two tabs cannot leave more.
     */
    async record(userId: string, views: ReadonlyArray<{ productId: string; viewedAt: Date | null }>, max: number): Promise<void> {
      if (views.length === 0) return;
      const given = JSON.stringify(views.map((v) => ({ id: v.productId, at: v.viewedAt?.toISOString() ?? null })));
      await rows(sql`
        with given as (
          select distinct on ((g->>'id')::uuid) (g->>'id')::uuid as product_id,
                 least(coalesce((g->>'at')::timestamptz, now()), now()) as at
          from jsonb_array_elements(${given}::jsonb) g order by (g->>'id')::uuid, 2 desc
        ), written as (
          insert into recently_viewed (user_id, product_id, viewed_at)
          select ${userId}::uuid, g.product_id, g.at from given g join products p on p.id = g.product_id
          on conflict (user_id, product_id) do update set viewed_at = greatest(recently_viewed.viewed_at, excluded.viewed_at)
          returning product_id, viewed_at
        ), everything as (
          select product_id, viewed_at from written
          union all
          select product_id, viewed_at from recently_viewed
          where user_id = ${userId}::uuid and product_id not in (select product_id from written)
        ), beyond as (
          select product_id from everything order by viewed_at desc, product_id offset ${max}
        )
        delete from recently_viewed where user_id = ${userId}::uuid and product_id in (select product_id from beyond)`);
    },

    async clear(userId: string): Promise<void> {
      await rows(sql`delete from recently_viewed where user_id = ${userId}::uuid`);
    },
  };
}
export type RecentlyViewedRepo = ReturnType<typeof createRecentlyViewedRepo>;
