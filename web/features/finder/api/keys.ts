import type { FinderFilters } from '../../../../common/finder-filters';
import { orderUsesSeed, type FacetFilters } from '../../../../common/finder-keys';

// The finder's query keys, apart from its queries: the first bundle seeds the page's data under them (app.tsx) before
// the finder's own code is in.

export const productsQueryKey = (filters: FinderFilters, seed: number) =>
  ['products', filters, orderUsesSeed(filters) ? seed : null] as const;

/** Under 'finder', which a catalogue change drops (lib/admin/keys.ts). The order changes no count. */
export const facetsQueryKey = (filters: FacetFilters) => ['finder', 'facets', filters] as const;

export const brandQueryKey = (slug: string) => ['finder', 'brand', slug] as const;
