import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencySymbol,
  formatMoney,
  fromBase,
  isCurrencyCode,
  minorDigits,
  priceLabel,
  rebaseRates,
  roundMoney,
  showPrice,
  toBase,
  MAX_BASE_BOUND,
} from './currency';
import { formatMoneyIn } from './money-format';
import { formatPrice } from './price';

describe('rounding per currency', () => {
  it('keeps two minor digits for most currencies and whole units for JPY and KRW', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    expect(roundMoney(1234.5, 'JPY')).toBe(1235);
    expect(roundMoney(1234.49, 'KRW')).toBe(1234);
    expect(roundMoney(54.205, 'EUR')).toBe(54.21);
  });

  it('rounds halves as written, not as the float stores them', () => {
    expect(roundMoney(2.675, 'USD')).toBe(2.68);
    expect(roundMoney(1.005, 'USD')).toBe(1.01);
    expect(roundMoney(-2.675, 'USD')).toBe(-2.68);
  });

  it('formats with the currency symbol or code, and USD exactly as before', () => {
    expect(formatMoney(59, 'USD')).toBe('$59.00');
    expect(formatMoney(59, 'USD')).toBe(formatPrice(59));
    expect(formatMoney(54.2, 'EUR')).toBe('€54.20');
    expect(formatMoney(45.1, 'GBP')).toBe('£45.10');
    expect(formatMoney(8000, 'JPY')).toBe('¥8,000');
    expect(formatMoney(80000, 'KRW')).toBe('₩80,000');
    expect(formatMoney(10, 'CAD')).toBe('CA$10.00');
    expect(formatMoney(10, 'CNY')).toBe('CN¥10.00');
    expect(currencySymbol('AUD')).toBe('A$');
    expect(currencySymbol('CHF')).toBe('CHF');
  });

  it('formats every listed currency', () => {
    for (const code of CURRENCIES) expect(formatMoney(1, code)).toMatch(/1/);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XXX')).toBe(false);
  });
});

describe('showing a base price', () => {
  const rates = { EUR: 0.92, JPY: 151.37, GBP: 0 };

  it('shows the base currency exactly when it is wanted, none is chosen, or no rate is known', () => {
    expect(showPrice(59, 'USD', 'USD', rates)).toEqual({ amount: 59, currency: 'USD', text: '$59.00', approximate: false });
    expect(showPrice(59, 'USD', null, rates).text).toBe('$59.00');
    expect(showPrice(59, 'USD', 'CAD', rates).approximate).toBe(false);
    // A rate of 0 is no rate.
    expect(showPrice(59, 'USD', 'GBP', rates).currency).toBe('USD');
    expect(showPrice(59, 'USD', 'nonsense', rates).currency).toBe('USD');
  });

  it('converts with the rate, rounds to the currency and marks it approximate', () => {
    const eur = showPrice(58.91, 'USD', 'EUR', rates);
    expect(eur).toEqual({ amount: 54.2, currency: 'EUR', text: '€54.20', approximate: true });
    expect(priceLabel(eur)).toBe('≈ €54.20');
    expect(showPrice(59.99, 'USD', 'JPY', rates)).toMatchObject({ amount: 9081, text: '¥9,081' });
  });

  it('converts from a CNY base too', () => {
    expect(showPrice(399, 'CNY', 'USD', { USD: 0.1389 })).toMatchObject({ amount: 55.42, text: '$55.42', approximate: true });
    expect(priceLabel(showPrice(399, 'CNY', 'CNY', {}))).toBe('CN¥399.00');
  });
});

describe('the price filter in the visitor currency', () => {
  it('turns typed bounds into base amounts that keep what shows as the bound', () => {
    expect(toBase(50, 0.92, 'min')).toBe(54.34);
    expect(toBase(50, 0.92, 'max')).toBe(54.35);
    // A huge amount in a currency worth less than the base stays within what the API takes.
    expect(toBase(999_999_999, 0.5, 'max')).toBe(MAX_BASE_BOUND);
    // Exact after float noise: no cent lost or added.
    expect(toBase(50, 0.5, 'min')).toBe(100);
    expect(toBase(50, 0.5, 'max')).toBe(100);
    expect(toBase(0, 151.37, 'min')).toBe(0);
    // A product right at the typed highest bound is found: its shown price is the bound.
    const max = toBase(100, 151.37, 'max');
    expect(fromBase(max, 151.37, 'JPY')).toBeGreaterThanOrEqual(100);
    expect(fromBase(toBase(8000, 151.37, 'min'), 151.37, 'JPY')).toBe(8000);
  });

  it('is monotonic, so sorting by price is the same in any currency', () => {
    const base = [3.5, 12, 12.01, 59, 199.99];
    for (const rate of [0.0065, 0.92, 151.37]) {
      const shown = base.map((p) => fromBase(p, rate, 'EUR'));
      expect([...shown].sort((a, b) => a - b)).toEqual(shown);
    }
  });
});

describe("a feed's rates against our base", () => {
  it('keeps our currencies from a feed in the same base', () => {
    expect(rebaseRates('USD', { EUR: 0.92, GBP: 0.79, XAU: 0.0004, BTC: 'x' }, 'USD')).toEqual({ EUR: 0.92, GBP: 0.79 });
  });

  it('converts a feed in another base through its rate for ours', () => {
    // EUR-based feed (frankfurter's default): 1 EUR = 1.08 USD, 0.85 GBP; our base USD.
    const rates = rebaseRates('EUR', { USD: 1.08, GBP: 0.85, JPY: 163.5 }, 'USD');
    expect(rates?.EUR).toBeCloseTo(1 / 1.08, 8);
    expect(rates?.GBP).toBeCloseTo(0.85 / 1.08, 8);
    expect(rates?.JPY).toBeCloseTo(163.5 / 1.08, 6);
    expect(rates).not.toHaveProperty('USD');
  });

  it('gives none when the feed lacks our base, and drops insane rates', () => {
    expect(rebaseRates('EUR', { GBP: 0.85 }, 'USD')).toBeNull();
    expect(rebaseRates('USD', { EUR: 1e9, GBP: -1, CAD: 1.37 }, 'USD')).toEqual({ CAD: 1.37 });
  });
});

describe('amounts on right-to-left pages', () => {
  it('keep a symbol of letters and a sign whole with a left-to-right mark after it', () => {
    expect(formatMoneyIn(12, 'USD', 'ar')).toMatch(/^\u200f12\.00\u00a0US\$\u200e$/);
    expect(formatMoneyIn(12, 'CAD', 'ar')).toContain('CA$\u200e');
  });

  it('leave a sign alone, a code of letters alone, and every left-to-right language alone', () => {
    expect(formatMoneyIn(12, 'EUR', 'ar')).not.toContain('\u200e');
    expect(formatMoneyIn(12, 'CHF', 'ar')).not.toContain('\u200e');
    expect(formatMoneyIn(12, 'USD', 'en')).toBe('$12.00');
    expect(formatMoneyIn(12, 'USD', 'de')).toBe('12,00\u00a0$');
  });
});
