import { LATER_TEXTS } from '../../../../common/texts/storefront-later';
import type { EmptyRescue as Rescue } from '../../../../common/schemas/product';
import { RequestItem } from './request-item';

type Props = {
  rescue: Rescue | null | undefined;
  /** The search that found nothing: the visitor may request the item, the form pre-filled with it. */
  search: string;
  onSearch: (search: string) => void;
  onAllCategories: () => void;
  onClear: () => void;
};

/**
 * Under an empty result: one-tap ways out, each with the number of products it gives (none that gives nothing),
 * and after a search, a way to request the item.
 */
export function EmptyRescue({ rescue, search, onSearch, onAllCategories, onClear }: Props) {
  const didYouMean = rescue?.didYouMean?.count ? rescue.didYouMean : null;
  const allCategories = rescue?.allCategories || null;
  const clear = rescue?.clearFilters || null;
  const request = search.trim() ? <RequestItem key={search.trim()} search={search.trim()} /> : null;
  if (!didYouMean && !allCategories && !clear) return request;
  return (
    <>
      <div className="rescue">
        {didYouMean && (
          <button type="button" className="button button-primary" onClick={() => onSearch(didYouMean.search)}>
            {LATER_TEXTS.didYouMean} “{didYouMean.search}”? ({didYouMean.count})
          </button>
        )}
        {allCategories && (
          <button type="button" className="button button-ghost" onClick={onAllCategories}>
            {LATER_TEXTS.searchAllCategories} ({allCategories})
          </button>
        )}
        {clear && (
          <button type="button" className="button button-ghost" onClick={onClear}>
            {LATER_TEXTS.clearFilters} ({clear})
          </button>
        )}
      </div>
      {request}
    </>
  );
}
