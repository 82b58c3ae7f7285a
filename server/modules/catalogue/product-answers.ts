// A product row as the API answers it: the public product (every public answer, the favourites, the link
// converter's card) and the admin's, with its source id and group.
import { thumbnailUrlFor } from '../../../common/media';
import { productPath } from '../../../common/product-urls';
import type { AdminProduct, Product } from '../../../common/schemas/product';
import type { ProductRow } from './product-columns';

/** A product as the public answers show it: never the source id (only the admin's, `toAdminProduct`). */
export function toProduct(row: Omit<ProductRow, 'sourceId'>): Product {
  return {
    id: row.id,
    number: row.number,
    path: productPath(row),
    title: row.title,
    description: row.description,
    brand: row.brand,
    brandSlug: row.brandKey,
    category: row.category,
    gender: row.gender,
    price: row.price,
    // A picture the link checks found broken and could not fetch again shows as the placeholder (issue 29).
    image: row.pictureBroken ? null : row.image,
    thumbnail: row.pictureBroken ? null : thumbnailUrlFor(row.image),
    isBestProduct: row.isBestProduct,
    link: row.link,
    sourcePlatform: row.sourcePlatform,
    sourceItemId: row.sourceItemId,
    row: row.row,
    qcCount: row.qcCount,
    mayBeUnavailable: row.linkState !== 'ok',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product as the admin API answers it: with the id it had in the system it was imported from (issue 25). */
export function toAdminProduct(row: ProductRow, groupSizes: ReadonlyMap<string, number> = new Map()): AdminProduct {
  return {
    ...toProduct(row),
    // The admin sees and edits the picture the product points at, broken or not (Link health lists it).
    image: row.image,
    thumbnail: thumbnailUrlFor(row.image),
    sourceId: row.sourceId,
    groupKey: row.groupKey,
    groupSize: (row.groupKey && groupSizes.get(row.groupKey)) || 1,
  };
}
