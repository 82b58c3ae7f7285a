import { FINDER_SORTS, type FinderSort } from '../../../../common/constants';
import { SORT_LABELS, FINDER_SPEC_TEXTS } from '../../../../common/texts/finder';

type Props = { value: FinderSort; onChange: (sort: FinderSort) => void };

export function SortSelect({ value, onChange }: Props) {
  return (
    <label className="sort">
      <span className="control-label">{FINDER_SPEC_TEXTS.sortLabel}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as FinderSort)}>
        {FINDER_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
