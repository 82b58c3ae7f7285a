import { useRef, useState, type FormEvent } from 'react';
import { withReason } from '../../../../common/texts/admin';
import { formatMoney, showPrice, type CurrencyCode } from '../../../../common/currency';
import { CURRENCY_NAMES } from '../../../../common/texts/currency';
import { CURRENCY_ADMIN_TEXTS as T } from '../../../../common/texts/currency-admin';
import { rateInputSchema, type AdminCurrency } from '../../../../common/schemas/currency';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useAdminCurrencies } from '../api/get-admin-currencies';
import { useUpdateCurrencyRates } from '../api/update-currency-rates';
import './currencies.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ageText(iso: string, now: number): string {
  return T.age(Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000)));
}

/**
 * Currencies: the base prices are stored in, and one row per display currency with its rate (units per one base
 * unit), who set it and when; each row is saved or cleared on its own.
 */
export function CurrenciesTab() {
  const currencies = useAdminCurrencies();
  const view = currencies.data;
  // One clock per load of the list: ages are "5 min ago" as of then.
  const now = currencies.dataUpdatedAt || 0;
  return (
    <div className="admin-section currencies">
      <LoadStatus
        loading={currencies.isPending}
        loadingLabel={T.loading}
        failure={currencies.isError && withReason(T.loadFailed, reasonOf(currencies.error))}
        onRetry={() => void currencies.refetch()}
      />
      {view && (
        <>
          <p>{T.intro(view.base)}</p>
          <p className="currencies-feed" role="note">
            {view.feed.configured ? T.feedOn(view.feed.refreshedAt && dateTime.format(new Date(view.feed.refreshedAt))) : T.feedOff}
          </p>
          <table className="currencies-table">
            <thead>
              <tr>
                <th scope="col">{T.columns.currency}</th>
                <th scope="col">{T.columns.rate(view.base)}</th>
                <th scope="col">{T.columns.source}</th>
                <th scope="col">{T.columns.updated}</th>
              </tr>
            </thead>
            <tbody>
              {view.currencies.map((row) => (
                <CurrencyRow key={row.currency} row={row} base={view.base} now={now} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

function CurrencyRow({ row, base, now }: { row: AdminCurrency; base: CurrencyCode; now: number }) {
  const [text, setText] = useState(row.rate === null ? '' : String(row.rate));
  const [shownRate, setShownRate] = useState(row.rate);
  // A saved, cleared or refreshed rate replaces what the field holds (the row stays mounted, so focus stays put).
  if (shownRate !== row.rate) {
    setShownRate(row.rate);
    setText(row.rate === null ? '' : String(row.rate));
  }
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateCurrencyRates();
  const toast = useToast();
  const inputId = `currency-rate-${row.currency}`;
  const errorId = `${inputId}-error`;
  const typed = Number(text.trim());
  const example = text.trim() && Number.isFinite(typed) && typed > 0 ? showPrice(100, base, row.currency, { [row.currency]: typed }) : null;

  const save = (rate: number | null) => {
    update.mutate(
      { rates: [{ currency: row.currency, rate }] },
      {
        onSuccess: () => {
          toast(rate === null ? T.cleared(row.currency) : T.saved(row.currency), 'success');
          // Clear goes away with the rate: the field keeps the focus.
          if (rate === null) input.current?.focus();
        },
        onError: (err) => setError(reasonOf(err)),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(T.rateRequired);
      return;
    }
    const parsed = rateInputSchema.safeParse(Number(text.trim()));
    if (!parsed.success || parsed.data === null) {
      setError(parsed.success ? T.rateRequired : (parsed.error.issues[0]?.message ?? T.rateRequired));
      return;
    }
    setError(null);
    save(parsed.data);
  };

  return (
    <tr>
      <th scope="row">
        {row.currency} <span className="currencies-name">{CURRENCY_NAMES[row.currency]}</span>
      </th>
      <td>
        <form className="currencies-form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            {T.rateLabel(row.currency, base)}
          </label>
          <input
            ref={input}
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={T.noRate}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : example ? `${inputId}-example` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button button-primary button-small" disabled={update.isPending}>
            {update.isPending ? T.saving : T.save}
          </button>
          {row.rate !== null && (
            <button
              type="button"
              className="button button-danger-ghost button-small"
              disabled={update.isPending}
              aria-label={`${T.clear} ${row.currency}`}
              onClick={() => save(null)}
            >
              {T.clear}
            </button>
          )}
        </form>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          example && (
            <p id={`${inputId}-example`} className="currencies-example">
              {T.example(formatMoney(100, base), example.text)}
            </p>
          )
        )}
      </td>
      <td>{row.source ? T.sources[row.source] : T.sources.none}</td>
      <td>
        {row.updatedAt ? (
          <time dateTime={row.updatedAt} title={dateTime.format(new Date(row.updatedAt))}>
            {ageText(row.updatedAt, now)}
          </time>
        ) : (
          T.sources.none
        )}
      </td>
    </tr>
  );
}
