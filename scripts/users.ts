// npm run users -- list | grant <role> <email> | revoke <role> <email>: manage roles from the command line.
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { DataDirInUseError } from '../server/db/dir-lock';
import { openDatabase } from '../server/db/client';
import { createUnitOfWork } from '../server/db/unit-of-work';
import { createAuditRepo } from '../server/modules/audit/audit.repo';
import { runUsersCommand } from '../server/modules/users/users-cli';
import { createUsersRepo } from '../server/modules/users/users.repo';
import { createUsersService } from '../server/modules/users/users.service';

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    statementTimeoutMs: config.statementTimeoutMs,
  });
  try {
    process.exitCode = await runUsersCommand(
      process.argv.slice(2),
      createUsersService(
        createUsersRepo(database),
        createUnitOfWork(database, (db) => ({ users: createUsersRepo(db), audit: createAuditRepo(db) })).transaction,
      ),
      console,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof DataDirInUseError) console.error(err.message);
  else console.error('The users task failed:', err);
  process.exitCode = 1;
}
