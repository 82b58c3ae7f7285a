import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { SUGGEST_MIN_LENGTH } from '../../../../common/constants';
import { FINDER_LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { Price } from '../../../components/price';
import { useCategoryLabel } from '../../../lib/categories';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestions } from '../api/get-suggestions';
import { moveActive, suggestionOptions, type SuggestionOption } from '../suggestion-options';
import { Count } from './count';

/** Keystrokes settle this long before suggestions are asked for (the grid keeps the page's own debounce). */
const SUGGEST_DEBOUNCE_MS = 150;
/** A page scroll longer than this closes the list. */
const SCROLL_CLOSES_PX = 64;

export type ListboxState = { expanded: boolean; activeId: string | undefined };

type Props = {
  idPrefix: string;
  text: string;
  focused: boolean;
  /** Where the search box's keydown goes. */
  keysRef: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>;
  /** The combobox's aria-expanded and aria-activedescendant. */
  onState: (state: ListboxState) => void;
  onPick: (option: SuggestionOption) => void;
};

const GROUPS = [
  { kind: 'product', label: FINDER_LATER_TEXTS.suggestedProducts },
  { kind: 'brand', label: FINDER_LATER_TEXTS.suggestedBrands },
  { kind: 'category', label: FINDER_LATER_TEXTS.suggestedCategories },
  { kind: 'guide', label: FINDER_LATER_TEXTS.suggestedGuides },
] as const;

function OptionBody({ option }: { option: SuggestionOption }) {
  if (option.kind === 'guide') {
    return (
      <span className="suggestion-text suggestion-row">
        <span className="suggestion-title" dir="auto">
          {option.label}
        </span>
      </span>
    );
  }
  if (option.kind !== 'product') {
    return (
      <span className="suggestion-text suggestion-row">
        <span className="suggestion-title">{option.label}</span>
        <Count value={option.count} />
      </span>
    );
  }
  return (
    <>
      {option.thumbnail ? (
        <img src={option.thumbnail} alt="" width={40} height={40} />
      ) : (
        <span className="suggestion-thumb" aria-hidden="true" />
      )}
      <span className="suggestion-text">
        <span className="suggestion-title" dir="auto">
          {option.label}
        </span>
        <span className="suggestion-meta">
          {option.brand.trim() && (
            <>
              <bdi>{option.brand.trim()}</bdi>
              {' · '}
            </>
          )}
          <Price value={option.price} />
        </span>
      </span>
    </>
  );
}

/**
 * The search box's suggestions: asked for once the typed text has settled, listed in groups inside its listbox,
 * moved through with the arrow keys while focus stays in the box.
 */
export default function SearchSuggestions({ idPrefix, text, focused, keysRef, onState, onPick }: Props) {
  // Escape or a pick closes the list until the text changes.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState({ index: -1, text });
  const [asked] = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(asked);
  const long = text.trim().length >= SUGGEST_MIN_LENGTH;
  const categoryLabel = useCategoryLabel();
  const options = long ? suggestionOptions(suggestions.data, idPrefix, categoryLabel) : [];
  const expanded = focused && options.length > 0 && closedFor !== text;
  // The highlighted option belongs to the text it was chosen under: typing starts again from none.
  const activeIndex = expanded && active.text === text && active.index < options.length ? active.index : -1;
  const activeOption = options[activeIndex];
  const activeId = activeOption?.id;

  useEffect(() => {
    onState({ expanded, activeId });
  }, [expanded, activeId, onState]);
  useEffect(() => () => onState({ expanded: false, activeId: undefined }), [onState]);

  // Scrolling the page closes the list (issue 40): on a phone it otherwise covers the results being scrolled. A
  // finger or a wheel moving outside the search box and its list says so; a scroll of the page by more than
  // SCROLL_CLOSES_PX does too (a scroll bar, a key), but not the small ones a phone makes as its keyboard opens.
  useEffect(() => {
    if (!expanded) return;
    const within = (target: EventTarget | null) =>
      target instanceof Node && Boolean(document.getElementById(idPrefix)?.parentElement?.contains(target));
    const startY = window.scrollY;
    const close = () => {
      setClosedFor(text);
      setActive({ index: -1, text });
    };
    const onMove = (e: Event) => {
      if (!within(e.target)) close();
    };
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > SCROLL_CLOSES_PX) close();
    };
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('wheel', onMove, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('wheel', onMove);
      window.removeEventListener('scroll', onScroll);
    };
  }, [expanded, idPrefix, text]);

  const pick = (option: SuggestionOption) => {
    setClosedFor(text);
    setActive({ index: -1, text });
    onPick(option);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      if (!expanded) setClosedFor(null);
      setActive({ index: moveActive(expanded ? activeIndex : -1, e.key === 'ArrowDown' ? 1 : -1, options.length), text });
    } else if (e.key === 'Enter') {
      if (activeOption) {
        e.preventDefault();
        pick(activeOption);
      } else {
        // The search is asked for: the list closes, and stays closed when its answer comes after the Enter (a
        // phone's keyboard sends it before the suggestions of the last letters have arrived).
        setClosedFor(text);
        setActive({ index: -1, text });
      }
    } else if (e.key === 'Escape' && expanded) {
      // Only closes the list; a second Escape clears the box, as a search field does.
      e.preventDefault();
      setClosedFor(text);
      setActive({ index: -1, text });
    }
  };
  // The search box hands its keys to the latest handler (it reads this render's options).
  useEffect(() => {
    keysRef.current = onKeyDown;
  });

  if (!expanded) return null;
  return GROUPS.map(({ kind, label }) => {
    const group = options.filter((o) => o.kind === kind);
    if (group.length === 0) return null;
    const labelId = `${idPrefix}-${kind}`;
    return (
      <div key={kind} role="group" aria-labelledby={labelId} className="suggestion-group">
        <div id={labelId} role="presentation" className="suggestion-group-label">
          {label}
        </div>
        {group.map((option) => (
          <div
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={option.id === activeId}
            className="suggestion"
            // Focus stays in the search box: a press does not blur it, the click picks.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
          >
            <OptionBody option={option} />
          </div>
        ))}
      </div>
    );
  });
}
