import { sql, type SQL } from 'drizzle-orm';

/**
 * The one condition of a product the storefront shows (issue 29: a link gone LINK_HIDE_AFTER_GONE checks in a row
 * hides it; issue 40: one home for it, so a later rule, such as products without a picture, changes every list at
 * once): the finder's pages, facets and counts, the search index, products by number, the same-photo lists and the
 * photo search. `alias` is the products table's name in the statement, when it has one.
 */
export function visibleProduct(alias?: 'p' | 'products'): SQL {
  const column = alias ? `${alias}.link_state` : 'link_state';
  return sql.raw(`${column} <> 'hidden'`);
}
