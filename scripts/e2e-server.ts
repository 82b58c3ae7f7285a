// Starts the built site on a fresh data directory with the demo catalogue, for Playwright.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL ??= 'warn';
await import('../server/main');
