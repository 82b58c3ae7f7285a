import { ALL, CATEGORY_MAX_LENGTH, FINDER_GENDERS, SEARCH_MAX_LENGTH, TEXTS, type FinderGender } from './constants';

/** The finder's filter state (spec section 4); it lives in the URL's query string. */
export type FinderFilters = {
  search: string;
  category: string;
  gender: FinderGender;
  best: boolean;
};

export const DEFAULT_FILTERS: FinderFilters = { search: '', category: ALL, gender: ALL, best: false };

export function filtersFromParams(params: URLSearchParams): FinderFilters {
  const genderParam = params.get('gender')?.toLowerCase();
  const gender = FINDER_GENDERS.find((g) => g.toLowerCase() === genderParam) ?? ALL;
  // Cut to what the API accepts, so an over-long shared link still opens (the search box cuts typing there too).
  const category = params.get('category')?.trim().slice(0, CATEGORY_MAX_LENGTH).trim() || ALL;
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    // Category chips are hidden for Women, and choosing Women resets the category.
    category: gender === 'Women' ? ALL : category,
    gender,
    best: params.get('best') === 'true',
  };
}

export function paramsFromFilters(f: FinderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search) params.set('q', f.search);
  if (f.category !== ALL) params.set('category', f.category);
  if (f.gender !== ALL) params.set('gender', f.gender);
  if (f.best) params.set('best', 'true');
  return params;
}

export function summaryText(f: FinderFilters, shown: number, hasMore: boolean): string {
  let text = `Showing ${shown} ${shown === 1 ? 'item' : 'items'}`;
  const search = f.search.trim();
  if (search) text += ` matching "${search}"`;
  if (f.category !== ALL) text += ` in ${f.category}`;
  if (f.gender !== ALL) text += ` for ${f.gender}`;
  if (hasMore) text += ` ${TEXTS.scrollForMore}`;
  return text;
}

export function emptyState(f: FinderFilters): { title: string; hint: string } {
  if (f.search.trim()) return { title: TEXTS.emptySearchTitle, hint: TEXTS.emptySearchHint };
  if (f.category !== ALL) return { title: TEXTS.emptyCategoryTitle(f.category), hint: TEXTS.emptyCategoryHint };
  return { title: TEXTS.emptyTitle, hint: TEXTS.emptyHint };
}
