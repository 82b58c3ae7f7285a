import { useQuery } from '@tanstack/react-query';
import type { FinderFacets } from '../../common/schemas/search';
import { VISITS_TEXTS as T } from '../../common/texts/visits';
import { apiGet } from '../lib/api-client';
import { useLastVisit } from '../lib/last-visit';

/**
 * New since your last visit (issue 42): how many products were added since this browser's previous visit, and a
 * button that shows only those (the finder's `since` filter, a chip to remove). Nothing on a first visit or when
 * nothing is new.
 */
export function NewSinceLastVisit({ onShow }: { onShow: (since: string) => void }) {
  const since = useLastVisit();
  const count = useQuery({
    queryKey: ['new-since', since],
    queryFn: async ({ signal }) => (await apiGet<FinderFacets>('/api/products/facets', { since: since ?? '' }, signal)).total,
    enabled: since !== null,
    staleTime: 60_000,
  });
  const n = count.data ?? 0;
  return (
    <div className="new-since" role="status">
      {since && n > 0 && (
        <p>
          <span>{T.newSince(n)}</span>{' '}
          <button type="button" className="link-button" onClick={() => onShow(since)}>
            {T.showNew}
          </button>
        </p>
      )}
    </div>
  );
}
