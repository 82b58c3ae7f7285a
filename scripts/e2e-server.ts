// Starts the built site on a fresh data directory with the demo catalogue, for Playwright. With E2E_S3=true its
// images live in a local S3 (s3rver) started here, so the browser journeys cover object storage too.
import fs from 'node:fs';
import path from 'node:path';
import { redirectGoogleFetch } from '../server/test/google-stand-in';
import { startTestS3 } from '../server/test/s3-server';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The server's calls to Google (code exchange) go to the local stand-in; the browser is pointed there by the tests.
if (process.env.GOOGLE_STAND_IN_URL) redirectGoogleFetch(process.env.GOOGLE_STAND_IN_URL);
if (process.env.E2E_S3 === 'true') {
  const { s3, close } = await startTestS3();
  Object.assign(process.env, {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
}
await import('../server/main');
