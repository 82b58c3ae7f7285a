import { useState } from 'react';
import { ALL, VISIBLE_CATEGORY_COUNT } from '../../../../common/constants';
import { FINDER_LATER_TEXTS, LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { choiceDisabled } from '../finder-controls';
import { Count } from './count';

type Props = {
  names: string[];
  /** The name a chip shows: the category's in the page's language (issue 41); its name is what it selects. */
  labelOf?: ((name: string) => string) | undefined;
  selected: string;
  onSelect: (name: string) => void;
  /** Products each chip would give (by lower-case name; 'all' for All), absent while unknown. */
  counts?: ReadonlyMap<string, number> | undefined;
};

export function CategoryChips({ names, labelOf, selected, onSelect, counts }: Props) {
  const [expanded, setExpanded] = useState(false);
  const all = [ALL, ...names];
  const hasMore = names.length > VISIBLE_CATEGORY_COUNT;
  const selectedLower = selected.toLowerCase();
  // The chosen category stays visible even when it sits past the first ten.
  const visible = expanded || !hasMore ? all : all.filter((n, i) => i <= VISIBLE_CATEGORY_COUNT || n.toLowerCase() === selectedLower);
  return (
    <div className="chips-row">
      <div className="chips" role="group" aria-label={FINDER_LATER_TEXTS.categoryGroup} id="category-chips">
        {visible.map((name) => {
          const count = counts?.get(name.toLowerCase());
          const pressed = name.toLowerCase() === selectedLower;
          return (
            <button
              key={name}
              type="button"
              className="chip"
              aria-pressed={pressed}
              disabled={choiceDisabled(count, pressed)}
              onClick={() => onSelect(name)}
            >
              {name === ALL ? FINDER_LATER_TEXTS.allCategories : labelOf ? labelOf(name) : name}
              <Count value={count} />
            </button>
          );
        })}
      </div>
      {hasMore && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls="category-chips"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? LATER_TEXTS.showLess : LATER_TEXTS.showMore}
        </button>
      )}
    </div>
  );
}
