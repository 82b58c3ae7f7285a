import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCurrenciesSchema, currencyRatesInputSchema, currencyRatesSchema } from '../../../common/schemas/currency';
import { errorSchema } from '../../../common/schemas/error';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';
import { actorOf } from '../audit/audit-details';
import type { CurrencyService } from './currency.service';

export const currencyRoutes: FastifyPluginAsyncZod<{ service: CurrencyService }> = async (app, { service }) => {
  app.get(
    '/api/currencies',
    {
      // A change to currency_rates drops the kept answers in every process (the migration's trigger).
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['currencies'],
        summary: 'The base currency prices are stored in, and the display currencies with a known rate',
        response: { 200: currencyRatesSchema },
      },
    },
    async () => service.rates(),
  );

  app.get(
    '/api/admin/currencies',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Every display currency with its rate (or none), who set it (an admin or the daily feed) and when',
        response: { 200: adminCurrenciesSchema },
      },
    }),
    async () => service.adminView(),
  );

  app.put(
    '/api/admin/currencies',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Sets (a number) or clears (null) the listed rates, in units per one base unit; other rates are kept. With ' +
          "RATES_URL set, the feed's next daily refresh writes its rates over them. Recorded in the audit log",
        body: currencyRatesInputSchema,
        response: { 200: adminCurrenciesSchema, 400: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.body),
  );
};
