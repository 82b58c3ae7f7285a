// The keeper's one-round-trip answer (decision 0055): a search answered on the index as it is stands when the state
// read with its rows is the index's; else the index catches up and the search runs again.
import { describe, expect, it } from 'vitest';
import type { IndexedProduct, SearchIndex } from './search-index';
import { createSearchIndexKeeper, type KeeperOptions } from './search-index-keeper';

const product = (id: string, title: string, version: string): IndexedProduct => ({
  id,
  key: 1,
  version,
  title,
  brand: 'Bench',
  description: '',
  category: 'shoes',
  gender: 'Men',
  best: false,
  last: false,
  brandKey: 'bench',
  price: 10,
  created: 0,
  popularity: 0,
  groupKey: null,
});

function fakeSource(options: KeeperOptions = {}) {
  const db: {
    changes: number;
    products: IndexedProduct[];
    probes: number;
    /** Runs inside the next state read and gives the state it answers (a change committed just after it). */
    duringProbe?: (() => { changes: number; synonyms: string }) | undefined;
  } = { changes: 1, products: [product('00000000-0000-0000-0000-000000000001', 'Black Runner', '1')], probes: 0 };
  const source = {
    searchIndexState: async () => {
      db.probes++;
      return db.duringProbe?.() ?? { changes: db.changes, synonyms: '0:' };
    },
    indexVersions: async () => db.products.map((p) => ({ id: p.id, v: p.version })),
    indexRows: async (ids?: string[]) => db.products.filter((p) => !ids || ids.includes(p.id)),
    synonymGroups: async () => [],
  };
  return { db, keeper: createSearchIndexKeeper<{ id: string; title: string }>(source, options) };
}

const find = (word: string) => (index: SearchIndex) => index.search(index.resolve(word), {}, 'relevance', 10).ids;

describe('search index keeper', () => {
  it('answers in one read while nothing changes, and again after catching up when something did', async () => {
    const { db, keeper } = fakeSource();
    let reads = 0;
    const read = async () => {
      reads++;
      return { state: { changes: db.changes, synonyms: '0:' } };
    };
    const first = await keeper.answer(find('runner'), read);
    expect(first.result).toEqual(['00000000-0000-0000-0000-000000000001']);
    const probes = db.probes;
    await keeper.answer(find('runner'), read);
    expect(db.probes).toBe(probes);

    // Another process adds a product: the next search sees the moved state with its rows, catches up, answers again.
    db.products.push(product('00000000-0000-0000-0000-000000000002', 'White Runner', '2'));
    db.changes++;
    reads = 0;
    const after = await keeper.answer(find('white'), read);
    expect(after.result).toEqual(['00000000-0000-0000-0000-000000000002']);
    expect(reads).toBe(2);
    expect(keeper.stats().retries).toBe(1);
  });

  describe("with the catalogue's notifications (decision 0071)", () => {
    const white = product('00000000-0000-0000-0000-000000000002', 'White Runner', '2');
    function notified(trustedForMs: number) {
      let onChange: (detail: string) => void = () => undefined;
      let stopped = false;
      const { db, keeper } = fakeSource({
        trustedForMs,
        subscribe: async (listener) => {
          onChange = listener;
          return async () => {
            stopped = true;
          };
        },
      });
      let reads = 0;
      const read = async (ids: string[], categories: boolean) => {
        reads++;
        return {
          state: { changes: db.changes, synonyms: '0:' },
          rows: db.products.filter((p) => ids.includes(p.id)).map((p) => ({ id: p.id, title: p.title })),
          categories: categories ? ['Shoes'] : null,
        };
      };
      const search = (word: string) =>
        keeper
          .answerKept(find(word), (ids) => ({ ids, categories: true }), read)
          .then((a) => ({
            titles: a.read.rows.map((r) => r.title),
            categories: a.read.categories,
          }));
      return { db, keeper, search, reads: () => reads, notify: (detail: string) => onChange(detail), stopped: () => stopped };
    }

    it('answers from memory between notifications, and reads again after one', async () => {
      const { db, keeper, search, reads, notify, stopped } = notified(60_000);
      expect(await search('runner')).toEqual({ titles: ['Black Runner'], categories: ['Shoes'] });
      expect(reads()).toBe(1);
      expect(await search('runner')).toEqual({ titles: ['Black Runner'], categories: ['Shoes'] });
      expect(reads()).toBe(1);
      expect(keeper.stats().fromMemory).toBe(1);

      // Another process adds a product; its notification comes at the commit: the next search reads, and finds it.
      db.products.push(white);
      db.changes++;
      notify('products');
      expect((await search('runner')).titles.sort()).toEqual(['Black Runner', 'White Runner']);
      expect(reads()).toBeGreaterThan(1);

      // The state verified again by the next read; its cards kept, the same search answers from memory.
      expect((await search('white')).titles).toEqual(['White Runner']);
      const verified = reads();
      expect((await search('white')).titles).toEqual(['White Runner']);
      expect(reads()).toBe(verified);
      db.products[0] = product('00000000-0000-0000-0000-000000000001', 'Black Trainer', '3');
      db.changes++;
      notify('products');
      expect((await search('trainer')).titles).toEqual(['Black Trainer']);
      await keeper.close();
      expect(stopped()).toBe(true);
    });

    it('finds a change whose notification was lost once the trusted time is over', async () => {
      const { db, search, reads } = notified(30);
      await search('runner');
      await search('runner');
      expect(reads()).toBe(1);
      db.products.push(white);
      db.changes++;
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect((await search('white')).titles).toEqual(['White Runner']);
    });

    it('renews trust that only time ended with one read of the state for all waiting searches, and none of cards', async () => {
      const { db, keeper, search, reads } = notified(40);
      await search('runner');
      expect(reads()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const probes = db.probes;
      const answers = await Promise.all(Array.from({ length: 10 }, () => search('runner')));
      expect(answers.map((a) => a.titles)).toEqual(Array.from({ length: 10 }, () => ['Black Runner']));
      expect(db.probes - probes).toBe(1);
      expect(reads()).toBe(1);
      expect(keeper.stats().renewals).toBe(1);

      // Past half the time a search from memory renews in the background: steady searches never wait, nor read cards.
      for (let i = 0; i < 12; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect((await search('runner')).titles).toEqual(['Black Runner']);
      }
      expect(reads()).toBe(1);
      expect(keeper.stats().renewals).toBeGreaterThan(1);

      // A change whose notification was lost moves the state: no renewal, the next search reads and finds it.
      db.products.push(white);
      db.changes++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const renewals = keeper.stats().renewals;
      expect((await search('white')).titles).toEqual(['White Runner']);
      expect(keeper.stats().renewals).toBe(renewals);
      expect(reads()).toBeGreaterThan(1);
    });

    it('does not renew across a notification that came while the state was read', async () => {
      const { db, keeper, search, reads, notify } = notified(40);
      await search('runner');
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The state is read as it was before a change whose notification arrives before that read's answer.
      db.duringProbe = () => {
        db.duringProbe = undefined;
        db.products.push(white);
        db.changes++;
        notify('products');
        return { changes: db.changes - 1, synonyms: '0:' };
      };
      expect((await search('white')).titles).toEqual(['White Runner']);
      expect(keeper.stats().renewals).toBe(0);
      expect(reads()).toBeGreaterThan(1);
    });

    it('reads every time without notifications (the subscription failed)', async () => {
      const { keeper } = fakeSource({
        subscribe: async () => {
          throw new Error('no LISTEN here');
        },
      });
      let reads = 0;
      const read = async (ids: string[]) => {
        reads++;
        return { state: { changes: 1, synonyms: '0:' }, rows: ids.map((id) => ({ id, title: 'Black Runner' })), categories: null };
      };
      for (let i = 0; i < 3; i++) await keeper.answerKept(find('runner'), (ids) => ({ ids, categories: false }), read);
      expect(reads).toBe(3);
    });
  });

  it('catches up by the buckets whose figures moved, reading only their versions', async () => {
    const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
    const db = {
      changes: 1,
      products: Array.from({ length: 8 }, (_, n) => ({ ...product(id(n), `Runner ${n}`, '1'), bucket: n % 4 })),
    };
    const scans: Array<number[] | undefined> = [];
    const keeper = createSearchIndexKeeper({
      searchIndexState: async () => ({ changes: db.changes, synonyms: '0:' }),
      indexBuckets: async () => {
        const figures = new Map<number, string>();
        for (const p of db.products) figures.set(p.bucket, `${figures.get(p.bucket) ?? ''}${p.id}:${p.version};`);
        return figures;
      },
      indexVersions: async (only?: { buckets: number[] } | { ids: string[] }) => {
        const buckets = only && 'buckets' in only ? only.buckets : undefined;
        scans.push(buckets);
        return db.products.filter((p) => !buckets || buckets.includes(p.bucket)).map((p) => ({ id: p.id, v: p.version, b: p.bucket }));
      },
      indexRows: async (ids?: string[]) => db.products.filter((p) => !ids || ids.includes(p.id)),
      synonymGroups: async () => [],
    });
    const titles = async (word: string) => {
      const index = await keeper.current();
      const ids = index.search(index.resolve(word), {}, 'relevance', 20).ids;
      return ids.map((i) => db.products.find((p) => p.id === i)?.title).sort();
    };
    expect(await titles('runner')).toHaveLength(8);
    // Product 1 renamed (bucket 1), product 2 gone (bucket 2): only buckets 1 and 2 are read.
    db.products[1] = { ...product(id(1), 'Walker 1', '2'), bucket: 1 };
    db.products.splice(2, 1);
    db.changes++;
    expect(await titles('walker')).toEqual(['Walker 1']);
    expect(await titles('runner')).toHaveLength(6);
    expect(scans.at(-1)?.sort()).toEqual([1, 2]);
  });
  it('catches up by the ids the change log gives since its horizon, leaving out the transactions it read', async () => {
    const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
    const db = { changes: 1, products: Array.from({ length: 4 }, (_, n) => product(id(n), `Runner ${n}`, '1')) };
    // The log: each write's transaction and product; `running` holds the horizon back as an open transaction would.
    const log: Array<{ xid: number; id: string }> = [];
    let next = 10;
    let running: number | null = null;
    const asked: Array<{ horizon: string | null; seen: readonly string[] }> = [];
    const versionReads: Array<string[] | 'all'> = [];
    const keeper = createSearchIndexKeeper({
      searchIndexState: async () => ({ changes: db.changes, synonyms: '0:' }),
      indexChanges: async (horizon: string | null, seen: readonly string[]) => {
        asked.push({ horizon, seen });
        const from = horizon === null ? Infinity : Number(horizon);
        const rows = log.filter((r) => r.xid >= from && !seen.includes(String(r.xid)));
        return {
          horizon: String(running ?? next),
          ids: [...new Set(rows.map((r) => r.id))],
          xids: [...new Set(rows.map((r) => String(r.xid)))],
        };
      },
      indexVersions: async (only?: { buckets: number[] } | { ids: string[] }) => {
        const ids = only && 'ids' in only ? only.ids : null;
        versionReads.push(ids ?? 'all');
        return db.products.filter((p) => !ids || ids.includes(p.id)).map((p) => ({ id: p.id, v: p.version }));
      },
      indexRows: async (ids?: string[]) => db.products.filter((p) => !ids || ids.includes(p.id)),
      synonymGroups: async () => [],
    });
    const write = (n: number, title: string | null) => {
      const xid = next++;
      const at = db.products.findIndex((p) => p.id === id(n));
      if (title === null) db.products.splice(at, 1);
      else db.products[at] = product(id(n), title, String(xid));
      log.push({ xid, id: id(n) });
      db.changes++;
      return xid;
    };
    const titles = async (word: string) => {
      const index = await keeper.current();
      return index.search(index.resolve(word), {}, 'relevance', 20).ids.map((i) => db.products.find((p) => p.id === i)?.title);
    };
    expect(await titles('runner')).toHaveLength(4);
    expect(asked).toEqual([{ horizon: null, seen: [] }]);

    // A transaction opens (xid 10), a later one renames product 1 and deletes product 2, then a search catches up.
    running = next++;
    write(1, 'Walker 1');
    write(2, null);
    expect(await titles('walker')).toEqual(['Walker 1']);
    expect(await titles('runner')).toHaveLength(2);
    expect(versionReads).toEqual([[id(1), id(2)]]);
    // The open one commits its write of product 3 with its earlier id: found, and the later ones are not read again.
    const open = running;
    running = null;
    log.push({ xid: open, id: id(3) });
    db.products[db.products.findIndex((p) => p.id === id(3))] = product(id(3), 'Sandal 3', String(open));
    db.changes++;
    expect(await titles('sandal')).toEqual(['Sandal 3']);
    expect(asked.at(-1)).toEqual({ horizon: String(open), seen: ['11', '12'] });
    expect(versionReads.at(-1)).toEqual([id(3)]);
    expect(keeper.stats().comparedAll).toBe(0);
  });

  it('gives the event loop turns while it builds a large index (issue 39: 100,000 products are about a second of work)', async () => {
    const { db, keeper } = fakeSource();
    db.products = Array.from({ length: 20_000 }, (_, i) =>
      product(`00000000-0000-0000-0000-${String(i).padStart(12, '0')}`, `Black Runner ${i} jacket hoodie`, '1'),
    );
    // The fake source answers without I/O: only the build's own turns let a waiting callback run before it ends.
    const order: string[] = [];
    setImmediate(() => order.push('turn'));
    const built = keeper.current().then(() => order.push('built'));
    await built;
    expect(order).toEqual(['turn', 'built']);
    expect(keeper.stats().products).toBe(20_000);
  });
});
