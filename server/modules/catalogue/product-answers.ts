// A product row as the API answers it: the public product (every public answer, the favourites, the link
// converter's card) and the admin's, with its source id and group.
import { productTextIn, titledLanguages } from '../../../common/catalogue-languages';
import type { LangCode } from '../../../common/i18n';
import { thumbnailUrlFor } from '../../../common/media';
import { productPath } from '../../../common/product-urls';
import type { AdminProduct, Product } from '../../../common/schemas/product';
import type { ProductRow } from './product-columns';

/**
 * A product as the public answers show it: never the source id (only the admin's, `toAdminProduct`); its title and
 * description in `lang` where translated (issue 41), its address always the English one's.
 */
export function toProduct(row: Omit<ProductRow, 'sourceId'>, lang?: LangCode): Product {
  const text = lang ? productTextIn(row, lang) : row;
  return {
    id: row.id,
    number: row.number,
    path: productPath(row),
    title: text.title,
    description: text.description,
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
    translatedInto: titledLanguages(row.translations),
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
    translations: row.translations,
  };
}
