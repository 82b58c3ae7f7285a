import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client';
import { createJobQueue } from '../jobs/job-queue';
import { JOBS } from '../jobs/jobs';

/**
 * Makes one database per run that every test file copies: migrated, with the job queue's schema and queues in it
 * (pg-boss creates them on its first start, a few hundred statements: once here instead of once per file). On
 * PGlite it is a directory each file copies (test-app.ts); on PostgreSQL, a template database each file's database
 * is created from.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    const adminUrl = project.config.env?.FINDER_TEST_PG_URL as string;
    const name = `finder_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await prepare(await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 30_000 }));
    project.provide('pgTemplateDatabase', name);
    project.provide('pgliteTemplateDir', '');
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-template-'));
  await prepare(await openDatabase({ pgliteDir: dir, statementTimeoutMs: 30_000, pgliteThread: 'main' }));
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDatabase', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The job queue's schema and every queue, then closed: a template must have no connection when it is copied. */
async function prepare(database: Database): Promise<void> {
  const quiet = { error: () => undefined, warn: () => undefined };
  const jobs = createJobQueue(database, quiet, { pollingIntervalSeconds: 60 });
  for (const { name } of JOBS) jobs.define({ name, handler: async () => undefined });
  await jobs.start();
  await jobs.stop(1_000);
  await database.close();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    pgTemplateDatabase: string;
  }
}
