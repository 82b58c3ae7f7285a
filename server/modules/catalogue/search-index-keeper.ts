// Keeps this process's search index in step with the database (decision 0055). Every search reads one small row:
// how many statements have written products (product_totals.changes, kept by triggers in every process) and the
// synonyms' count and last change. A search answers on the index as it is and reads that row in the same statement
// as its page's rows (`answer`); when it differs from what the index was brought up to date at, the index catches
// up (every product's row version, xmin, compared with the kept one; only changed rows read again) and the search
// runs again. A change made through any process is therefore seen by the next search anywhere.
import { SearchIndex } from './search-index';
import type { CatalogueRepo } from './catalogue.repo';

type IndexSource = Pick<CatalogueRepo, 'searchIndexState' | 'indexVersions' | 'indexRows' | 'synonymGroups'>;

/** Rebuilt from scratch when this share of its slots is dead (changed or deleted products leave their old slot). */
const REBUILD_DEAD_SHARE = 0.5;
/** Changed rows read again per statement. */
const ROWS_PER_READ = 5000;

export type SearchIndexState = { changes: number; synonyms: string };
const sameState = (a: SearchIndexState, b: SearchIndexState) => a.changes === b.changes && a.synonyms === b.synonyms;

export type SearchIndexStats = {
  products: number;
  tokens: number;
  approximateMb: number;
  builds: number;
  refreshes: number;
  lastRefreshMs: number;
  /** Searches answered twice because the catalogue or the synonyms changed under them. */
  retries: number;
};

export function createSearchIndexKeeper(source: IndexSource) {
  let index: SearchIndex | null = null;
  let state: SearchIndexState | null = null;
  let pending: Promise<SearchIndex> | null = null;
  const stats = { builds: 0, refreshes: 0, lastRefreshMs: 0, retries: 0 };

  async function build(): Promise<SearchIndex> {
    const fresh = new SearchIndex();
    fresh.setSynonyms(await source.synonymGroups());
    for (const row of await source.indexRows()) fresh.upsert(row);
    stats.builds++;
    return fresh;
  }

  async function refresh(current: SearchIndex, synonymsChanged: boolean): Promise<SearchIndex> {
    if (synonymsChanged) current.setSynonyms(await source.synonymGroups());
    const kept = current.versionsById();
    const changed: string[] = [];
    for (const { id, v } of await source.indexVersions()) {
      if (kept.get(id) !== v) changed.push(id);
      kept.delete(id);
    }
    for (const id of kept.keys()) current.remove(id);
    for (let i = 0; i < changed.length; i += ROWS_PER_READ) {
      for (const row of await source.indexRows(changed.slice(i, i + ROWS_PER_READ))) current.upsert(row);
    }
    if (current.deadSlots > (current.size + current.deadSlots) * REBUILD_DEAD_SHARE) return build();
    stats.refreshes++;
    return current;
  }

  /** Once no catch-up (or build) is under way. */
  async function settled(): Promise<void> {
    while (pending) await pending.catch(() => undefined);
  }

  /** The index, up to date with every change committed before this call. */
  async function current(): Promise<SearchIndex> {
    while (true) {
      if (pending) await pending.catch(() => undefined);
      const now = await source.searchIndexState();
      if (index && state && state.changes === now.changes && state.synonyms === now.synonyms) return index;
      if (pending) continue;
      const started = performance.now();
      const was = state;
      pending = (index && was ? refresh(index, was.synonyms !== now.synonyms) : build()).then(
        (next) => {
          index = next;
          state = now;
          stats.lastRefreshMs = performance.now() - started;
          return next;
        },
        (error: unknown) => {
          // A failed refresh leaves a half-updated index: build it again next time.
          index = null;
          state = null;
          throw error;
        },
      );
      try {
        return await pending;
      } finally {
        pending = null;
      }
    }
  }

  return {
    current,
    /**
     * Runs `compute` on the index as it is (no catch-up under way), then `read`, which must read the index's state
     * in the statement that reads what the answer needs (the page's rows). When that state is the index's, the
     * answer stands: nothing was written between the index's last catch-up and the read. Else the index catches up
     * (as `current` does, so with every change committed before then) and both run once more. One round trip per
     * search while the catalogue stands still, instead of a probe and then the rows.
     */
    async answer<T, R extends { state: SearchIndexState }>(
      compute: (index: SearchIndex) => T,
      read: (result: T) => Promise<R>,
    ): Promise<{ index: SearchIndex; result: T; read: R }> {
      await settled();
      if (!index || !state) await current();
      await settled();
      // Synchronously after the check that no catch-up is changing it: the index is the one `at` describes.
      const at = state;
      const first = index;
      if (first && at) {
        const result = compute(first);
        const got = await read(result);
        if (sameState(at, got.state)) return { index: first, result, read: got };
        stats.retries++;
      }
      let fresh = await current();
      await settled();
      fresh = index ?? fresh;
      const result = compute(fresh);
      return { index: fresh, result, read: await read(result) };
    },
    stats(): SearchIndexStats {
      return {
        products: index?.size ?? 0,
        tokens: index?.vocabulary ?? 0,
        approximateMb: Math.round((index?.approximateBytes() ?? 0) / 1024 / 1024),
        ...stats,
      };
    },
  };
}
export type SearchIndexKeeper = ReturnType<typeof createSearchIndexKeeper>;
