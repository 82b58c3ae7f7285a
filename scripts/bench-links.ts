// BENCH_ONLY=links npm run bench: a link-health sweep over 100,000 products (issue 29, decision 0067) against local
// stand-ins of the four marketplaces (one host each, in a process of their own), at the per-host limit
// (BENCH_LINK_PER_HOST a minute per host, 600 by default). It prints the products checked per minute against the
// limit, the database's load while the sweep runs (PostgreSQL: transactions and rows written per second, from
// pg_stat_database; PGlite: the server process's CPU, the database's thread included), and the storefront's API
// traffic (10 connections, every answer from the database: no response cache) with and without the sweep, as a
// ratio; then what one catch-up of the search index reads on the database, from the change log and by buckets.
// BENCH_LINK_SECONDS sets each window (60 by default); BENCH_DATABASE_URL runs it on PostgreSQL.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { BENCH_APP_CONFIG } from './bench-config';

const ROLE = process.env.BENCH_LINKS_ROLE;
const SECONDS = Number(process.env.BENCH_LINK_SECONDS ?? 60);
const PER_HOST = Number(process.env.BENCH_LINK_PER_HOST ?? 600);
const SIZE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CONNECTIONS = 10;
const PLATFORMS = ['taobao', 'tmall', 'weidian', '1688'] as const;
const self = fileURLToPath(import.meta.url);

/** The stand-in marketplaces: one server per marketplace (a host each); one item in 50 is delisted. */
async function market(): Promise<void> {
  const ports: number[] = [];
  for (let i = 0; i < PLATFORMS.length; i++) {
    const server = http.createServer((req, res) => {
      const id = Number(/(\d{6,})/.exec(req.url ?? '')?.[1] ?? 0);
      if (id % 50 === 0) res.writeHead(404, { 'content-type': 'text/html' }).end('<html>not found</html>');
      else res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><h1>Item ${id}</h1>${'<p>details</p>'.repeat(200)}</html>`);
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as AddressInfo).port);
  }
  process.send?.({ ports });
}

/** The storefront's traffic: finder pages, facet counts and product answers, drawn in advance. */
async function load(): Promise<void> {
  const base = process.env.BENCH_LINKS_URL ?? '';
  const paths: string[] = [];
  const categories = ['Shoes', 'Jackets', 'Pants', 'Hoodies'];
  for (let i = 0; i < 5000; i++) {
    const r = (i * 2654435761) % 4294967296;
    if (i % 4 === 0) paths.push(`/api/products?limit=6&seed=${r % 2147483647}`);
    else if (i % 4 === 1) paths.push(`/api/products?limit=6&category=${categories[i % 4]}&seed=${r % 2147483647}`);
    else if (i % 4 === 2) paths.push(`/api/products/facets?gender=${i % 8 < 4 ? 'Men' : 'Women'}`);
    else paths.push(`/api/products/${1 + (r % SIZE)}`);
  }
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] as string }) }],
  });
  process.send?.({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx });
}

type LoadResult = { rps: number; p99: number; errors: number };

function child<T>(role: string, env: Record<string, string> = {}): { done: Promise<T>; kill(): void } {
  const proc = fork(self, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_LINKS_ROLE: role, ...env } });
  return {
    done: new Promise<T>((resolve, reject) => {
      proc.once('message', (m) => resolve(m as T));
      proc.once('exit', (code) => reject(new Error(`${role} stopped (${code})`)));
    }),
    kill: () => proc.kill(),
  };
}

async function main(options: { databaseUrl?: string | undefined }): Promise<void> {
  const { openDatabase } = await import('../server/db/client');
  const { buildApp } = await import('../server/app');
  const { createLocalStorage } = await import('../server/storage/local-storage');
  const { seedLargeCatalogue } = await import('./seed-large-catalogue');
  const databaseUrl = options.databaseUrl ?? (process.env.BENCH_DATABASE_URL || undefined);
  const dir = fs.mkdtempSync('/tmp/finder-bench-links-');
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
  const [count] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products`);
  if ((count?.n ?? 0) !== SIZE) {
    await database.db.execute(sql`truncate products cascade`);
    await seedLargeCatalogue(database, SIZE);
  }
  // Each product on one of the four marketplaces, as imported finds are.
  await database.db.execute(sql`
    update products set source_platform = (array['taobao', 'tmall', 'weidian', '1688'])[1 + row % 4], source_item_id = (100000000 + row)::text`);
  await database.db.execute(sql`truncate link_checks, link_hosts, link_budget`);
  await database.db.execute(sql`update products set link_state = 'ok' where link_state <> 'ok'`);

  const stand = child<{ ports: number[] }>('market');
  const { ports } = await stand.done;
  const bases = Object.fromEntries(PLATFORMS.map((p, i) => [p, `http://127.0.0.1:${ports[i]}`])) as Record<
    (typeof PLATFORMS)[number],
    string
  >;
  const app = await buildApp({
    config: {
      ...BENCH_APP_CONFIG,
      importAllowPrivateHosts: true,
      linkHealth: { bases, perHostPerMinute: PER_HOST, perDay: 10_000_000, hideAfterGone: 0, timeoutMs: 5000 },
    },
    database,
    storage: createLocalStorage(path.join(dir, 'uploads')),
    logger: false,
    responseCacheBytes: 0,
  });
  // The bench runs the sweep itself; no scheduled job runs one besides.
  await app.services.jobs.stop();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const stats = async () => {
    if (!databaseUrl) return null;
    const [row] = await database.rows<{ xact: string; written: string; read: string }>(sql`
      select xact_commit + xact_rollback as xact, tup_inserted + tup_updated + tup_deleted as written,
        tup_returned + tup_fetched as read
      from pg_stat_database where datname = current_database()`);
    return { xact: Number(row?.xact ?? 0), written: Number(row?.written ?? 0), read: Number(row?.read ?? 0) };
  };
  const window = async (sweeping: boolean) => {
    const before = await stats();
    const cpu = process.cpuUsage();
    const started = Date.now();
    const traffic = child<LoadResult>('load', { BENCH_LINKS_URL: url });
    const sweep = sweeping ? app.services.linkHealth.sweep({ sweepMs: SECONDS * 1000 }) : Promise.resolve(null);
    const [load, swept] = await Promise.all([traffic.done, sweep]);
    const seconds = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const after = await stats();
    return {
      load,
      swept,
      seconds,
      cpuPercent: ((used.user + used.system) / 1e6 / seconds) * 100,
      db: before && after ? { xact: (after.xact - before.xact) / seconds, written: (after.written - before.written) / seconds } : null,
    };
  };

  const label = databaseUrl ? 'PostgreSQL server' : 'PGlite (embedded default)';
  console.log(`\n## Link health sweep, ${label}: ${SIZE.toLocaleString('en')} products, ${PLATFORMS.length} stand-in marketplaces`);
  const index = () => app.services.finder.searchIndexStats();
  // Warmed up first (the search index built, the code optimised), so the window without the sweep is not the slower
  // for being first.
  await child<LoadResult>('load', { BENCH_LINKS_URL: url, BENCH_LINK_SECONDS: '5' }).done;
  const beforeQuiet = index();
  const quiet = await window(false);
  const beforeBusy = index();
  const busy = await window(true);
  const afterBusy = index();
  const checked = busy.swept?.checked ?? 0;
  const perMinute = (checked / busy.seconds) * 60;
  const limit = PER_HOST * PLATFORMS.length;
  console.log(
    `products checked per minute: ${Math.round(perMinute)} (the limit: ${PER_HOST} a host × ${PLATFORMS.length} hosts = ${limit})`,
  );
  console.log(
    `  ${checked} checked in ${busy.seconds.toFixed(0)} s (${busy.swept?.gone ?? 0} gone, ${busy.swept?.unknown ?? 0} no answer, ${busy.swept?.postponed ?? 0} put back); the whole catalogue at this rate: ${(SIZE / perMinute / 60).toFixed(1)} h`,
  );
  if (busy.db && quiet.db) {
    console.log(
      `database: ${Math.round(quiet.db.xact)} → ${Math.round(busy.db.xact)} transactions/s, ${Math.round(quiet.db.written)} → ${Math.round(busy.db.written)} rows written/s (without → with the sweep)`,
    );
  }
  console.log(`server process CPU (PGlite's thread included): ${Math.round(quiet.cpuPercent)}% → ${Math.round(busy.cpuPercent)}%`);
  console.log(
    `storefront API (${CONNECTIONS} connections, no response cache): ${Math.round(quiet.load.rps)} req/s (p99 ${quiet.load.p99} ms) without, ` +
      `${Math.round(busy.load.rps)} req/s (p99 ${busy.load.p99} ms) with the sweep: ratio ${(busy.load.rps / quiet.load.rps).toFixed(3)} (target >= 0.90); errors ${quiet.load.errors} / ${busy.load.errors}`,
  );
  console.log(
    `search index (the facet counts' answers): ${beforeBusy.refreshes - beforeQuiet.refreshes} → ${afterBusy.refreshes - beforeBusy.refreshes} catch-ups, ` +
      `${beforeBusy.fromMemory - beforeQuiet.fromMemory} → ${afterBusy.fromMemory - beforeBusy.fromMemory} answers from memory (without → with the sweep); ` +
      `${afterBusy.comparedAll - beforeQuiet.comparedAll} compared every product`,
  );
  // What one catch-up reads on the database after a product write: the change log's ids and their versions
  // (decision 0072), against the buckets' figures over every product it replaced as the rule (decision 0071).
  const { createCatalogueRepo } = await import('../server/modules/catalogue/catalogue.repo');
  const { seenAfter } = await import('../server/modules/catalogue/search-index-keeper');
  const repo = createCatalogueRepo(database);
  // Read as the keeper reads: from its horizon, leaving out the transactions read before (another database's open
  // transaction holds the horizon back).
  let { horizon } = await repo.indexChanges(null, []);
  let seen: string[] = [];
  const median = async (read: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 9; i++) {
      await database.db.execute(sql`update products set popularity = popularity + 1 where row = ${1 + i * 997}`);
      const started = performance.now();
      await read();
      ms.push(performance.now() - started);
    }
    return ms.sort((a, b) => a - b)[4] ?? 0;
  };
  const byLog = await median(async () => {
    const log = await repo.indexChanges(horizon, seen);
    seen = seenAfter(seen, log);
    horizon = log.horizon;
    if (log.ids?.length) await repo.indexVersions({ ids: log.ids });
  });
  const byBuckets = await median(() => repo.indexBuckets());
  console.log(
    `a catch-up's reads after one product write (median of 9): ${byLog.toFixed(1)} ms from the change log, ` +
      `${byBuckets.toFixed(1)} ms for the buckets' figures alone (ratio ${(byBuckets / byLog).toFixed(0)})`,
  );
  stand.kill();
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

if (ROLE === 'market') await market();
else if (ROLE === 'load') await load();

/** The rows, on PGlite unless a PostgreSQL address is given (bench.ts gives one when the server answers). */
export async function benchLinks(options: { databaseUrl?: string | undefined } = {}): Promise<void> {
  await main(options);
}
