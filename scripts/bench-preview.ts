// BENCH_ONLY=preview npm run bench: an import preview of a 2,000-row CSV with pictures against a large catalogue
// (BENCH_PRODUCTS, 100,000 by default; issue 39, target <= 5 s), on PGlite and on PostgreSQL. The catalogue's
// pictures come from a pool of 500 that many products share (scripts/explain-same-pictures.ts); half the file's rows
// show one of them, half a picture nobody shows. The figure is the whole preview as an admin's upload runs it
// (reading, staging, matching, the same-picture lookup), through the app's imports service, three times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { createLocalStorage } from '../server/storage/local-storage';
import { BENCH_APP_CONFIG } from './bench-config';
import { givePictures, STOCK_PICTURES } from './picture-catalogue';
import { seedLargeCatalogue } from './seed-large-catalogue';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROWS = 2000;
const RUNS = 3;

function csv(): Buffer {
  const lines = ['title,price,image,link,brand'];
  for (let k = 0; k < ROWS; k++) {
    const image = k % 2 === 0 ? `https://img.example/stock/${k % STOCK_PICTURES}.jpg` : `https://new.example/p/${k}.jpg`;
    lines.push(`Preview Jacket ${k},${(k % 90) + 10},${image},https://preview.example/item/${k},Brand ${k % 40}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function run(label: string, databaseUrl: string | undefined): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-bench-preview-'));
  // The catalogue is made without the statement limit, then the app opens the database as a server does.
  const seeded = Date.now();
  const seeder = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
  try {
    await seedLargeCatalogue(seeder, PRODUCTS);
    await givePictures(seeder);
  } finally {
    await seeder.close();
  }
  const seedMs = Date.now() - seeded;
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 3000 });
  try {
    const app = await buildApp({
      config: BENCH_APP_CONFIG,
      database,
      storage: createLocalStorage(path.join(dir, 'uploads')),
      logger: false,
    });
    await app.ready();
    try {
      const body = csv();
      const times: number[] = [];
      let samePictures = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = Date.now();
        const preview = await app.services.imports.preview(
          { id: null, email: 'bench@example.com' },
          { kind: 'file', name: 'preview.csv', contentType: 'text/csv', body },
          { origin: 'http://127.0.0.1' },
        );
        times.push(Date.now() - started);
        samePictures = preview.samePictures?.count ?? samePictures;
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `${label}: ${ROWS.toLocaleString('en-US')}-row preview with pictures against ${PRODUCTS.toLocaleString('en-US')} products: ` +
          `median ${(sorted[1] ?? sorted[0] ?? 0) / 1000} s, slowest ${(sorted.at(-1) ?? 0) / 1000} s of ${RUNS} (target <= 5 s; ` +
          `statement limit 3 s); rows showing a known picture: ${samePictures.toLocaleString('en-US')}; catalogue made in ${(seedMs / 1000).toFixed(0)} s`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPreview(pgUrl: string | null): Promise<void> {
  console.log('\n## Import preview against a large catalogue (issue 39)');
  await run('PGlite (embedded default)', undefined);
  if (pgUrl) await run('PostgreSQL server', pgUrl);
}
