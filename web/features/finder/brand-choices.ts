// The brand filter's list and choices (tested in finder-controls.test.ts); loaded with the brand panel, not the page.
import type { BrandSummary } from '../../../common/schemas/search';

/**
 * The brand filter's list: the facets' brands (most products first), then any chosen brand they lack, with 0; when
 * `query` is set, only names that contain it (in any case). Chosen brands always stay listed.
 */
export function brandChoices(facetBrands: readonly BrandSummary[], chosen: readonly string[], query = ''): BrandSummary[] {
  const listed = new Set(facetBrands.map((b) => b.slug));
  const all = [...facetBrands, ...chosen.filter((slug) => !listed.has(slug)).map((slug) => ({ slug, name: slug, count: 0 }))];
  const q = query.trim().toLowerCase();
  return q ? all.filter((b) => b.name.toLowerCase().includes(q) || chosen.includes(b.slug)) : all;
}

/** Adds or removes one brand, keeping the slugs sorted. */
export function toggleBrand(chosen: readonly string[], slug: string, on: boolean): string[] {
  const set = new Set(chosen);
  if (on) set.add(slug);
  else set.delete(slug);
  return [...set].sort();
}
