// EXPLAIN ANALYZE of an import's matching statements on PostgreSQL (issue 26, decision 0052): 100,000 products, most
// deleted, then 40,000 staged rows matched. Usage: FINDER_PG_URL=postgres://… npx tsx scripts/explain-import-matching.ts
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../server/db/client';
import { createUnitOfWork } from '../server/db/unit-of-work';
import { CHANGE_STATEMENT_TIMEOUT_MS } from '../server/modules/changes/changes.repo';
import { createImportsRepo, matchingStatements } from '../server/modules/imports/imports.repo';

const adminUrl = process.env.FINDER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `finder_explain_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 600_000 });
try {
  const link = (i: number) =>
    i % 2 === 0 ? `https://weidian.com/item.html?itemID=${1_000_000 + Math.floor(i / 3)}` : `https://store.example/p/${i}`;
  await database.db.execute(sql`
    insert into products (title, price, link, source_platform, source_item_id)
    select 'Product ' || i, 10, case when i % 2 = 0 then 'https://weidian.com/item.html?itemID=' || (1000000 + i / 3) else 'https://store.example/p/' || i end,
           case when i % 2 = 0 then 'weidian' end, case when i % 2 = 0 then (1000000 + i / 3)::text end
    from generate_series(0, 99999) i`);
  await database.db.execute(sql`delete from products where (row % 5) <> 0`);
  const users = await database.rows<{ id: string }>(
    sql`insert into users (email, name) values ('bench@example.com', 'bench') returning id`,
  );
  const rows = Array.from({ length: 40_000 }, (_, k) => {
    const i = k * 2 + 1;
    const l = link(i);
    const item = /itemID=(\d+)/.exec(l)?.[1] ?? null;
    return {
      row: k + 2,
      values: {
        id: null,
        sourceId: null,
        title: `Product ${i}`,
        description: '',
        brand: '',
        category: null,
        gender: null,
        price: 11,
        image: null,
        isBestProduct: false,
        link: l,
        sourcePlatform: item ? 'weidian' : null,
        sourceItemId: item,
      },
    };
  });
  const started = performance.now();
  // The preview's statements in one transaction, as a unit of work opens it (decision 0065).
  const preview = await createUnitOfWork(database, (db) => ({ imports: createImportsRepo(db) })).transaction(
    ({ imports }) =>
      imports.createPreview({
        source: 'bench.csv',
        format: 'csv',
        policy: 'valid',
        actor: { id: users[0]?.id ?? null, email: 'bench@example.com' },
        headers: [],
        mapping: {},
        rows,
      }),
    { timeoutMs: CHANGE_STATEMENT_TIMEOUT_MS },
  );
  console.log(
    `createPreview of ${rows.length} rows after deleting 80,000 of 100,000 products: ${Math.round(performance.now() - started)} ms`,
    preview.counts,
  );
  // Matched again from the start in one transaction (as a commit does), each statement under EXPLAIN ANALYZE, then
  // rolled back.
  const dialect = new PgDialect();
  const rolledBack = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      for (const statement of matchingStatements(preview.id)) {
        const query = dialect.sqlToQuery(statement);
        let text = query.sql;
        query.params.forEach((p, n) => (text = text.replaceAll(`$${n + 1}`, `'${String(p).replaceAll("'", "''")}'`)));
        const plan = (await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary on) ${text}`))) as unknown as {
          rows: Array<Record<string, string>>;
        };
        console.log(`\n${text.trim().split('\n')[0]?.slice(0, 90)}…`);
        for (const line of plan.rows) console.log(`  ${Object.values(line)[0]}`);
      }
      throw rolledBack;
    })
    .catch((err: unknown) => {
      if (err !== rolledBack) throw err;
    });
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
