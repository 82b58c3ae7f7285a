import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A QueryClient whose invalidation also restarts a first read still on its way.
 *
 * TanStack Query restarts a running read on invalidation only when its query already has data; a first read is kept
 * as it is, and its answer may have been written before the change that invalidated it. That answer then stays: a
 * picture uploaded while the gallery's first page was loading was never shown (a CI run of the 6-action journey).
 * The library's maintainers keep this in v5 and name the workaround used here, cancelling such reads before
 * invalidating (TanStack/query#8530). A cancelled first read goes back to pending, and the invalidation reads again
 * the ones on screen. A caller that asks not to cancel (`cancelRefetch: false`) keeps the read.
 */
class RestartingQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (options?.cancelRefetch !== false) {
      await this.cancelQueries({
        ...filters,
        predicate: (query) =>
          query.state.data === undefined && query.state.fetchStatus === 'fetching' && (filters?.predicate?.(query) ?? true),
      });
    }
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new RestartingQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not heal by itself; a network blip or 5xx gets one more try.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
