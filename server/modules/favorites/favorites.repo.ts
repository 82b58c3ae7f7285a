import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lowestPricesOf } from '../price-history/price-history.repo';

/** One saved find as stored: the product's id, the price when saved and when. */
export type FavoriteRow = { productId: string; savedPrice: number; createdAt: Date; priceAlert: boolean };

/** A find to add: the price and time it was saved (from the browser's copy, or now). */
export type FavoriteValues = { productId: string; savedPrice: number | null; savedAt: Date | null };

type RawFavorite = { productId: string; savedPrice: string | number; createdAt: Date | string; priceAlert: boolean };

const toRow = (r: RawFavorite): FavoriteRow => ({
  productId: r.productId,
  savedPrice: Number(r.savedPrice),
  createdAt: new Date(r.createdAt),
  priceAlert: r.priceAlert,
});

/** Favourites and their share links (tables in server/db/schema/finds.ts). */
export function createFavoritesRepo(database: Database) {
  const { rows } = database;
  return {
    /** The lowest price each product has had (its price history, issue 29). */
    lowestPrices: (productIds: readonly string[]) => lowestPricesOf(database, productIds),

    /** Whether the account is mailed about every favourite's drops. */
    async alertsAll(userId: string): Promise<boolean> {
      const [row] = await rows<{ all: boolean }>(
        sql`select price_alerts_all as "all" from user_preferences where user_id = ${userId}::uuid`,
      );
      return row?.all ?? false;
    },

    /** The account's favourites, newest first (a deleted product's row went with it: the foreign key cascades). */
    async list(userId: string): Promise<FavoriteRow[]> {
      const found = await rows<RawFavorite>(sql`
        select product_id as "productId", saved_price as "savedPrice", created_at as "createdAt", price_alert as "priceAlert"
        from favorites where user_id = ${userId}::uuid order by created_at desc, product_id`);
      return found.map(toRow);
    },

    async find(userId: string, productId: string): Promise<FavoriteRow | null> {
      const [row] = await rows<RawFavorite>(sql`
        select product_id as "productId", saved_price as "savedPrice", created_at as "createdAt", price_alert as "priceAlert"
        from favorites where user_id = ${userId}::uuid and product_id = ${productId}::uuid`);
      return row ? toRow(row) : null;
    },

    async count(userId: string): Promise<number> {
      const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from favorites where user_id = ${userId}::uuid`);
      return row?.n ?? 0;
    },

    /**
     * Adds finds the account does not have yet, in the order given, while the account stays within `max`; one
     * already saved keeps its earlier price and time. A product that does not exist is skipped; a saved price
     * not given is the product's current one, a time not given is now (a time in the future is now too). Two
     * requests at once can each see room for the last place: the limit is a courtesy, not a guarantee.
     * Answers the product ids it added.
     */
    async addMissing(userId: string, items: readonly FavoriteValues[], max: number): Promise<string[]> {
      if (items.length === 0) return [];
      const given = JSON.stringify(
        items.map((item, i) => ({ i, id: item.productId, price: item.savedPrice, at: item.savedAt?.toISOString() ?? null })),
      );
      const added = await rows<{ productId: string }>(sql`
        with given as (
          select (g->>'i')::int as i, (g->>'id')::uuid as product_id, (g->>'price')::numeric as price,
                 least(coalesce((g->>'at')::timestamptz, now()), now()) as at
          from jsonb_array_elements(${given}::jsonb) g
        ), fresh as (
          select g.i, g.product_id, coalesce(g.price, p.price) as price, g.at
          from given g join products p on p.id = g.product_id
          where not exists (select 1 from favorites f where f.user_id = ${userId}::uuid and f.product_id = g.product_id)
        ), room as (
          select greatest(${max} - (select count(*) from favorites where user_id = ${userId}::uuid), 0) as n
        )
        insert into favorites (user_id, product_id, saved_price, created_at)
        select ${userId}::uuid, product_id, price, at from fresh
        order by i limit (select n from room)
        on conflict do nothing
        returning product_id as "productId"`);
      return added.map((r) => r.productId);
    },

    /** True when there was such a favourite. */
    async remove(userId: string, productId: string): Promise<boolean> {
      const gone = await rows<{ productId: string }>(
        sql`delete from favorites where user_id = ${userId}::uuid and product_id = ${productId}::uuid returning product_id as "productId"`,
      );
      return gone.length > 0;
    },

    async shareToken(userId: string): Promise<string | null> {
      const [row] = await rows<{ token: string }>(sql`select token from favorite_shares where user_id = ${userId}::uuid`);
      return row?.token ?? null;
    },

    /** Keeps the account's token, or sets `token` when it has none (or when `replace`); answers the token now in use. */
    async share(userId: string, token: string, replace: boolean): Promise<string> {
      const [row] = await rows<{ token: string }>(
        replace
          ? sql`insert into favorite_shares (user_id, token) values (${userId}::uuid, ${token})
                on conflict (user_id) do update set token = excluded.token, created_at = now() returning token`
          : sql`with kept as (
                  insert into favorite_shares (user_id, token) values (${userId}::uuid, ${token})
                  on conflict (user_id) do nothing returning token
                )
                select token from kept union all select token from favorite_shares where user_id = ${userId}::uuid limit 1`,
      );
      if (!row) throw new Error('share returned no token');
      return row.token;
    },

    async unshare(userId: string): Promise<boolean> {
      const gone = await rows<{ token: string }>(sql`delete from favorite_shares where user_id = ${userId}::uuid returning token`);
      return gone.length > 0;
    },

    /** Whose list a token shares; null for a token no account has. */
    async ownerOfToken(token: string): Promise<string | null> {
      const [row] = await rows<{ userId: string }>(sql`select user_id as "userId" from favorite_shares where token = ${token}`);
      return row?.userId ?? null;
    },
  };
}
export type FavoritesRepo = ReturnType<typeof createFavoritesRepo>;
