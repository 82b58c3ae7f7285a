import { sql, type SQL } from 'drizzle-orm';

/**
 * The one condition of a product the storefront shows, in every public list: the finder's pages, facets and counts,
 * the search index, suggestions, products by number, related products, other colours, same-photo lists, the photo
 * search and the sitemap. Out: a product whose link was gone LINK_HIDE_AFTER_GONE checks in a row (issue 29), and,
 * while the storefront setting says "Hide them" (issue 40), a product without a picture (none, or found broken).
 * The setting is read in the statement (one row, read once per statement), so every process sees a change at once.
 * `alias` is the products table's name in the statement, when it has one.
 */
export function visibleProduct(alias?: 'p' | 'products'): SQL {
  const p = alias ? `${alias}.` : '';
  return sql.raw(
    `(${p}link_state <> 'hidden' and (${hasPicture(p)} or not exists (select 1 from storefront_settings where missing_pictures = 'hide')))`,
  );
}

/**
 * A product the finder lists after every product with a picture, in each of its orders: one without a picture while
 * the storefront setting says "List them last" (issue 40). Read in the statement, as `visibleProduct`'s setting; the
 * search index keeps it per product (a change of the setting touches every product without a picture).
 */
export function listedLast(alias?: 'p' | 'products'): SQL {
  const p = alias ? `${alias}.` : '';
  return sql.raw(`(not ${hasPicture(p)} and exists (select 1 from storefront_settings where missing_pictures = 'last'))`);
}

/** A product shows a picture: it has one, and the link checks did not find it broken. */
function hasPicture(p: string): string {
  return `(coalesce(${p}image, '') <> '' and not ${p}picture_broken)`;
}
