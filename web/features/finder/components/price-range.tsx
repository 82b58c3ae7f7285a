import { useState } from 'react';
import { TEXTS } from '../../../../common/constants';
import { formatPrice } from '../../../../common/price';
import { parsePriceInput } from '../finder-controls';

type Props = {
  min: number | null;
  max: number | null;
  /** Lowest and highest price of what the other filters find: the fields' hints. */
  bounds?: { min: number; max: number } | null | undefined;
  /** Called with a valid range only (each bound a price or none, the lowest not above the highest). */
  onChange: (min: number | null, max: number | null) => void;
};

const toText = (n: number | null) => (n === null ? '' : String(n));

/**
 * From and to, in the store's currency. The fields keep what is typed; the filters get it only while it makes a
 * range, so a half-typed or crossed range never asks the server (the page's debounce does the rest).
 */
export function PriceRange({ min, max, bounds, onChange }: Props) {
  const [draft, setDraft] = useState({ min: toText(min), max: toText(max), forMin: min, forMax: max });
  // The filters changed from outside (Back, a link, Clear filters): the fields show them, unless they say it already.
  if (draft.forMin !== min || draft.forMax !== max) {
    const same = parsePriceInput(draft.min) === min && parsePriceInput(draft.max) === max;
    setDraft(same ? { ...draft, forMin: min, forMax: max } : { min: toText(min), max: toText(max), forMin: min, forMax: max });
  }
  const low = parsePriceInput(draft.min);
  const high = parsePriceInput(draft.max);
  const crossed = typeof low === 'number' && typeof high === 'number' && low > high;

  const edit = (which: 'min' | 'max', text: string) => {
    const next = { ...draft, [which]: text };
    setDraft(next);
    const a = parsePriceInput(next.min);
    const b = parsePriceInput(next.max);
    if (a === undefined || b === undefined || (a !== null && b !== null && a > b)) return;
    if (a !== min || b !== max) onChange(a, b);
  };

  const field = (which: 'min' | 'max', label: string, hint: string) => (
    <label className="price-field">
      <span className="visually-hidden">{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={hint}
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
        {TEXTS.priceLabel}
      </span>
      <span className="price-fields">
        {field('min', TEXTS.minPriceLabel, bounds ? formatPrice(Math.floor(bounds.min)) : 'Min')}
        <span aria-hidden="true">–</span>
        {field('max', TEXTS.maxPriceLabel, bounds ? formatPrice(Math.ceil(bounds.max)) : 'Max')}
      </span>
      {crossed && (
        <p id="price-error" className="price-error" role="alert">
          {TEXTS.priceRangeInvalid}
        </p>
      )}
    </div>
  );
}
