import { DEFAULT_CATEGORIES } from '../../../common/constants';
import type { Category } from '../../../common/schemas/category';
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

export function createCategoriesService(repo: CategoriesRepo) {
  return {
    async list(): Promise<Category[]> {
      return (await repo.list()).map(toCategory);
    },
    /** Seeds the default categories when none exist (spec section 3); returns whether it did. */
    async ensureDefaults(): Promise<boolean> {
      if ((await repo.count()) > 0) return false;
      await repo.insertMissing(DEFAULT_CATEGORIES.map((c, i) => ({ name: c.name, relevance: i + 1, description: c.description })));
      return true;
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
