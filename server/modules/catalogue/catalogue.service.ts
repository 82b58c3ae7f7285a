import { RELATED_PRODUCTS_COUNT } from '../../../common/constants';
import { ownImagePath, thumbnailUrlFor } from '../../../common/media';
import { productPath } from '../../../common/product-urls';
import type { BulkEditBody, BulkEditResult, LinkMatches, UndoResult } from '../../../common/schemas/changes';
import type {
  AdminProductFilter,
  AdminProductPage,
  AdminProductQuery,
  FinderQuery,
  Product,
  ProductDetail,
  ProductInput,
  ProductExportQuery,
  ProductPage,
} from '../../../common/schemas/product';
import { AppError } from '../../errors';
import { changedFields, keptValues } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { CategoriesRepo } from '../categories/categories.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import { exportProducts } from './catalogue-export';
import type { CatalogueRepo, ProductRow, ProductValues } from './catalogue.repo';
import { decodeCursor, encodeCursor } from './cursor';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    number: row.number,
    path: productPath(row),
    title: row.title,
    description: row.description,
    brand: row.brand,
    category: row.category,
    gender: row.gender,
    price: row.price,
    image: row.image,
    thumbnail: thumbnailUrlFor(row.image),
    isBestProduct: row.isBestProduct,
    link: row.link,
    row: row.row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Filters whose counts are remembered at once; the oldest goes first. */
const ADMIN_COUNTS_KEPT = 500;

/** Counts by filter, each with the `changes` it was made at; at most `limit`, forgetting the least recently used. */
export function createCountMemo(limit: number) {
  const memo = new Map<string, { total: number; changes: number }>();
  return {
    get(key: string) {
      const hit = memo.get(key);
      if (hit) {
        memo.delete(key);
        memo.set(key, hit);
      }
      return hit;
    },
    remember(key: string, value: { total: number; changes: number }) {
      memo.delete(key);
      memo.set(key, value);
      if (memo.size > limit) memo.delete(memo.keys().next().value as string);
    },
    get size() {
      return memo.size;
    },
  };
}

const NOT_FOUND = 'This item does not exist (it may have been deleted already).';

/** The start of the shuffled ring: where the offers on a missing product's page are read from. */
const RING_START = { key: -2147483648, id: '00000000-0000-0000-0000-000000000000' };

/** What a product number leads to: the product, a deleted one (410) or nothing (404). */
export type ProductLookup =
  | ({ status: 'found' } & ProductDetail)
  | { status: 'gone'; title: string; category: string | null; similar: Product[] }
  | { status: 'missing'; similar: Product[] };

/** The fields an admin edits: an edit's entry lists those that changed, a created or deleted product's all of them. */
const AUDITED_FIELDS = ['title', 'description', 'brand', 'category', 'gender', 'price', 'image', 'isBestProduct', 'link'] as const;

/** How the audit log names a product: what the admin sees in the list, and the number that keeps it apart. */
export const productSubject = (row: Pick<ProductRow, 'title' | 'number'>) => `${row.title} (#${row.number})`;

export const PRODUCT_GONE_MESSAGE = 'This product has been removed from the catalogue.';
export const PRODUCT_MISSING_MESSAGE = 'There is no product at this address.';

/**
 * `audit` records every admin change (issue 13) in the change's own transaction: when the entry cannot be written,
 * the change is rolled back and the caller gets the error.
 */
export function createCatalogueService(
  repo: CatalogueRepo,
  categories: Pick<CategoriesRepo, 'findByName'>,
  audit: Pick<AuditRepo, 'record'>,
  changes?: Pick<ChangesRepo, 'undo'>,
) {
  const counts = createCountMemo(ADMIN_COUNTS_KEPT);

  /** The category list's spelling of the input's category; read before any transaction opens (see `update`). */
  async function listedCategory(input: ProductInput): Promise<string | null> {
    return input.category === null ? null : ((await categories.findByName(input.category))?.name ?? null);
  }

  /**
   * The category is written as the existing category's spelling. A name no category has is refused, except the
   * one the product already carries (imported products may name categories the list does not have).
   */
  function valuesFrom(input: ProductInput, listed: string | null, current: ProductRow | null, origin: string): ProductValues {
    let category = input.category;
    if (category !== null) {
      if (listed !== null) category = listed;
      else if (current?.category?.toLowerCase() !== category.toLowerCase()) {
        throw new AppError('VALIDATION', `category: there is no category named "${category}". Add it under Categories first.`);
      }
    }
    return { ...input, category, image: input.image && ownImagePath(input.image, origin) };
  }

  return {
    async listFinderPage(q: FinderQuery): Promise<ProductPage> {
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await repo.listPage(
        { search: q.search, category: q.category, gender: q.gender, best: q.best },
        q.seed,
        q.limit,
        after,
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > q.limit && last ? encodeCursor({ phase: last.phase, key: last.shuffleKey, id: last.id }) : null;
      return { items: page.map(toProduct), nextCursor };
    },

    /** A product's page: the product and products like it, or what to offer when it is gone or never was. */
    async productPage(number: number): Promise<ProductLookup> {
      const row = await repo.findByNumber(number);
      if (row) {
        const related = await repo.around({ key: row.shuffleKey, id: row.id }, row.category, RELATED_PRODUCTS_COUNT, row.id);
        return { status: 'found', product: toProduct(row), related: related.map(toProduct) };
      }
      const deleted = await repo.findDeleted(number);
      const similar = (await repo.around(RING_START, deleted?.category ?? null, RELATED_PRODUCTS_COUNT)).map(toProduct);
      return deleted
        ? { status: 'gone', title: deleted.title, category: deleted.category, similar }
        : { status: 'missing', similar };
    },

    /**
     * A page of the admin list and its total. Without filters the total is the kept one; a filter's count is
     * remembered with the `changes` it was made at and used again while no statement has written products since,
     * in this process or any other (paging through a search counts it once).
     */
    async listAdminPage(q: AdminProductQuery): Promise<AdminProductPage> {
      const filter = { search: q.search, category: q.category, gender: q.gender, best: q.best };
      const { rows, totals } = await repo.listAdminPage(filter, q.page, q.pageSize, q.sort);
      let total = totals.products;
      if (filter.search || filter.category || filter.gender || filter.best !== undefined) {
        const key = JSON.stringify(filter);
        const known = counts.get(key);
        if (known && known.changes === totals.changes) total = known.total;
        else {
          const counted = await repo.countAdmin(filter);
          counts.remember(key, counted);
          total = counted.total;
        }
      }
      return { items: rows.map(toProduct), total, page: q.page, pageSize: q.pageSize };
    },

    /** The whole catalogue, or the admin list's current filter, as a streamed CSV, XLSX or JSON file. */
    exportFile(q: ProductExportQuery) {
      const filter: AdminProductFilter = { search: q.search, category: q.category, gender: q.gender, best: q.best };
      return exportProducts((f, after, limit) => repo.exportBatch(f, after, limit), filter, q.format);
    },

    /** Other items with this buy link: the item form warns before a second item points at the same store page. */
    async linkMatches(link: string, excludeId: string | undefined): Promise<LinkMatches> {
      return { items: await repo.withLink(link, excludeId) };
    },

    /**
     * A bulk action on ticked items or on every item matching the filters (issue 15): set category, gender or best,
     * or delete; one transaction with its audit entry and what each item was, so Undo can take it back.
     */
    async bulkEdit(actor: Actor, body: BulkEditBody): Promise<BulkEditResult> {
      const { action, selection } = body;
      let summary: string;
      let resolved = action;
      if (action.type === 'set-category') {
        const listed = action.category === null ? null : ((await categories.findByName(action.category))?.name ?? null);
        if (action.category !== null && listed === null) {
          throw new AppError('VALIDATION', `category: there is no category named "${action.category}". Add it under Categories first.`);
        }
        resolved = { ...action, category: listed };
        summary = listed === null ? 'Removed the category' : `Set category to ${listed}`;
      } else if (action.type === 'set-gender') summary = action.gender === null ? 'Removed the gender' : `Set gender to ${action.gender}`;
      else if (action.type === 'set-best') summary = action.isBestProduct ? 'Marked as best products' : 'Unmarked as best products';
      else summary = 'Deleted';
      const target = 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter };
      const expected = 'expectedCount' in selection ? selection.expectedCount : null;
      const done = await repo.bulkEdit(target, resolved, expected, actor, summary, async (executor, result) => {
        if (result.changed === 0) return;
        const details = { changeId: result.changeId, action: action.type, selected: result.selected, changed: result.changed, summary };
        await audit.record({ action: 'products-bulk-edit', subject: summary, actor, details }, executor);
      });
      if ('mismatch' in done) {
        throw new AppError(
          'CONFLICT',
          `The filters now match ${done.mismatch.toLocaleString('en-US')} items, not ${(expected ?? 0).toLocaleString('en-US')}: the list changed. Look again, then confirm.`,
        );
      }
      return { ...done, summary };
    },

    /** Takes a bulk action back (see ChangesRepo.undo): items changed since are left as they are. */
    async undoBulkEdit(actor: Actor, changeId: string): Promise<UndoResult> {
      if (!changes) throw new AppError('UNAVAILABLE', 'Undo is not available.');
      const done = await changes.undo(changeId, ['bulk-edit'], actor, (executor, change, result) =>
        audit.record({ action: 'change-undo', subject: change.summary, actor, details: { changeId: change.id, kind: change.kind, ...result } }, executor),
      );
      if (done === null) throw new AppError('NOT_FOUND', 'There is no such bulk change to undo.');
      if (done === 'undone') throw new AppError('CONFLICT', 'This change has been undone already.');
      return done.result;
    },

    /** `origin` is this site's (scheme and host), to recognise our own images given by their full address. */
    async create(actor: Actor, input: ProductInput, origin: string): Promise<Product> {
      const values = valuesFrom(input, await listedCategory(input), null, origin);
      return repo.transaction(async (tx) => {
        const row = await tx.products.insert(values);
        const details = { productId: row.id, number: row.number, values: keptValues(row, AUDITED_FIELDS) };
        await audit.record({ action: 'product-create', subject: productSubject(row), actor, details }, tx.executor);
        return toProduct(row);
      });
    },

    /** Replaces the product's fields; the entry lists the fields that changed. An edit that changes nothing records nothing. */
    async update(actor: Actor, id: string, input: ProductInput, origin: string): Promise<Product> {
      // Outside the transaction: embedded PostgreSQL has one connection, so a read beside an open transaction waits
      // for it to end, which would never come.
      const listed = await listedCategory(input);
      return repo.transaction(async (tx) => {
        const current = await tx.products.lockById(id);
        if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
        const row = await tx.products.update(id, valuesFrom(input, listed, current, origin));
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        const changes = changedFields(current, row, AUDITED_FIELDS);
        if (Object.keys(changes).length > 0) {
          const details = { productId: row.id, number: row.number, changes };
          await audit.record({ action: 'product-update', subject: productSubject(row), actor, details }, tx.executor);
        }
        return toProduct(row);
      });
    },

    /** The entry keeps what the product was (its address answers 410 from deleted_products, without the link). */
    async delete(actor: Actor, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const current = await tx.products.lockById(id);
        if (!current || !(await tx.products.delete(id))) throw new AppError('NOT_FOUND', NOT_FOUND);
        const details = { productId: current.id, number: current.number, deleted: keptValues(current, AUDITED_FIELDS) };
        await audit.record({ action: 'product-delete', subject: productSubject(current), actor, details }, tx.executor);
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
