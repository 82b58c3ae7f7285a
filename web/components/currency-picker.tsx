import { useId, useState } from 'react';
import { CURRENCIES, currencySymbol, type CurrencyCode } from '../../common/currency';
import { CURRENCY_TEXTS } from '../../common/currency-texts';
import { useCurrencyRates, useDisplayCurrency } from '../lib/currency';
import { setPreference } from '../lib/preferences';
import './currency-picker.css';

/** "EUR €", "CAD CA$", "CHF". */
function symbolAfter(code: CurrencyCode): string {
  const symbol = currencySymbol(code);
  return symbol === code ? code : `${code} ${symbol}`;
}

/**
 * The visitor's display currency: the base and every currency with a known rate (the page carries them; read when
 * the picker is first used otherwise). Choosing the base forgets the choice. Hidden while no rate is kept.
 */
export function CurrencyPicker({ className }: { className?: string }) {
  const id = useId();
  const display = useDisplayCurrency();
  // Until the visitor reaches for the list, the rates are read only when prices need them.
  const [wanted, setWanted] = useState(false);
  const rates = useCurrencyRates(wanted || (display.chosen !== null && display.chosen !== display.base));
  const known = new Set<CurrencyCode>([display.base, ...(rates.data?.rates.map((r) => r.currency) ?? [])]);
  if (display.chosen) known.add(display.chosen);
  const options = CURRENCIES.filter((c) => known.has(c));
  // No rates kept (a new store): nothing to choose from, so no picker.
  if (options.length < 2) return null;
  const value = display.chosen ?? display.base;
  return (
    <span className={className ? `currency-picker ${className}` : 'currency-picker'}>
      <label htmlFor={id} className="visually-hidden">
        {CURRENCY_TEXTS.pickerLabel}
      </label>
      <select
        id={id}
        className="picker-select"
        value={value}
        onFocus={() => setWanted(true)}
        onPointerEnter={() => setWanted(true)}
        onChange={(e) => setPreference('currency', e.target.value === display.base ? null : e.target.value)}
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
