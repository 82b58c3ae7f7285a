// Child process of bench.ts: the app on a large catalogue, and a bare Fastify constant-JSON route as the ceiling.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { createLocalStorage } from '../server/storage/local-storage';
import { seedLargeCatalogue } from './seed-large-catalogue';

const dir = process.env.BENCH_DIR ?? fs.mkdtempSync('/tmp/finder-bench-');
const size = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
const [existing] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products`);
const started = Date.now();
if ((existing?.n ?? 0) !== size) {
  await database.db.execute(sql`truncate products`);
  await seedLargeCatalogue(database, size);
}
const seedMs = Date.now() - started;

const app = await buildApp({
  config: {
    communityUrl: 'https://community.example',
    referralUrl: 'https://agent.example',
    discountCode: 'BENCH',
    contactEmail: 'bench@example.com',
    logLevel: 'silent',
    port: 0,
    publicUrl: 'http://127.0.0.1',
    trustedOrigins: [],
    trustProxy: false,
    authSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
    authRateLimit: 10,
    google: undefined,
    webDist: path.resolve('dist/web'),
  },
  database,
  storage: createLocalStorage(path.join(dir, 'uploads')),
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });

// An admin session for the dashboard's list.
const adminEmail = `bench-admin-${Date.now()}@example.com`;
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
  payload: JSON.stringify({ email: adminEmail, password: 'bench password 123', name: '' }),
});
if (signUp.statusCode !== 200) throw new Error(`bench admin sign-up failed: ${signUp.statusCode} ${signUp.body}`);
await app.users.setRole(adminEmail, 'admin', true);
const setCookie = signUp.headers['set-cookie'];
const adminCookie = [setCookie ?? []].flat().map((c) => c.split(';')[0]).join('; ');

const ceiling = Fastify({ logger: false });
const constant = { status: 'ok', items: [] as unknown[], nextCursor: null };
ceiling.get('/constant', async () => constant);
await ceiling.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof app) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
process.send?.({ ready: true, appPort: port(app), ceilingPort: port(ceiling), seedMs, kind: database.kind, dir, adminCookie });
process.on('message', async (msg: { memory?: boolean; stop?: boolean }) => {
  if (msg.memory) process.send?.({ rss: process.memoryUsage().rss });
  if (msg.stop) {
    await app.close();
    await ceiling.close();
    await database.close();
    if (!process.env.BENCH_DIR) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
