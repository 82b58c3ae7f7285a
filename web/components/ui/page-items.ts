import { PAGER_ALL_PAGES_MAX } from '../../../common/admin-constants';

export type PageItem = number | 'gap';

/**
 * The numbered buttons of a pager (spec section 9): every page when there are five or fewer; otherwise the first,
 * the last, the current page and its neighbours, with a gap where pages are skipped. A gap never hides just one
 * page: that page is shown instead.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= PAGER_ALL_PAGES_MAX) return Array.from({ length: Math.max(total, 1) }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of sorted) {
    const last = items.at(-1);
    if (typeof last === 'number' && p - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) items.push('gap');
    items.push(p);
  }
  return items;
}
