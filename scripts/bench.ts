// npm run bench: figures for the finder at 100,000 products, each next to a ceiling measured in the same run.
// The traffic is a model of visitors (scripts/bench-traffic.ts); see docs/performance.md for every row.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { openDatabase, postgresAnswers } from '../server/db/client';
import { startTestS3 } from '../server/test/s3-server';
import { benchPages } from './bench-pages';
import { benchReaders } from './bench-readers';
import { random } from '../server/db/demo-catalogue';
import { measureMemoryIndex } from './bench-memory-index';
import { MULTI_WORD_SEARCHES, PLURAL_SEARCHES, searchRows, TYPO_SEARCHES, WARM_UP_SECONDS, warmUpPaths } from './bench-search';
import { BROWSER_HEADERS, buildTrafficModel, SEARCH_WORDS, type TrafficModel } from './bench-traffic';
import { wrkLoad, type LoadFigures } from './bench-wrk';
import { buildServer, runDirectory, SERVER_NODE_FLAGS } from './build-server';
import { ensureHaproxy, startCluster } from './cluster';

// The SDK's notice that its 2027 releases need Node 22 is noise here (the lock file pins this one).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
/** The crowd: this many connections at once for BENCH_CROWD_SECONDS. */
const CROWD_CONNECTIONS = Number(process.env.BENCH_CROWD_CONNECTIONS ?? 500);
const CROWD_S = Number(process.env.BENCH_CROWD_SECONDS ?? 30);
/** A request unanswered this long counts as a timeout (autocannon's default). */
const TIMEOUT_S = 10;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CLUSTER_PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);

type Ready = { ready: true; appPort: number; ceilingPort: number; seedMs: number; kind: string; dir: string; adminCookie: string };

/** The dashboard's product list: pages of 25 by row, with a count of every match (signed in as an admin). */
const ADMIN_PATHS = [
  '/api/admin/products?page=1',
  '/api/admin/products?search=cargo&page=2',
  '/api/admin/products?category=Shoes&gender=Men&page=40',
  '/api/admin/products?search=navy&best=true',
];

/**
 * Admin list pages nobody has asked for since the last change (the list keeps pages it answered until the catalogue
 * changes): searches, category and gender pages deep into the list, and the unfiltered list, shuffled. More pages
 * than a 10-second run reaches, so each is a first view.
 */
const ADMIN_FIRST_VIEWS = (() => {
  const paths: string[] = [];
  for (const word of SEARCH_WORDS)
    for (let page = 1; page <= 3; page++) paths.push(`/api/admin/products?search=${encodeURIComponent(word)}&page=${page}`);
  for (const category of ['Shoes', 'Jackets', 'Pants', 'Hoodies', 'T-Shirts', 'Accessories']) {
    for (const gender of ['Men', 'Women', 'Unisex', 'Kids'])
      for (let page = 1; page <= 60; page++) paths.push(`/api/admin/products?category=${category}&gender=${gender}&page=${page}`);
  }
  for (let page = 1; page <= 1000; page++) paths.push(`/api/admin/products?page=${page}`);
  const rng = random(7);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [paths[i], paths[j]] = [paths[j] as string, paths[i] as string];
  }
  return paths;
})();

type Figures = LoadFigures;

/** Requests drawn for one steady row: enough for its duration at any rate this machine reaches, then cycled. */
const DRAWN_PATHS = 300_000;

/**
 * A steady row (10 connections): wrk (scripts/bench-wrk.ts). `paths` cycles through a fixed list; `draw` picks each
 * request's path, drawn in advance in order.
 */
async function load(
  url: string,
  requests: { paths?: string[]; draw?: () => string },
  options: { headers?: Record<string, string> } = {},
): Promise<Figures> {
  const { draw, paths } = requests;
  const list = draw ? Array.from({ length: DRAWN_PATHS }, draw) : (paths ?? [new URL(url).pathname + new URL(url).search]);
  return wrkLoad(new URL(url).origin, list, {
    connections: CONNECTIONS,
    seconds: DURATION_S,
    timeoutSeconds: TIMEOUT_S,
    headers: options.headers ?? {},
  });
}

/** The crowd (autocannon, which tells 503s from other refusals): `draw` picks each request's path as it is sent. */
async function crowdLoad(
  url: string,
  draw: () => string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: TIMEOUT_S,
    headers: options.headers,
    requests: [{ method: 'GET' as const, setupRequest: (req: autocannon.Request) => ({ ...req, path: draw() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    status503: result.statusCodeStats?.['503']?.count ?? 0,
  };
}

/** Every answer of a row that must not fail; says so loudly rather than printing a figure of errors. */
function mustAllSucceed(label: string, f: Figures): Figures {
  if (f.non2xx > 0 || f.errors > 0)
    console.log(`  !! ${label}: ${f.non2xx} non-2xx answers, ${f.errors} errors (figures below include them)`);
  return f;
}

function gz(body: Buffer | string): number {
  return zlib.gzipSync(body, { level: 9 }).length;
}

/**
 * The server runs as `npm start` runs it: compiled (scripts/build-server.ts, decision 0042), with its Node flags
 * (SERVER_NODE_FLAGS). The bench's own server (scripts/bench-server.ts: the app, the ceiling, the bench's tasks) is
 * compiled the same way, once per run.
 */
const benchDir = runDirectory('bench');
process.once('exit', () => fs.rmSync(benchDir, { recursive: true, force: true }));
const benchServer = await buildServer('scripts/bench-server.ts', benchDir, 'bench-server');
function fork_(env: Record<string, string>) {
  // --expose-gc only lets the memory figures be read after a collection (the heap that is kept, not garbage waiting).
  return fork(benchServer, [], { execArgv: [...SERVER_NODE_FLAGS, '--expose-gc'], env: { ...process.env, ...env } });
}

/**
 * The catalogue is generated (or found) by a process of its own, then the server starts on it: its memory figure is
 * the server's, not the generator's. Both use `dir`, which the caller removes.
 */
async function startServer(env: Record<string, string>, dir: string): Promise<{ ready: Ready; child: ReturnType<typeof fork> }> {
  const seeder = fork_({ ...env, BENCH_DIR: dir, BENCH_SEED_ONLY: 'true' });
  let seedMs = -1;
  seeder.once('message', (m) => (seedMs = (m as { seedMs: number }).seedMs));
  await new Promise<void>((resolve, reject) =>
    seeder.once('exit', (code) =>
      code === 0 && seedMs >= 0 ? resolve() : reject(new Error(`bench catalogue generator exited with ${code}`)),
    ),
  );
  const child = fork_({ ...env, BENCH_DIR: dir });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready: { ...ready, seedMs }, child };
}

async function stop(child: ReturnType<typeof fork>) {
  child.send({ stop: true });
  await new Promise((r) => child.once('exit', r));
}

/** Asks the bench server for something (`{ [key]: true }`) and waits for its answer under the same key. */
async function ask<T>(child: ReturnType<typeof fork>, key: 'memory' | 'cpu' | 'cache' | 'bulk' | 'transfer' | 'searchIndex'): Promise<T> {
  child.send({ [key]: true });
  return new Promise((resolve) => {
    const listener = (m: unknown) => {
      const answer = (m as Record<string, T | undefined>)[key];
      if (answer === undefined) return;
      child.off('message', listener);
      resolve(answer);
    };
    child.on('message', listener);
  });
}

/** The server's resident memory, in bytes. */
const rss = (child: ReturnType<typeof fork>) => ask<number>(child, 'memory');
const cacheCounters = (child: ReturnType<typeof fork>) => ask<CacheCounters>(child, 'cache');

type BulkFigures = { updated: number; setMs: number; loopMs: number; loopRows: number };
const bulk = (child: ReturnType<typeof fork>) => ask<BulkFigures>(child, 'bulk');

type TransferFigures = {
  csvExport: { ms: number; bytes: number };
  xlsxExport: { ms: number; bytes: number };
  rows: number;
  created: number;
  status: string;
  previewMs: number;
  commitMs: number;
  undoMs: number;
  peakRss: number;
  loopRows: number;
  loopMs: number;
};
const transfer = (child: ReturnType<typeof fork>) => ask<TransferFigures>(child, 'transfer');

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;

type ProbeResult = { health: Array<{ ms: number; status: number }>; pages: Array<{ ms: number; status: number }> };

/** Health and model requests on a steady beat from a process of its own, while `work` runs. */
async function probeWhile<T>(base: string, paths: string[], durationMs: number, work: Promise<T>): Promise<[T, ProbeResult]> {
  const child = fork(path.resolve('scripts/bench-probe.ts'), [], { execArgv: ['--import', 'tsx'] });
  const probed = new Promise<ProbeResult>((resolve) => child.once('message', (m) => resolve(m as ProbeResult)));
  child.send({ base, paths, durationMs, everyMs: 100 });
  return Promise.all([work, probed]);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN) : NaN;
};

function row(label: string, f: Figures, ceiling?: Figures): string {
  const share = ceiling ? `, ${fmt((f.rps / ceiling.rps) * 100, 1)}% of ceiling` : '';
  return `${label}: ${fmt(f.rps)} req/s${share}, p50 ${f.p50} ms, p99 ${f.p99} ms`;
}

/** Model traffic, an uncached search, then the crowd with probes; returns the figures for the caller's rows. */
/** Cache counters of a bench server (a single process; the cluster's are not read). */
type CacheCounters = { hits: number; misses: number; shared: number; entries: number; bytes: number };

async function trafficRows(base: string, ceiling: Figures, model: TrafficModel, label = '', cache?: () => Promise<CacheCounters>) {
  const headers = BROWSER_HEADERS;
  // A site that has been up a while: one pass of the same traffic first, so the row measures the steady state (the
  // misses of a fresh start are the uncached search row's and the crowd's business).
  await load(base, { draw: model.next }, { headers });
  const before = await cache?.();
  const modelled = mustAllSucceed('model', await load(base, { draw: model.next }, { headers }));
  const after = await cache?.();
  const kept =
    before && after
      ? (() => {
          const hits = after.hits + after.shared - before.hits - before.shared;
          const all = hits + after.misses - before.misses;
          return `; ${fmt((hits / Math.max(1, all)) * 100, 1)}% answered from the server's cache (${fmt(after.entries)} answers, ${fmt(after.bytes / 1024 / 1024, 1)} MB)`;
        })()
      : '';
  console.log(
    row(`${label}model traffic, ${CONNECTIONS} connections, after a warm-up pass`, modelled, ceiling) +
      `  (targets >= 50%, p99 <= 20 ms)${kept}`,
  );
  const search = mustAllSucceed('search', await load(base, { draw: model.uncachedSearch }, { headers }));
  console.log(row(`${label}search only, uncached (addresses nobody asked for), ${CONNECTIONS} connections`, search, ceiling));
  const probePaths = Array.from({ length: 50 }, () => model.next());
  const [crowd, probes] = await probeWhile(
    base,
    probePaths,
    CROWD_S * 1000,
    crowdLoad(base, model.next, { connections: CROWD_CONNECTIONS, seconds: CROWD_S, headers }),
  );
  const health = probes.health.map((s) => s.ms);
  const healthMissed = probes.health.filter((s) => s.status !== 200).length;
  const refused = probes.pages.filter((s) => s.status === 503).map((s) => s.ms);
  console.log(
    `${label}crowd, ${fmt(CROWD_CONNECTIONS)} connections for ${CROWD_S} s: ${fmt(crowd.rps)} req/s, p50 ${crowd.p50} ms, ` +
      `p99 ${crowd.p99} ms; timeouts (> ${TIMEOUT_S} s) ${fmt(crowd.timeouts)}, 503 ${fmt(crowd.status503)}, ` +
      `other non-2xx ${fmt(crowd.non2xx - crowd.status503)}, connection errors ${fmt(crowd.errors - crowd.timeouts)}`,
  );
  console.log(
    `${label}  /api/health while it ran: p50 ${fmt(percentile(health, 50))} ms, p99 ${fmt(percentile(health, 99))} ms, ` +
      `${healthMissed} of ${health.length} probes unanswered or not 200 (target p99 <= 1,000 ms)`,
  );
  await settle(base);
  console.log(
    `${label}  model probes answered 503: ${refused.length} of ${probes.pages.length}` +
      (refused.length ? `, in p50 ${fmt(percentile(refused, 50))} ms, max ${fmt(Math.max(...refused))} ms` : ''),
  );
}

/** After the crowd the server still works through what was sent: wait until health answers quickly again. */
async function settle(base: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function benchDatabase(label: string, env: Record<string, string>): Promise<Figures> {
  const dir = fs.mkdtempSync('/tmp/finder-bench-');
  const { ready, child } = await startServer(env, dir);
  const base = `http://127.0.0.1:${ready.appPort}`;
  console.log(`\n## ${label}: ${fmt(SIZE)} products (${ready.seedMs ? `generated in ${fmt(ready.seedMs / 1000, 1)} s` : 'reused'})`);
  const model = await buildTrafficModel(base);
  console.log(
    `traffic model: ${model.seeds.length} distinct seeds issued to ${48} fresh visitors` +
      (model.rendered ? '' : ' (no build: seeds drawn like the browser fallback, HTML requests as their API calls)'),
  );
  // Warm both before measuring.
  await autocannon({
    url: base,
    connections: 2,
    amount: 300,
    requests: [{ method: 'GET' as const, setupRequest: (r: autocannon.Request) => ({ ...r, path: model.next() }) }],
  });
  const ceiling = await load(`http://127.0.0.1:${ready.ceilingPort}/constant`, {});
  console.log(row('constant-JSON Fastify route (ceiling)', ceiling));
  await trafficRows(base, ceiling, model, '', () => cacheCounters(child));
  const memory = await rss(child);
  console.log(`server memory after the load: ${fmt(memory / 1024 / 1024)} MB RSS  (target on PGlite <= 400 MB)`);
  const adminList = mustAllSucceed('admin list', await load(base, { paths: ADMIN_PATHS }, { headers: { cookie: ready.adminCookie } }));
  console.log(row(`admin product list (page of 25 + total), ${CONNECTIONS} connections`, adminList) + '  (target p50 <= 20 ms)');
  const firstViews = mustAllSucceed(
    'admin first views',
    await load(base, { paths: ADMIN_FIRST_VIEWS }, { headers: { cookie: ready.adminCookie } }),
  );
  console.log(row(`admin product list, every page a first view (${fmt(ADMIN_FIRST_VIEWS.length)} distinct pages, none kept)`, firstViews));
  const ops = await bulk(child);
  console.log(
    `Update Shirt Category (${fmt(ops.updated)} of ${fmt(SIZE)} products changed) through its endpoint: ${fmt(ops.setMs)} ms ` +
      `(target <= 1,000 ms); a loop of one update per product: ${fmt(ops.loopMs)} ms (${fmt(ops.loopMs / ops.setMs, 1)}x)`,
  );
  const io = await transfer(child);
  const s = (ms: number) => `${fmt(ms / 1000, 1)} s`;
  console.log(
    `export of ${fmt(SIZE)} products: CSV ${s(io.csvExport.ms)} (${fmt(io.csvExport.bytes / 1024 / 1024, 1)} MB), ` +
      `XLSX ${s(io.xlsxExport.ms)} (${fmt(io.xlsxExport.bytes / 1024 / 1024, 1)} MB)  (target <= 5 s)`,
  );
  const loopScaled = (io.loopMs / io.loopRows) * io.rows;
  console.log(
    `import of a ${fmt(io.rows)}-row CSV: preview ${s(io.previewMs)}, commit ${s(io.commitMs)} (${io.status}, ${fmt(io.created)} created), ` +
      `end to end ${s(io.previewMs + io.commitMs)} (target <= 30 s on PGlite); undo ${s(io.undoMs)}; ` +
      `server peak ${fmt(io.peakRss / 1024 / 1024)} MB RSS`,
  );
  console.log(
    `one insert per row: ${s(io.loopMs)} for ${fmt(io.loopRows)} rows, about ${s(loopScaled)} for ${fmt(io.rows)}; ` +
      `ratio to the import's commit ${fmt(loopScaled / io.commitMs, 1)}x`,
  );

  if (label.startsWith('PGlite')) await bytes(base);
  await stop(child);
  await benchSearch(env, dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return ceiling;
}

/**
 * Search and browse (issue 14) on the database path: the same catalogue served by a process that keeps no answers
 * (BENCH_CACHE_MB=0), so every request reaches the database.
 */
async function benchSearch(env: Record<string, string>, dir: string) {
  const { ready, child } = await startServer({ ...env, BENCH_CACHE_MB: '0' }, dir);
  const base = `http://127.0.0.1:${ready.appPort}`;
  try {
    console.log(`search and browse, every answer from the database (no response cache), ${CONNECTIONS} connections (target p99 <= 20 ms):`);
    const warm = performance.now();
    await fetch(`${base}/api/products?search=hoodie&limit=6`);
    console.log(`  the search index built on the first search: ${fmt(performance.now() - warm)} ms`);
    if (WARM_UP_SECONDS > 0) {
      await wrkLoad(base, warmUpPaths(), {
        connections: CONNECTIONS,
        seconds: WARM_UP_SECONDS,
        timeoutSeconds: TIMEOUT_S,
        headers: BROWSER_HEADERS,
      });
      console.log(`  then ${WARM_UP_SECONDS} s of searches of other words (scripts/bench-search.ts, warmUpPaths) before the rows`);
    } else console.log('  no warm-up (BENCH_WARM_UP_SECONDS=0): the rows begin on a server that has answered one search');
    // The server's CPU time per answer (all its threads; on PostgreSQL the database server's own is not in it): what
    // the code costs, which a machine shared with other work does not change much, unlike the latencies.
    const cpu = async () => {
      const { user, system } = await ask<NodeJS.CpuUsage>(child, 'cpu');
      return (user + system) / 1000;
    };
    for (const { label, paths, target } of await searchRows(base)) {
      const cpuBefore = await cpu();
      const f = mustAllSucceed(label, await load(base, { paths }, { headers: BROWSER_HEADERS }));
      const cpuPerAnswer = ((await cpu()) - cpuBefore) / Math.max(1, f.rps * DURATION_S);
      console.log(
        `  ${label}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${fmt(f.rps)} req/s, server CPU ${fmt(cpuPerAnswer, 2)} ms per answer` +
          (target ? `  (target p99 <= ${target} ms)` : ''),
      );
    }
    const index = await ask<{
      products: number;
      tokens: number;
      approximateMb: number;
      rss: number;
      heapUsed: number;
      lastRefreshMs: number;
    }>(child, 'searchIndex');
    console.log(
      `  memory of the search process: ${fmt(index.rss / 1024 / 1024)} MB RSS, ${fmt(index.heapUsed / 1024 / 1024)} MB of heap in use; ` +
        `the index itself about ${fmt(index.approximateMb)} MB (${fmt(index.products)} products, ${fmt(index.tokens)} tokens)`,
    );
    console.log(`  ${await freshness(base, env)}`);
  } finally {
    await stop(child);
  }
  // What would reach the target: the same searches answered from an index in memory (the server stopped first: the
  // embedded database takes one process at a time).
  const database = await openDatabase({
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    pgliteDir: path.join(dir, 'db'),
    statementTimeoutMs: 600_000,
  });
  try {
    const lines = await measureMemoryIndex(database, {
      'typo search': TYPO_SEARCHES,
      'plural search': PLURAL_SEARCHES,
      'multi-word search': MULTI_WORD_SEARCHES,
    });
    for (const line of lines) console.log(line);
  } finally {
    await database.close();
  }
}

/**
 * A change made through another process (its own connection, as a second app process would) is found by this
 * one's next search: the time from the commit to the first answer that has it.
 */
async function freshness(base: string, env: Record<string, string>): Promise<string> {
  if (!env.BENCH_DATABASE_URL)
    return 'a change by another process: PGlite serves one process (its data directory is locked), so this is measured on PostgreSQL';
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    const word = `freshness${Date.now()}`;
    const { rows } = await client.query<{ id: string }>(
      `insert into products (title, description, brand, category, gender, price, link, row, shuffle_key)
       values ($1, '', 'Bench', 'Shoes', 'Men', 10, 'https://example.com/x', (select coalesce(max(row), 0) + 1 from products), 1) returning id`,
      [`Fresh ${word}`],
    );
    const started = performance.now();
    let found = false;
    while (!found && performance.now() - started < 5000) {
      const page = (await (await fetch(`${base}/api/products?search=${word}&limit=6`)).json()) as { items: unknown[] };
      found = page.items.length === 1;
    }
    const ms = performance.now() - started;
    await client.query('delete from products where id = $1', [rows[0]?.id]);
    return found
      ? `a product inserted by another connection was found by the next search ${fmt(ms)} ms after its commit (target <= 1,000 ms)`
      : '!! a product inserted by another connection was not found within 5 s';
  } finally {
    await client.end();
  }
}

/** The same catalogue served by several processes behind HAProxy, on the same PostgreSQL database. */
async function benchCluster(databaseUrl: string, ceiling: Figures) {
  try {
    ensureHaproxy();
  } catch {
    console.log('\n(haproxy is missing and apt-get could not install it: no multi-process figures)');
    return;
  }
  const s3 = await startTestS3();
  const cluster = await startCluster({
    processes: CLUSTER_PROCESSES,
    databaseUrl,
    s3: s3.s3,
    env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  });
  try {
    console.log(`\n## ${CLUSTER_PROCESSES} processes behind HAProxy (deploy/haproxy.cfg), PostgreSQL, S3 (s3rver)`);
    const model = await buildTrafficModel(cluster.url);
    await autocannon({
      url: cluster.url,
      connections: 2,
      amount: 300,
      requests: [{ method: 'GET' as const, setupRequest: (r: autocannon.Request) => ({ ...r, path: model.next() }) }],
    });
    console.log("(ceiling: the single-process run's constant-JSON route above)");
    await trafficRows(cluster.url, ceiling, model, 'cluster: ');
  } finally {
    await cluster.stop();
    await s3.close();
  }
}

async function bytes(base: string) {
  const indexPath = path.resolve('dist/web/index.html');
  if (!fs.existsSync(indexPath)) {
    console.log('\n(no build in dist/web: run npm run build for the byte figures)');
    return;
  }
  // The finder's HTML holds its first page of products and its styles; scripts are the entry and its preloads
  // (not the product page's chunk, which is only prefetched).
  const html = await (await fetch(`${base}/`)).text();
  const assets = [
    ...html.matchAll(/<(?:script[^>]+src|link rel="(?:modulepreload|stylesheet)"[^>]*href)="(\/assets\/[^"]+\.(?:js|css))"/g),
  ].map((m) => m[1] as string);
  let jsGz = 0;
  let cssGz = 0;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
    if (asset.endsWith('.js')) jsGz += gz(body);
    else cssGz += gz(body);
  }
  const firstView = gz(html) + jsGz + cssGz;

  // What the original design downloaded before showing anything: the whole collection as JSON.
  let all = '[';
  let cursor: string | null = null;
  let count = 0;
  do {
    const url: string = `${base}/api/products?limit=48&seed=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await (await fetch(url)).json()) as { items: unknown[]; nextCursor: string | null };
    for (const item of page.items) all += `${count++ ? ',' : ''}${JSON.stringify(item)}`;
    cursor = page.nextCursor;
  } while (cursor);
  all += ']';
  const allBytes = Buffer.byteLength(all);
  const allGz = gz(all);

  console.log('\n## Bytes (gzip -9)');
  console.log(`storefront initial JS: ${kb(jsGz)} (target <= 100 kB), CSS ${kb(cssGz)} (the rest is inlined in the HTML)`);
  console.log(`finder first view (HTML with the first page of products and the styles, plus initial JS): ${kb(firstView)}`);
  console.log(`whole catalogue as JSON (${fmt(count)} products): ${kb(allGz)} gzip, ${kb(allBytes)} raw`);
  console.log(`first view / whole catalogue: ${fmt((firstView / allGz) * 100, 2)}% (${fmt(allGz / firstView, 0)}x less)`);
}

/**
 * A database of the bench's own on the local PostgreSQL server, made empty for `run` and dropped after it (also
 * when it fails): the links and imports rows used to leave theirs behind.
 */
async function onScratchDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

// BENCH_ONLY=imports: the import rows alone (scripts/bench-imports.ts), on PGlite, then PostgreSQL when it answers.
if (process.env.BENCH_ONLY === 'imports') {
  const { benchImports } = await import('./bench-imports');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_imports', (url) => benchImports(url));
  else await benchImports(null);
  process.exit(0);
}

// BENCH_ONLY=preview: a 2,000-row import preview with pictures against 100,000 products (scripts/bench-preview.ts),
// on PGlite, then PostgreSQL when it answers. Also part of the full run.
if (process.env.BENCH_ONLY === 'preview') {
  const { benchPreview } = await import('./bench-preview');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_preview', (url) => benchPreview(url));
  else await benchPreview(null);
  process.exit(0);
}

// BENCH_ONLY=photo: search by photo at 100,000 products (scripts/bench-photo.ts), on PGlite, then PostgreSQL when it
// answers. Also part of the full run.
if (process.env.BENCH_ONLY === 'photo') {
  const { benchPhoto } = await import('./bench-photo');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_photo', (url) => benchPhoto(url));
  else await benchPhoto(null);
  process.exit(0);
}

// BENCH_ONLY=links: a link-health sweep of 100,000 products against local stand-in marketplaces (scripts/bench-links.ts),
// on PGlite, then PostgreSQL when it answers.
if (process.env.BENCH_ONLY === 'links') {
  const { benchLinks } = await import('./bench-links');
  await benchLinks({});
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_links', (url) => benchLinks({ databaseUrl: url }));
  process.exit(0);
}

// BENCH_ONLY=background: model traffic and /api/health while a link-health sweep of 100,000 products and an import of
// 100,000 rows with unreachable pictures run, against the same without them (scripts/bench-background.ts, issue 39), on
// PGlite, then PostgreSQL when it answers. Also part of the full run.
if (process.env.BENCH_ONLY === 'background') {
  const { benchBackground } = await import('./bench-background');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_background', (url) => benchBackground(url));
  else await benchBackground(null);
  process.exit(0);
}

// BENCH_ONLY=saved-searches: the saved-search mail run over 10,000 searches (scripts/bench-saved-searches.ts), on
// PGlite, then PostgreSQL when it answers. Also part of the full run.
if (process.env.BENCH_ONLY === 'saved-searches') {
  const { benchSavedSearches } = await import('./bench-saved-searches');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_saved', (url) => benchSavedSearches(url));
  else await benchSavedSearches(null);
  process.exit(0);
}

console.log(
  `Finder bench: ${DURATION_S} s per load at ${CONNECTIONS} connections (wrk, one thread), the crowd ${CROWD_CONNECTIONS} ` +
    `connections for ${CROWD_S} s (autocannon); load generators in processes of their own.`,
);
/** BENCH_ONLY=search: the search and browse rows alone (on PGlite, then PostgreSQL when it answers). */
const SEARCH_ONLY = process.env.BENCH_ONLY === 'search';

async function searchOnly(label: string, env: Record<string, string>) {
  const dir = fs.mkdtempSync('/tmp/finder-bench-');
  const { child } = await startServer(env, dir);
  await stop(child);
  console.log(`\n## ${label}: ${fmt(SIZE)} products`);
  await benchSearch(env, dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** BENCH_ONLY=pages: the pages' figures alone (Lighthouse and bytes on the built site; run npm run build first). */
if (process.env.BENCH_ONLY === 'pages') {
  await benchPages();
  process.exit(0);
}

/** BENCH_ONLY=readers: the import readers' rows alone (no database: they read files). */
if (process.env.BENCH_ONLY === 'readers') {
  await benchReaders();
  process.exit(0);
}

if (SEARCH_ONLY) await searchOnly('PGlite (embedded default)', { BENCH_DATABASE_URL: '' });
else await benchDatabase('PGlite (embedded default)', { BENCH_DATABASE_URL: '' });
if (await postgresAnswers(PG_URL)) {
  await onScratchDatabase('finder_bench', async (url) => {
    if (SEARCH_ONLY) await searchOnly('PostgreSQL server', { BENCH_DATABASE_URL: url });
    else {
      const ceiling = await benchDatabase('PostgreSQL server', { BENCH_DATABASE_URL: url });
      await benchCluster(url, ceiling);
    }
  });
} else {
  console.log(`\n(PostgreSQL does not answer at ${PG_URL}: PGlite figures only)`);
}
if (process.env.BENCH_PAGES !== 'off' && !SEARCH_ONLY) await benchPages();
if (!SEARCH_ONLY) await benchReaders();
if (!SEARCH_ONLY) {
  const { benchPhoto } = await import('./bench-photo');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_photo', (url) => benchPhoto(url));
  else await benchPhoto(null);
}
if (!SEARCH_ONLY) {
  const { benchPreview } = await import('./bench-preview');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_preview', (url) => benchPreview(url));
  else await benchPreview(null);
}
if (!SEARCH_ONLY) {
  const { benchSavedSearches } = await import('./bench-saved-searches');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_saved', (url) => benchSavedSearches(url));
  else await benchSavedSearches(null);
}
if (!SEARCH_ONLY) {
  const { benchBackground } = await import('./bench-background');
  if (await postgresAnswers(PG_URL)) await onScratchDatabase('finder_bench_background', (url) => benchBackground(url));
  else await benchBackground(null);
}
