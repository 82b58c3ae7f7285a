import { and, count, desc, eq, gte, inArray, max, sql, type SQL } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, REQUEST_STATUSES, type RequestStatus } from '../../../common/requests';
import type { StatusCounts } from '../../../common/schemas/requests';
import type { Database } from '../../db/client';
import { analyticsKeys, itemRequests, linkReports, products } from '../../db/schema/index';

export type ItemRequestRow = typeof itemRequests.$inferSelect;
export type LinkReportRow = typeof linkReports.$inferSelect;
/** A product as a queue row shows it. */
export type QueueProductRow = { id: string; number: number; title: string; link: string | null };
export type ItemRequestWithProduct = ItemRequestRow & { product: QueueProductRow | null };
export type LinkReportWithProduct = LinkReportRow & { product: QueueProductRow };
export type ProductRef = { number: number } | { id: string };
export type Paging = { status: RequestStatus | undefined; page: number; pageSize: number };
export type QueuePage<T> = { items: T[]; total: number; counts: StatusCounts };

const productColumns = { id: products.id, number: products.number, title: products.title, link: products.link };

function countsOf(rows: Array<{ status: string; n: number }>): StatusCounts {
  const counts: StatusCounts = { new: 0, planned: 0, added: 0, rejected: 0 };
  for (const row of rows)
    if ((REQUEST_STATUSES as readonly string[]).includes(row.status)) counts[row.status as RequestStatus] = Number(row.n);
  return counts;
}

/** The queues' statements. */
function queueQueries({ db }: Database) {
  const requestStatus = (status: RequestStatus | undefined): SQL | undefined => (status ? eq(itemRequests.status, status) : undefined);
  const reportStatus = (status: RequestStatus | undefined): SQL | undefined => (status ? eq(linkReports.status, status) : undefined);

  return {
    async insertRequest(values: { query: string; link: string | null }): Promise<ItemRequestRow> {
      const [row] = await db.insert(itemRequests).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The product a reference names, or null. */
    async findProduct(ref: ProductRef): Promise<QueueProductRow | null> {
      const where = 'id' in ref ? eq(products.id, ref.id) : eq(products.number, ref.number);
      const [row] = await db.select(productColumns).from(products).where(where);
      return row ?? null;
    },

    /** The newest open report of this product with the same agent and note made since `since`, or null. */
    /** The product's newest report still to be dealt with, if any. */
    async newestOpenReport(productId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: linkReports.id })
        .from(linkReports)
        .where(and(eq(linkReports.productId, productId), inArray(linkReports.status, [...OPEN_REQUEST_STATUSES])))
        .orderBy(desc(linkReports.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async findOpenReport(input: { productId: string; agent: string | null; note: string; since: Date }): Promise<string | null> {
      const [row] = await db
        .select({ id: linkReports.id })
        .from(linkReports)
        .where(
          and(
            eq(linkReports.productId, input.productId),
            input.agent === null ? sql`${linkReports.agent} is null` : eq(linkReports.agent, input.agent),
            eq(linkReports.note, input.note),
            inArray(linkReports.status, [...OPEN_REQUEST_STATUSES]),
            gte(linkReports.createdAt, input.since),
          ),
        )
        .orderBy(desc(linkReports.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** Inserts a report of a product that exists; null when it does not (the insert reads the product in the same statement). */
    async insertReport(values: { productId: string; agent: string | null; note: string }): Promise<LinkReportRow | null> {
      const [row] = await db
        .insert(linkReports)
        .select(
          db
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              productId: products.id,
              agent: sql`${values.agent}::text`.as('agent'),
              note: sql`${values.note}::text`.as('note'),
              status: sql`'new'`.as('status'),
              createdAt: sql`now()`.as('created_at'),
              updatedAt: sql`now()`.as('updated_at'),
            })
            .from(products)
            .where(eq(products.id, values.productId)),
        )
        .returning();
      return row ?? null;
    },

    /** One page of item requests, newest first, with its linked product, and the counts per status of the whole queue. */
    async pageRequests(q: Paging): Promise<QueuePage<ItemRequestWithProduct>> {
      const where = requestStatus(q.status);
      const [rows, [total], perStatus] = await Promise.all([
        db
          .select({ request: itemRequests, product: productColumns })
          .from(itemRequests)
          .leftJoin(products, eq(products.id, itemRequests.productId))
          .where(where)
          .orderBy(desc(itemRequests.createdAt), desc(itemRequests.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(itemRequests).where(where),
        db.select({ status: itemRequests.status, n: count() }).from(itemRequests).groupBy(itemRequests.status),
      ]);
      return {
        items: rows.map((r) => ({ ...r.request, product: r.product?.id ? r.product : null })),
        total: total?.n ?? 0,
        counts: countsOf(perStatus),
      };
    },

    /** One page of link reports, newest first, with their product, and the counts per status of the whole queue. */
    async pageReports(q: Paging): Promise<QueuePage<LinkReportWithProduct>> {
      const where = reportStatus(q.status);
      const [rows, [total], perStatus] = await Promise.all([
        db
          .select({ report: linkReports, product: productColumns })
          .from(linkReports)
          .innerJoin(products, eq(products.id, linkReports.productId))
          .where(where)
          .orderBy(desc(linkReports.createdAt), desc(linkReports.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(linkReports).where(where),
        db.select({ status: linkReports.status, n: count() }).from(linkReports).groupBy(linkReports.status),
      ]);
      return { items: rows.map((r) => ({ ...r.report, product: r.product })), total: total?.n ?? 0, counts: countsOf(perStatus) };
    },

    /** The request with its product, locked until the transaction ends; null when there is none. */
    async lockRequest(id: string): Promise<ItemRequestWithProduct | null> {
      const [row] = await db.select().from(itemRequests).where(eq(itemRequests.id, id)).for('update');
      if (!row) return null;
      const product = row.productId ? await this.findProduct({ id: row.productId }) : null;
      return { ...row, product };
    },

    async updateRequest(id: string, values: { status: RequestStatus; productId: string | null }): Promise<void> {
      await db
        .update(itemRequests)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(itemRequests.id, id));
    },

    async deleteRequest(id: string): Promise<ItemRequestWithProduct | null> {
      const old = await this.lockRequest(id);
      if (!old) return null;
      await db.delete(itemRequests).where(eq(itemRequests.id, id));
      return old;
    },

    /** The report with its product, locked until the transaction ends; null when there is none. */
    async lockReport(id: string): Promise<LinkReportWithProduct | null> {
      const [row] = await db.select().from(linkReports).where(eq(linkReports.id, id)).for('update');
      if (!row) return null;
      const product = await this.findProduct({ id: row.productId });
      return product ? { ...row, product } : null;
    },

    async updateReport(id: string, status: RequestStatus): Promise<void> {
      await db.update(linkReports).set({ status, updatedAt: new Date() }).where(eq(linkReports.id, id));
    },

    async deleteReport(id: string): Promise<LinkReportWithProduct | null> {
      const old = await this.lockReport(id);
      if (!old) return null;
      await db.delete(linkReports).where(eq(linkReports.id, id));
      return old;
    },

    /** A product's reports: how many are open (new or planned), how many in all, and when the last came. */
    async reportState(productId: string): Promise<{ open: number; total: number; last: Date | null }> {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${inArray(linkReports.status, [...OPEN_REQUEST_STATUSES])})::int`,
          total: count(),
          last: max(linkReports.createdAt),
        })
        .from(linkReports)
        .where(eq(linkReports.productId, productId));
      return { open: Number(row?.open ?? 0), total: row?.total ?? 0, last: row?.last ?? null };
    },
  };
}

/**
 * The only code that touches item_requests and link_reports, and its own counters in analytics_keys (the table
 * the analytics module's counters live in; keys here start with `req:` so they never meet those). Over the database
 * or over a unit of work's transaction (server/db/unit-of-work.ts): the admins' changes run in the service's.
 */
export function createRequestsRepo(database: Database) {
  const { db } = database;
  return {
    ...queueQueries(database),

    /**
     * Adds one hit to the counter `key` of a fixed window that ends at `windowEnd` and answers the hits so far. The
     * window's end is stored as `window_start`: the analytics sweep drops counters whose window_start lies more than
     * its own window in the past, so a counter stays until its window is over (a reset mid-window would lift the limit).
     */
    async hit(key: string, windowEnd: Date): Promise<number> {
      const [row] = await db
        .insert(analyticsKeys)
        .values({ key, windowStart: windowEnd, hits: 1 })
        .onConflictDoUpdate({ target: analyticsKeys.key, set: { hits: sql`${analyticsKeys.hits} + 1` } })
        .returning({ hits: analyticsKeys.hits });
      return row?.hits ?? 1;
    },

    /** Marks `key` as seen until `until` (stored as for `hit`); true when it was not seen before. */
    async claim(key: string, until: Date): Promise<boolean> {
      const rows = await db
        .insert(analyticsKeys)
        .values({ key, windowStart: until, hits: 1 })
        .onConflictDoNothing()
        .returning({ key: analyticsKeys.key });
      return rows.length > 0;
    },
  };
}
export type RequestsRepo = ReturnType<typeof createRequestsRepo>;
