import { createHmac } from 'node:crypto';
import { productPath } from '../../../common/product-urls';
import { REQUEST_TEXTS } from '../../../common/texts/requests';
import {
  OPEN_REQUEST_STATUSES,
  REQUESTS_RATE_LIMIT,
  REQUESTS_RATE_WINDOW_SECONDS,
  REQUESTS_SITE_LIMIT,
  REQUESTS_SITE_DAY_LIMIT,
  REPORTS_PRODUCT_DAY_LIMIT,
  type RequestStatus,
} from '../../../common/requests';
import type {
  ItemRequest,
  ItemRequestInput,
  ItemRequestPage,
  ItemRequestUpdate,
  LinkReport,
  LinkReportInput,
  LinkReportPage,
  LinkReportState,
  QueueProduct,
  QueueQuery,
  RequestReceipt,
} from '../../../common/schemas/requests';
import { REQUESTS_PAGE_SIZE } from '../../../common/schemas/requests';
import { AppError } from '../../errors';
import type { Transact } from '../../db/unit-of-work';
import { clientOf } from '../../client-network';
import { changedFields, clip, keptValues } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ItemRequestWithProduct, LinkReportWithProduct, QueueProductRow, RequestsRepo } from './requests.repo';

export type RequestsRules = {
  rateLimit: number;
  rateWindowSeconds: number;
  siteLimit: number;
  /** Posts of a kind the whole site takes per UTC day; absent: no daily ceiling (the link converter's). */
  siteDayLimit?: number | undefined;
  /** Reports of one product kept per UTC day. */
  productDayLimit?: number | undefined;
};
export const DEFAULT_REQUESTS_RULES: RequestsRules = {
  rateLimit: REQUESTS_RATE_LIMIT,
  rateWindowSeconds: REQUESTS_RATE_WINDOW_SECONDS,
  siteLimit: REQUESTS_SITE_LIMIT,
  siteDayLimit: REQUESTS_SITE_DAY_LIMIT,
  productDayLimit: REPORTS_PRODUCT_DAY_LIMIT,
};

// Who a post counts against: the address, or an IPv6 client's /64 network (server/client-network.ts).
export { clientOf };

/** Who sent a request, as far as the limits need: used only inside keyed hashes, never stored. */
export type RequestClient = { ip: string };

/** 429 with the seconds until the client's window ends; the routes put them in Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = REQUEST_TEXTS.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
  ) {
    super('RATE_LIMITED', message);
  }
}

const DAY_MS = 86_400_000;
const REQUEST_NOT_FOUND = 'This request does not exist (it may have been deleted already).';
const REPORT_NOT_FOUND = 'This report does not exist (it may have been deleted already).';
const NO_SUCH_PRODUCT = 'product: no product has this number or id (it may have been deleted).';

function toQueueProduct(row: QueueProductRow): QueueProduct {
  return { id: row.id, number: row.number, title: row.title, path: productPath(row), link: row.link };
}

/** How the audit log names a product: "#12 Cargo pants". */
const productLabel = (row: QueueProductRow | null) => (row ? `#${row.number} ${clip(row.title)}` : null);

function toItemRequest(row: ItemRequestWithProduct): ItemRequest {
  return {
    id: row.id,
    query: row.query,
    link: row.link,
    status: row.status as RequestStatus,
    product: row.product ? toQueueProduct(row.product) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toLinkReport(row: LinkReportWithProduct): LinkReport {
  return {
    id: row.id,
    product: toQueueProduct(row.product),
    agent: row.agent,
    note: row.note,
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Item requests and broken-link reports (issue 16). Visitors' posts are limited per client: a client is known only
 * through a keyed hash of its address that changes every UTC day (as the analytics counters do, decision 0018), so
 * nothing stored leads back to a visitor. Admins' changes are recorded in the audit log in their own transaction.
 */
export function createRequestsService(
  repo: RequestsRepo,
  /** The admins' changes: a unit of work's transaction, the change and its audit entry in it. */
  transaction: Transact<{ requests: RequestsRepo; audit: AuditRepo }>,
  options: {
    /**
     * The UTC day's hashing key: the analytics module's, random per day and forgotten once the day is over, so a
     * stored counter cannot be traced back to an address afterwards, even with the database and the app's secret.
     */
    dayKey: (day: string) => Promise<Buffer>;
    rules?: Partial<RequestsRules>;
    now?: () => Date;
    /** A report was recorded: the product's link check goes to the front (link health, issue 29). */
    onLinkReport?: ((productId: string) => Promise<void>) | undefined;
  },
) {
  const rules: RequestsRules = { ...DEFAULT_REQUESTS_RULES, ...options.rules };
  const now = options.now ?? (() => new Date());
  const dayOf = (t: Date) => t.toISOString().slice(0, 10);
  // 'requests' first, so these hashes never equal the analytics module's made with the same key.
  const keyOf = async (t: Date, ...parts: string[]) =>
    createHmac('sha256', await options.dayKey(dayOf(t)))
      .update(['requests', ...parts].join('\n'))
      .digest('base64url');

  /**
   * Counts one post of this kind from the client, and from everyone, in the current window; throws RateLimitedError
   * past either limit (the site-wide one bounds what a crowd of addresses can pour into the queues).
   */
  async function limit(
    kind: 'request' | 'report' | 'convert' | 'photo',
    client: RequestClient,
    t: Date,
    own: RequestsRules = rules,
  ): Promise<void> {
    const windowMs = own.rateWindowSeconds * 1000;
    const index = Math.floor(t.getTime() / windowMs);
    const end = new Date((index + 1) * windowMs);
    const retryAfter = Math.ceil((end.getTime() - t.getTime()) / 1000);
    const hits = await repo.hit(`req:rate:${kind}:${await keyOf(t, clientOf(client.ip))}:${index}`, end);
    if (hits > own.rateLimit) throw new RateLimitedError(retryAfter);
    const everyone = await repo.hit(`req:rate:${kind}:all:${index}`, end);
    if (everyone > own.siteLimit) throw new RateLimitedError(retryAfter);
    if (own.siteDayLimit !== undefined) {
      const dayEnd = new Date((Math.floor(t.getTime() / DAY_MS) + 1) * DAY_MS);
      const today = await repo.hit(`req:rate:${kind}:all:day:${dayOf(t)}`, dayEnd);
      if (today > own.siteDayLimit) throw new RateLimitedError(Math.ceil((dayEnd.getTime() - t.getTime()) / 1000));
    }
  }

  return {
    rules,

    /**
     * The same per-client and site-wide limit for another public endpoint (the link converter, issue 29; search by
     * photo, issue 42), counted
     * apart under its own kind and rules; throws RateLimitedError past either.
     */
    limitClient(kind: 'convert' | 'photo', client: RequestClient, own: RequestsRules): Promise<void> {
      return limit(kind, client, now(), own);
    },

    async createRequest(input: ItemRequestInput, client: RequestClient): Promise<RequestReceipt> {
      await limit('request', client, now());
      const row = await repo.insertRequest({ query: input.query, link: input.link });
      return { id: row.id, duplicate: false };
    },

    /**
     * Records a report of a product's buy link. The same client's identical report (same product, agent and note)
     * of the same UTC day is not recorded twice while it is still open: the open one's id is answered instead.
     */
    async reportLink(productId: string, input: LinkReportInput, client: RequestClient): Promise<RequestReceipt> {
      const t = now();
      await limit('report', client, t);
      const dayStart = new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
      const dayEnd = new Date(dayStart.getTime() + DAY_MS);
      const fresh = await repo.claim(`req:report:${await keyOf(t, clientOf(client.ip), productId, input.agent ?? '', input.note)}`, dayEnd);
      if (!fresh) {
        const open = await repo.findOpenReport({ productId, agent: input.agent, note: input.note, since: dayStart });
        if (open) return { id: open, duplicate: true };
      }
      // Enough reports of this product today, from everyone: this one is a repeat of its newest open report.
      if (rules.productDayLimit !== undefined) {
        const ofProduct = await repo.hit(`req:report:product:${productId}:${dayOf(t)}`, dayEnd);
        if (ofProduct > rules.productDayLimit) {
          const open = await repo.newestOpenReport(productId);
          if (open) return { id: open, duplicate: true };
        }
      }
      const row = await repo.insertReport({ productId, agent: input.agent, note: input.note });
      if (!row) throw new AppError('NOT_FOUND', REQUEST_TEXTS.unknownProduct);
      await options.onLinkReport?.(productId);
      return { id: row.id, duplicate: false };
    },

    async listRequests(q: QueueQuery): Promise<ItemRequestPage> {
      const page = await repo.pageRequests({ status: q.status, page: q.page, pageSize: REQUESTS_PAGE_SIZE });
      return { items: page.items.map(toItemRequest), total: page.total, page: q.page, pageSize: REQUESTS_PAGE_SIZE, counts: page.counts };
    },

    async listReports(q: QueueQuery): Promise<LinkReportPage> {
      const page = await repo.pageReports({ status: q.status, page: q.page, pageSize: REQUESTS_PAGE_SIZE });
      return { items: page.items.map(toLinkReport), total: page.total, page: q.page, pageSize: REQUESTS_PAGE_SIZE, counts: page.counts };
    },

    /**
     * Changes a request's status and the product that answers it. Linking a product to a request that is still open
     * marks it added unless a status comes with it. The entry lists what changed; a change to nothing records nothing.
     */
    async updateRequest(actor: Actor, id: string, update: ItemRequestUpdate): Promise<ItemRequest> {
      const row = await transaction(async ({ requests, audit }) => {
        const old = await requests.lockRequest(id);
        if (!old) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
        let product = old.product;
        if (update.product !== undefined) {
          product = update.product === null ? null : await requests.findProduct(update.product);
          if (update.product !== null && !product) throw new AppError('VALIDATION', NO_SUCH_PRODUCT);
        }
        const linked = product !== null && product.id !== old.product?.id;
        const status: RequestStatus =
          update.status ??
          (linked && OPEN_REQUEST_STATUSES.includes(old.status as RequestStatus) ? 'added' : (old.status as RequestStatus));
        const changes = changedFields(
          { status: old.status, product: productLabel(old.product) },
          { status, product: productLabel(product) },
          ['status', 'product'],
        );
        if (Object.keys(changes).length === 0) return old;
        await requests.updateRequest(id, { status, productId: product?.id ?? null });
        const details = { requestId: id, changes };
        await audit.record({ action: 'request-update', subject: clip(old.query), actor, details });
        return { ...old, status, productId: product?.id ?? null, product, updatedAt: new Date() };
      });
      return toItemRequest(row);
    },

    async deleteRequest(actor: Actor, id: string): Promise<{ id: string }> {
      await transaction(async ({ requests, audit }) => {
        const old = await requests.deleteRequest(id);
        if (!old) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
        const deleted = { ...keptValues(old, ['query', 'link', 'status']), product: productLabel(old.product) };
        await audit.record({ action: 'request-delete', subject: clip(old.query), actor, details: { requestId: id, deleted } });
      });
      return { id };
    },

    async updateReport(actor: Actor, id: string, status: RequestStatus): Promise<LinkReport> {
      const row = await transaction(async ({ requests, audit }) => {
        const old = await requests.lockReport(id);
        if (!old) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
        if (old.status === status) return old;
        await requests.updateReport(id, status);
        const details = { reportId: id, productId: old.productId, changes: changedFields(old, { ...old, status }, ['status']) };
        await audit.record({ action: 'link-report-update', subject: productLabel(old.product) ?? '', actor, details });
        return { ...old, status, updatedAt: new Date() };
      });
      return toLinkReport(row);
    },

    async deleteReport(actor: Actor, id: string): Promise<{ id: string }> {
      await transaction(async ({ requests, audit }) => {
        const old = await requests.deleteReport(id);
        if (!old) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
        const details = { reportId: id, productId: old.productId, deleted: keptValues(old, ['agent', 'note', 'status']) };
        await audit.record({ action: 'link-report-delete', subject: productLabel(old.product) ?? '', actor, details });
      });
      return { id };
    },

    /** What the product page shows an admin about the product's reports. */
    async reportState(productId: string): Promise<LinkReportState> {
      const state = await repo.reportState(productId);
      return { productId, open: state.open, total: state.total, lastReportedAt: state.last?.toISOString() ?? null };
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
