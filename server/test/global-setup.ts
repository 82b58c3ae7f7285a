import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/** Migrates one embedded database per run; each test file opens a copy of it (see test-app.ts). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-template-'));
  const database = await openDatabase({ pgliteDir: dir, statementTimeoutMs: 10_000, pgliteThread: 'main' });
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
  }
}
