import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS_DIR } from './client';

const PG_ADMIN_URL = process.env.FINDER_TEST_DB === 'postgres' ? process.env.FINDER_TEST_PG_URL : undefined;

type Scratch = { rows<T>(query: SQL): Promise<T[]>; migrate(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database of the suite's kind, migrated only as far as the caller says. */
async function scratchDatabase(): Promise<Scratch> {
  if (PG_ADMIN_URL) {
    const name = `finder_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    // The drop below ends a connection pool.end() is still closing; its "terminating connection" is expected.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool });
    return {
      rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      async close() {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzlePglite({ client });
  return {
    rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder that ends at migration `last` (its index in the journal). */
function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-migrations-'));
  dirs.push(dir);
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

// Each case applies every migration to a fresh embedded database twice (to a point, then the rest): about ten
// seconds on an idle machine, past thirty on a loaded one.
vi.setConfig({ testTimeout: 120_000 });

describe('migration 0006: unique product rows from a sequence', () => {
  it('renumbers duplicates and missing rows after the highest, in created order, and continues after them', async () => {
    const db = await scratchDatabase();
    try {
      await db.migrate(migrationsUpTo(5));
      // Two products share 1 and three share 2, as concurrent creates left them; one has no row at all.
      await db.rows(sql`
        insert into products (title, price, row, created_at) values
          ('a', 1, 1, '2025-01-01'), ('b', 1, 1, '2025-01-03'),
          ('c', 1, 2, '2025-01-02'), ('d', 1, 2, '2025-01-04'), ('e', 1, 2, '2025-01-05'),
          ('f', 1, null, '2025-01-06'), ('g', 1, 5, '2025-01-07')`);
      await db.migrate(MIGRATIONS_DIR);

      const rows = await db.rows<{ title: string; row: number }>(sql`select title, row from products order by row`);
      expect(rows).toEqual([
        { title: 'a', row: 1 },
        { title: 'c', row: 2 },
        { title: 'g', row: 5 },
        { title: 'b', row: 6 },
        { title: 'd', row: 7 },
        { title: 'e', row: 8 },
        { title: 'f', row: 9 },
      ]);
      const [next] = await db.rows<{ row: number }>(sql`insert into products (title, price) values ('new', 1) returning row`);
      expect(next?.row).toBe(10);
      await expect(db.rows(sql`insert into products (title, price, row) values ('dup', 1, 10)`)).rejects.toThrow();
      await expect(db.rows(sql`insert into products (title, price, row) values ('none', 1, null)`)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});

describe('migration 0014: the category off the product indexes', () => {
  it('counts the products already there per category in any spelling, and rewrites them with room to spare', async () => {
    const db = await scratchDatabase();
    try {
      await db.migrate(migrationsUpTo(13));
      await db.rows(sql`
        insert into products (title, price, category)
        select 'Item ' || i, 10, (array['Shoes', 'shoes', 'Pants', null])[1 + i % 4] from generate_series(1, 40) i`);
      await db.migrate(MIGRATIONS_DIR);
      const kept = await db.rows<{ key: string; products: number }>(sql`select key, products from category_totals order by key`);
      expect(kept.map((r) => [r.key, Number(r.products)])).toEqual([
        ['pants', 10],
        ['shoes', 20],
      ]);
      const [table] = await db.rows<{ options: string[] }>(
        sql`select reloptions as options from pg_class where oid = 'products'::regclass`,
      );
      expect(table?.options).toContain('fillfactor=80');
      expect(await db.rows(sql`select 1 from pg_indexes where tablename = 'products' and indexdef ~* 'category'`)).toEqual([]);
      // Written after the migration: the triggers keep counting.
      await db.rows(sql`update products set category = 'Pants' where category = 'shoes'`);
      const after = await db.rows<{ key: string; products: number }>(
        sql`select key, products from category_totals where products > 0 order by key`,
      );
      expect(after.map((r) => [r.key, Number(r.products)])).toEqual([
        ['pants', 20],
        ['shoes', 10],
      ]);
    } finally {
      await db.close();
    }
  });
});
