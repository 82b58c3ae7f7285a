// The admin's catalogue service: the admin list and its counts, the export, an item's create, edit and delete, bulk
// actions and their Undo, each change in a unit of work's transaction with its audit entry. The finder's public
// service is finder.service.ts.
import { parseItemLink } from '../../../common/agent-links';
import { ownImagePath } from '../../../common/media';
import {
  BULK_PREVIEW_SAMPLES,
  type BulkAction,
  type BulkEditBody,
  type BulkEditResult,
  type BulkEditPreview,
  type LinkMatches,
  type UndoResult,
} from '../../../common/schemas/changes';
import type {
  AdminProductFilter,
  AdminProduct,
  AdminProductPage,
  AdminProductQuery,
  ProductInput,
  ProductExportQuery,
} from '../../../common/schemas/product';
import type { ChangeLimit, Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import { changedFields, keptValues } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { GuidesRepo } from '../guides/guides.repo';
import type { CategoriesRepo } from '../categories/categories.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import { undoAndRecord } from '../changes/undo-change';
import { exportProducts } from './catalogue-export';
import type { CatalogueRepo } from './catalogue.repo';
import { toAdminProduct } from './product-answers';
import { EDITED_FIELDS, type ProductRow, type ProductValues } from './product-columns';
import { language } from '../../../common/i18n';

/** The admin's view of products with the size of each one's group. */
async function withGroupSizes(rows: ProductRow[], sizes: (keys: string[]) => Promise<Map<string, number>>): Promise<AdminProduct[]> {
  const keys = rows.map((r) => r.groupKey).filter((k): k is string => k !== null);
  const known = await sizes(keys);
  return rows.map((row) => toAdminProduct(row, known));
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

/** The fields an admin edits: an edit's entry lists those that changed, a created or deleted product's all of them. */
const AUDITED_FIELDS = EDITED_FIELDS;

/** How the audit log names a product: what the admin sees in the list, and the number that keeps it apart. */
export const productSubject = (row: Pick<ProductRow, 'title' | 'number'>) => `${row.title} (#${row.number})`;

/** The audit log's and the toast's words for the bulk actions of issue 28 (and delete). */
function bulkSummary(action: Exclude<BulkAction, { type: 'set-category' | 'set-gender' | 'set-best' }>): string {
  switch (action.type) {
    case 'set-price':
      return `Set price to ${action.price.toFixed(2)}`;
    case 'adjust-price':
      return `${action.percent > 0 ? 'Raised' : 'Lowered'} prices by ${Math.abs(action.percent)}%`;
    case 'set-brand':
      return action.brand === '' ? 'Removed the brand' : `Set brand to ${action.brand}`;
    case 'set-description':
      return action.description === '' ? 'Removed the description' : 'Set the description';
    case 'replace-title':
      return `Replaced "${action.find}" with "${action.replace}" in titles`;
    case 'remove-translation':
      return `Removed the ${language(action.lang).name} title and description`;
    case 'delete':
      return 'Deleted';
  }
}

export function createCatalogueAdminService(
  repo: CatalogueRepo,
  categories: Pick<CategoriesRepo, 'findByName'>,
  /**
   * Every admin change (an item's create, edit and delete, bulk actions and their Undo) runs in a unit of work's
   * transaction (server/db/unit-of-work.ts) with its audit entry (issue 13): when the entry cannot be written, the
   * change is rolled back and the caller gets the error. `limit`: what the bulk actions and Undo run under.
   */
  changing: {
    transaction: Transact<{ catalogue: CatalogueRepo; changes: ChangesRepo; audit: AuditRepo; guides: GuidesRepo }>;
    limit: ChangeLimit;
  },
  /**
   * What else a change's Undo takes back in its transaction: the guides the demo's removal deleted with its products
   * (issue 43). Answers how many guides came back.
   */
  undoGuides: (tx: { guides: GuidesRepo; audit: AuditRepo }, changeId: string, actor: Actor) => Promise<number> = async () => 0,
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
    const source = parseItemLink(input.link);
    return {
      ...input,
      // Not given (an API client that predates them, issue 41): the product keeps its texts in other languages.
      translations: input.translations ?? current?.translations ?? {},
      category,
      image: input.image && ownImagePath(input.image, origin),
      sourcePlatform: source?.platform ?? null,
      sourceItemId: source?.itemId ?? null,
    };
  }

  return {
    /**
     * A page of the admin list and its total. Without filters the total is the kept one; a filter's count is
     * remembered with the `changes` it was made at and used again while no statement has written products since,
     * in this process or any other (paging through a search counts it once).
     */
    async listAdminPage(q: AdminProductQuery): Promise<AdminProductPage> {
      const filter = {
        search: q.search,
        category: q.category,
        gender: q.gender,
        best: q.best,
        picture: q.picture,
        link: q.link,
        group: q.group,
      };
      const { rows, totals } = await repo.listAdminPage(filter, q.page, q.pageSize, q.sort);
      let total = totals.products;
      if (filter.search || filter.category || filter.gender || filter.best !== undefined || filter.picture || filter.link || filter.group) {
        const key = JSON.stringify(filter);
        const known = counts.get(key);
        if (known && known.changes === totals.changes) total = known.total;
        else {
          const counted = await repo.countAdmin(filter);
          counts.remember(key, counted);
          total = counted.total;
        }
      }
      return { items: await withGroupSizes(rows, (keys) => repo.groupSizes(keys)), total, page: q.page, pageSize: q.pageSize };
    },

    /** The whole catalogue, or the admin list's current filter, as a streamed CSV, XLSX or JSON file. */
    exportFile(q: ProductExportQuery) {
      const filter: AdminProductFilter = {
        search: q.search,
        category: q.category,
        gender: q.gender,
        best: q.best,
        picture: q.picture,
        link: q.link,
        group: q.group,
      };
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
      else summary = bulkSummary(action);
      const target = 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter };
      const expected = 'expectedCount' in selection ? selection.expectedCount : null;
      // One transaction: the count the operator confirmed, the change Undo reads, the statement, the audit entry.
      type Done = { changeId: string | null; selected: number; changed: number } | { mismatch: number };
      const done = await changing.transaction<Done>(async ({ catalogue, changes, audit }) => {
        const selected = await catalogue.countTarget(target);
        if (expected !== null && selected !== expected) return { mismatch: selected };
        const changeId = await changes.open('bulk-edit', summary, actor);
        const changed = await catalogue.bulkApply(target, resolved, changeId);
        if (changed === 0) {
          await changes.drop(changeId);
          return { changeId: null, selected, changed };
        }
        const details = { changeId, action: action.type, selected, changed, summary };
        await audit.record({ action: 'products-bulk-edit', subject: summary, actor, details });
        return { changeId, selected, changed };
      }, changing.limit);
      if ('mismatch' in done) {
        throw new AppError(
          'CONFLICT',
          `The filters now match ${done.mismatch.toLocaleString('en-US')} items, not ${(expected ?? 0).toLocaleString('en-US')}: the list changed. Look again, then confirm.`,
        );
      }
      return { ...done, summary };
    },

    /** What a bulk action would change (the count and its first changes), for the bar's confirmation; changes nothing. */
    async bulkPreview(body: BulkEditBody): Promise<BulkEditPreview> {
      const { action, selection } = body;
      const target = 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter };
      return repo.bulkPreview(target, action, BULK_PREVIEW_SAMPLES);
    },

    /** Takes a bulk action back (see ChangesRepo.undo): items changed since are left as they are. */
    async undoBulkEdit(actor: Actor, changeId: string): Promise<UndoResult> {
      const done = await changing.transaction(async (repos) => {
        const undone = await undoAndRecord(repos, changeId, ['bulk-edit'], actor);
        if (undone === null || undone === 'undone') return undone;
        const guides = await undoGuides(repos, changeId, actor);
        return guides > 0 ? { ...undone, result: { ...undone.result, guides } } : undone;
      }, changing.limit);
      if (done === null) throw new AppError('NOT_FOUND', 'There is no such bulk change to undo.');
      if (done === 'undone') throw new AppError('CONFLICT', 'This change has been undone already.');
      return done.result;
    },

    /** `origin` is this site's (scheme and host), to recognise our own images given by their full address. */
    async create(actor: Actor, input: ProductInput, origin: string): Promise<AdminProduct> {
      const values = valuesFrom(input, await listedCategory(input), null, origin);
      return changing.transaction(async ({ catalogue, audit }) => {
        const row = await catalogue.insert(values, { cause: 'create', actorId: actor.id });
        const details = { productId: row.id, number: row.number, values: keptValues(row, AUDITED_FIELDS) };
        await audit.record({ action: 'product-create', subject: productSubject(row), actor, details });
        return (await withGroupSizes([row], (keys) => catalogue.groupSizes(keys)))[0] ?? toAdminProduct(row);
      });
    },

    /** Replaces the product's fields; the entry lists the fields that changed. An edit that changes nothing records nothing. */
    async update(actor: Actor, id: string, input: ProductInput, origin: string): Promise<AdminProduct> {
      // Outside the transaction: embedded PostgreSQL has one connection, so a read beside an open transaction waits
      // for it to end, which would never come.
      const listed = await listedCategory(input);
      return changing.transaction(async ({ catalogue, audit }) => {
        const current = await catalogue.lockById(id);
        if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
        const row = await catalogue.update(id, valuesFrom(input, listed, current, origin), { cause: 'edit', actorId: actor.id });
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        const changes = changedFields(current, row, AUDITED_FIELDS);
        if (Object.keys(changes).length > 0) {
          const details = { productId: row.id, number: row.number, changes };
          await audit.record({ action: 'product-update', subject: productSubject(row), actor, details });
        }
        return (await withGroupSizes([row], (keys) => catalogue.groupSizes(keys)))[0] ?? toAdminProduct(row);
      });
    },

    /** The entry keeps what the product was (its address answers 410 from deleted_products, without the link). */
    async delete(actor: Actor, id: string): Promise<void> {
      await changing.transaction(async ({ catalogue, audit }) => {
        const current = await catalogue.lockById(id);
        if (!current || !(await catalogue.delete(id))) throw new AppError('NOT_FOUND', NOT_FOUND);
        const details = { productId: current.id, number: current.number, deleted: keptValues(current, AUDITED_FIELDS) };
        await audit.record({ action: 'product-delete', subject: productSubject(current), actor, details });
      });
    },
  };
}
export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
