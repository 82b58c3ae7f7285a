import { z } from 'zod';
import { CURRENCIES, RATE_MAX, RATE_MIN } from '../currency';
import { apiSchemas } from './registry';

export const currencyCodeSchema = z.enum(CURRENCIES, {
  error: `Currency must be one of ${CURRENCIES.join(', ')}`,
});

export const RATE_SOURCES = ['admin', 'feed'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** One display currency's rate as the storefront uses it. */
export const currencyRateSchema = z
  .object({
    currency: currencyCodeSchema,
    rate: z.number().describe('Units of this currency per one unit of the base currency'),
    updatedAt: z.string().describe('When the rate was last set (ISO time)'),
  })
  .register(apiSchemas, { id: 'CurrencyRate' });
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

/** GET /api/currencies: what stored prices mean and how to show them in the other currencies. */
export const currencyRatesSchema = z
  .object({
    base: currencyCodeSchema.describe('The currency prices are stored in (BASE_CURRENCY)'),
    rates: z.array(currencyRateSchema).describe('Display currencies with a known rate; a currency missing here is shown in the base'),
  })
  .register(apiSchemas, { id: 'CurrencyRates' });
export type CurrencyRates = z.infer<typeof currencyRatesSchema>;

/** One display currency as the Currencies tab shows it: with or without a rate, and who set it. */
export const adminCurrencySchema = z
  .object({
    currency: currencyCodeSchema,
    rate: z.number().nullable().describe('Units of this currency per one base unit; null: none, prices show in the base'),
    source: z.enum(RATE_SOURCES).nullable().describe('Who set the rate last: an admin, or the daily feed (RATES_URL)'),
    updatedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'AdminCurrency' });
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;

export const adminCurrenciesSchema = z
  .object({
    base: currencyCodeSchema,
    feed: z
      .object({
        configured: z.boolean().describe('Whether RATES_URL is set, so rates are refreshed daily'),
        refreshedAt: z.string().nullable().describe('When the feed last gave rates (ISO time); null: never'),
      })
      .describe('The daily rates feed'),
    currencies: z.array(adminCurrencySchema).describe('Every display currency but the base, in list order'),
  })
  .register(apiSchemas, { id: 'AdminCurrencies' });
export type AdminCurrencies = z.infer<typeof adminCurrenciesSchema>;

/** A rate as an admin types it: a positive number within sane bounds, or null to clear it. */
export const rateInputSchema = z
  .number({ error: 'The rate must be a number, such as 0.92' })
  .refine((n) => Number.isFinite(n) && n > 0, 'The rate must be a number above 0')
  .refine((n) => n >= RATE_MIN && n <= RATE_MAX, `The rate must be between ${RATE_MIN} and ${RATE_MAX.toLocaleString('en-US')}`)
  .nullable();

/** PUT /api/admin/currencies: set (a number) or clear (null) the rates of the currencies listed; others are kept. */
export const currencyRatesInputSchema = z
  .object({
    rates: z
      .array(z.object({ currency: currencyCodeSchema, rate: rateInputSchema }))
      .min(1, 'Give at least one rate')
      .max(CURRENCIES.length, `Give at most ${CURRENCIES.length} rates`)
      .refine((list) => new Set(list.map((r) => r.currency)).size === list.length, 'Give each currency once'),
  })
  .register(apiSchemas, { id: 'CurrencyRatesUpdate' });
export type CurrencyRatesInput = z.infer<typeof currencyRatesInputSchema>;
