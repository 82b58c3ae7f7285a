import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A product the sweep took, with what its check needs. */
export type DueProduct = {
  id: string;
  number: number;
  title: string;
  link: string | null;
  sourcePlatform: string | null;
  sourceItemId: string | null;
  image: string | null;
  linkState: 'ok' | 'unavailable' | 'hidden';
  pictureBroken: boolean;
  markedFineAt: Date | string | null;
  /** The stored picture's storage key and the address it was fetched from, when the picture is one of ours. */
  imageKey: string | null;
  imageName: string | null;
  imageSource: string | null;
};

export type CheckOutcome = {
  answer: 'live' | 'gone' | 'unknown' | null;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
  pictureAnswer: 'fine' | 'refetched' | 'broken' | 'unknown' | null;
  /** Seconds until the product is due again. */
  nextInSeconds: number;
};

export type LinkHealthCountsRow = {
  fine: number;
  unavailable: number;
  hidden: number;
  unknown: number;
  never: number;
  pictures: number;
  /** Products with no picture at all (none given, or not fetched): issue 40. */
  noPicture: number;
  /** Products without a buy link (an import may have hidden them until one is added): issue 40. */
  noLink: number;
};

export type FailingRow = {
  id: string;
  number: number;
  title: string;
  link: string | null;
  linkState: string;
  pictureBroken: boolean;
  checkedAt: Date | string | null;
  answer: string | null;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
  goneCount: number;
  pictureAnswer: string | null;
  reportedAt: Date | string | null;
  markedFineAt: Date | string | null;
  markedFineBy: string | null;
  total: number;
};

export type FailingFilter = 'all' | 'gone' | 'unknown' | 'pictures';

/** A reported product's due time: after an admin's Re-check now (-infinity), before the never checked (1970). */
const REPORTED_DUE = '1960-01-01T00:00:00Z';

const FAILING: Record<FailingFilter, string> = {
  all: `(c.answer in ('gone', 'unknown') or c.picture_answer = 'broken')`,
  gone: `c.answer = 'gone'`,
  unknown: `c.answer = 'unknown'`,
  pictures: `c.picture_answer = 'broken'`,
};

/**
 * The only code that writes link_checks, link_hosts and link_budget, and the link checks' writes of products'
 * link_state and picture_broken (issue 29, decision 0067).
 */
export function createLinkHealthRepo(database: Database) {
  // Hosts this process knows to have a row, so a turn is one statement (a row removed meanwhile is made again).
  const knownHosts = new Set<string>();
  return {
    /** Gives products with a link and no check row one (due at once, after reported ones); answers how many. */
    async enrol(limit: number): Promise<number> {
      const rows = await database.rows<{ n: number }>(sql`
        with added as (
          insert into link_checks (product_id)
          select p.id from products p
          where p.link is not null and not exists (select 1 from link_checks c where c.product_id = p.id)
          limit ${limit}
          on conflict (product_id) do nothing
          returning 1)
        select count(*)::int as n from added`);
      return rows[0]?.n ?? 0;
    },

    /**
     * Grants up to `wanted` checks of today's `perDay`, counted in the database so every process shares them. Two
     * statements, so run it in the service's transaction: a row inserted by a statement's WITH is not seen by its
     * own UPDATE.
     */
    async claimBudget(wanted: number, perDay: number): Promise<number> {
      if (wanted <= 0) return 0;
      const rows = await database.rows<{ used: number }>(
        sql`insert into link_budget (day, used) values ((now() at time zone 'utc')::date, 0)
            on conflict (day) do update set used = link_budget.used
            returning used`,
      );
      const granted = Math.max(0, Math.min(wanted, perDay - (rows[0]?.used ?? 0)));
      if (granted > 0) {
        await database.db.execute(sql`update link_budget set used = used + ${granted}::int where day = (now() at time zone 'utc')::date`);
      }
      return granted;
    },

    /** Gives back checks granted but not made (nothing was due), so the day's budget counts only what was asked. */
    async returnBudget(unused: number): Promise<void> {
      if (unused <= 0) return;
      await database.rows(sql`
        update link_budget set used = greatest(0, used - ${unused}::int) where day = (now() at time zone 'utc')::date`);
    },

    /**
     * Takes the `limit` products due soonest (reported first, then never checked, then the oldest check), pushing their
     * due time `leaseSeconds` on, so another worker does not take them meanwhile (a crash leaves them due again then).
     */
    async takeDue(limit: number, leaseSeconds: number, options: { askedOnly?: boolean } = {}): Promise<DueProduct[]> {
      if (limit <= 0) return [];
      const due = options.askedOnly ? sql`due_at = '-infinity'` : sql`due_at <= now()`;
      return database.rows<DueProduct>(sql`
        with due as (
          select product_id from link_checks where ${due} order by due_at limit ${limit} for update skip locked)
        update link_checks c set due_at = now() + make_interval(secs => ${leaseSeconds})
        from due join products p on p.id = due.product_id
          left join lateral (select storage_key, name, source_url from images where url = p.image order by created_at limit 1) i on true
        where c.product_id = due.product_id
        returning p.id, p.number, p.title, p.link, p.source_platform as "sourcePlatform", p.source_item_id as "sourceItemId",
          p.image, p.link_state as "linkState", p.picture_broken as "pictureBroken", c.marked_fine_at as "markedFineAt",
          i.storage_key as "imageKey", i.name as "imageName", i.source_url as "imageSource"
        `);
    },

    /**
     * Up to `count` turns in a row in `host`'s queue (one every `intervalMs`, shared by every process through the
     * row), as many as begin within `maxWaitMs`: the first one's moment and how many were granted; or when to come
     * back when the host is paused or its queue is longer than that.
     */
    async claimSlots(
      host: string,
      intervalMs: number,
      maxWaitMs: number,
      count = 1,
    ): Promise<{ at: Date; granted: number; failures: number } | { retryAt: Date }> {
      const step = intervalMs / 1000;
      const reach = maxWaitMs / 1000;
      // A few tries: a turn another worker took between the two statements, or a row made meanwhile, is no reason
      // to put the product back.
      for (let attempt = 0; attempt < 4; attempt++) {
        if (!knownHosts.has(host)) {
          await database.rows(sql`insert into link_hosts (host, next_at) values (${host}, now()) on conflict (host) do nothing`);
          knownHosts.add(host);
        }
        const [slot] = await database.rows<{ at: Date | string; granted: number; failures: number }>(sql`
          with queue as (
            select greatest(next_at, now()) as first from link_hosts
            where host = ${host} and greatest(next_at, now()) <= now() + make_interval(secs => ${reach})
              and (paused_until is null or paused_until <= now())
            for update),
          granted as (
            select first, least(${count}::int, 1 + floor(extract(epoch from now() + make_interval(secs => ${reach}) - first) / ${step}::float8)::int) as n
            from queue)
          update link_hosts set next_at = granted.first + make_interval(secs => ${step}::float8 * granted.n)
          from granted where host = ${host}
          returning granted.first as at, granted.n as granted, failures`);
        if (slot) return { at: new Date(slot.at), granted: slot.granted, failures: slot.failures };
        const [later] = await database.rows<{ at: Date | string; busy: boolean }>(sql`
          select greatest(next_at, coalesce(paused_until, next_at), now() + interval '1 second') as at,
            coalesce(paused_until > now(), false) or next_at > now() + make_interval(secs => ${reach}) as busy
          from link_hosts where host = ${host}`);
        // The row is gone (removed by hand): it is made again.
        if (!later) knownHosts.delete(host);
        else if (later.busy) return { retryAt: new Date(later.at) };
      }
      return { retryAt: new Date(Date.now() + 1000) };
    },

    /** A host that did not answer (or answered 429/5xx): paused, longer after each failure in a row. */
    async hostFailed(host: string, baseSeconds: number, maxSeconds: number): Promise<Date> {
      const [row] = await database.rows<{ until: Date | string }>(sql`
        update link_hosts set failures = failures + 1,
          paused_until = now() + make_interval(secs => least(${maxSeconds}::float8, ${baseSeconds}::float8 * power(2, failures)))
        where host = ${host}
        returning paused_until as until`);
      return row ? new Date(row.until) : new Date(Date.now() + baseSeconds * 1000);
    },

    async hostAnswered(host: string): Promise<void> {
      await database.rows(sql`update link_hosts set failures = 0, paused_until = null where host = ${host} and failures > 0`);
    },

    /** Puts a product taken but not checked back, due at `at`. */
    async postpone(productId: string, at: Date): Promise<void> {
      await database.rows(sql`update link_checks set due_at = ${at.toISOString()}::timestamptz where product_id = ${productId}::uuid`);
    },

    /** Keeps a check's answer; answers the gone checks in a row after it. */
    /**
     * The checks' answers of one round, in one statement (one transaction's write, where a statement per check made
     * the database's work per check twice the check's own): each product's gone count back, for the products whose
     * check row is still there.
     */
    async recordAll(outcomes: ReadonlyArray<{ productId: string; outcome: CheckOutcome }>): Promise<Map<string, number>> {
      if (outcomes.length === 0) return new Map();
      const rows = await database.rows<{ id: string; goneCount: number }>(sql`
        update link_checks c set checked_at = now(), reported_at = null,
          answer = coalesce(o.answer, c.answer), status = o.status, final_url = o.final_url, error = o.error,
          gone_count = case o.answer when 'gone' then c.gone_count + 1 when 'live' then 0 else c.gone_count end,
          picture_answer = coalesce(o.picture_answer, c.picture_answer),
          due_at = now() + make_interval(secs => o.next_in)
        from jsonb_to_recordset(${JSON.stringify(
          outcomes.map(({ productId, outcome: o }) => ({
            product_id: productId,
            answer: o.answer,
            status: o.status,
            final_url: o.finalUrl,
            error: o.error,
            picture_answer: o.pictureAnswer,
            next_in: o.nextInSeconds,
          })),
        )}::jsonb) as o(product_id uuid, answer text, status int, final_url text, error text, picture_answer text, next_in int)
        where c.product_id = o.product_id
        returning c.product_id::text as id, c.gone_count as "goneCount"`);
      return new Map(rows.map((r) => [r.id, r.goneCount]));
    },

    /**
     * Sets what the storefront shows of products' links and pictures, only where it changes (a write of products
     * drops every cached page, so a sweep that changes nothing writes nothing there), and only on a product still
     * as the check found it (`from`): one statement for a round's chunk, so the background lane holds the embedded
     * database's connection for one statement, not one per product (issue 39).
     */
    async setProductStates(
      changes: ReadonlyArray<{
        productId: string;
        from: { linkState: string; pictureBroken: boolean };
        to: { linkState: string; pictureBroken: boolean };
      }>,
    ): Promise<number> {
      const changed = changes.filter(({ from, to }) => from.linkState !== to.linkState || from.pictureBroken !== to.pictureBroken);
      if (changed.length === 0) return 0;
      const rows = await database.rows<{ id: string }>(sql`
        update products p set link_state = s.to_state, picture_broken = s.to_broken
        from jsonb_to_recordset(${JSON.stringify(
          changed.map(({ productId, from, to }) => ({
            id: productId,
            from_state: from.linkState,
            from_broken: from.pictureBroken,
            to_state: to.linkState,
            to_broken: to.pictureBroken,
          })),
        )}::jsonb) as s(id uuid, from_state text, from_broken boolean, to_state text, to_broken boolean)
        where p.id = s.id and p.link_state = s.from_state and p.picture_broken = s.from_broken
        returning p.id`);
      return rows.length;
    },

    /**
     * A visitor's report (due before every product never checked) or an admin's Re-check now (due at -infinity: first
     * of all, and checked even when the day's budget is spent): the product's check goes to the front of the queue.
     */
    async raise(productId: string, options: { clearFine: boolean }): Promise<boolean> {
      const due = options.clearFine ? '-infinity' : REPORTED_DUE;
      const rows = await database.rows<{ id: string }>(sql`
        insert into link_checks (product_id, due_at, reported_at)
        select id, ${due}::timestamptz, ${options.clearFine ? null : sql`now()`} from products where id = ${productId}::uuid
        on conflict (product_id) do update set due_at = least(link_checks.due_at, ${due}::timestamptz),
          reported_at = ${options.clearFine ? sql`link_checks.reported_at` : sql`now()`},
          marked_fine_at = case when ${options.clearFine} then null else link_checks.marked_fine_at end,
          marked_fine_by = case when ${options.clearFine} then null else link_checks.marked_fine_by end
        returning product_id as id`);
      return rows.length > 0;
    },

    /** An admin says the link and picture are fine: shown as available, not marked again until a Re-check now. */
    async markFine(productId: string, by: string, nextInSeconds: number): Promise<{ number: number; title: string } | null> {
      const [product] = await database.rows<{ number: number; title: string }>(sql`
        update products set link_state = 'ok', picture_broken = false
        where id = ${productId}::uuid and (link_state <> 'ok' or picture_broken)
        returning number, title`);
      const [check] = await database.rows<{ number: number; title: string }>(sql`
        insert into link_checks (product_id, due_at, marked_fine_at, marked_fine_by)
        select id, now() + make_interval(secs => ${nextInSeconds}), now(), ${by} from products where id = ${productId}::uuid
        on conflict (product_id) do update set marked_fine_at = now(), marked_fine_by = ${by}, gone_count = 0,
          due_at = now() + make_interval(secs => ${nextInSeconds})
        returning (select number from products where id = ${productId}::uuid) as number,
          (select title from products where id = ${productId}::uuid) as title`);
      return product ?? check ?? null;
    },

    async productLabel(productId: string): Promise<{ number: number; title: string } | null> {
      const [row] = await database.rows<{ number: number; title: string }>(sql`
        select number, title from products where id = ${productId}::uuid`);
      return row ?? null;
    },

    /** The Link health view's counts: by the last answer, never checked, and the storefront's marks. */
    async counts(): Promise<LinkHealthCountsRow> {
      const [row] = await database.rows<LinkHealthCountsRow>(sql`
        select
          (select count(*)::int from link_checks where answer = 'live') as fine,
          (select count(*)::int from products where link_state = 'unavailable') as unavailable,
          (select count(*)::int from products where link_state = 'hidden') as hidden,
          (select count(*)::int from link_checks where answer = 'unknown') as unknown,
          (select count(*)::int from products where link is not null) - (select count(*)::int from link_checks where checked_at is not null) as never,
          (select count(*)::int from products where picture_broken) as pictures,
          (select count(*)::int from products where coalesce(image, '') = '') as "noPicture",
          (select count(*)::int from products where coalesce(link, '') = '') as "noLink"`);
      return row ?? { fine: 0, unavailable: 0, hidden: 0, unknown: 0, never: 0, pictures: 0, noPicture: 0, noLink: 0 };
    },

    /** The failing products, last checked first, with their last answer. */
    failing(filter: FailingFilter, page: number, pageSize: number): Promise<FailingRow[]> {
      return database.rows<FailingRow>(sql`
        select p.id, p.number, p.title, p.link, p.link_state as "linkState", p.picture_broken as "pictureBroken",
          c.checked_at as "checkedAt", c.answer, c.status, c.final_url as "finalUrl", c.error, c.gone_count as "goneCount",
          c.picture_answer as "pictureAnswer", c.reported_at as "reportedAt", c.marked_fine_at as "markedFineAt",
          c.marked_fine_by as "markedFineBy", count(*) over ()::int as total
        from link_checks c join products p on p.id = c.product_id
        where ${sql.raw(FAILING[filter])}
        order by c.checked_at desc nulls last, p.number
        limit ${pageSize} offset ${(page - 1) * pageSize}`);
    },
  };
}
export type LinkHealthRepo = ReturnType<typeof createLinkHealthRepo>;
