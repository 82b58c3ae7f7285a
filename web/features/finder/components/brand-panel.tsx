import { useEffect, useRef, useState } from 'react';
import { FINDER_LATER_TEXTS, LATER_TEXTS } from '../../../../common/texts/storefront-later';
import type { BrandSummary } from '../../../../common/schemas/search';
import { Spinner } from '../../../components/ui/spinner';
import { brandChoices, toggleBrand } from '../brand-choices';
import { Count } from './count';

/** More brands than this get a search field above them. */
const SEARCHABLE_FROM = 8;

type Props = {
  id: string;
  brands: BrandSummary[] | undefined;
  chosen: string[];
  onChange: (slugs: string[]) => void;
  /** A press outside the filter closes the panel (focus stays where the press put it). */
  onClose: () => void;
};

/** The brand filter's panel: brands with their counts as checkboxes, chosen ones always listed. */
export default function BrandPanel({ id, brands, chosen, onChange, onClose }: Props) {
  const [query, setQuery] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const all = brandChoices(brands ?? [], chosen);
  const searchable = all.length > SEARCHABLE_FROM;
  const shown = searchable ? brandChoices(brands ?? [], chosen, query) : all;

  // Opening moves focus into the panel: the search field, else the first brand.
  useEffect(() => {
    panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  useEffect(() => {
    const filter = panelRef.current?.parentElement;
    const onPointerDown = (e: PointerEvent) => {
      if (filter && e.target instanceof Node && !filter.contains(e.target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  return (
    <div id={id} ref={panelRef} className="brand-panel" role="group" aria-label={LATER_TEXTS.brandsLabel}>
      {searchable && (
        <input
          type="search"
          className="brand-search"
          aria-label={LATER_TEXTS.brandSearchLabel}
          placeholder={LATER_TEXTS.brandSearchLabel}
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      {brands === undefined && all.length === 0 ? (
        <Spinner label={FINDER_LATER_TEXTS.loadingBrands} size="small" />
      ) : shown.length === 0 ? (
        <p className="brand-none">{FINDER_LATER_TEXTS.noBrands}</p>
      ) : (
        <ul className="brand-list">
          {shown.map((b) => (
            <li key={b.slug}>
              <label className="brand-choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(b.slug)}
                  onChange={(e) => onChange(toggleBrand(chosen, b.slug, e.target.checked))}
                />
                <span className="brand-name" dir="auto">
                  {b.name}
                </span>
                <Count value={b.count} />
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
