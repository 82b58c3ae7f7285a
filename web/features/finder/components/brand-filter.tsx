import { lazy, Suspense, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { FINDER_LATER_TEXTS, LATER_TEXTS } from '../../../../common/texts/storefront-later';
import type { BrandSummary } from '../../../../common/schemas/search';
import { Spinner } from '../../../components/ui/spinner';

// The panel's code loads when the button is first pointed at, focused or pressed.
const loadPanel = () => import('./brand-panel');
const BrandPanel = lazy(loadPanel);
const PANEL_ID = 'brand-panel';

type Props = {
  /** The facets' brands with their counts; undefined while unknown. */
  brands: BrandSummary[] | undefined;
  chosen: string[];
  onChange: (slugs: string[]) => void;
};

/** "Brands": a disclosure button and its panel of checkboxes. Escape closes it and focus goes back to the button. */
export function BrandFilter({ brands, chosen, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    close(true);
  };
  // Focus moving on past the panel (Tab) closes it; a press on the panel's own background moves it nowhere.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) close(false);
  };
  return (
    <div className="brand-filter" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="filter-button"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((v) => !v)}
      >
        {LATER_TEXTS.brandsLabel}
        {chosen.length > 0 && <span className="filter-button-count"> ({chosen.length})</span>}
        <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <Suspense
          fallback={
            <div id={PANEL_ID} className="brand-panel">
              <Spinner label={FINDER_LATER_TEXTS.loadingBrands} size="small" />
            </div>
          }
        >
          <BrandPanel id={PANEL_ID} brands={brands} chosen={chosen} onChange={onChange} onClose={() => close(false)} />
        </Suspense>
      )}
    </div>
  );
}
