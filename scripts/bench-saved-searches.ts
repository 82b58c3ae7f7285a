// BENCH_ONLY=saved-searches npm run bench (also part of the full run): the saved-search mail run (issue 42, decision
// 0085) over 10,000 saved searches of 2,000 accounts (five each: words, filters, brands, prices, sorts) against a
// large catalogue (BENCH_PRODUCTS, 100,000 by default) to which 500 products were just added, on PGlite and on
// PostgreSQL. The figure is the whole run as the job works it (in the background lane), mails to a stand-in mailer
// that only counts them (target under 60 s); beside it the storefront's answer times while it runs, against before
// (the database's load stays bounded: accounts are read in batches, one search's question at a time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { inBackground } from '../server/db/background-lane';
import { openDatabase } from '../server/db/client';
import type { Mailer } from '../server/modules/mail/mailer';
import { MAIL_RUN_ACCOUNTS_PER_BATCH } from '../server/modules/saved-searches/saved-searches.service';
import { createLocalStorage } from '../server/storage/local-storage';
import { BENCH_APP_CONFIG } from './bench-config';
import { seedLargeCatalogue } from './seed-large-catalogue';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ACCOUNTS = 2000;
const PER_ACCOUNT = 5;
const NEW_PRODUCTS = 500;

/**
 * Finder views drawn from the catalogue's own words (scripts/seed-large-catalogue.ts): a colour and a noun, an
 * adjective and a noun, a category with a gender and a price bound, best products in a price range, a brand; some
 * with a sort (about 200 different views; the run prints how many).
 */
const COLOURS = ['black', 'olive', 'navy', 'cream', 'charcoal', 'sand', 'burgundy', 'sky', 'forest', 'rust'];
const ADJECTIVES = ['relaxed', 'slim', 'vintage', 'oversized', 'cropped', 'heavyweight', 'washed', 'technical', 'quilted', 'ribbed'];
const NOUNS = [
  'sneaker',
  'boot',
  'loafer',
  'hoodie',
  'jacket',
  'bomber',
  'puffer',
  'jeans',
  'cargo pants',
  'tee',
  'cardigan',
  'tote bag',
  'shorts',
];
const CATEGORIES = ['Shoes', 'Hoodies', 'Jackets', 'Pants', 'T-Shirts', 'Accessories', 'Shorts', 'Sweaters'];
const SORTS = ['', '&sort=newest', '&sort=price-asc', '&sort=price-desc'];
function viewOf(i: number): string {
  const sort = SORTS[i % SORTS.length];
  const pick = <T>(list: readonly T[], k: number) => list[k % list.length] as T;
  switch (i % 5) {
    case 0:
      return `search=${encodeURIComponent(`${pick(COLOURS, i)} ${pick(NOUNS, i >> 3)}`)}${sort}`;
    case 1:
      return `search=${encodeURIComponent(`${pick(ADJECTIVES, i >> 2)} ${pick(NOUNS, i >> 5)}`)}${sort}`;
    case 2:
      return `category=${encodeURIComponent(pick(CATEGORIES, i >> 1))}&gender=${i % 2 ? 'Men' : 'Women'}&maxPrice=${40 + (i % 16) * 10}${sort}`;
    case 3:
      return `best=true&minPrice=${(i % 10) * 10}&maxPrice=${(i % 10) * 10 + 60}${sort}`;
    default:
      return `search=${encodeURIComponent(pick(NOUNS, i >> 1))}&minPrice=${(i % 20) * 5}${sort}`;
  }
}
const VIEWS = Array.from({ length: 1300 }, (_, i) => viewOf(i * 7 + 3));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function run(label: string, databaseUrl: string | undefined): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-bench-saved-'));
  const seeded = Date.now();
  const seeder = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
  try {
    await seedLargeCatalogue(seeder, PRODUCTS);
    await seeder.db.execute(sql`update products set created_at = now() - interval '2 hours'`);
    await seeder.db.execute(sql`
      insert into users (email) select 'saved-bench-' || i || '@example.com' from generate_series(1, ${ACCOUNTS}) i`);
    await seeder.db.execute(sql`
      insert into saved_searches (user_id, name, query, checked_at, created_at)
      select u.id, 'Search ' || k, (${JSON.stringify(VIEWS)}::jsonb)->>(((u.n * ${PER_ACCOUNT} + k) * 7919) % ${VIEWS.length})::int,
             now() - interval '1 hour', now() - interval '1 hour'
      from (select id, row_number() over (order by id) as n from users where email like 'saved-bench-%') u
      cross join generate_series(1, ${PER_ACCOUNT}) k`);
    // Products added since the searches were last checked: what the run mails.
    await seedLargeCatalogue(seeder, NEW_PRODUCTS);
  } finally {
    await seeder.close();
  }
  const seedMs = Date.now() - seeded;
  let cards = 0;
  const mailer: Mailer = {
    async send(message) {
      cards += (message.html.match(/<td /g) ?? []).length;
    },
    close() {},
  };
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 3000 });
  try {
    const app = await buildApp({
      config: BENCH_APP_CONFIG,
      database,
      storage: createLocalStorage(path.join(dir, 'uploads')),
      logger: false,
      mailer,
    });
    await app.ready();
    try {
      // The storefront's answers (every one from the database or the index: a new seed each time), one at a time.
      let probing = true;
      let seed = 1;
      const probe = async (times: number[], until: () => boolean) => {
        while (until()) {
          const started = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/products?limit=6&category=Shoes&seed=${seed++}` }).catch(() => null);
          if (res?.statusCode === 200) times.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await app.inject({ method: 'GET', url: '/api/products?search=warm+up' });
      const before: number[] = [];
      const quietUntil = Date.now() + 3000;
      await probe(before, () => Date.now() < quietUntil);
      const during: number[] = [];
      const probing$ = probe(during, () => probing);
      const started = performance.now();
      const outcome = await inBackground(() => app.services.savedSearches.runMails()).finally(() => (probing = false));
      const ms = performance.now() - started;
      await probing$;
      const [b, d] = [before.sort((x, y) => x - y), during.sort((x, y) => x - y)];
      const [searches] = await database.rows<{ n: number | string; views: number | string }>(
        sql`select count(*) as n, count(distinct query) as views from saved_searches`,
      );
      console.log(
        `${label}: mail run over ${Number(searches?.n ?? 0).toLocaleString('en-US')} saved searches (${Number(searches?.views ?? 0).toLocaleString('en-US')} different views) of ${outcome.accounts.toLocaleString('en-US')} accounts ` +
          `(${NEW_PRODUCTS} new products among ${PRODUCTS.toLocaleString('en-US')}): ${(ms / 1000).toFixed(1)} s (target < 60 s), ` +
          `${outcome.sent.toLocaleString('en-US')} mails with ${cards.toLocaleString('en-US')} cards, ${outcome.failed} failed; ` +
          `accounts in batches of ${MAIL_RUN_ACCOUNTS_PER_BATCH}. Storefront list answers meanwhile p50 ${percentile(d, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(d, 99).toFixed(1)} ms (${d.length} asked), before p50 ${percentile(b, 50).toFixed(1)} ms, p99 ${percentile(b, 99).toFixed(1)} ms; ` +
          `data made in ${(seedMs / 1000).toFixed(0)} s`,
      );
      // A second run the same day: every account was mailed or checked, so it reads next to nothing.
      const again = performance.now();
      const second = await inBackground(() => app.services.savedSearches.runMails());
      console.log(`${label}: the next tick the same day: ${((performance.now() - again) / 1000).toFixed(2)} s, ${second.sent} mails`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSavedSearches(pgUrl: string | null): Promise<void> {
  console.log('\n## Saved-search mail run (issue 42)');
  await run('PGlite', undefined);
  if (pgUrl) await run('PostgreSQL', pgUrl);
}
