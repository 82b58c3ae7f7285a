import { DEFAULT_CATEGORIES } from '../../../common/constants';
import type { AdminCategory, Category, CategoryDeleteResult, CategoryInput } from '../../../common/schemas/category';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { CategoriesRepo, CategoryRow } from './categories.repo';

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    relevance: row.relevance,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const NOT_FOUND = 'This category does not exist (it may have been deleted already).';
const taken = (name: string) => new AppError('CONFLICT', `A category named "${name}" already exists.`);

export function createCategoriesService(repo: CategoriesRepo) {
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
    /** Seeds the default categories when none exist (spec section 3); returns whether it did. */
    async ensureDefaults(): Promise<boolean> {
      if ((await repo.count()) > 0) return false;
      await repo.insertMissing(DEFAULT_CATEGORIES.map((c, i) => ({ name: c.name, relevance: i + 1, description: c.description })));
      return true;
    },
    async create(input: CategoryInput): Promise<Category> {
      return toCategory(await unlessTaken(input.name, () => repo.insert(input)));
    },
    async update(id: string, input: CategoryInput): Promise<Category> {
      const result = await unlessTaken(input.name, () => repo.update(id, input));
      if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toCategory(result.row);
    },
    async delete(id: string, moveTo: string | undefined): Promise<CategoryDeleteResult> {
      if (moveTo === id) throw new AppError('VALIDATION', 'moveTo: products cannot move into the category being deleted.');
      const result = await repo.delete(id, moveTo);
      if (result === 'missing') throw new AppError('NOT_FOUND', NOT_FOUND);
      if (result === 'target-missing') {
        throw new AppError('VALIDATION', 'moveTo: the category chosen for the products does not exist (it may have been deleted).');
      }
      return { id: result.row.id, name: result.row.name, productsMoved: result.productsMoved, movedTo: result.movedTo };
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
