import { useId, useState } from 'react';
import { CURRENCIES, currencySymbol, type CurrencyCode } from '../../common/currency';
import { CURRENCY_TEXTS } from '../../common/texts/currency';
import { useCurrencyRates, useDisplayCurrency } from '../lib/currency';
import { setPreference } from '../lib/preferences';
import './currency-picker.css';

/** "EUR €", "CAD CA$", "CHF". */
function symbolAfter(code: CurrencyCode): string {
  const symbol = currencySymbol(code);
  return symbol === code ? code : `${code} ${symbol}`;
}

/**
 * The currencies a visitor can choose from (the base and every currency with a known rate) and the one chosen. Empty
 * options (fewer than two) mean there is nothing to choose: no rates kept, a new store. `want` reads the rates when
 * the visitor reaches for the list; until then they are read only when prices need them (the page carries them).
 */
export function useCurrencyChoice(): { options: CurrencyCode[]; value: CurrencyCode; base: CurrencyCode; want: () => void } {
  const display = useDisplayCurrency();
  const [wanted, setWanted] = useState(false);
  const rates = useCurrencyRates(wanted || (display.chosen !== null && display.chosen !== display.base));
  const known = new Set<CurrencyCode>([display.base, ...(rates.data?.rates.map((r) => r.currency) ?? [])]);
  if (display.chosen) known.add(display.chosen);
  const options = CURRENCIES.filter((c) => known.has(c));
  return {
    options: options.length < 2 ? [] : options,
    value: display.chosen ?? display.base,
    base: display.base,
    want: () => setWanted(true),
  };
}

/**
 * The visitor's display currency: the base and every currency with a known rate (the page carries them; read when
 * the picker is first used otherwise). Choosing the base forgets the choice. Hidden while no rate is kept. Its label
 * is for screen readers only unless `showLabel` (the top bar's preferences panel writes it).
 */
export function CurrencyPicker({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const id = useId();
  const { options, value, base, want } = useCurrencyChoice();
  if (options.length === 0) return null;
  return (
    <span className={className ? `currency-picker ${className}` : 'currency-picker'}>
      <label htmlFor={id} className={showLabel ? 'currency-picker-label' : 'visually-hidden'}>
        {CURRENCY_TEXTS.pickerLabel}
      </label>
      <select
        id={id}
        className="picker-select"
        value={value}
        onFocus={want}
        onPointerEnter={want}
        onChange={(e) => setPreference('currency', e.target.value === base ? null : e.target.value)}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {symbolAfter(code)}
          </option>
        ))}
      </select>
    </span>
  );
}
