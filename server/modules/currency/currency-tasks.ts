import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyService } from './currency.service';

/** How often each process asks whether the day's rates refresh is still to do (the first ask of a day does it). */
export const RATES_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Refreshes the rates from RATES_URL now and then once a UTC day (checked hourly; one process takes each day, a
 * failed read is retried at the next check). Without RATES_URL nothing runs. Returns the function that stops it.
 */
export async function startCurrencyTasks(log: FastifyBaseLogger, service: CurrencyService, enabled: boolean): Promise<() => void> {
  if (!enabled) return () => undefined;
  const check = () =>
    service.refresh().then(
      (outcome) => {
        if (outcome.status === 'updated') log.info({ rates: outcome.count }, 'refreshed the currency rates from RATES_URL');
        if (outcome.status === 'failed') log.warn({ reason: outcome.reason }, 'could not refresh the currency rates from RATES_URL; trying again within the hour');
      },
      (err: unknown) => log.warn({ err }, 'could not refresh the currency rates'),
    );
  // Not awaited: a slow feed must not hold up the start.
  void check();
  const timer = setInterval(() => void check(), RATES_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
