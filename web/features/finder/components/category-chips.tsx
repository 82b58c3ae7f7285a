import { useState } from 'react';
import { ALL, TEXTS, VISIBLE_CATEGORY_COUNT } from '../../../../common/constants';

type Props = { names: string[]; selected: string; onSelect: (name: string) => void };

export function CategoryChips({ names, selected, onSelect }: Props) {
  const [expanded, setExpanded] = useState(false);
  const all = [ALL, ...names];
  const hasMore = names.length > VISIBLE_CATEGORY_COUNT;
  const selectedLower = selected.toLowerCase();
  // The chosen category stays visible even when it sits past the first ten.
  const visible = expanded || !hasMore ? all : all.filter((n, i) => i <= VISIBLE_CATEGORY_COUNT || n.toLowerCase() === selectedLower);
  return (
    <div className="chips-row">
      <div className="chips" role="group" aria-label="Category" id="category-chips">
        {visible.map((name) => (
          <button
            key={name}
            type="button"
            className="chip"
            aria-pressed={name.toLowerCase() === selectedLower}
            onClick={() => onSelect(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {hasMore && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls="category-chips"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? TEXTS.showLess : TEXTS.showMore}
        </button>
      )}
    </div>
  );
}
