import { FINDER_LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { useMemo } from 'react';
import { activeFilterChips } from '../../../../common/finder-chips';
import type { CurrencyCode } from '../../../../common/currency';
import type { FinderFilters } from '../../../../common/finder-filters';

type Props = {
  /** The filters in the address (what the list is being asked for), so typing waits for the debounce. */
  filters: FinderFilters;
  /** A category's name in the page's language (issue 41); the address keeps its name. */
  categoryLabel: (name: string) => string;
  brandNames: ReadonlyMap<string, string>;
  currency: CurrencyCode;
  /** A brand's page: its brand is the page, not a filter. */
  fixedBrand: string | undefined;
  /** What removing a chip changes. */
  onChange: (change: Partial<FinderFilters>) => void;
  onClearAll: () => void;
};

/**
 * The active filters above the results (issue 28): one removable chip each, then Clear all; nothing when none. A
 * later part of the finder (its chips' words and rules load after the first view), so its props keep their identity.
 */
export function ActiveFilters({ filters, categoryLabel, brandNames, currency, fixedBrand, onChange, onClearAll }: Props) {
  const chips = useMemo(
    () => activeFilterChips({ ...filters, category: categoryLabel(filters.category) }, { brandNames, currency, fixedBrand }),
    [filters, categoryLabel, brandNames, currency, fixedBrand],
  );
  if (chips.length === 0) return null;
  return (
    <div className="active-filters" role="group" aria-label={FINDER_LATER_TEXTS.activeFilters}>
      {chips.map((chip) => (
        <button key={chip.key} type="button" className="active-chip" aria-label={chip.removeLabel} onClick={() => onChange(chip.change)}>
          <span className="active-chip-label" dir="auto">
            {chip.label}
          </span>
          <svg className="active-chip-x" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ))}
      <button type="button" className="link-button active-clear" onClick={onClearAll}>
        {FINDER_LATER_TEXTS.clearAll}
      </button>
    </div>
  );
}
