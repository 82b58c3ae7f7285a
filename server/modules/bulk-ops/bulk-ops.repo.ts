import { sql, type SQL } from 'drizzle-orm';
import { CATEGORY_RULES, postgresPattern, type BulkOperation } from '../../../common/bulk-op-rules';
import type { BulkUpdate, CategoryStats } from '../../../common/schemas/bulk-op';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import { claimRunningAudit, closeRunningAudit, type Actor } from '../audit/audit.repo';

export type OperationCounts = {
  totalProcessed: number;
  matchedProducts: number;
  updatedCount: number;
  /** Up to the sample limit of the changed products, by title. */
  updates: BulkUpdate[];
  /** Categories this run added to the category list (a rule's category was missing from it). */
  addedCategories: string[];
  /** The change Undo takes back (issue 15); null when nothing changed, and in a preview. */
  changeId: string | null;
};

/** A bulk operation's statements may run this long (the default statement timeout is a request's). */
export const BULK_STATEMENT_TIMEOUT_MS = 10 * 60 * 1000;

/** Room in the trigram index's pending list during an operation (kB): about 100,000 changed products. */
const BULK_PENDING_LIST_KB = 256 * 1024;

type RawCounts = { total: number; matched: number; updated: number; samples: Array<BulkUpdate & { after?: unknown }> | string | null };

function toCounts(raw: RawCounts | undefined, addedCategories: string[], changeId: string | null = null): OperationCounts {
  const samples =
    typeof raw?.samples === 'string' ? (JSON.parse(raw.samples) as Array<BulkUpdate & { after?: unknown }>) : (raw?.samples ?? []);
  return {
    totalProcessed: Number(raw?.total ?? 0),
    matchedProducts: Number(raw?.matched ?? 0),
    updatedCount: Number(raw?.updated ?? 0),
    updates: samples.map(({ after: _after, ...sample }) => sample),
    addedCategories,
    changeId,
  };
}

/**
 * The counts and samples of a `changed` CTE (update ... returning the sample columns and "after", the product's new
 * updated_at), over `matched`; each changed product's old value goes into the change's rows for Undo. The total is
 * the kept one (migration 0009): counting 100,000 products took a fifth of a cold run on PGlite.
 */
const countsOf = (sampleLimit: number, changeId: string, field: 'category' | 'gender') => sql`
  , logged as (
    insert into catalogue_change_rows (change_id, product_id, op, before, after)
    select ${changeId}::uuid, "id"::uuid, 'update', jsonb_build_object(${field}::text, ${sql.raw(field === 'category' ? '"oldCategory"' : '"gender"')}), "after" from changed
  )
  select (select products from product_totals)::int as total,
         (select count(*) from matched)::int as matched,
         (select count(*) from changed)::int as updated,
         (select coalesce(json_agg(s order by s."title", s."id"), '[]'::json)
            from (select * from changed order by "title", "id" limit ${sampleLimit}) s) as samples`;

/**
 * The category list's spelling of each name, adding the missing ones at the end of the list (products name their
 * category as text, and the dashboard keeps them to the list's names: decision 0014).
 */
async function ensureCategories(executor: Executor, names: readonly string[]): Promise<{ spelled: Map<string, string>; added: string[] }> {
  const spelled = new Map<string, string>();
  const added: string[] = [];
  for (const name of names) {
    const inserted = await rowsOf<{ name: string }>(
      executor,
      sql`insert into categories (name, relevance, description)
          select ${name}, coalesce(max(relevance), 0) + 1, '' from categories
          on conflict ((lower(name))) do nothing
          returning name`,
    );
    if (inserted[0]) {
      added.push(inserted[0].name);
      spelled.set(name, inserted[0].name);
      continue;
    }
    const [existing] = await rowsOf<{ name: string }>(executor, sql`select name from categories where lower(name) = lower(${name})`);
    spelled.set(name, existing?.name ?? name);
  }
  return { spelled, added };
}

/**
 * A bulk operation's statements. The operations themselves (`recategorise`, `recategoriseWomen`, `addGender`) run
 * in a unit of work's transaction (bulk-ops.service.ts), which opens the change they log into and closes the
 * audit entry with them; this repo calls nothing back.
 */
export function createBulkOpsRepo(database: Database) {
  const { db } = database;

  let cleaning: Promise<void> = Promise.resolve();
  async function mergePendingSearchEntries(): Promise<void> {
    await database.rows(sql`select gin_clean_pending_list('products_search_trgm_idx'::regclass)`).catch(() => undefined);
  }

  return {
    /**
     * Marks an operation as running. Only one may run at a time across every process (a partial unique index on
     * the audit log): when another is running, answers that entry instead. A running entry older than
     * `staleAfterMs` belongs to a process that died mid-run: it is marked 'abandoned' first, so it blocks nothing.
     */
    claim(operation: BulkOperation, actor: Actor, staleAfterMs: number) {
      return claimRunningAudit(database.db, 'bulk-op', operation, actor, staleAfterMs);
    },

    /** Closes a claimed entry whose operation failed (its changes were rolled back). */
    fail(auditId: string, error: string): Promise<void> {
      return closeRunningAudit(database.db, auditId, 'failed', { error });
    },

    /**
     * In an operation's transaction, first: an update writes every changed row into the trigram index again.
     * Merging those entries into the index as they come was most of the run (issue 12); here they wait in its
     * pending list, merged after the commit (`mergePendingSearchEntries`).
     */
    async prepareLongChange(): Promise<void> {
      await db.execute(sql`set local gin_pending_list_limit = ${sql.raw(String(BULK_PENDING_LIST_KB))}`);
    },

    /**
     * After an operation, not awaited by its answer: searches read a long pending list slowly, and PGlite has no
     * autovacuum to merge it, so it is merged now rather than by the next write that overflows it.
     */
    mergePendingSearchEntries(): void {
      cleaning = cleaning.then(mergePendingSearchEntries, mergePendingSearchEntries);
    },

    /** Spec section 2: every product whose title has one of the rule's keywords gets the rule's category. */
    async recategorise(rule: (typeof CATEGORY_RULES)[number], changeId: string, sampleLimit: number): Promise<OperationCounts> {
      const { spelled, added } = await ensureCategories(db, [rule.category]);
      const category = spelled.get(rule.category) ?? rule.category;
      const [raw] = await rowsOf<RawCounts>(
        db,
        // search_text starts with the title, so every title that matches is in the trigram index's candidates for
        // the same pattern: the regular expression runs on those, not on every title. The update finds the rows by
        // where they were read (ctid): a product edited meanwhile has moved, and is left as its editor left it.
        sql`with matched as materialized (
              select ctid as tid, id, title, gender, category from products
              where search_text ~* ${postgresPattern(rule.keywords)} and title ~* ${postgresPattern(rule.keywords)}
            ), changed as (
              update products p set category = ${category}, updated_at = now()
              from matched m
              where p.ctid = m.tid and m.category is distinct from ${category}
              returning p.id::text as "id", m.title as "title", m.gender as "gender", m.category as "oldCategory",
                        p.category as "newCategory", p.title as "currentTitle", null::text as "newGender", p.updated_at as "after"
            )
            ${countsOf(sampleLimit, changeId, 'category')}`,
      );
      return toCounts(raw, added);
    },

    /**
     * Spec section 5: only women's products without a category, and only when a rule names a category from the
     * title (the first rule that matches, in table order); the others are left as they are.
     */
    async recategoriseWomen(changeId: string, sampleLimit: number): Promise<OperationCounts> {
      const eligible = sql`gender = 'Women' and (category is null or btrim(category) = '')`;
      const derive = (spelled: Map<string, string>) =>
        sql`case ${sql.join(
          CATEGORY_RULES.map(
            (rule) => sql`when title ~* ${postgresPattern(rule.keywords)} then ${spelled.get(rule.category) ?? rule.category}`,
          ),
          sql` `,
        )} end`;
      const needed = await rowsOf<{ category: string }>(
        db,
        sql`select distinct derived as category from (select ${derive(new Map())} as derived from products where ${eligible}) d
            where derived is not null`,
      );
      const { spelled, added } = await ensureCategories(
        db,
        CATEGORY_RULES.map((r) => r.category).filter((c) => needed.some((n) => n.category === c)),
      );
      const [raw] = await rowsOf<RawCounts>(
        db,
        sql`with matched as (
              select id, title, gender, category, ${derive(spelled)} as derived from products where ${eligible}
            ), changed as (
              update products p set category = m.derived, updated_at = now()
              from matched m
              where p.id = m.id and m.derived is not null
              returning p.id::text as "id", m.title as "title", m.gender as "gender", m.category as "oldCategory",
                        p.category as "newCategory", p.title as "currentTitle", null::text as "newGender", p.updated_at as "after"
            )
            ${countsOf(sampleLimit, changeId, 'category')}`,
      );
      return toCounts(raw, added);
    },

    /** Spec section 2: gender Men wherever it is missing. */
    async addGender(gender: string, changeId: string, sampleLimit: number): Promise<OperationCounts> {
      const [raw] = await rowsOf<RawCounts>(
        db,
        sql`with matched as (
              select id from products where gender is null
            ), changed as (
              update products p set gender = ${gender}, updated_at = now()
              from matched m
              where p.id = m.id and p.gender is null
              returning p.id::text as "id", p.title as "title", null::text as "gender", p.category as "oldCategory",
                        null::text as "newCategory", p.title as "currentTitle", p.gender as "newGender", p.updated_at as "after"
            )
            ${countsOf(sampleLimit, changeId, 'gender')}`,
      );
      return toCounts(raw, []);
    },

    /**
     * What an operation would do, without doing it (issue 15): the same matching as the run, read only. A rule's
     * category is compared in the list's spelling when the list has it.
     */
    async preview(operation: BulkOperation, sampleLimit: number): Promise<OperationCounts> {
      const spelled = async (name: string) =>
        (await database.rows<{ name: string }>(sql`select name from categories where lower(name) = lower(${name})`))[0]?.name ?? name;
      const rule = CATEGORY_RULES.find((r) => r.operation === operation);
      let query: SQL;
      if (rule) {
        const category = await spelled(rule.category);
        query = sql`with matched as (
            select id, title, gender, category from products where title ~* ${postgresPattern(rule.keywords)}
          ), changed as (
            select id::text as "id", title as "title", gender as "gender", category as "oldCategory", ${category}::text as "newCategory",
                   title as "currentTitle", null::text as "newGender"
            from matched where category is distinct from ${category}
          )`;
      } else if (operation === 'update-women') {
        const names = new Map<string, string>();
        for (const r of CATEGORY_RULES) names.set(r.category, await spelled(r.category));
        const derive = sql`case ${sql.join(
          CATEGORY_RULES.map((r) => sql`when title ~* ${postgresPattern(r.keywords)} then ${names.get(r.category) ?? r.category}`),
          sql` `,
        )} end`;
        query = sql`with matched as (
            select id, title, gender, category, ${derive} as derived from products
            where gender = 'Women' and (category is null or btrim(category) = '')
          ), changed as (
            select id::text as "id", title as "title", gender as "gender", category as "oldCategory", derived as "newCategory",
                   title as "currentTitle", null::text as "newGender"
            from matched where derived is not null
          )`;
      } else {
        query = sql`with matched as (
            select id, title from products where gender is null
          ), changed as (
            select id::text as "id", title as "title", null::text as "gender", null::text as "oldCategory", null::text as "newCategory",
                   title as "currentTitle", 'Men'::text as "newGender"
            from matched
          )`;
      }
      const [raw] = await database.rows<RawCounts>(sql`${query}
        select (select count(*) from products)::int as total,
               (select count(*) from matched)::int as matched,
               (select count(*) from changed)::int as updated,
               (select coalesce(json_agg(s order by s."title", s."id"), '[]'::json)
                  from (select * from changed order by "title", "id" limit ${sampleLimit}) s) as samples`);
      return toCounts(raw, []);
    },

    /**
     * Spec section 3 "Category distribution": products per category, largest first. Spellings that differ only in
     * case are one category (filters compare case-insensitively), shown in the list's spelling when it has one.
     */
    async categoryStats(): Promise<CategoryStats> {
      const rows = await database.rows<{ category: string | null; count: number }>(sql`
        select coalesce(c.name, p.category) as category, p.count
        from (
          select min(btrim(category)) as category, lower(btrim(category)) as key, count(*)::int as count
          from products
          group by lower(btrim(category))
        ) p
        left join categories c on lower(c.name) = p.key
        order by p.count desc, category asc nulls last`);
      const items = rows.map((r) => ({ category: r.category === '' ? null : r.category, count: Number(r.count) }));
      // Blank and missing categories are both "no category".
      const none = items.filter((i) => i.category === null).reduce((n, i) => n + i.count, 0);
      const named = items.filter((i) => i.category !== null);
      const merged = none > 0 ? [...named, { category: null, count: none }].sort((a, b) => b.count - a.count) : named;
      return { items: merged, total: items.reduce((n, i) => n + i.count, 0) };
    },
  };
}
export type BulkOpsRepo = ReturnType<typeof createBulkOpsRepo>;
