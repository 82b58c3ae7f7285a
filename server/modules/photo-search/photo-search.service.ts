/**
 * Search by photo (issue 42, decision 0086): a visitor's picture (an upload or an address) is read by the embedder and
 * compared with every visible product's picture in memory; the products showing the same photo come first, then the
 * nearest. Nothing is stored; each search counts against the client's limit, as the public forms do.
 *
 * The index is made from the database on the first search and dropped at every change of products or images, from
 * any process (the catalogue's notifications, as the response cache and the search index hear them), so it is no
 * state another process needs; a lost notification is covered by its age limit. Concurrent searches share one build,
 * and while a build takes longer than FRESH_WAIT_MS the index before it answers.
 */
import type { LangCode } from '../../../common/i18n';
import { PHOTO_MAX_BYTES, PHOTO_RESULTS_MAX } from '../../../common/photo-search';
import type { PhotoSearchAnswer } from '../../../common/schemas/photo-search';
import type { Product } from '../../../common/schemas/product';
import { PHOTO_TEXTS } from '../../../common/texts/photo-search';
import { sniffImageFormat } from '../../../common/image-types';
import { AppError } from '../../errors';
import { fetchLimited } from '../imports/safe-fetch';
import type { EmbeddingIndex, PhotoMatcher } from './image-embedder';

/** The longest an index is trusted without a notification (one may be lost while the listening connection is down). */
const INDEX_MAX_AGE_MS = 60_000;
/** How long a search waits for a new index when an older one is there to answer with. */
const FRESH_WAIT_MS = 250;
/** Pictures decoded at the same time in this process; more wait their turn (libuv's pool also serves files and DNS). */
const DECODES_AT_ONCE = 2;
/** One picture fetched from an address, redirects included (as an import's pictures). */
const FETCH_TIMEOUT_MS = 10_000;
/** Notifications of these tables (and a re-established listening connection) drop the index. */
const CHANGES = new Set(['products', 'images', 'reconnected']);

export type PhotoSearchDeps<Query, Entry> = {
  matcher: PhotoMatcher<Query, Entry>;
  /** Visible products by number, in `lang` where translated (the finder's). */
  products: (numbers: number[], lang?: LangCode) => Promise<Map<number, Product>>;
  /** Counts a search against the client's limit; throws the 429 past it. */
  limit: (client: { ip: string }) => Promise<void>;
  /** The catalogue's notifications (Database.listen); without them every search reads the index again. */
  subscribe?: ((onChange: (detail: string) => void) => Promise<() => Promise<void>>) | undefined;
  allowPrivateHosts: boolean;
  now?: () => number;
};

export function createPhotoSearchService<Query, Entry>(deps: PhotoSearchDeps<Query, Entry>) {
  const now = deps.now ?? (() => performance.now());
  let index: EmbeddingIndex<Query> | null = null;
  let builtAt = 0;
  let generation = 0;
  let builtGeneration = -1;
  let building: Promise<EmbeddingIndex<Query>> | null = null;
  let listening: 'no' | 'starting' | 'yes' = 'no';
  let unsubscribe: (() => Promise<void>) | null = null;

  function listen(): void {
    if (listening !== 'no' || !deps.subscribe) return;
    listening = 'starting';
    deps
      .subscribe((detail) => {
        if (CHANGES.has(detail)) generation += 1;
      })
      .then(
        (stop) => {
          unsubscribe = stop;
          listening = 'yes';
        },
        () => {
          listening = 'no';
        },
      );
  }

  /** The index as the catalogue is now: the kept one while no change was heard and it is young, else a new one. */
  async function current(): Promise<EmbeddingIndex<Query>> {
    listen();
    if (index && listening === 'yes' && builtGeneration === generation && now() - builtAt < INDEX_MAX_AGE_MS) return index;
    if (!building) {
      const at = generation;
      const startedAt = now();
      building = deps.matcher
        .load()
        .then((entries) => {
          const made = deps.matcher.build(entries);
          index = made;
          builtAt = startedAt;
          builtGeneration = at;
          return made;
        })
        .finally(() => {
          building = null;
        });
    }
    const made = building;
    const kept = index;
    if (!kept) return made;
    // A kept index answers when the new one takes longer than a moment (100,000 products on PGlite take seconds):
    // a change shows in photo searches once the build is done, and a visitor does not wait for it.
    const late = new Promise<null>((resolve) => setTimeout(resolve, FRESH_WAIT_MS, null));
    return (await Promise.race([made.catch(() => null), late])) ?? kept;
  }

  let decoding = 0;
  const waiting: Array<() => void> = [];
  async function embed(picture: Buffer): Promise<Query> {
    if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    decoding += 1;
    try {
      return await deps.matcher.embedder.embed(picture);
    } finally {
      decoding -= 1;
      waiting.shift()?.();
    }
  }

  async function answer(picture: Buffer, lang: LangCode | undefined): Promise<PhotoSearchAnswer> {
    const query = await embed(picture);
    const matches = (await current()).nearest(query, PHOTO_RESULTS_MAX);
    const products = await deps.products(
      matches.map((m) => m.number),
      lang,
    );
    const same: Product[] = [];
    const similar: Product[] = [];
    for (const match of matches) {
      const product = products.get(match.number);
      if (product) (match.samePhoto ? same : similar).push(product);
    }
    return { same, similar };
  }

  return {
    /** Searches with an uploaded picture. */
    async search(picture: Buffer, client: { ip: string }, lang?: LangCode): Promise<PhotoSearchAnswer> {
      await deps.limit(client);
      return answer(picture, lang);
    },

    /** Searches with the picture at an address, fetched through the imports' guarded fetch (no private networks). */
    async searchAddress(address: string, client: { ip: string }, lang?: LangCode): Promise<PhotoSearchAnswer> {
      await deps.limit(client);
      const host = URL.canParse(address) ? new URL(address).host : null;
      if (host === null) throw new AppError('VALIDATION', PHOTO_TEXTS.addressInvalid);
      let body: Buffer;
      try {
        body = (
          await fetchLimited(address, {
            maxBytes: PHOTO_MAX_BYTES,
            timeoutMs: FETCH_TIMEOUT_MS,
            allowPrivate: deps.allowPrivateHosts,
            userAgent: 'Finder photo search',
          })
        ).body;
      } catch (err) {
        if (err instanceof AppError && err.code === 'TOO_LARGE') throw new AppError('TOO_LARGE', PHOTO_TEXTS.tooLarge);
        throw new AppError('VALIDATION', PHOTO_TEXTS.addressFailed(host));
      }
      if (body.length > 0 && !sniffImageFormat(body)) throw new AppError('VALIDATION', PHOTO_TEXTS.addressNotAPicture);
      return answer(body, lang);
    },

    /** The index's size, made if needed (the bench). */
    async indexSize(): Promise<number> {
      return (await current()).size;
    },

    async close(): Promise<void> {
      const stop = unsubscribe;
      unsubscribe = null;
      listening = 'no';
      await stop?.();
    },
  };
}
export type PhotoSearchService = ReturnType<typeof createPhotoSearchService<unknown, unknown>>;
