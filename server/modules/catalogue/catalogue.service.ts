import { thumbnailUrlFor } from '../../../common/media';
import type { FinderQuery, Product, ProductPage } from '../../../common/schemas/product';
import type { CatalogueRepo, ProductRow } from './catalogue.repo';
import { decodeCursor, encodeCursor } from './cursor';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
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

export function createCatalogueService(repo: CatalogueRepo) {
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
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
