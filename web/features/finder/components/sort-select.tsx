import { FINDER_SORTS, type FinderSort } from '../../../../common/constants';
import { SORT_LABELS } from '../../../../common/texts/finder';
import { TEXTS } from '../../../../common/texts/storefront';

type Props = { value: FinderSort; onChange: (sort: FinderSort) => void };

export function SortSelect({ value, onChange }: Props) {
  return (
    <label className="sort">
      <span className="control-label">{TEXTS.sortLabel}</span>
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
