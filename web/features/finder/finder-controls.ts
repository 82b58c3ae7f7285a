// The finder controls' rules as pure functions (tested in finder-controls.test.ts).
import { ALL, type FinderGender } from '../../../common/constants';
import { DEFAULT_FILTERS, type FinderFilters } from '../../../common/finder-filters';
import type { FinderFacets } from '../../../common/schemas/search';

/** The highest bound the API reads (9 digits before the point). */
const PRICE_INPUT_MAX = 999_999_999.99;

/**
 * What a price field holds: null when empty, a price (rounded to cents) from 0 up, or undefined when it is not one
 * (a minus sign, too large, or a number input's half-typed text, which it reports as empty only when blank).
 */
export function parsePriceInput(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0 || n > PRICE_INPUT_MAX) return undefined;
  return Math.round(n * 100) / 100;
}

/** Counts of the gender choices, by choice. */
export function genderCounts(facets: FinderFacets | undefined): Map<FinderGender, number> | undefined {
  return facets && new Map(facets.genders.map((g) => [g.gender, g.count]));
}

/** Counts of the category chips, by lower-case name; the All chip under 'all'. */
export function categoryCounts(facets: FinderFacets | undefined): Map<string, number> | undefined {
  if (!facets) return undefined;
  const counts = new Map(facets.categories.map((c) => [c.name.toLowerCase(), c.count]));
  counts.set(ALL.toLowerCase(), facets.allCategories);
  return counts;
}

/** "Search all categories": the same search, nothing else narrowing it (the order stays). */
export function allCategoriesFilters(f: FinderFilters): FinderFilters {
  return { ...DEFAULT_FILTERS, search: f.search, sort: f.sort };
}

/** "Clear filters": no search and no filter (the order stays). */
export function clearedFilters(f: FinderFilters): FinderFilters {
  return { ...DEFAULT_FILTERS, sort: f.sort };
}

/**
 * A choice that would give no product cannot be picked (issue 28): it is disabled, its count still read out. The
 * chosen one stays enabled even at 0, so the visitor can see it is chosen and pick it again; counts not yet known
 * disable nothing.
 */
export function choiceDisabled(count: number | undefined, chosen: boolean): boolean {
  return count === 0 && !chosen;
}
