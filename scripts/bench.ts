// npm run bench: figures for the finder at 100,000 products, each next to a ceiling measured in the same run.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { postgresAnswers } from '../server/db/client';
import { benchPages } from './bench-pages';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZE = Number(process.env.BENCH_PRODUCTS ?? 100_000);

type Ready = { ready: true; appPort: number; ceilingPort: number; seedMs: number; kind: string; dir: string; adminCookie: string };

const FINDER_PATHS = [
  '/api/products?gender=Men&category=Pants&search=cargo&limit=6&seed=12345',
  '/api/products?gender=Women&search=knit&limit=6&seed=987654',
  '/api/products?best=true&search=navy&limit=6&seed=55555',
  '/api/products?category=Shoes&search=boot&limit=4&seed=2024',
];

/** The dashboard's product list: pages of 25 by row, with a count of every match (signed in as an admin). */
const ADMIN_PATHS = [
  '/api/admin/products?page=1',
  '/api/admin/products?search=cargo&page=2',
  '/api/admin/products?category=Shoes&gender=Men&page=40',
  '/api/admin/products?search=navy&best=true',
];

async function load(url: string, paths?: string[], headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    ...(paths ? { requests: paths.map((p) => ({ method: 'GET' as const, path: p })) } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function gz(body: Buffer | string): number {
  return zlib.gzipSync(body, { level: 9 }).length;
}

async function startServer(env: Record<string, string>): Promise<{ ready: Ready; child: ReturnType<typeof fork> }> {
  const child = fork(path.resolve('scripts/bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, child };
}

async function stop(child: ReturnType<typeof fork>) {
  child.send({ stop: true });
  await new Promise((r) => child.once('exit', r));
}

async function rss(child: ReturnType<typeof fork>): Promise<number> {
  child.send({ memory: true });
  return new Promise((resolve) => child.once('message', (m) => resolve((m as { rss: number }).rss)));
}

type BulkFigures = { updated: number; setMs: number; loopMs: number; loopRows: number };
async function bulk(child: ReturnType<typeof fork>): Promise<BulkFigures> {
  child.send({ bulk: true });
  return new Promise((resolve) => {
    const listener = (m: unknown) => {
      const figures = (m as { bulk?: BulkFigures }).bulk;
      if (!figures) return;
      child.off('message', listener);
      resolve(figures);
    };
    child.on('message', listener);
  });
}

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
async function transfer(child: ReturnType<typeof fork>): Promise<TransferFigures> {
  child.send({ transfer: true });
  return new Promise((resolve) => {
    const listener = (m: unknown) => {
      const figures = (m as { transfer?: TransferFigures }).transfer;
      if (!figures) return;
      child.off('message', listener);
      resolve(figures);
    };
    child.on('message', listener);
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;

async function benchDatabase(label: string, env: Record<string, string>) {
  const { ready, child } = await startServer(env);
  const base = `http://127.0.0.1:${ready.appPort}`;
  console.log(`\n## ${label}: ${fmt(SIZE)} products (${ready.seedMs ? `generated in ${fmt(ready.seedMs / 1000, 1)} s` : 'reused'})`);
  // Warm both before measuring.
  await autocannon({ url: base, connections: 2, amount: 200, requests: FINDER_PATHS.map((p) => ({ method: 'GET' as const, path: p })) });
  const ceiling = await load(`http://127.0.0.1:${ready.ceilingPort}/constant`);
  const finder = await load(base, FINDER_PATHS);
  const adminList = await load(base, ADMIN_PATHS, { cookie: ready.adminCookie });
  const memory = await rss(child);
  const ops = await bulk(child);
  console.log(`constant-JSON Fastify route (ceiling): ${fmt(ceiling.rps)} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`);
  console.log(`finder page, filtered + search:        ${fmt(finder.rps)} req/s, p50 ${finder.p50} ms, p99 ${finder.p99} ms`);
  console.log(`ratio finder / ceiling: ${fmt((finder.rps / ceiling.rps) * 100, 1)}%  (target >= 50%; p99 target <= 20 ms)`);
  console.log(`admin product list (page of 25 + count): ${fmt(adminList.rps)} req/s, p50 ${adminList.p50} ms, p99 ${adminList.p99} ms`);
  console.log(
    `bulk recategorise (Update Shirt Category, ${fmt(ops.updated)} products changed): one statement ${fmt(ops.setMs)} ms, ` +
      `per-row update loop ${fmt(ops.loopMs)} ms (${fmt(ops.loopRows)} rows); ratio ${fmt(ops.loopMs / ops.setMs, 1)}x`,
  );
  console.log(`server memory after load: ${fmt(memory / 1024 / 1024)} MB RSS`);
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
  const assets = [...html.matchAll(/<(?:script[^>]+src|link rel="(?:modulepreload|stylesheet)"[^>]*href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
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

console.log(`Finder bench: ${DURATION_S} s per load, ${CONNECTIONS} connections, autocannon in a separate process from the server.`);
await benchDatabase('PGlite (embedded default)', { BENCH_DATABASE_URL: '' });
if (await postgresAnswers(PG_URL)) {
  const admin = new (await import('pg')).default.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query('drop database if exists finder_bench with (force)');
  await admin.query('create database finder_bench');
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = '/finder_bench';
  await benchDatabase('PostgreSQL server', { BENCH_DATABASE_URL: url.toString() });
  const cleanup = new (await import('pg')).default.Client({ connectionString: PG_URL });
  await cleanup.connect();
  await cleanup.query('drop database if exists finder_bench with (force)');
  await cleanup.end();
} else {
  console.log(`\n(PostgreSQL does not answer at ${PG_URL}: PGlite figures only)`);
}
await benchPages();
