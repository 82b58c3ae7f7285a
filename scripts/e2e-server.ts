// Starts the built site on a fresh data directory with the demo catalogue, for Playwright.
import fs from 'node:fs';
import path from 'node:path';
import { redirectGoogleFetch } from '../server/test/google-stand-in';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The server's calls to Google (code exchange) go to the local stand-in; the browser is pointed there by the tests.
if (process.env.GOOGLE_STAND_IN_URL) redirectGoogleFetch(process.env.GOOGLE_STAND_IN_URL);
await import('../server/main');
