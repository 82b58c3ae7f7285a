// Keeps this process's search index in step with the database (decision 0055). Every search reads one small row:
// how many statements have written products or what their cards show beside them, QC photos and categories
// (product_totals.changes plus card_changes, kept by triggers in every process), and the synonyms' count and last
// change. A search answers on the index as it is and reads that row in the same statement
// as its page's rows (`answer`); when it differs from what the index was brought up to date at, the index catches
// up and the search runs again. A change made through any process is therefore seen by the next search anywhere.
//
// A catch-up reads the ids the change log holds since the index last read it (decision 0072), then the row versions
// (xmin) of those products, and reads again only the rows whose version moved. When the log cannot tell (pruned
// while this process was idle, products truncated) it compares buckets of products instead (decision 0071): each
// bucket's figures, then every version in the buckets whose figures moved.
//
// With a subscription to the catalogue's notifications (decision 0071), the finder's searches skip even that read
// while the keeper trusts its state: the cards of a verified read are kept, and a search whose cards are all kept
// answers from memory. Trust ends at every notification (any process's change, at its commit; this process's own
// before its statement returns, see db/listen.ts) and a second after the last verified read, whichever comes first:
// a change made anywhere is found within a second even if a notification is lost, and within milliseconds as a rule.
// Trust that only time ended is renewed by one read of the state for all searches at once (and in the background
// past half its time, so under steady traffic no search waits): the kept cards count as verified again, as they do
// after any verified read.
import { LRUCache } from 'lru-cache';
import { SearchIndex, type IndexedProduct } from './search-index';
import type { CatalogueRepo } from './catalogue.repo';

type IndexSource = Pick<CatalogueRepo, 'searchIndexState' | 'indexRows' | 'synonymGroups'> & {
  indexVersions(only?: { buckets: number[] } | { ids: string[] }): Promise<Array<{ id: string; v: string; b?: number }>>;
  /** Without it a catch-up compares every product's version (or the buckets', with `indexBuckets`). */
  indexChanges?: (horizon: string | null, seen: readonly string[]) => Promise<ChangeLogRead>;
  /** Without it a catch-up the log cannot serve compares every product's version. */
  indexBuckets?: () => Promise<Map<number, string>>;
};

/** Rebuilt from scratch when this share of its slots is dead (changed or deleted products leave their old slot). */
const REBUILD_DEAD_SHARE = 0.5;
/** Changed rows read again per statement. */
const ROWS_PER_READ = 5000;
/** How long a verified read is trusted without another (the bound on a lost notification). */
export const TRUSTED_FOR_MS = 1000;
/** Cards kept for answers from memory (a search's page reads its cards again when one is missing). */
const KEPT_CARDS = 10_000;
/**
 * Index work gives the event loop a turn after this long (issue 39): a build of 100,000 products is about a second
 * of tokenising, and every request of the process would wait that long. Searches wait for a catch-up anyway
 * (`settled`), so nothing reads the index between the slices.
 */
export const INDEX_SLICE_MS = 10;

/** Upserts `rows` into `target`, a turn of the event loop every INDEX_SLICE_MS; `each` runs after every row. */
export async function upsertSliced<T extends IndexedProduct>(
  target: SearchIndex,
  rows: readonly T[],
  each?: (row: T) => void,
): Promise<void> {
  let sliceStart = performance.now();
  for (const row of rows) {
    target.upsert(row);
    each?.(row);
    if (performance.now() - sliceStart >= INDEX_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

export type SearchIndexState = { changes: number; synonyms: string };

/** A read of the change log (finder.repo's `indexChanges`). */
export type ChangeLogRead = { horizon: string; ids: string[] | null; xids: string[] };

/**
 * The transactions the next read of the change log leaves out: those read so far at or after its new horizon (a
 * committed transaction's rows are all there at once). None after a read the log could not serve.
 */
export function seenAfter(seen: readonly string[], log: ChangeLogRead): string[] {
  if (!log.ids) return [];
  const from = BigInt(log.horizon);
  return [...seen, ...log.xids].filter((x) => BigInt(x) >= from);
}
const sameState = (a: SearchIndexState, b: SearchIndexState) => a.changes === b.changes && a.synonyms === b.synonyms;

export type SearchIndexStats = {
  products: number;
  tokens: number;
  approximateMb: number;
  builds: number;
  refreshes: number;
  lastRefreshMs: number;
  /** Catch-ups the change log could not serve, which compared every product (by buckets where it could). */
  comparedAll: number;
  /** Searches answered twice because the catalogue or the synonyms changed under them. */
  retries: number;
  /** Searches answered from memory (no read: the state trusted, every card kept). */
  fromMemory: number;
  /** Trust renewed by a read of the state alone (see `renew`). */
  renewals: number;
  /** Cards kept for them. */
  keptCards: number;
};

/** What a search reads with the index's state: its cards (by id) and, when asked, the category names. */
export type KeptRead<Row> = { state: SearchIndexState; rows: Row[]; categories: string[] | null };

export type KeeperOptions = {
  /**
   * Calls `onChange` at every change of the catalogue made by any process (the database's notifications, and
   * 'reconnected' after a lost listening connection); returns the function that stops. Without it every search
   * reads the state (as `answer` does).
   */
  subscribe?: (onChange: (detail: string) => void) => Promise<() => Promise<void>>;
  trustedForMs?: number;
};

export function createSearchIndexKeeper<Row extends { id: string } = { id: string }>(source: IndexSource, options: KeeperOptions = {}) {
  let index: SearchIndex | null = null;
  let state: SearchIndexState | null = null;
  let pending: Promise<SearchIndex> | null = null;
  const stats = { builds: 0, refreshes: 0, comparedAll: 0, lastRefreshMs: 0, retries: 0, fromMemory: 0, renewals: 0 };
  const trustedForMs = options.trustedForMs ?? TRUSTED_FOR_MS;
  // Trust: `changes` counts the changes signalled; a read verified with none signalled while it ran is trusted, from
  // the moment it began, for `trustedForMs`, until the next signal.
  let changes = 0;
  let verified = -1;
  let verifiedAt = 0;
  let listening: 'no' | 'starting' | 'yes' = 'no';
  let unsubscribe: (() => Promise<void>) | null = null;
  const cards = new LRUCache<string, Row>({ max: KEPT_CARDS });
  let categories: string[] | null = null;

  /** A change may have been made: nothing kept is trusted until a read verifies the state again. */
  function changed(): void {
    changes++;
    cards.clear();
    categories = null;
  }

  function listen(): void {
    if (listening !== 'no' || !options.subscribe) return;
    listening = 'starting';
    options.subscribe(changed).then(
      (stop) => {
        unsubscribe = stop;
        listening = 'yes';
      },
      () => {
        // Without notifications every search reads the state, as before.
        listening = 'no';
      },
    );
  }

  const trusted = () => listening === 'yes' && verified === changes && performance.now() - verifiedAt < trustedForMs;
  /** Nothing signalled since the last verified read: only time ends the trust, and the state alone can renew it. */
  const renewable = () => listening === 'yes' && verified === changes && index !== null && state !== null && !pending;

  let renewing: Promise<void> | null = null;
  /**
   * Reads the state alone, once for every search waiting on it: when it is still the index's and nothing was
   * signalled meanwhile, the trust starts again from the read's start (the kept cards with it, as a verified read of
   * cards renews them). Else nothing: the searches read their cards, and a moved state makes the index catch up.
   */
  function renew(): Promise<void> {
    renewing ??= (async () => {
      const seen = changes;
      const began = performance.now();
      const at = state;
      try {
        const now = await source.searchIndexState();
        if (at && state === at && sameState(at, now) && seen === changes && listening === 'yes') {
          verified = seen;
          verifiedAt = began;
          stats.renewals++;
        }
      } catch {
        // The searches' own reads meet the failure and answer for it.
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  }

  // The buckets' figures the index was brought up to (read before its rows, so a write in between shows as a moved
  // bucket next time, never as none), and each product's bucket.
  let buckets: Map<number, string> | null = null;
  const bucketOf = new Map<string, number>();
  // Where the next read of the change log starts (read before the rows it covers, so a write committed in between is
  // found next time), and the transactions at or after it already read.
  let horizon: string | null = null;
  let seenXids: string[] = [];

  async function build(): Promise<SearchIndex> {
    const fresh = new SearchIndex();
    fresh.setSynonyms(await source.synonymGroups());
    const log = source.indexChanges ? await source.indexChanges(null, []) : null;
    horizon = log?.horizon ?? null;
    seenXids = [];
    const figures = source.indexBuckets ? await source.indexBuckets() : null;
    bucketOf.clear();
    await upsertSliced(fresh, await source.indexRows(), (row) => {
      if (row.bucket !== undefined) bucketOf.set(row.id, row.bucket);
    });
    buckets = figures && bucketOf.size === fresh.size ? figures : null;
    stats.builds++;
    return fresh;
  }

  /** The products of `ids` compared with the index: gone ones removed, the ids of moved ones returned. */
  async function compareIds(current: SearchIndex, ids: string[]): Promise<string[]> {
    const found = new Map<string, { v: string; b?: number | undefined }>();
    for (let i = 0; i < ids.length; i += ROWS_PER_READ) {
      for (const { id, v, b } of await source.indexVersions({ ids: ids.slice(i, i + ROWS_PER_READ) })) found.set(id, { v, b });
    }
    const changed: string[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (!row) {
        current.remove(id);
        bucketOf.delete(id);
        continue;
      }
      if (row.b !== undefined) bucketOf.set(id, row.b);
      if (!current.hasVersion(id, row.v)) changed.push(id);
    }
    return changed;
  }

  async function refresh(current: SearchIndex, synonymsChanged: boolean): Promise<SearchIndex> {
    if (synonymsChanged) current.setSynonyms(await source.synonymGroups());
    const log = source.indexChanges ? await source.indexChanges(horizon, seenXids) : null;
    if (log) {
      seenXids = seenAfter(seenXids, log);
      horizon = log.horizon;
    }
    const changed = log?.ids ? await compareIds(current, log.ids) : await compareAll(current);
    for (let i = 0; i < changed.length; i += ROWS_PER_READ) {
      await upsertSliced(current, await source.indexRows(changed.slice(i, i + ROWS_PER_READ)));
    }
    if (current.deadSlots > (current.size + current.deadSlots) * REBUILD_DEAD_SHARE) return build();
    stats.refreshes++;
    return current;
  }

  /**
   * Every product compared with the index (by buckets when their figures are kept): gone ones removed, the ids of
   * moved ones returned. The kept figures may be older than the index (catch-ups by the log leave them): a bucket
   * that changed since moved its figures, so it is compared all the same.
   */
  async function compareAll(current: SearchIndex): Promise<string[]> {
    stats.comparedAll++;
    const figures = source.indexBuckets ? await source.indexBuckets() : null;
    // Only the buckets whose count or sum moved, when the kept figures are known; else every product.
    let only: Set<number> | null = null;
    if (figures && buckets) {
      only = new Set();
      for (const [b, figure] of figures) if (buckets.get(b) !== figure) only.add(b);
      for (const b of buckets.keys()) if (!figures.has(b)) only.add(b);
    }
    const changed: string[] = [];
    if (only) {
      const seen = new Set<string>();
      if (only.size) {
        for (const { id, v, b } of await source.indexVersions({ buckets: [...only] })) {
          seen.add(id);
          if (b !== undefined) bucketOf.set(id, b);
          if (!current.hasVersion(id, v)) changed.push(id);
        }
      }
      for (const [id, b] of bucketOf) {
        if (!only.has(b) || seen.has(id)) continue;
        current.remove(id);
        bucketOf.delete(id);
      }
    } else {
      const kept = current.versionsById();
      for (const { id, v, b } of await source.indexVersions()) {
        if (kept.get(id) !== v) changed.push(id);
        kept.delete(id);
        if (b !== undefined) bucketOf.set(id, b);
      }
      for (const id of kept.keys()) {
        current.remove(id);
        bucketOf.delete(id);
      }
    }
    buckets = figures;
    return changed;
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

  /**
   * Runs `compute` on the index as it is (no catch-up under way), then `read`, which must read the index's state
   * in the statement that reads what the answer needs (the page's rows). When that state is the index's, the
   * answer stands (`clean`): nothing was written between the index's last catch-up and the read. Else the index
   * catches up (as `current` does, so with every change committed before then) and both run once more. One round
   * trip per search while the catalogue stands still, instead of a probe and then the rows.
   */
  async function verifiedAnswer<T, R extends { state: SearchIndexState }>(
    compute: (index: SearchIndex) => T,
    read: (result: T) => Promise<R>,
  ): Promise<{ index: SearchIndex; result: T; read: R; clean: boolean }> {
    await settled();
    if (!index || !state) await current();
    await settled();
    // Synchronously after the check that no catch-up is changing it: the index is the one `at` describes.
    const at = state;
    const first = index;
    if (first && at) {
      const result = compute(first);
      const got = await read(result);
      if (sameState(at, got.state)) return { index: first, result, read: got, clean: true };
      stats.retries++;
    }
    let fresh = await current();
    await settled();
    fresh = index ?? fresh;
    const result = compute(fresh);
    return { index: fresh, result, read: await read(result), clean: false };
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
      const { clean: _clean, ...answer } = await verifiedAnswer(compute, read);
      return answer;
    },
    /**
     * As `answer`, for a finder's search: `wanted` names the cards (ids) and whether the category names are needed,
     * `read` reads them with the state. While the state is trusted (see the top of this file) and every card is
     * kept, the answer comes from memory without a read; a verified read keeps its cards for the next.
     */
    async answerKept<T>(
      compute: (index: SearchIndex) => T,
      wanted: (result: T) => { ids: string[]; categories: boolean },
      read: (ids: string[], categories: boolean) => Promise<KeptRead<Row>>,
    ): Promise<{ index: SearchIndex; result: T; read: KeptRead<Row> }> {
      listen();
      // Trust that only time ended: one read of the state renews it for every search at once, instead of a read of
      // cards by each (on the embedded database, ten of those queue behind one another).
      if (renewable() && !trusted()) await renew();
      if (index && state && !pending && trusted()) {
        // Past half its time, renewed in the background: under steady traffic no search waits for it.
        if (performance.now() - verifiedAt > trustedForMs / 2) void renew();
        const first = index;
        const at = state;
        const result = compute(first);
        const need = wanted(result);
        const rows: Row[] = [];
        for (const id of need.ids) {
          const row = cards.get(id);
          if (row) rows.push(row);
        }
        if (rows.length === need.ids.length && (!need.categories || categories)) {
          stats.fromMemory++;
          return { index: first, result, read: { state: at, rows, categories: need.categories ? categories : null } };
        }
      }
      const seen = changes;
      const began = performance.now();
      const answer = await verifiedAnswer(compute, (result) => {
        const need = wanted(result);
        return read(need.ids, need.categories);
      });
      // Nothing signalled while it ran and the state was the index's: the read is the catalogue as it stands.
      if (answer.clean && seen === changes && listening === 'yes') {
        verified = seen;
        verifiedAt = began;
        for (const row of answer.read.rows) cards.set(row.id, row);
        if (answer.read.categories) categories = answer.read.categories;
      } else if (!answer.clean) changed();
      const { clean: _clean, ...rest } = answer;
      return rest;
    },
    /** Stops listening for changes. */
    async close(): Promise<void> {
      const stop = unsubscribe;
      unsubscribe = null;
      listening = 'no';
      await stop?.();
    },
    stats(): SearchIndexStats {
      return {
        products: index?.size ?? 0,
        tokens: index?.vocabulary ?? 0,
        approximateMb: Math.round((index?.approximateBytes() ?? 0) / 1024 / 1024),
        ...stats,
        keptCards: cards.size,
      };
    },
  };
}
export type SearchIndexKeeper = ReturnType<typeof createSearchIndexKeeper>;
