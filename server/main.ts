import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, openDatabase, type Database } from './db/client';
import { seedOnFirstStart } from './db/seed';
import { startAnalyticsTasks } from './modules/analytics/analytics-tasks';
import { startProductSourcesTask } from './modules/agents/product-sources';
import { startAccountTasks } from './modules/auth/account-tasks';
import { startCurrencyTasks } from './modules/currency/currency-tasks';
import { startFileRemovalTasks } from './modules/images/images-tasks';
import { createMailer } from './modules/mail/mailer';
import { loadBuiltFrontEnd } from './modules/pages/front-end';
import { openStorage } from './storage/open-storage';

async function main(): Promise<void> {
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
    responseCacheBytes: config.responseCacheBytes,
    backPressure: config.backPressure,
  });
  if (!mailer) app.log.info('SMTP_URL and MAIL_FROM are not set: the site sends no mail, so password reset is not available.');
  if (!frontEnd) app.log.warn(`No build in ${config.distDir}: serving the API only. Run npm run build (npm start does) for the pages.`);
  await seedOnFirstStart(database, storage, { demo: config.seedDemo, log: app.log });
  const { services } = app;
  const stopAccountTasks = await startAccountTasks(
    app,
    { auth: services.auth, users: services.users, repo: services.repos.auth, throttle: services.repos.signInThrottle },
    config,
  );
  const stopAnalyticsTasks = await startAnalyticsTasks(app.log, services.repos.analytics);
  startProductSourcesTask(app.log, services.repos.productSources);
  const stopCurrencyTasks = await startCurrencyTasks(app.log, services.currency, config.ratesUrl !== undefined);
  const stopFileRemovalTasks = await startFileRemovalTasks(app.log, services.fileRemovals);
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
      stopAccountTasks();
      stopAnalyticsTasks();
      stopCurrencyTasks();
      stopFileRemovalTasks();
      await app.close();
      mailer?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`);
    }
    throw err;
  }
  app.log.info(
    `Finder is running at http://${config.host}:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Finder failed to start:', err);
  }
  process.exit(1);
});
