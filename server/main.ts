import path from 'node:path';
import { OWNER_SETUP_TEXTS, SETUP_ITEM_TEXTS } from '../common/texts/setup';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirInUseError } from './db/dir-lock';
import { PRETTY_LOG_OPTIONS } from './logging';
import { openDatabase, type Database } from './db/client';
import { seedOnFirstStart } from './db/seed';
import { ensureAdminAccount } from './modules/auth/account-tasks';
import { createMailer } from './modules/mail/mailer';
import { loadBuiltFrontEnd } from './modules/pages/front-end';
import { OWNER_SETUP_PATH } from './modules/setup/owner-setup.service';
import { guardProcess, startupLog, type GuardLog } from './process-guard';
import { openStorage } from './storage/open-storage';

/** The dashboard's setup checklist, in the start log too (issue 28): one line per item still to do. */
async function logSetupChecklist(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  try {
    const status = await app.services.setup.status(null);
    for (const item of status.pending) {
      const texts = SETUP_ITEM_TEXTS[item];
      const agents = item === 'referral-codes' ? ` (${status.agentsWithoutReferral.map((a) => a.name).join(', ')})` : '';
      app.log.warn(`Setup: ${texts.title}${agents}. ${texts.cost} ${texts.logFix}`);
    }
  } catch (err) {
    app.log.warn({ err }, 'Setup: could not read the setup checklist');
  }
}

/**
 * While no admin exists: this process's one-time setup address (issue 40, decision 0095), as Grafana and Jenkins print
 * theirs. The token is in the address's fragment, which browsers never send: no access log holds it.
 */
async function logOwnerSetup(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>): Promise<void> {
  try {
    const token = await app.services.ownerSetup.announce();
    if (!token) return;
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    app.log.warn(OWNER_SETUP_TEXTS.logLine(`${origin.replace(/\/$/, '')}${OWNER_SETUP_PATH}${token}`));
  } catch (err) {
    app.log.warn({ err }, 'Setup: could not make the one-time setup address for the first admin');
  }
}

/**
 * A person at a terminal reads lines (time, level, message); a process manager or a log collector reading stdout
 * gets pino's JSON, one object a line. The redaction and serializers (logging.ts) apply to both.
 */
async function logStream(format: Config['logFormat']): Promise<{ stream: NodeJS.WritableStream } | undefined> {
  if (format === 'json' || (format === 'auto' && !process.stdout.isTTY)) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return { stream: pretty({ ...PRETTY_LOG_OPTIONS, colorize: process.stdout.isTTY, sync: true }) };
}

/** The logger the process-level guard writes to: the start-up one, then the app's. */
let guardLog: GuardLog = startupLog;

async function main(): Promise<void> {
  // A rejection nobody handles is logged and the server keeps serving; an uncaught exception ends it (process-guard.ts).
  guardProcess(() => guardLog);
  const config = loadConfig();
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    statementTimeoutMs: config.statementTimeoutMs,
    timeouts: { connectMs: config.database.connectTimeoutMs, queryMs: config.database.queryTimeoutMs },
  });
  const storage = await openStorage(config);
  const frontEnd = await loadBuiltFrontEnd(config.distDir);
  const mailer = createMailer(config.mail);
  const app = await buildApp({
    config,
    database,
    storage,
    frontEnd,
    mailer,
    logger: await logStream(config.logFormat),
    responseCacheBytes: config.responseCacheBytes,
    backPressure: config.backPressure,
    // The periodic tasks' cron schedules (server/jobs); the queue stops with the app.
    jobs: { schedules: true },
  });
  guardLog = app.log;
  if (!frontEnd) app.log.warn(`No build in ${config.distDir}: serving the API only. Run npm run build (npm start does) for the pages.`);
  await seedOnFirstStart(database, storage, { demo: config.seedDemo, log: app.log });
  const { services } = app;
  await ensureAdminAccount(app, { auth: services.auth, users: services.users, repo: services.repos.auth }, config);
  await logOwnerSetup(app, config);
  // Each periodic task once now, besides its schedule (one process of several starting together runs it).
  await services.jobs.sendAtStart();
  await logSetupChecklist(app);
  if (!config.publicUrl && !['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    app.log.warn(
      `PUBLIC_URL is not set: signing in works only at http://localhost:${config.port} and http://127.0.0.1:${config.port}. ` +
        'Set PUBLIC_URL to the address visitors use.',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      mailer?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const databaseText = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  try {
    // One line per address listened on, in place of Fastify's "Server listening at".
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Finder is running at ${address} (${databaseText})`,
    });
  } catch (err) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`);
    }
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Finder failed to start:', err);
  }
  process.exit(1);
});
