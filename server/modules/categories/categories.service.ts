import { DEFAULT_CATEGORY_NAMES, knownNames } from '../../../common/catalogue-languages';
import { DEFAULT_CATEGORIES } from '../../../common/constants';
import type { AdminCategory, Category, CategoryDeleteResult, CategoryInput } from '../../../common/schemas/category';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { changedFields, keptValues } from '../audit/audit-details';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { CategoriesRepo, CategoryRow } from './categories.repo';

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    names: knownNames(row.names),
    relevance: row.relevance,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A category's fields as the admin edits them: what an edit's entry compares and a deleted one's keeps. */
const AUDITED_FIELDS = ['name', 'names', 'relevance', 'description'] as const;

/** The subject of the entry written when the dashboard seeds the default categories. */
export const DEFAULT_CATEGORIES_SUBJECT = 'Default categories';

const NOT_FOUND = 'This category does not exist (it may have been deleted already).';
const taken = (name: string) => new AppError('CONFLICT', `A category named "${name}" already exists.`);

/**
 * `audit` records every admin change (issue 13) in the change's own transaction: when the entry cannot be written,
 * the change (renamed or moved products included) is rolled back and the caller gets the error.
 */
export function createCategoriesService(repo: CategoriesRepo, transaction: Transact<{ categories: CategoriesRepo; audit: AuditRepo }>) {
  /** The unique index decides (two admins may race); the message names the clash. */
  async function unlessTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw taken((await repo.findByName(name))?.name ?? name);
      throw err;
    }
  }

  return {
    async list(): Promise<Category[]> {
      return (await repo.list()).map(toCategory);
    },
    async listForAdmin(): Promise<AdminCategory[]> {
      return (await repo.listWithCounts()).map((row) => ({ ...toCategory(row), productCount: row.productCount }));
    },
    /**
     * Seeds the default categories when none exist (spec section 3); returns whether it did. With an actor (the
     * dashboard's call) the seeding is recorded; the first start's seed (no actor) is not an admin's change.
     */
    async ensureDefaults(actor?: Actor): Promise<boolean> {
      if ((await repo.count()) > 0) return false;
      const rows = DEFAULT_CATEGORIES.map((c, i) => ({
        name: c.name,
        names: DEFAULT_CATEGORY_NAMES[c.name] ?? {},
        relevance: i + 1,
        description: c.description,
      }));
      const names = await transaction(async (tx) => {
        const inserted = await tx.categories.insertMissing(rows);
        if (actor && inserted.length > 0) {
          const details = { defaults: true, names: inserted };
          await tx.audit.record({ action: 'category-create', subject: DEFAULT_CATEGORIES_SUBJECT, actor, details });
        }
        return inserted;
      });
      return names.length > 0;
    },
    async create(actor: Actor, input: CategoryInput): Promise<Category> {
      const row = await unlessTaken(input.name, () =>
        transaction(async (tx) => {
          const inserted = await tx.categories.insert(input);
          const details = { categoryId: inserted.id, values: keptValues(inserted, AUDITED_FIELDS) };
          await tx.audit.record({ action: 'category-create', subject: inserted.name, actor, details });
          return inserted;
        }),
      );
      return toCategory(row);
    },
    /**
     * The entry lists the fields that changed and, after a rename, how many products were renamed with it. An edit
     * that changes nothing records nothing.
     */
    async update(actor: Actor, id: string, input: CategoryInput): Promise<Category> {
      const result = await unlessTaken(input.name, () =>
        transaction(async (tx) => {
          const updated = await tx.categories.update(id, input);
          if (!updated) return null;
          const changes = changedFields(updated.old, updated.row, AUDITED_FIELDS);
          if (Object.keys(changes).length > 0) {
            const details = { categoryId: id, changes, ...('name' in changes ? { productsRenamed: updated.productsRenamed } : {}) };
            await tx.audit.record({ action: 'category-update', subject: updated.row.name, actor, details });
          }
          return updated;
        }),
      );
      if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toCategory(result.row);
    },
    /** The entry keeps what the category was and where its products went. */
    async delete(actor: Actor, id: string, moveTo: string | undefined): Promise<CategoryDeleteResult> {
      if (moveTo === id) throw new AppError('VALIDATION', 'moveTo: products cannot move into the category being deleted.');
      const result = await transaction(async (tx) => {
        const deleted = await tx.categories.delete(id, moveTo);
        if (typeof deleted === 'string') return deleted;
        const details = {
          categoryId: id,
          deleted: keptValues(deleted.row, AUDITED_FIELDS),
          productsMoved: deleted.productsMoved,
          movedTo: deleted.movedTo,
        };
        await tx.audit.record({ action: 'category-delete', subject: deleted.row.name, actor, details });
        return deleted;
      });
      if (result === 'missing') throw new AppError('NOT_FOUND', NOT_FOUND);
      if (result === 'target-missing') {
        throw new AppError('VALIDATION', 'moveTo: the category chosen for the products does not exist (it may have been deleted).');
      }
      return { id: result.row.id, name: result.row.name, productsMoved: result.productsMoved, movedTo: result.movedTo };
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
