import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type SavedSearchRow = {
  id: string;
  name: string;
  query: string;
  mail: boolean;
  createdAt: Date;
  lastOpenedAt: Date | null;
  checkedAt: Date;
};

/** A search due for a mail, with what its account's mail needs. */
export type DueSearch = {
  id: string;
  userId: string;
  name: string;
  query: string;
  checkedAt: Date;
  email: string;
  currency: string | null;
  language: string | null;
};

type RawRow = Omit<SavedSearchRow, 'createdAt' | 'lastOpenedAt' | 'checkedAt'> & {
  createdAt: Date | string;
  lastOpenedAt: Date | string | null;
  checkedAt: Date | string;
};
const toRow = (r: RawRow): SavedSearchRow => ({
  ...r,
  createdAt: new Date(r.createdAt),
  lastOpenedAt: r.lastOpenedAt ? new Date(r.lastOpenedAt) : null,
  checkedAt: new Date(r.checkedAt),
});
const COLUMNS = sql`id, name, query, mail, created_at as "createdAt", last_opened_at as "lastOpenedAt", checked_at as "checkedAt"`;

/** Saved searches (issue 42, decision 0085): the account's list, and the mail run's batches and once-a-day claim. */
export function createSavedSearchesRepo(database: Database) {
  const { rows } = database;
  /** The start of `now`'s UTC day: an account is mailed at most once between two of them. */
  const dayStart = (now: Date) => sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'`;
  return {
    /** Newest first. */
    async list(userId: string): Promise<SavedSearchRow[]> {
      const found = await rows<RawRow>(
        sql`select ${COLUMNS} from saved_searches where user_id = ${userId}::uuid order by created_at desc, id`,
      );
      return found.map(toRow);
    },

    async find(userId: string, id: string): Promise<SavedSearchRow | null> {
      const [found] = await rows<RawRow>(sql`select ${COLUMNS} from saved_searches where user_id = ${userId}::uuid and id = ${id}::uuid`);
      return found ? toRow(found) : null;
    },

    /**
     * Holds the account's row until the transaction ends, so two saves at once count one after the other (the limit
     * is read after it). False when the account is gone.
     */
    async lockAccount(userId: string): Promise<boolean> {
      return (await rows(sql`select id from users where id = ${userId}::uuid for update`)).length > 0;
    },

    /** How many the account keeps, and whether one of them has this name (any case). */
    async countAndName(userId: string, name: string): Promise<{ count: number; nameTaken: boolean }> {
      const [row] = await rows<{ count: number | string; taken: boolean }>(sql`
        select count(*) as count, coalesce(bool_or(lower(name) = lower(${name})), false) as taken
        from saved_searches where user_id = ${userId}::uuid`);
      return { count: Number(row?.count ?? 0), nameTaken: Boolean(row?.taken) };
    },

    async insert(userId: string, input: { name: string; query: string; mail: boolean }): Promise<SavedSearchRow> {
      const [row] = await rows<RawRow>(sql`
        insert into saved_searches (user_id, name, query, mail) values (${userId}::uuid, ${input.name}, ${input.query}, ${input.mail})
        returning ${COLUMNS}`);
      if (!row) throw new Error('the saved search was not written');
      return toRow(row);
    },

    /** Whether another search of the account has this name (any case). */
    async nameTaken(userId: string, name: string, except: string): Promise<boolean> {
      const found = await rows(sql`
        select 1 from saved_searches where user_id = ${userId}::uuid and lower(name) = lower(${name}) and id <> ${except}::uuid`);
      return found.length > 0;
    },

    /** Null when the account has no such search. */
    async update(
      userId: string,
      id: string,
      change: { name?: string | undefined; mail?: boolean | undefined },
    ): Promise<SavedSearchRow | null> {
      const [row] = await rows<RawRow>(sql`
        update saved_searches set name = coalesce(${change.name ?? null}::text, name), mail = coalesce(${change.mail ?? null}::boolean, mail)
        where user_id = ${userId}::uuid and id = ${id}::uuid returning ${COLUMNS}`);
      return row ? toRow(row) : null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      return (await rows(sql`delete from saved_searches where user_id = ${userId}::uuid and id = ${id}::uuid returning id`)).length > 0;
    },

    /** Marks it opened now; answers it as it was before (its previous opening bounds what is new). */
    async opened(userId: string, id: string, now: Date): Promise<SavedSearchRow | null> {
      const [row] = await rows<RawRow>(sql`
        with before as (select ${COLUMNS} from saved_searches where user_id = ${userId}::uuid and id = ${id}::uuid for update),
        done as (update saved_searches set last_opened_at = ${now.toISOString()}::timestamptz where id in (select id from before))
        select * from before`);
      return row ? toRow(row) : null;
    },

    /** The mail of one search off (its unsubscribe link); false when it is gone. */
    async mailOff(userId: string, id: string): Promise<{ name: string } | null> {
      const [row] = await rows<{ name: string }>(
        sql`update saved_searches set mail = false where user_id = ${userId}::uuid and id = ${id}::uuid returning name`,
      );
      return row ?? null;
    },

    /** The mail of every search of the account off (the "all" unsubscribe link). */
    async mailOffAll(userId: string): Promise<void> {
      await rows(sql`update saved_searches set mail = false where user_id = ${userId}::uuid and mail`);
    },

    /**
     * The time before which every product is written and visible: now, or the start of the oldest transaction still
     * running in this database (an import's batch commits products dated at its start). A mail's bound moves to it,
     * so a product committed late is still found by the next run.
     */
    async horizon(): Promise<Date> {
      const [row] = await rows<{ at: Date | string }>(sql`
        select least(now(), coalesce((select min(xact_start) from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and xact_start is not null), now())) as at`);
      return row ? new Date(row.at) : new Date();
    },

    /** When the newest product was added (null: none): a search checked after it has nothing new. */
    async newestProduct(): Promise<Date | null> {
      const [row] = await rows<{ at: Date | string | null }>(sql`select max(created_at) as at from products`);
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * One batch of the mail run: the searches with their mail on of up to `accounts` accounts after `afterUser` (in
     * id order) that have had no saved-search mail today (UTC) and have a search checked before the newest product.
     */
    async dueBatch(now: Date, newest: Date, afterUser: string | null, accounts: number): Promise<DueSearch[]> {
      const found = await rows<Omit<DueSearch, 'checkedAt'> & { checkedAt: Date | string }>(sql`
        with due as (
          select distinct s.user_id from saved_searches s
          left join user_preferences pr on pr.user_id = s.user_id
          where s.mail and s.checked_at < ${newest.toISOString()}::timestamptz
            and (pr.saved_search_mail_at is null or pr.saved_search_mail_at < ${dayStart(now)})
            and (${afterUser}::uuid is null or s.user_id > ${afterUser}::uuid)
          order by s.user_id limit ${accounts}
        )
        select s.id, s.user_id as "userId", s.name, s.query, s.checked_at as "checkedAt", u.email, pr.currency, pr.language
        from due d join saved_searches s on s.user_id = d.user_id and s.mail and s.checked_at < ${newest.toISOString()}::timestamptz
        join users u on u.id = d.user_id
        left join user_preferences pr on pr.user_id = d.user_id
        order by s.user_id, s.created_at, s.id`);
      return found.map((r) => ({ ...r, checkedAt: new Date(r.checkedAt) }));
    },

    /** These searches have been looked at up to `at`: their next mail lists products added after it. */
    async checked(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await rows(sql`update saved_searches set checked_at = ${at.toISOString()}::timestamptz
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid) and checked_at < ${at.toISOString()}::timestamptz`);
    },

    /**
     * Claims today's saved-search mail of these accounts, in one statement: the accounts it answers are claimed (once
     * a UTC day; another process or run that got there first leaves an account out), each with the time it replaced,
     * so a mail that could not be sent can give its claim back.
     */
    async claimMails(userIds: readonly string[], now: Date): Promise<Map<string, Date | null>> {
      if (userIds.length === 0) return new Map();
      const at = now.toISOString();
      const claimed = await rows<{ userId: string; previous: Date | string | null }>(sql`
        with given as (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid as user_id),
        before as (select p.user_id, p.saved_search_mail_at from user_preferences p join given g on g.user_id = p.user_id),
        claimed as (
          insert into user_preferences (user_id, saved_search_mail_at) select user_id, ${at}::timestamptz from given
          on conflict (user_id) do update set saved_search_mail_at = excluded.saved_search_mail_at
          where user_preferences.saved_search_mail_at is null or user_preferences.saved_search_mail_at < ${dayStart(now)}
          returning user_id
        )
        select c.user_id as "userId", b.saved_search_mail_at as previous from claimed c left join before b on b.user_id = c.user_id`);
      return new Map(claimed.map((r) => [r.userId, r.previous ? new Date(r.previous) : null]));
    },

    async releaseMail(userId: string, previous: Date | null): Promise<void> {
      await rows(sql`update user_preferences set saved_search_mail_at = ${previous ? previous.toISOString() : null}::timestamptz
        where user_id = ${userId}::uuid`);
    },
  };
}
export type SavedSearchesRepo = ReturnType<typeof createSavedSearchesRepo>;
