// BENCH_ONLY=background npm run bench (also part of the full run): the storefront while the operator's background work
// runs (issue 39). On 100,000 products, two windows of BENCH_BACKGROUND_SECONDS (60 by default) each:
//   - quiet: the bench's model traffic (bench-traffic.ts, 10 connections) and /api/health asked every 250 ms;
//   - busy: the same, while a link-health sweep of the 100,000 products runs against local stand-in marketplaces
//     (in the background lane, as its periodic job runs it) and an admin imports 100,000 rows whose pictures are on a
//     host that accepts connections and never answers (the preview, the commit, its batches and picture fetches).
// It prints model traffic's requests a second and p99 in both windows and their ratio (target >= 50% of quiet), and
// /api/health's p99 in both (target <= 200 ms), with what the background work got done meanwhile.
// The server is a process of its own (Node's flags as `npm start` gives them), as are the load and the probe, so
// their event loops do not delay one another; the server serves the built pages when there is a build.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { BENCH_APP_CONFIG } from './bench-config';
import { SERVER_NODE_FLAGS } from './build-server';
import { BROWSER_HEADERS, buildTrafficModel, type TrafficModel } from './bench-traffic';

const ROLE = process.env.BENCH_BACKGROUND_ROLE;
const SECONDS = Number(process.env.BENCH_BACKGROUND_SECONDS ?? 60);
const SIZE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PER_HOST = Number(process.env.BENCH_LINK_PER_HOST ?? 600);
/** BENCH_BACKGROUND_DB=pglite or postgres: that database alone. */
const ONE_DB = process.env.BENCH_BACKGROUND_DB;
const CONNECTIONS = 10;
const HEALTH_EVERY_MS = 250;
const PLATFORMS = ['taobao', 'tmall', 'weidian', '1688'] as const;
const self = fileURLToPath(import.meta.url);

type WindowFigures = { rps: number; p99: number; errors: number; non2xx: number };
type BackgroundFigures = {
  swept: { checked: number; gone: number; unknown: number; postponed: number } | null;
  import: { previewMs: number; rows: number; status: string; written: number; pictures: unknown } | null;
};

/**
 * BENCH_SLOW_MS=n: the server prints each statement that took n ms or more (from send to answer, waits for the
 * connection not included) with its lane, to find what holds the embedded database's one connection.
 */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);
/** A wall-clock time to the millisecond, to line the slow statements up with the slow probes. */
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);
async function logSlowStatements(): Promise<void> {
  const { default: pg } = await import('pg');
  const { isBackground } = await import('../server/db/background-lane');
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const lane = isBackground() ? 'background' : 'visitor';
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      void answer
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          const ms = performance.now() - started;
          if (ms < SLOW_MS) return;
          const first = args[0] as string | { text?: string };
          const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 160);
          console.error(`[slow ${ms.toFixed(0)} ms, ${lane}, ended ${clock(Date.now())}] ${text}`);
        });
    }
    return answer;
  } as typeof pg.Client.prototype.query;
}

/** The app on a large catalogue: waits for the parent's word to start the background work, and reports what it did. */
async function server(): Promise<void> {
  const { sql } = await import('drizzle-orm');
  if (SLOW_MS > 0) await logSlowStatements();
  const { openDatabase } = await import('../server/db/client');
  const { DEFAULT_STATEMENT_TIMEOUT_MS } = await import('../server/db/types');
  const { buildApp } = await import('../server/app');
  const { inBackground } = await import('../server/db/background-lane');
  const { loadBuiltFrontEnd } = await import('../server/modules/pages/front-end');
  const { createLocalStorage } = await import('../server/storage/local-storage');
  const { seedLargeCatalogue } = await import('./seed-large-catalogue');
  const dir = process.env.BENCH_DIR ?? '';
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const bases = JSON.parse(process.env.BENCH_MARKETS ?? '{}') as Record<string, string>;
  // Seeding 100,000 rows needs a long statement limit; the server then runs with the default one, as `npm start` does.
  const seeding = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
  await seeding.db.execute(sql`truncate products cascade`);
  await seedLargeCatalogue(seeding, SIZE);
  // Each product on one of the four marketplaces, as imported finds are; every link due for a check.
  await seeding.db.execute(sql`
    update products set source_platform = (array['taobao', 'tmall', 'weidian', '1688'])[1 + row % 4], source_item_id = (100000000 + row)::text`);
  await seeding.db.execute(sql`truncate link_checks, link_hosts, link_budget`);
  await seeding.db.execute(sql`vacuum analyze products`);
  await seeding.close();

  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS });
  const dist = path.resolve('dist');
  const app = await buildApp({
    config: {
      ...BENCH_APP_CONFIG,
      importAllowPrivateHosts: true,
      linkHealth: { bases, perHostPerMinute: PER_HOST, perDay: 10_000_000, hideAfterGone: 0, timeoutMs: 5000 },
    },
    ...(fs.existsSync(path.join(dist, '.vite')) ? { frontEnd: await loadBuiltFrontEnd(dist) } : {}),
    database,
    storage: createLocalStorage(path.join(dir, 'uploads')),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  if (SLOW_MS > 0) {
    // The server's own time for a slow /api/health (from its request event to the answer's end), beside the probe's.
    app.server.on('request', (req, res) => {
      if (req.url !== '/api/health') return;
      const started = performance.now();
      res.on('finish', () => {
        const ms = performance.now() - started;
        if (ms >= 2 * SLOW_MS) console.error(`[slow health ${ms.toFixed(0)} ms in the server, ended ${clock(Date.now())}]`);
      });
    });
  }
  // The event loop's delay in each window: how long a request that arrived waited for the loop (a long task of the
  // import's own work on it shows here, whatever the database does).
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  process.send?.({ ready: port });

  const busy = async (csv: string, ms: number): Promise<BackgroundFigures> => {
    const actor = { id: null, email: 'bench@example.com' };
    const sweep = inBackground(() => app.services.linkHealth.sweep({ sweepMs: ms }));
    const imported = (async () => {
      const started = Date.now();
      const body = fs.readFileSync(csv);
      const previewed = await app.services.imports.preview(
        actor,
        { kind: 'file', name: 'unreachable-pictures.csv', contentType: 'text/csv', body },
        { origin: 'http://127.0.0.1' },
      );
      const previewMs = Date.now() - started;
      if (SLOW_MS > 0) console.error(`[preview from ${clock(started)} to ${clock(Date.now())}]`);
      await app.services.imports.commit(actor, previewed.id, 'valid');
      return { id: previewed.id, previewMs, rows: previewed.counts.new };
    })();
    const until = Date.now() + ms;
    const [swept, started] = await Promise.all([sweep, imported]);
    await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
    const state = await app.services.imports.get(started.id);
    const [written] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products where title like 'Farawaypic %'`);
    return {
      swept,
      import: {
        previewMs: started.previewMs,
        rows: started.rows,
        status: state.status,
        written: written?.n ?? 0,
        pictures: state.pictures,
      },
    };
  };
  process.on('message', (m: { busy?: { csv: string; ms: number }; lag?: true; stop?: true }) => {
    if (m.busy) void busy(m.busy.csv, m.busy.ms).then((figures) => process.send?.({ figures }));
    if (m.lag) {
      process.send?.({ lag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 } });
      lag.reset();
    }
    if (m.stop)
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
  });
}

/** The model traffic: built once from the running site, then one window of load per message. */
async function load(): Promise<void> {
  const base = process.env.BENCH_URL ?? '';
  const model: TrafficModel = await buildTrafficModel(base);
  // Warm up: the code optimised, the search index built, the caches as a site up for a while has them.
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: 10,
    headers: BROWSER_HEADERS,
    requests: [{ setupRequest: (req) => ({ ...req, path: model.next() }) }],
  });
  process.send?.({ ready: true, probePaths: Array.from({ length: 50 }, () => model.next()) });
  process.on('message', async () => {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: BROWSER_HEADERS,
      requests: [{ setupRequest: (req) => ({ ...req, path: model.next() }) }],
    });
    const figures: WindowFigures = { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
    process.send?.({ figures });
  });
}

function forkRole(role: string, env: Record<string, string>, execArgv = ['--import', 'tsx']): ChildProcess {
  return fork(self, [], { execArgv, env: { ...process.env, BENCH_BACKGROUND_ROLE: role, ...env } });
}

function next<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const value = (m as Record<string, unknown>)[key];
      if (value === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(value as T);
    };
    const onExit = (code: number | null) => reject(new Error(`a bench child stopped (${code}) before sending ${key}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

type Sample = { ms: number; status: number; at: number; wall: number };
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN) : NaN;
};

/** /api/health every 250 ms (and one model request beside it) from a process of its own, for `ms`. */
async function probe(base: string, paths: string[], ms: number): Promise<{ health: Sample[]; pages: Sample[] }> {
  const child = fork(path.join(path.dirname(self), 'bench-probe.ts'), [], { execArgv: ['--import', 'tsx'] });
  const done = new Promise<{ health: Sample[]; pages: Sample[] }>((resolve) => child.once('message', (m) => resolve(m as never)));
  child.send({ base, paths, durationMs: ms, everyMs: HEALTH_EVERY_MS });
  return done;
}

async function run(label: string, databaseUrl: string): Promise<void> {
  const dir = fs.mkdtempSync('/tmp/finder-bench-background-');
  // The stand-in marketplaces of the link-health bench (one host each, one item in 50 delisted).
  const market = fork(path.join(path.dirname(self), 'bench-links.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LINKS_ROLE: 'market' },
  });
  const ports = await next<number[]>(market, 'ports');
  const bases = Object.fromEntries(PLATFORMS.map((p, i) => [p, `http://127.0.0.1:${ports[i]}`]));
  // The picture host: accepts connections and never answers, so every picture waits for its own time limit.
  const held: net.Socket[] = [];
  const dead = net.createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
  const csv = path.join(dir, 'unreachable-pictures.csv');
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) =>
      `Farawaypic ${['Parka', 'Runner', 'Hoodie', 'Cargo Pants'][i % 4]} ${i},${(i % 300) + 5},${['Jackets', 'Shoes', 'Hoodies', 'Pants'][i % 4]},Men,${deadUrl}/p/${i}.jpg,https://weidian.com/item.html?itemID=${7000000000 + i}`,
  );
  fs.writeFileSync(csv, `title,price,category,gender,image,link\n${rows.join('\n')}\n`);

  const app = forkRole('server', { BENCH_DIR: dir, BENCH_DATABASE_URL: databaseUrl, BENCH_MARKETS: JSON.stringify(bases) }, [
    ...SERVER_NODE_FLAGS,
    '--import',
    'tsx',
  ]);
  const port = await next<number>(app, 'ready');
  const base = `http://127.0.0.1:${port}`;
  const traffic = forkRole('load', { BENCH_URL: base });
  const probePaths = await next<string[]>(traffic, 'probePaths');

  type Lag = { p99: number; max: number };
  const window = async (busy: boolean) => {
    await next<Lag>((app.send({ lag: true }), app), 'lag');
    const figures = next<WindowFigures>(traffic, 'figures');
    const background = busy ? next<BackgroundFigures>(app, 'figures') : Promise.resolve(null);
    if (busy) app.send({ busy: { csv, ms: SECONDS * 1000 } });
    traffic.send({ go: true });
    const [load, probes] = await Promise.all([figures, probe(base, probePaths, SECONDS * 1000)]);
    const loop = await next<Lag>((app.send({ lag: true }), app), 'lag');
    return { load, probes, loop, did: await background };
  };
  const quiet = await window(false);
  const busy = await window(true);

  const health = (w: typeof quiet) => {
    const ms = w.probes.health.map((s) => s.ms);
    const missed = w.probes.health.filter((s) => s.status !== 200).length;
    return `p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms (${missed} of ${ms.length} not 200)`;
  };
  const refused = (w: typeof quiet) => w.probes.pages.filter((s) => s.status !== 200).length;
  console.log(`\n## The storefront under background work, ${label}: ${SIZE.toLocaleString('en-US')} products, ${SECONDS} s a window`);
  console.log(
    `model traffic (${CONNECTIONS} connections): ${Math.round(quiet.load.rps)} req/s (p99 ${quiet.load.p99} ms) quiet, ` +
      `${Math.round(busy.load.rps)} req/s (p99 ${busy.load.p99} ms) with the sweep and the import: ratio ${(busy.load.rps / quiet.load.rps).toFixed(2)} ` +
      `(target >= 0.50); not 2xx ${quiet.load.non2xx} / ${busy.load.non2xx}, errors ${quiet.load.errors} / ${busy.load.errors}`,
  );
  console.log(`/api/health every ${HEALTH_EVERY_MS} ms: quiet ${health(quiet)}; busy ${health(busy)} (target p99 <= 200 ms)`);
  // The busy window in two: while the import's preview is read, staged and matched, then while its rows are written.
  const previewMs = busy.did?.import?.previewMs;
  if (previewMs !== undefined) {
    const phase = (during: boolean) => busy.probes.health.filter((s) => s.at < previewMs === during).map((s) => s.ms);
    const p99 = (ms: number[]) => `p99 ${percentile(ms, 99).toFixed(0)} ms, slowest ${Math.max(...ms, 0).toFixed(0)} ms of ${ms.length}`;
    console.log(`  busy /api/health during the preview: ${p99(phase(true))}; after it: ${p99(phase(false))}`);
    if (SLOW_MS > 0) {
      for (const s of busy.probes.health.filter((h) => h.ms >= 2 * SLOW_MS))
        console.log(`  slow /api/health: ${s.ms.toFixed(0)} ms, asked ${clock(s.wall)} (${(s.at / 1000).toFixed(1)} s into the window)`);
    }
  }
  const loop = (w: typeof quiet) => `p99 ${w.loop.p99.toFixed(0)} ms, max ${w.loop.max.toFixed(0)} ms`;
  console.log(`the server's event loop delay: quiet ${loop(quiet)}; busy ${loop(busy)}`);
  console.log(
    `model probes beside it not 200: ${refused(quiet)} of ${quiet.probes.pages.length} / ${refused(busy)} of ${busy.probes.pages.length}`,
  );
  const did = busy.did;
  if (did?.swept && did.import) {
    console.log(
      `meanwhile: ${did.swept.checked} links checked (${did.swept.gone} gone, ${did.swept.unknown} no answer, ${did.swept.postponed} put back); ` +
        `the import's preview of ${IMPORT_ROWS.toLocaleString('en-US')} rows took ${(did.import.previewMs / 1000).toFixed(1)} s, then ` +
        `${did.import.written.toLocaleString('en-US')} of ${did.import.rows.toLocaleString('en-US')} products written by the window's end (${did.import.status}; pictures ${JSON.stringify(did.import.pictures)})`,
    );
  }
  app.send({ stop: true });
  await new Promise((resolve) => app.once('exit', resolve));
  traffic.kill();
  market.kill();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => dead.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
}

if (ROLE === 'server') await server();
else if (ROLE === 'load') await load();

/** The rows on PGlite, then on PostgreSQL when an address is given (bench.ts gives a scratch database's). */
export async function benchBackground(pgUrl: string | null): Promise<void> {
  if (ONE_DB !== 'postgres') await run('PGlite (embedded default)', '');
  if (pgUrl && ONE_DB !== 'pglite') await run('PostgreSQL server', pgUrl);
}
