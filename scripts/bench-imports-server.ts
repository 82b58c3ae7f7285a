// Child process of bench-imports.ts: the app on an empty database, importing as an admin would, with figures sent
// back. Its own RSS is the server's (the embedded database's thread included). The files come ready-made in
// BENCH_DIR (bench-imports.ts writes them), so making them costs this process nothing; with BENCH_INIT_ONLY it only
// creates and migrates the embedded database there and ends, so the server then starts on it as after a restart.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { BENCH_APP_CONFIG } from './bench-config';
import { openDatabase } from '../server/db/client';
import { createLocalStorage } from '../server/storage/local-storage';

const dir = process.env.BENCH_DIR ?? fs.mkdtempSync('/tmp/finder-bench-imports-');
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

if (process.env.BENCH_INIT_ONLY) {
  const made = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 3000 });
  await made.close();
  process.exit(0);
}
const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 3000 });
await database.db.execute(sql`truncate products cascade`);
const app = await buildApp({
  config: {
    ...BENCH_APP_CONFIG,
    importAllowPrivateHosts: true,
  },
  database,
  storage: createLocalStorage(path.join(dir, 'uploads')),
  logger: false,
});
await app.ready();
const imports = app.services.imports;
const actor = { id: null, email: 'bench@example.com' };

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

/**
 * /api/health asked every 250 ms while an import runs, as a load balancer would: the slowest answer and the ones
 * that were not 200 (the site must keep answering while it imports).
 */
function healthProbe() {
  let slowestMs = 0;
  let failed = 0;
  let asked = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const answer = await app.inject({ method: 'GET', url: '/api/health' }).catch(() => null);
      asked += 1;
      slowestMs = Math.max(slowestMs, Date.now() - started);
      if (answer?.statusCode !== 200) failed += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { asked, failed, slowestMs };
  };
}

async function timed(label: string, file: { name: string; contentType: string; body: Buffer }, word: string) {
  const started = Date.now();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const probe = healthProbe();
  const previewed = await imports.preview(actor, { kind: 'file', ...file }, { origin: 'http://127.0.0.1' });
  const previewMs = Date.now() - started;
  await imports.commit(actor, previewed.id, 'valid');
  const expected = previewed.counts.new;
  let searchableMs = -1;
  let waits = 0;
  let countedAt = 0;
  // The dashboard asks for the import's progress every second; this asks four times as often, and counts the
  // searchable products (a LIKE over every row: heavy on PGlite's one connection) once a second and at the end.
  for (; ; await new Promise((r) => setTimeout(r, 250))) {
    let state;
    try {
      if (searchableMs < 0 && Date.now() - countedAt >= 1000) {
        countedAt = Date.now();
        const [row] = await database.rows<{ n: number }>(
          sql`select count(*)::int as n from products where search_text like ${`%${word}%`}`,
        );
        if ((row?.n ?? 0) >= expected) searchableMs = Date.now() - started;
      }
      state = await imports.get(previewed.id);
      if (state.status !== 'running' && searchableMs < 0) {
        const [row] = await database.rows<{ n: number }>(
          sql`select count(*)::int as n from products where search_text like ${`%${word}%`}`,
        );
        if ((row?.n ?? 0) >= expected) searchableMs = Date.now() - started;
      }
    } catch {
      // A request would have been answered 503 here (the connection was busy past its wait): counted, and asked again.
      waits += 1;
      continue;
    }
    if (state.status !== 'running') {
      const doneMs = Date.now() - started;
      const health = await probe();
      return {
        label,
        rows: expected,
        previewMs,
        searchableMs,
        doneMs,
        status: state.status,
        pictures: state.pictures,
        busyAnswers: waits,
        rssBeforeMb: rssBefore / 2 ** 20,
        peakRssMb: peakRss / 2 ** 20,
        health,
      };
    }
  }
}

const fileIn = (name: string, contentType: string) => ({ name, contentType, body: fs.readFileSync(path.join(dir, name)) });
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let deadFigures = null;
if (fs.existsSync(path.join(dir, 'dead-host.csv'))) {
  deadFigures = await timed('dead-host', fileIn('dead-host.csv', CSV), 'deadhost');
  await database.db.execute(sql`truncate products cascade`);
}
const largeFigures = await timed('large', fileIn('large.csv', CSV), 'largefile');
await database.db.execute(sql`truncate products cascade`);
const xlsxFigures = await timed('large-xlsx', fileIn('large.xlsx', XLSX), 'workbookrow');
clearInterval(sampler);
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
process.send?.({ kind: database.kind, dead: deadFigures, large: largeFigures, xlsx: xlsxFigures }, () => process.exit(0));
