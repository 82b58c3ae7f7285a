import type { BrandSummary } from '../../../../common/schemas/search';
import { BrandFilter } from './brand-filter';
import { PriceRange } from './price-range';

type Props = {
  minPrice: number | null;
  maxPrice: number | null;
  /** Lowest and highest price of what the other filters find (the fields' hints). */
  bounds: { min: number; max: number } | null | undefined;
  onPriceChange: (min: number | null, max: number | null) => void;
  /** The facets' brands; null on a brand's page, where the brand is fixed and there is no brand filter. */
  brands: BrandSummary[] | undefined | null;
  chosen: string[];
  onBrandsChange: (slugs: string[]) => void;
};

/** What the phone's Filters button shows (always shown on a wide screen): the price range and the brands. */
export function MoreFilterFields({ minPrice, maxPrice, bounds, onPriceChange, brands, chosen, onBrandsChange }: Props) {
  return (
    <>
      <PriceRange min={minPrice} max={maxPrice} bounds={bounds} onChange={onPriceChange} />
      {brands !== null && <BrandFilter brands={brands} chosen={chosen} onChange={onBrandsChange} />}
    </>
  );
}
