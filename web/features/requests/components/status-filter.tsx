import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import { REQUEST_STATUSES, type RequestStatus } from '../../../../common/requests';
import type { StatusCounts } from '../../../../common/schemas/requests';
import { SelectField } from '../../../components/ui/select-field';

export type StatusChoice = RequestStatus | 'all';

/** "Show: All (12)": one status or all, each with how many rows it has (unknown while the first page loads). */
export function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: StatusChoice;
  counts: StatusCounts | undefined;
  onChange: (v: StatusChoice) => void;
}) {
  const label = (text: string, n: number | undefined) => (n === undefined ? text : T.withCount(text, n));
  const total = counts ? REQUEST_STATUSES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const options = [
    { value: 'all', label: label(T.all, total) },
    ...REQUEST_STATUSES.map((s) => ({ value: s, label: label(T.statuses[s], counts?.[s]) })),
  ];
  return (
    <SelectField
      label={T.statusFilter}
      className="requests-filter"
      options={options}
      value={value}
      onChange={(event) => onChange(event.target.value as StatusChoice)}
    />
  );
}

/** The status select of one row, named after the row for screen readers. */
export function RowStatus({
  value,
  what,
  disabled,
  onChange,
}: {
  value: RequestStatus;
  what: string;
  disabled: boolean;
  onChange: (s: RequestStatus) => void;
}) {
  return (
    <select
      className="requests-status"
      aria-label={T.statusOf(what)}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as RequestStatus)}
    >
      {REQUEST_STATUSES.map((s) => (
        <option key={s} value={s}>
          {T.statuses[s]}
        </option>
      ))}
    </select>
  );
}
