import { useState, type FormEvent } from 'react';
import { ANALYTICS_QUICK_RANGES, ANALYTICS_TEXTS } from '../../../../common/analytics-constants';
import { analyticsRangeSchema, lastDays, type AnalyticsRange } from '../../../../common/schemas/analytics';
import { TextField } from '../../../components/ui/text-field';

type Props = { range: AnalyticsRange; onChange: (range: AnalyticsRange) => void };
type Errors = Partial<Record<keyof AnalyticsRange, string>>;

/**
 * The period of the Analytics tab: two date fields checked with the API's own rules (shared schema), and quick picks
 * that apply at once.
 */
export function AnalyticsRangeForm({ range, onChange }: Props) {
  const [draft, setDraft] = useState<AnalyticsRange>(range);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = analyticsRangeSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'from' || field === 'to') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange(parsed.data);
  };

  const pick = (days: number) => {
    const next = lastDays(days);
    setDraft(next);
    setErrors({});
    onChange(next);
  };

  return (
    <form className="analytics-range" onSubmit={submit} noValidate aria-label="Period">
      <div className="analytics-range-fields">
        <TextField
          label={ANALYTICS_TEXTS.from}
          type="date"
          value={draft.from}
          error={errors.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          label={ANALYTICS_TEXTS.to}
          type="date"
          value={draft.to}
          error={errors.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
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
