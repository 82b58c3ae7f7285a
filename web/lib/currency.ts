import { useQuery } from '@tanstack/react-query';
import { isCurrencyCode, rateFor, showPrice, type CurrencyCode, type Rates, type ShownPrice } from '../../common/currency';
import type { CurrencyRates } from '../../common/schemas/currency';
import { apiGet } from './api-client';
import { usePreferences } from './preferences';
import { getSiteConfig } from './site-config';
import { currenciesQueryKey } from './query-keys';

/** Rates change once a day or when an admin edits them: one read per visit is enough. */
const RATES_STALE_MS = 10 * 60 * 1000;

export function getCurrencyRates(signal?: AbortSignal): Promise<CurrencyRates> {
  return apiGet<CurrencyRates>('/api/currencies', {}, signal);
}

/** The display currencies' rates, read once per visit (only when `enabled`). */
export function useCurrencyRates(enabled = true) {
  return useQuery({ queryKey: currenciesQueryKey, queryFn: ({ signal }) => getCurrencyRates(signal), enabled, staleTime: RATES_STALE_MS });
}

export function ratesOf(data: CurrencyRates | undefined): Rates {
  return Object.fromEntries((data?.rates ?? []).map((r) => [r.currency, r.rate])) as Rates;
}

export type DisplayCurrency = {
  /** What stored prices are in. */
  base: CurrencyCode;
  /** What the visitor chose (null: none, so the base). */
  chosen: CurrencyCode | null;
  /** What prices show in now: the chosen one once its rate is known, else the base. */
  currency: CurrencyCode;
  /** Units of `currency` per base unit (1 for the base). */
  rate: number;
  show(baseAmount: number): ShownPrice;
};

/**
 * The visitor's display currency. The server and hydration render the base (no choice is known there); the
 * browser's choice follows, and its rates are read then (a visitor who keeps the base never reads them).
 */
export function useDisplayCurrency(): DisplayCurrency {
  const { baseCurrency: base } = getSiteConfig();
  const wanted = usePreferences().currency;
  const chosen = isCurrencyCode(wanted) ? wanted : null;
  const { data } = useCurrencyRates(chosen !== null && chosen !== base);
  const rates = ratesOf(data);
  const rate = chosen ? rateFor(base, chosen, rates) : null;
  const currency = chosen && rate !== null ? chosen : base;
  return {
    base,
    chosen,
    currency,
    rate: currency === base ? 1 : (rate ?? 1),
    show: (baseAmount) => showPrice(baseAmount, base, currency, rates),
  };
}
