import { sql } from 'drizzle-orm';
import { PRICE_HISTORY_POINTS_MAX, type PriceCauseKind, type PriceHistory } from '../../../common/schemas/price-history';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';

/**
 * What a transaction tells the price history about the prices it is about to change (decision 0066): the trigger
 * `products_keep_prices` (migration 0024) reads it from `finder.price_cause`, so every statement of the transaction
 * that changes a price is recorded with it. Set it before the statements, in their transaction.
 */
export type PriceCause = {
  cause: PriceCauseKind;
  actorId?: string | null | undefined;
  changeId?: string | null | undefined;
  importId?: string | null | undefined;
};

/** Names the cause of the price changes the rest of this transaction makes (a transaction-local setting). */
export async function setPriceCause(executor: Pick<Executor, 'execute'>, cause: PriceCause): Promise<void> {
  const value = JSON.stringify({
    cause: cause.cause,
    actorId: cause.actorId ?? null,
    changeId: cause.changeId ?? null,
    importId: cause.importId ?? null,
  });
  await executor.execute(sql`select set_config('finder.price_cause', ${value}, true)`);
}

/**
 * An import's batches name the import (a synced sheet's run says 'sync'), its change and who started it; read from
 * the import's row in the batch's own transaction.
 */
export async function setImportPriceCause(executor: Pick<Executor, 'execute'>, importId: string): Promise<void> {
  await executor.execute(sql`
    select set_config('finder.price_cause', jsonb_build_object(
      'cause', case when source_id is null then 'import' else 'sync' end,
      'actorId', actor_id, 'changeId', change_id, 'importId', id)::text, true)
    from imports where id = ${importId}::uuid`);
}

type RawPoint = { price: string | number; at: Date | string };
const toPoint = (r: RawPoint) => ({ price: Number(r.price), at: new Date(r.at).toISOString() });

/** A product's latest prices, oldest first, and its lowest (first reached); null when it has no history yet. */
export async function priceHistoryOf(database: Pick<Database, 'db'>, productId: string): Promise<PriceHistory | null> {
  const [row] = await rowsOf<{ points: RawPoint[] | null; lowest: RawPoint | null }>(
    database.db,
    sql`
    select
      (select jsonb_agg(jsonb_build_object('price', l.price, 'at', l.changed_at) order by l.changed_at, l.id)
       from (select price, changed_at, id from price_history where product_id = ${productId}::uuid
             order by changed_at desc, id desc limit ${PRICE_HISTORY_POINTS_MAX}) l) as points,
      (select jsonb_build_object('price', price, 'at', changed_at) from price_history where product_id = ${productId}::uuid
       order by price, changed_at, id limit 1) as lowest`,
  );
  if (!row?.points || !row.lowest) return null;
  return { points: row.points.map(toPoint), lowest: toPoint(row.lowest) };
}

/** The lowest price each of these products has had (the favourites list shows it). */
export async function lowestPricesOf(database: Pick<Database, 'db'>, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; lowest: string | number }>(
    database.db,
    sql`select product_id as id, min(price) as lowest from price_history
        where product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid) group by product_id`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.lowest)]));
}

/** One favourite of a digest: its price now and at the last digest (or when saved). */
export type DigestItem = { productId: string; number: number; title: string; price: number; was: number };
/** `currency`: the display currency the account chose (null: the store's base). */
export type DigestRecipient = {
  userId: string;
  email: string;
  currency: string | null;
  /** The site language the account chose (issue 41): the digest is written in it; null: English. */
  language: string | null;
  items: DigestItem[];
};

/** Price alerts (issue 29): the switches, the daily digest's recipients and its once-a-day claim. */
export function createPriceAlertsRepo(database: Database) {
  const { rows } = database;
  /** The start of `now`'s UTC day: an account is mailed at most once between two of them. */
  const dayStart = (now: Date) => sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'`;
  return {
    async settings(userId: string): Promise<{ all: boolean }> {
      const [row] = await rows<{ all: boolean }>(
        sql`select price_alerts_all as "all" from user_preferences where user_id = ${userId}::uuid`,
      );
      return { all: row?.all ?? false };
    },

    async setAll(userId: string, all: boolean): Promise<void> {
      await rows(sql`
        insert into user_preferences (user_id, price_alerts_all) values (${userId}::uuid, ${all})
        on conflict (user_id) do update set price_alerts_all = excluded.price_alerts_all, updated_at = now()`);
    },

    /** False when the product is not among the account's favourites. */
    async setFavorite(userId: string, productId: string, on: boolean): Promise<boolean> {
      const changed = await rows<{ id: string }>(sql`
        update favorites set price_alert = ${on} where user_id = ${userId}::uuid and product_id = ${productId}::uuid
        returning product_id as id`);
      return changed.length > 0;
    },

    /** Every alert of the account off (the unsubscribe link); false when the account is gone. */
    async unsubscribe(userId: string): Promise<boolean> {
      const [user] = await rows<{ id: string }>(sql`select id from users where id = ${userId}::uuid`);
      if (!user) return false;
      await rows(sql`update favorites set price_alert = false where user_id = ${userId}::uuid and price_alert`);
      await rows(
        sql`update user_preferences set price_alerts_all = false, updated_at = now() where user_id = ${userId}::uuid and price_alerts_all`,
      );
      return true;
    },

    /**
     * The accounts with an alert that have had no digest today (UTC), each with its alerted favourites whose price is
     * below what it was at the last digest, or when saved if that was later (or there was none). Accounts with no
     * such favourite are left out.
     */
    async digestRecipients(now: Date): Promise<DigestRecipient[]> {
      const found = await rows<{
        userId: string;
        email: string;
        currency: string | null;
        language: string | null;
        productId: string;
        number: number;
        title: string;
        price: string | number;
        was: string | number;
      }>(sql`
        with subscribers as (
          select u.id as user_id, u.email, pr.currency, pr.language, coalesce(pr.price_alerts_all, false) as all_on, pr.price_digest_at as last
          from users u left join user_preferences pr on pr.user_id = u.id
          where (pr.price_alerts_all or exists (select 1 from favorites f where f.user_id = u.id and f.price_alert))
            and (pr.price_digest_at is null or pr.price_digest_at < ${dayStart(now)})
        )
        select s.user_id as "userId", s.email, s.currency, s.language, p.id as "productId", p.number, p.title, p.price, ref.price as was
        from subscribers s
        join favorites f on f.user_id = s.user_id and (s.all_on or f.price_alert)
        join products p on p.id = f.product_id
        cross join lateral (
          select coalesce(
            case when s.last is not null and s.last > f.created_at then
              (select h.price from price_history h where h.product_id = p.id and h.changed_at <= s.last
               order by h.changed_at desc, h.id desc limit 1)
            end, f.saved_price) as price
        ) ref
        where p.price < ref.price
        order by s.user_id, p.number`);
      const byUser = new Map<string, DigestRecipient>();
      for (const r of found) {
        const recipient = byUser.get(r.userId) ?? {
          userId: r.userId,
          email: r.email,
          currency: r.currency,
          language: r.language,
          items: [],
        };
        recipient.items.push({ productId: r.productId, number: r.number, title: r.title, price: Number(r.price), was: Number(r.was) });
        byUser.set(r.userId, recipient);
      }
      return [...byUser.values()];
    },

    /**
     * Claims today's digest of an account: true once a UTC day (another process or run that got there first makes it
     * false). Answers the time it replaced, so a digest that could not be sent can give its claim back.
     */
    async claimDigest(userId: string, now: Date): Promise<{ claimed: boolean; previous: Date | null }> {
      const [row] = await rows<{ previous: Date | string | null }>(sql`
        with before as (select price_digest_at from user_preferences where user_id = ${userId}::uuid for update)
        update user_preferences set price_digest_at = ${now.toISOString()}::timestamptz
        where user_id = ${userId}::uuid and (price_digest_at is null or price_digest_at < ${dayStart(now)})
        returning (select price_digest_at from before) as previous`);
      if (row) return { claimed: true, previous: row.previous ? new Date(row.previous) : null };
      const inserted = await rows<{ id: string }>(sql`
        insert into user_preferences (user_id, price_digest_at) values (${userId}::uuid, ${now.toISOString()}::timestamptz)
        on conflict (user_id) do nothing returning user_id as id`);
      return { claimed: inserted.length > 0, previous: null };
    },

    async releaseDigest(userId: string, previous: Date | null): Promise<void> {
      await rows(sql`update user_preferences set price_digest_at = ${previous ? previous.toISOString() : null}::timestamptz
        where user_id = ${userId}::uuid`);
    },
  };
}
export type PriceAlertsRepo = ReturnType<typeof createPriceAlertsRepo>;
