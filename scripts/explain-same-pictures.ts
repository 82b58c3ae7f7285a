// EXPLAIN ANALYZE of an import preview's same-picture statement (issue 39), on PGlite and on PostgreSQL: 100,000
// products whose pictures come from a pool of 500 (stock pictures many products share, so an estimate of "many
// products per picture" makes walking the products in number order look cheap), then 2,000 staged rows, half with a
// picture of the pool, half with one no product shows. The plan with today's index (picture, number), then, rolled
// back, with an index on the picture alone (the plan the preview had before migration 0032).
// Usage: npx tsx scripts/explain-same-pictures.ts [--postgres postgres://…/test [--postgres-only]] [--products 100000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../server/db/client';
import { createUnitOfWork } from '../server/db/unit-of-work';
import { CHANGE_STATEMENT_TIMEOUT_MS } from '../server/modules/changes/changes.repo';
import { createImportsRepo, samePicturesStatement } from '../server/modules/imports/imports.repo';
import { givePictures, previewRows } from './picture-catalogue';
import { seedLargeCatalogue } from './seed-large-catalogue';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const PRODUCTS = Number(arg('--products') ?? 100_000);
async function explain(database: Database, label: string): Promise<void> {
  await seedLargeCatalogue(database, PRODUCTS);
  await givePictures(database);
  const preview = await createUnitOfWork(database, (db) => ({ imports: createImportsRepo(db) })).transaction(
    ({ imports }) =>
      imports.createPreview({
        source: 'explain.csv',
        format: 'csv',
        policy: 'valid',
        actor: { id: null, email: 'explain@example.com' },
        headers: [],
        mapping: {},
        rows: previewRows(),
      }),
    { timeoutMs: CHANGE_STATEMENT_TIMEOUT_MS },
  );
  await database.db.execute(sql`analyze import_rows`);
  const query = new PgDialect().sqlToQuery(samePicturesStatement(preview.id, 100));
  let text = query.sql;
  query.params.forEach((p, n) => (text = text.replaceAll(`$${n + 1}`, `'${String(p).replaceAll("'", "''")}'`)));
  type Tx = { execute: Database['db']['execute'] };
  const show = async (tx: Tx, title: string) => {
    const started = performance.now();
    const plan = (await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary on) ${text}`))) as unknown as {
      rows: Array<Record<string, string>>;
    };
    console.log(`\n${label}, ${title} (${Math.round(performance.now() - started)} ms with EXPLAIN ANALYZE):`);
    for (const line of plan.rows) console.log(`  ${Object.values(line)[0]}`);
  };
  /** The plan alone, then how long the statement takes, given up after LIMIT_S (a savepoint keeps the transaction). */
  const LIMIT_S = 60;
  const planOnly = async (tx: Tx, title: string) => {
    const plan = (await tx.execute(sql.raw(`explain (costs off) ${text}`))) as unknown as { rows: Array<Record<string, string>> };
    console.log(`\n${label}, ${title}, the plan:`);
    for (const line of plan.rows) console.log(`  ${Object.values(line)[0]}`);
    if (database.kind === 'pglite') {
      // Its one connection cannot stop a statement (a first try ran past 10 minutes): the plan alone.
      console.log('  not run here: the embedded database cannot stop it, and a first try ran past 10 minutes');
      return;
    }
    await tx.execute(sql.raw(`savepoint timed`));
    await tx.execute(sql.raw(`set local statement_timeout = '${LIMIT_S}s'`));
    const started = performance.now();
    try {
      await tx.execute(sql.raw(text));
      console.log(`  ran in ${Math.round(performance.now() - started)} ms`);
    } catch {
      await tx.execute(sql.raw('rollback to savepoint timed'));
      console.log(`  not done after ${Math.round((performance.now() - started) / 1000)} s: stopped (statement_timeout ${LIMIT_S} s)`);
    }
  };
  await show(database.db, 'products_image_number_idx (picture, number)');
  const rolledBack = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`drop index products_image_number_idx`);
      await tx.execute(sql`create index products_image_idx on products (image)`);
      await tx.execute(sql`analyze products`);
      await planOnly(tx, 'before migration 0032: an index on the picture alone');
      throw rolledBack;
    })
    .catch((err: unknown) => {
      if (err !== rolledBack) throw err;
    });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-explain-pictures-'));
if (process.argv.includes('--postgres-only')) fs.rmSync(dir, { recursive: true, force: true });
else
  try {
    const pglite = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
    try {
      await explain(pglite, `PGlite, ${PRODUCTS.toLocaleString('en-US')} products`);
    } finally {
      await pglite.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

const adminUrl = arg('--postgres') ?? process.env.FINDER_PG_URL;
if (adminUrl) {
  const name = `finder_explain_pictures_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const postgres = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 600_000 });
    try {
      await explain(postgres, `PostgreSQL, ${PRODUCTS.toLocaleString('en-US')} products`);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
