import { lazy, startTransition, Suspense, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../common/constants';
import { FINDER_TEXTS } from '../../../../common/texts/finder';
import { FINDER_LATER_TEXTS } from '../../../../common/texts/storefront-later';

import { Spinner } from '../../../components/ui/spinner';
import type { SuggestionOption } from '../suggestion-options';
import type { ListboxState } from './search-suggestions';

const LISTBOX_ID = 'finder-suggestions';

// The suggestions (asking, the keyboard, the listbox's options) load with the first focus of the search box: the
// page is shown and searched without them.
const loadSuggestions = () => import('./search-suggestions');
const SearchSuggestions = lazy(loadSuggestions);

type Props = {
  value: string;
  searching: boolean;
  onChange: (value: string) => void;
  onPick: (option: SuggestionOption) => void;
  /** Search by photo (issue 42): whether its panel is open, and its button's press. */
  photoOpen: boolean;
  onPhoto: () => void;
};

/** The id of search by photo's panel, which the camera button controls. */
export const PHOTO_PANEL_ID = 'photo-search';

/**
 * The search box, an ARIA 1.2 combobox: typing filters the grid (after the page's debounce) and lists suggestions
 * under it (products, brands, categories). ArrowDown and ArrowUp move through them, Enter picks, Escape closes;
 * focus stays in the box throughout (aria-activedescendant). A text input, not `type="search"`: HTML allows no role
 * on a search input (ARIA in HTML), so the combobox role would make the page invalid; `inputmode` and `enterkeyhint`
 * still give phones their search keyboard, and the surrounding `role="search"` names the landmark.
 */
export function SearchBox({ value, searching, onChange, onPick, photoOpen, onPhoto }: Props) {
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [listbox, setListbox] = useState<ListboxState>({ expanded: false, activeId: undefined });
  const keysRef = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The box is a later part: its code comes after the first view, and what a visitor types before it hydrates stays
  // in the field (React leaves a hydrated input's value alone) but not in the page's state, so the next render would
  // empty it. Once hydrated, the field's text and focus are taken in. Mounted later (a navigation), they agree.
  const adopted = useRef({ value, onChange });
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // A transition, as the price fields' (price-range.tsx): no sibling part still waiting for its code is rendered anew.
    const typed = input.value;
    if (typed !== adopted.current.value) startTransition(() => adopted.current.onChange(typed));
    if (document.activeElement === input) {
      setFocused(true);
      setWanted(true);
    }
  }, []);
  return (
    <div className="search" role="search">
      <label htmlFor="finder-search" className="visually-hidden">
        {FINDER_LATER_TEXTS.searchLabel}
      </label>
      <svg className="search-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="finder-search"
        type="text"
        inputMode="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listbox.expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={listbox.activeId}
        placeholder={FINDER_LATER_TEXTS.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        ref={inputRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => {
          setFocused(true);
          setWanted(true);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(e) => keysRef.current?.(e)}
      />
      {searching && <Spinner className="search-spinner" label={FINDER_LATER_TEXTS.searching} size="small" />}
      <button
        type="button"
        className="photo-button"
        aria-label={FINDER_TEXTS.searchByPhoto}
        title={FINDER_TEXTS.searchByPhoto}
        aria-expanded={photoOpen}
        aria-controls={photoOpen ? PHOTO_PANEL_ID : undefined}
        onClick={onPhoto}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div
        id={LISTBOX_ID}
        role="listbox"
        aria-label={FINDER_LATER_TEXTS.suggestionsLabel}
        className="suggestions"
        hidden={!listbox.expanded}
      >
        {wanted && (
          <Suspense fallback={null}>
            <SearchSuggestions
              idPrefix={LISTBOX_ID}
              text={value}
              focused={focused}
              keysRef={keysRef}
              onState={setListbox}
              onPick={onPick}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
