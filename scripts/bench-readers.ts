// The import readers' rows of `npm run bench` (issue 26, decision 0049); `BENCH_ONLY=readers npm run bench` runs them
// alone. Files are read as a preview reads them: in the reader's own process, the records sent back in batches.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { readImport } from '../server/modules/imports/read-import';

const ROWS = Number(process.env.BENCH_READ_ROWS ?? 100_000);
const BIG_CSV_MB = 50;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A finds-catalogue row: multi-line title, yuan price as text, an agent link with a referral, an image address. */
function row(i: number): string[] {
  return [
    `Nike Air Force 1 #${i}\n22+ colorways`,
    `¥${100 + (i % 400)}`,
    `https://cnfans.com/product?platform=WEIDIAN&id=${7_000_000 + i}&ref=${i % 97}`,
    `https://si.geilicdn.com/img-${i}.jpg`,
    ['Shoes', 'Hoodies', 'Pants', 'Jackets'][i % 4] ?? 'Shoes',
    i % 3 === 0 ? 'Men' : 'Women',
  ];
}
const HEADER = ['title', 'price', 'link', 'image', 'category', 'gender'];
const csvLine = (cells: string[]) => `${cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')}\n`;

function csvOf(rows: number): Buffer {
  const parts = [csvLine(HEADER)];
  for (let i = 0; i < rows; i++) parts.push(csvLine(row(i)));
  return Buffer.from(parts.join(''));
}

async function xlsxOf(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Finds');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

async function timed(label: string, body: Buffer, name: string): Promise<void> {
  const started = performance.now();
  const table = await readImport(body, name, '');
  const ms = performance.now() - started;
  console.log(`${label}: ${fmt(body.length / 1024 / 1024, 1)} MB, ${fmt(table.records.length)} rows read in ${fmt(ms / 1000, 2)} s`);
}

export async function benchReaders(): Promise<void> {
  console.log('\n## Import readers (each file in the reader process, limits on)');
  // The first read bundles the reader once outside the compiled server: not part of any figure.
  await readImport(Buffer.from('title,price\nTee,5\n'), 'warm.csv', '');
  await timed(`CSV of ${fmt(ROWS)} rows`, csvOf(ROWS), 'finds.csv');
  await timed(`XLSX of ${fmt(ROWS)} rows (exceljs, shared strings)`, await xlsxOf(ROWS), 'finds.xlsx');

  // A 50 MB CSV: the asking process's event loop while the reader works and the records come back.
  let rows = 0;
  const parts = [csvLine(HEADER)];
  let bytes = 0;
  // With a description, 50 MB stays under the 200,000 rows an import takes.
  const note = 'Batch note: sizes 36-46, ships in 5-7 days, QC photos on request. '.repeat(3);
  parts[0] = csvLine([...HEADER, 'description']);
  while (bytes < BIG_CSV_MB * 1024 * 1024) {
    const line = csvLine([...row(rows++), note]);
    bytes += line.length;
    parts.push(line);
  }
  const big = Buffer.from(parts.join(''));
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  let outcome: string;
  try {
    outcome = `${fmt((await readImport(big, 'big.csv', '')).records.length)} rows read`;
  } catch (err) {
    outcome = `refused: ${err instanceof Error ? err.message : String(err)}`;
  }
  histogram.disable();
  console.log(
    `${fmt(big.length / 1024 / 1024, 1)} MB CSV (${fmt(rows)} rows): ${outcome} in ${fmt((performance.now() - started) / 1000, 2)} s; ` +
      `event-loop delay of the asking process p99 ${fmt(histogram.percentile(99) / 1e6, 1)} ms, max ${fmt(histogram.max / 1e6, 1)} ms (target p99 <= 100 ms)`,
  );
}
