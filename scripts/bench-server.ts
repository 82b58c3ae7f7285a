// Child process of bench.ts: the app on a large catalogue, and a bare Fastify constant-JSON route as the ceiling.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { CATEGORY_RULES, postgresPattern } from '../common/bulk-op-rules';
import { buildApp } from '../server/app';
import { BENCH_APP_CONFIG } from './bench-config';
import { openDatabase } from '../server/db/client';
import { loadBuiltFrontEnd } from '../server/modules/pages/front-end';
import { createLocalStorage } from '../server/storage/local-storage';
import { seedLargeCatalogue } from './seed-large-catalogue';

const dir = process.env.BENCH_DIR ?? fs.mkdtempSync('/tmp/finder-bench-');
const size = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
const [existing] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products`);
const started = Date.now();
if ((existing?.n ?? 0) !== size) {
  await database.db.execute(sql`truncate products cascade`);
  await seedLargeCatalogue(database, size);
}
const seedMs = Date.now() - started;
// bench.ts generates the catalogue in a process of its own first: the server's memory is then the server's alone,
// not what making 100,000 rows left behind.
if (process.env.BENCH_SEED_ONLY === 'true') {
  await database.close();
  // Exit once the message is out (an exit straight after send may drop it).
  process.send?.({ seeded: true, seedMs }, () => process.exit(0));
  await new Promise(() => undefined);
}

const logFd = fs.openSync(path.join(dir, 'server.log'), 'a');
const app = await buildApp({
  config: {
    ...BENCH_APP_CONFIG,
    logLevel: 'info',
  },
  frontEnd: await loadBuiltFrontEnd(path.resolve('dist')),
  database,
  storage: createLocalStorage(path.join(dir, 'uploads')),
  // Logging as `npm start` logs (LOG_LEVEL=info, one synchronous write per line), into a file of the bench's own.
  logger: { stream: { write: (line: string) => fs.writeSync(logFd, line) } },
  // As main.ts starts it: the default response cache (RESPONSE_CACHE_MB) and load shedding. BENCH_CACHE_MB=0 measures
  // every request on the database path.
  responseCacheBytes: Number(process.env.BENCH_CACHE_MB ?? 32) * 1024 * 1024,
});
await app.listen({ port: 0, host: '127.0.0.1' });

// An admin session for the dashboard's list.
const adminEmail = `bench-admin-${Date.now()}@example.com`;
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
  payload: JSON.stringify({ email: adminEmail, password: 'bench password 123', name: '' }),
});
if (signUp.statusCode !== 200) throw new Error(`bench admin sign-up failed: ${signUp.statusCode} ${signUp.body}`);
await app.users.setRole(adminEmail, 'admin', true);
await app.users.setRole(adminEmail, 'developer', true);
const setCookie = signUp.headers['set-cookie'];
const adminCookie = [setCookie ?? []]
  .flat()
  .map((c) => c.split(';')[0])
  .join('; ');

const ceiling = Fastify({ logger: false });
const constant = { status: 'ok', items: [] as unknown[], nextCursor: null };
ceiling.get('/constant', async () => constant);
await ceiling.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof app) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
process.send?.({ ready: true, appPort: port(app), ceilingPort: port(ceiling), seedMs, kind: database.kind, dir, adminCookie });
/**
 * Issue 5: Update Shirt Category (every 'Tee' and 'T-Shirt' title moves from T-Shirts to Shirts) through its endpoint,
 * one set-based statement, against what the original did: one update per product. The catalogue is put back and
 * vacuumed before each, so both start from the same state.
 */
async function bulkBench() {
  const reset = async () => {
    await database.db.execute(sql`update products set category = 'T-Shirts' where category = 'Shirts'`);
    await database.db.execute(sql`delete from categories where name = 'Shirts'`);
    await database.db.execute(sql`vacuum analyze products`);
  };
  await reset();
  let started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/bulk-ops/update-shirts',
    headers: { cookie: adminCookie, origin: 'http://127.0.0.1' },
  });
  const setMs = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`bulk operation failed: ${res.statusCode} ${res.body}`);
  const updated = (res.json() as { updatedCount: number }).updatedCount;
  await reset();
  started = performance.now();
  const rows = await database.rows<{ id: string }>(
    sql`select id from products where title ~* ${postgresPattern(CATEGORY_RULES[1].keywords)} and category is distinct from 'Shirts'`,
  );
  await database.db.execute(sql`insert into categories (name) values ('Shirts') on conflict do nothing`);
  for (const row of rows) {
    await database.db.execute(sql`update products set category = 'Shirts', updated_at = now() where id = ${row.id}::uuid`);
  }
  const loopMs = performance.now() - started;
  await reset();
  return { updated, setMs, loopMs, loopRows: rows.length };
}

/** A multipart body with one file, as a browser sends it. */
function multipart(name: string, body: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----finderbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Issue 15: export of the whole catalogue (CSV and XLSX), then an import of a generated sheet of as many new rows as
 * the catalogue has: preview, then commit in the background until it ends, with the server's peak memory meanwhile;
 * against a loop of one insert per row (timed on the first LOOP_ROWS rows and scaled up). Undo puts the catalogue back.
 */
async function transferBench() {
  const headers = { cookie: adminCookie, origin: 'http://127.0.0.1' };
  const timed = async (format: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/admin/products/export?format=${format}`, headers });
    if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode}`);
    return { ms: performance.now() - started, bytes: res.rawPayload.length };
  };
  const csvExport = await timed('csv');
  const xlsxExport = await timed('xlsx');

  const lines = ['title,price,category,gender,brand,description,isBestProduct,cnFansLink'];
  for (let i = 0; i < size; i++) {
    lines.push(
      `Imported Item ${i},${(10 + (i % 90)).toFixed(2)},${['Shoes', 'Pants', 'Jackets'][i % 3]},${['men', 'Women', 'UNISEX'][i % 3]},Brand ${i % 50},Row ${i} of the bench sheet,${i % 7 === 0},https://bench.example/import/${i}`,
    );
  }
  const file = multipart('bench.csv', Buffer.from(`${lines.join('\n')}\n`));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  let started = performance.now();
  const preview = await app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...headers, 'content-type': file.contentType },
    payload: file.payload,
  });
  const previewMs = performance.now() - started;
  if (preview.statusCode !== 201) throw new Error(`import preview failed: ${preview.statusCode} ${preview.body}`);
  const id = (preview.json() as { id: string }).id;
  started = performance.now();
  const commit = await app.inject({
    method: 'POST',
    url: `/api/admin/imports/${id}/commit`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{}',
  });
  if (commit.statusCode !== 202) throw new Error(`import commit failed: ${commit.statusCode} ${commit.body}`);
  let state: { status: string; result: { created: number } | null } = { status: 'running', result: null };
  while (state.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    state = (await app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers })).json();
  }
  const commitMs = performance.now() - started;
  clearInterval(sampler);
  started = performance.now();
  const undo = await app.inject({ method: 'POST', url: `/api/admin/imports/${id}/undo`, headers });
  const undoMs = performance.now() - started;
  if (undo.statusCode !== 200) throw new Error(`import undo failed: ${undo.statusCode} ${undo.body}`);

  const loopRows = Math.min(size, Number(process.env.BENCH_LOOP_ROWS ?? 5000));
  started = performance.now();
  for (let i = 0; i < loopRows; i++) {
    await database.db.execute(sql`insert into products (title, price, category, gender, brand, description, is_best_product, link)
      values (${`Loop Item ${i}`}, ${10 + (i % 90)}, 'Shoes', 'Men', 'Loop', 'Loop row', false, ${`https://bench.example/loop/${i}`})`);
  }
  const loopMs = performance.now() - started;
  await database.db.execute(sql`delete from products where link like 'https://bench.example/loop/%'`);
  await database.db.execute(sql`vacuum analyze products`);
  return {
    csvExport,
    xlsxExport,
    rows: size,
    created: state.result?.created ?? 0,
    status: state.status,
    previewMs,
    commitMs,
    undoMs,
    peakRss: peak,
    loopRows,
    loopMs,
  };
}

process.on(
  'message',
  async (msg: {
    memory?: boolean;
    cpu?: boolean;
    cache?: boolean;
    stop?: boolean;
    bulk?: boolean;
    transfer?: boolean;
    searchIndex?: boolean;
  }) => {
    if (msg.memory) process.send?.({ memory: process.memoryUsage().rss });
    // CPU time of the whole process (every thread: HTTP, the embedded database's worker), for CPU per answer.
    if (msg.cpu) process.send?.({ cpu: process.cpuUsage() });
    if (msg.searchIndex) {
      global.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      process.send?.({ searchIndex: { ...app.services.finder.searchIndexStats(), rss, heapUsed } });
    }
    if (msg.cache) process.send?.({ cache: app.responseCache.stats() });
    if (msg.bulk) process.send?.({ bulk: await bulkBench() });
    if (msg.transfer) process.send?.({ transfer: await transferBench() });
    if (msg.stop) {
      await app.close();
      await ceiling.close();
      await database.close();
      if (!process.env.BENCH_DIR) fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  },
);
