// BENCH_ONLY=imports npm run bench: imports on both databases (issue 26). 2,000 rows whose picture host accepts
// connections and never answers: seconds until every product is searchable and until the import is done, and how
// many connections reached that host; a 100,000-row CSV and the same rows as XLSX end to end (preview, commit, every
// row written and the import done), the server's peak RSS meanwhile, and /api/health asked every 250 ms throughout.
// BENCH_DEAD_ROWS=0 leaves the dead-host import out; BENCH_IMPORT_ROWS sets the large files' rows.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { SERVER_NODE_FLAGS } from './build-server';

const DEAD_ROWS = Number(process.env.BENCH_DEAD_ROWS ?? 2000);
const LARGE_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** BENCH_COLD=1: the server creates its embedded database itself (PGlite's first start, ~850 MB, counts in its RSS). */
const COLD = process.env.BENCH_COLD === '1';
const LARGE_HEADER = ['title', 'price', 'category', 'gender', 'brand', 'link'];
const largeRow = (i: number, word: string) => [
  `${word} Coat ${i}`,
  String((i % 300) + 5),
  'Jackets',
  'Men',
  `Brand ${i % 50}`,
  `https://large.example/item/${word}/${i}`,
];

/** The large rows as an XLSX workbook, as exceljs (shared strings) writes it. */
async function xlsxOf(word: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Finds');
  sheet.addRow(LARGE_HEADER).commit();
  for (let i = 0; i < LARGE_ROWS; i++) sheet.addRow(largeRow(i, word)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** The files the server child imports, written to `dir` here so that making them is not in the server's memory. */
async function writeFiles(dir: string, deadUrl: string): Promise<void> {
  if (DEAD_ROWS > 0) {
    const dead = Array.from(
      { length: DEAD_ROWS },
      (_, i) => `Deadhost Item ${i},${(i % 90) + 10},${deadUrl}/p/${i}.jpg,https://dead.example/item/${i}`,
    );
    fs.writeFileSync(path.join(dir, 'dead-host.csv'), `title,price,image,link\n${dead.join('\n')}\n`);
  }
  const large = Array.from({ length: LARGE_ROWS }, (_, i) => largeRow(i, 'Largefile').join(','));
  fs.writeFileSync(path.join(dir, 'large.csv'), `${LARGE_HEADER.join(',')}\n${large.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'large.xlsx'), await xlsxOf('Workbookrow'));
}

type Figures = {
  label: string;
  rows: number;
  previewMs: number;
  searchableMs: number;
  doneMs: number;
  status: string;
  pictures: { total: number; fetched: number; failed: number } | null;
  rssBeforeMb: number;
  peakRssMb: number;
  busyAnswers: number;
  health: { asked: number; failed: number; slowestMs: number };
};

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function run(label: string, databaseUrl: string): Promise<void> {
  let connections = 0;
  const held: net.Socket[] = [];
  // Accepts and never answers: every picture request waits for its own time limit.
  const dead = net.createServer((socket) => {
    connections += 1;
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  const dir = fs.mkdtempSync('/tmp/finder-bench-imports-');
  await writeFiles(dir, `http://127.0.0.1:${(dead.address() as AddressInfo).port}`);
  const server = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-imports-server.ts');
  const env = { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_DIR: dir };
  // The server starts on a database made before, as after any restart (PGlite's first start is not an import's cost).
  if (!COLD) {
    const init = fork(server, [], { execArgv: ['--import', 'tsx'], env: { ...env, BENCH_INIT_ONLY: '1' } });
    await new Promise((resolve) => init.once('exit', resolve));
  }
  // Node's flags as `npm start` gives them (PGlite's WebAssembly compiled once, optimised; small young generations).
  const child = fork(server, [], { execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'], env });
  type Result = { kind: string; dead: Figures | null; large: Figures; xlsx: Figures };
  const result = await new Promise<Result>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Result));
    child.once('exit', (code) => reject(new Error(`bench import server exited with ${code}`)));
  });
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => dead.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  const { dead: d } = result;
  console.log(
    `\n## Imports: ${label}${result.kind === 'pglite' ? (COLD ? ', the server creating its database (BENCH_COLD=1)' : ', the server started on a database made before') : ''}`,
  );
  if (d) {
    console.log(
      `${d.rows.toLocaleString('en-US')} rows, picture host never answers: every product searchable after ${s(d.searchableMs)} (target <= 30 s), ` +
        `import done after ${s(d.doneMs)} (${d.status}; pictures ${JSON.stringify(d.pictures)}); connections that reached the dead host: ${connections}; reads that found the database busy past 2 s: ${d.busyAnswers}`,
    );
  }
  for (const [kind, l] of [
    ['CSV', result.large],
    ['XLSX', result.xlsx],
  ] as const) {
    console.log(
      `${l.rows.toLocaleString('en-US')}-row ${kind} end to end: ${s(l.doneMs)} (${l.status}; preview ${s(l.previewMs)}, searchable ${s(l.searchableMs)}; target <= 30 s); ` +
        `server RSS ${l.rssBeforeMb.toFixed(0)} MB before, peak ${l.peakRssMb.toFixed(0)} MB while importing${result.kind === 'pglite' ? ' (target <= 600 MB on PGlite)' : ''}; ` +
        `/api/health every 250 ms: ${l.health.asked} asked, ${l.health.failed} not 200, slowest ${l.health.slowestMs} ms; reads that found the database busy past 2 s: ${l.busyAnswers}`,
    );
  }
}

export async function benchImports(pgUrl: string | null): Promise<void> {
  await run('PGlite (embedded default)', '');
  if (pgUrl) await run('PostgreSQL server', pgUrl);
}
