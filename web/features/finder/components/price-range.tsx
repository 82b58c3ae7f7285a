import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { FINDER_LATER_TEXTS, LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { formatMoney, fromBase, toBase } from '../../../../common/currency';
import { CURRENCY_TEXTS } from '../../../../common/texts/currency';
import { useDisplayCurrency } from '../../../lib/currency';
import { parsePriceInput } from '../finder-controls';

type Props = {
  /** The bounds in the store's base currency (the API's minPrice and maxPrice). */
  min: number | null;
  max: number | null;
  /** Lowest and highest price (base currency) of what the other filters find: the fields' hints. */
  bounds?: { min: number; max: number } | null | undefined;
  /** Called with a valid range only (each bound a price or none, the lowest not above the highest), in the base. */
  onChange: (min: number | null, max: number | null) => void;
};

/**
 * From and to, in the visitor's currency (converted to the base for the filters: a lowest bound rounds down and a
 * highest up, so what shows as the bound is kept). The fields keep what is typed; the filters get it only while it
 * makes a range, so a half-typed or crossed range never asks the server (the page's debounce does the rest).
 */
export function PriceRange({ min, max, bounds, onChange }: Props) {
  const { currency, rate } = useDisplayCurrency();
  const shown = (n: number | null) => (n === null ? '' : String(fromBase(n, rate, currency)));
  const based = (n: number | null | undefined, bound: 'min' | 'max') => (typeof n === 'number' ? toBase(n, rate, bound) : n);
  const [draft, setDraft] = useState({ min: shown(min), max: shown(max), forMin: min, forMax: max, rate });
  // The filters changed from outside (Back, a link, Clear filters) or the currency did: the fields show them, unless
  // they say it already.
  if (draft.forMin !== min || draft.forMax !== max || draft.rate !== rate) {
    const same =
      draft.rate === rate && based(parsePriceInput(draft.min), 'min') === min && based(parsePriceInput(draft.max), 'max') === max;
    setDraft(same ? { ...draft, forMin: min, forMax: max } : { min: shown(min), max: shown(max), forMin: min, forMax: max, rate });
  }
  const low = parsePriceInput(draft.min);
  const high = parsePriceInput(draft.max);
  const crossed = typeof low === 'number' && typeof high === 'number' && low > high;

  const apply = (next: typeof draft) => {
    setDraft(next);
    const a = parsePriceInput(next.min);
    const b = parsePriceInput(next.max);
    if (a === undefined || b === undefined || (a !== null && b !== null && a > b)) return;
    const baseMin = based(a, 'min') ?? null;
    const baseMax = based(b, 'max') ?? null;
    if (baseMin !== min || baseMax !== max) onChange(baseMin, baseMax);
  };
  const edit = (which: 'min' | 'max', text: string) => apply({ ...draft, [which]: text });
  // A later part (its code comes after the first view): what is typed before it hydrates stays in the fields but not
  // in the draft, so the next render would empty them; once hydrated, the fields' text is taken in (as the search box).
  const minField = useRef<HTMLInputElement>(null);
  const maxField = useRef<HTMLInputElement>(null);
  const atHydration = useRef({ draft, apply });
  useLayoutEffect(() => {
    const { draft: first, apply: take } = atHydration.current;
    const typed = { min: minField.current?.value ?? first.min, max: maxField.current?.value ?? first.max };
    // A transition: an urgent update would make React render a sibling part still waiting for its code anew,
    // dropping what was typed there (the search box).
    if (typed.min !== first.min || typed.max !== first.max) startTransition(() => take({ ...first, ...typed }));
  }, []);
  const hint = (amount: number, round: (n: number) => number) => formatMoney(round(amount * rate), currency);

  const field = (which: 'min' | 'max', label: string, hint: string) => (
    <label className="price-field">
      <span className="visually-hidden">{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={hint}
        ref={which === 'min' ? minField : maxField}
        value={draft[which]}
        aria-invalid={crossed || undefined}
        aria-describedby={crossed ? 'price-error' : undefined}
        onChange={(e) => edit(which, e.target.value)}
      />
    </label>
  );
  return (
    <div className="price" role="group" aria-labelledby="price-label">
      <span id="price-label" className="control-label">
        {CURRENCY_TEXTS.priceIn(currency)}
      </span>
      <span className="price-fields">
        {field('min', CURRENCY_TEXTS.minIn(currency), bounds ? hint(bounds.min, Math.floor) : FINDER_LATER_TEXTS.minPlaceholder)}
        <span aria-hidden="true">–</span>
        {field('max', CURRENCY_TEXTS.maxIn(currency), bounds ? hint(bounds.max, Math.ceil) : FINDER_LATER_TEXTS.maxPlaceholder)}
      </span>
      {crossed && (
        <p id="price-error" className="price-error" role="alert">
          {LATER_TEXTS.priceRangeInvalid}
        </p>
      )}
    </div>
  );
}
