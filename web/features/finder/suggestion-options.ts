// The search box's suggestions as listbox options, and the keyboard's moves through them (tested in
// finder-controls.test.ts). Loaded with the suggestions, not with the page.
import type { Suggestions } from '../../../common/schemas/search';

export type SuggestionOption =
  | { kind: 'product'; id: string; label: string; path: string; brand: string; price: number; thumbnail: string | null }
  | { kind: 'brand'; id: string; label: string; slug: string; count: number }
  /** `name` is the category's (the filter's value), `label` what the page shows (its name in the page's language). */
  | { kind: 'category'; id: string; label: string; name: string; count: number }
  /** A guide whose title matches (issue 43); `path` inside the language's base. */
  | { kind: 'guide'; id: string; label: string; path: string };

/**
 * The listbox's options in screen order (products, brands, categories, guides), each with its element id; `labelOf` gives
 * a category's name in the page's language.
 */
export function suggestionOptions(
  s: Suggestions | undefined,
  idPrefix: string,
  labelOf: (name: string) => string = (name) => name,
): SuggestionOption[] {
  if (!s) return [];
  let i = 0;
  const id = () => `${idPrefix}-${i++}`;
  return [
    ...s.products.map((p) => ({
      kind: 'product' as const,
      id: id(),
      label: p.title,
      path: p.path,
      brand: p.brand,
      price: p.price,
      thumbnail: p.thumbnail,
    })),
    ...s.brands.map((b) => ({ kind: 'brand' as const, id: id(), label: b.name, slug: b.slug, count: b.count })),
    ...s.categories.map((c) => ({ kind: 'category' as const, id: id(), label: labelOf(c.name), name: c.name, count: c.count })),
    // An answer cached from before guides were suggested has none.
    ...(s.guides ?? []).map((g) => ({ kind: 'guide' as const, id: id(), label: g.title, path: g.path })),
  ];
}

/** The option ArrowDown (+1) or ArrowUp (-1) moves to, wrapping round; -1 (none) moves to the first or the last. */
export function moveActive(index: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}
