import { FINDER_TEXTS } from '../../../../common/texts/finder';
import type { FilterChip } from '../../../../common/finder-chips';

type Props = {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
};

/** The active filters above the results (issue 28): one removable chip each, then Clear all; nothing when none. */
export function ActiveFilters({ chips, onRemove, onClearAll }: Props) {
  if (chips.length === 0) return null;
  return (
    <div className="active-filters" role="group" aria-label={FINDER_TEXTS.activeFilters}>
      {chips.map((chip) => (
        <button key={chip.key} type="button" className="active-chip" aria-label={chip.removeLabel} onClick={() => onRemove(chip)}>
          <span className="active-chip-label" dir="auto">
            {chip.label}
          </span>
          <svg className="active-chip-x" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ))}
      <button type="button" className="link-button active-clear" onClick={onClearAll}>
        {FINDER_TEXTS.clearAll}
      </button>
    </div>
  );
}
