import { defineConfig } from 'vitest/config';
import { postgresAnswers } from './server/db/client';

/** The suite runs on embedded PGlite always, and again on PostgreSQL when a server answers here. */
const PG_URL = process.env.FINDER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withPostgres = process.env.FINDER_TEST_PG !== 'off' && (await postgresAnswers(PG_URL));
if (!withPostgres) console.warn(`PostgreSQL does not answer at ${PG_URL}: API tests run on PGlite only.`);

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/shared-worker-guard.ts', 'server/test/english-texts.ts'],
    // The AWS SDK's notice that its 2027 releases need Node 22 (the lock file pins this one) is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    // Test files share each worker's loaded modules instead of importing the server's graph again per file (about
    // 2.5 s a file; half the suite's CPU time). Files keep no state in modules: each builds its own app and database
    // (server/test/test-app.ts) and restores the timers it fakes. Decision 0056.
    isolate: false,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: ['{common,server,web,scripts,lint}/**/*.test.{ts,tsx}'] },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['server/**/*.test.ts'],
                env: { FINDER_TEST_DB: 'postgres', FINDER_TEST_PG_URL: PG_URL },
              },
            },
          ]
        : []),
    ],
  },
});
