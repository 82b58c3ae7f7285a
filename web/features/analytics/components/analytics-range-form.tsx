import type { FormEvent } from 'react';
import { ANALYTICS_QUICK_RANGES } from '../../../../common/analytics-constants';
import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import { analyticsRangeSchema, lastDays, type AnalyticsRange } from '../../../../common/schemas/analytics';
import { TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import './analytics.css';

type Props = { range: AnalyticsRange; onChange: (range: AnalyticsRange) => void };
const FIELD_ORDER = ['from', 'to'] as const;

/**
 * The period of the Analytics tab: two date fields checked with the API's own rules (shared schema), and quick picks
 * that apply at once.
 */
export function AnalyticsRangeForm({ range, onChange }: Props) {
  const form = useForm<AnalyticsRange>(FIELD_ORDER, range);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(analyticsRangeSchema);
    if (data) onChange(data);
  };

  const pick = (days: number) => {
    const next = lastDays(days);
    form.reset(next);
    onChange(next);
  };

  return (
    <form className="analytics-range" onSubmit={submit} noValidate aria-label="Period">
      <div className="analytics-range-fields">
        <TextField label={ANALYTICS_TEXTS.from} type="date" {...form.field('from')} />
        <TextField label={ANALYTICS_TEXTS.to} type="date" {...form.field('to')} />
        <button type="submit" className="button button-primary analytics-range-apply">
          {ANALYTICS_TEXTS.apply}
        </button>
      </div>
      <div className="analytics-quick" role="group" aria-label="Quick picks">
        {ANALYTICS_QUICK_RANGES.map((days) => {
          const r = lastDays(days);
          return (
            <button
              key={days}
              type="button"
              className="button button-ghost button-small"
              aria-pressed={range.from === r.from && range.to === r.to}
              onClick={() => pick(days)}
            >
              {ANALYTICS_TEXTS.quickPick(days)}
            </button>
          );
        })}
      </div>
      <p className="field-hint">{ANALYTICS_TEXTS.utcNote}</p>
    </form>
  );
}
