import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { adminAccountOps, WeakAdminPasswordError } from './auth';
import type { UsersService } from '../users/users.service';
import type { Auth } from './auth';
import type { AuthRepo } from './auth.repo';

/**
 * At start: the ADMIN_EMAIL account (made or promoted; the password is never logged). Safe when several processes
 * start on one database.
 */
export async function ensureAdminAccount(
  app: Pick<FastifyInstance, 'log'>,
  deps: { auth: Auth; users: UsersService; repo: AuthRepo },
  config: Pick<Config, 'admin'>,
): Promise<void> {
  const { repo } = deps;
  if (config.admin) {
    const email = config.admin.email;
    let outcome: Awaited<ReturnType<UsersService['ensureAdmin']>> | 'weak-password';
    try {
      outcome = await deps.users.ensureAdmin(config.admin, adminAccountOps(deps.auth, repo));
    } catch (err) {
      // Decision 0023: the site still starts (an operator can fix the setting and restart), without that account.
      if (!(err instanceof WeakAdminPasswordError)) throw err;
      outcome = 'weak-password';
    }
    if (outcome === 'created') app.log.info({ email }, 'created the admin account (admin and developer)');
    else if (outcome === 'promoted') app.log.info({ email }, 'gave the admin account admin and developer rights');
    else if (outcome === 'missing') {
      app.log.warn({ email }, 'ADMIN_EMAIL has no account yet: set ADMIN_PASSWORD to create it, then restart');
    } else if (outcome === 'weak-password') {
      app.log.warn(
        { email },
        'ADMIN_PASSWORD is too common or too easy to guess: the admin account was not created. ' +
          'Set a longer one (a phrase of several unrelated words) and restart',
      );
    } else if (outcome === 'refused') {
      app.log.warn(
        { email },
        'ADMIN_EMAIL belongs to an account whose password is not ADMIN_PASSWORD and whose email nobody verified: ' +
          'not made admin. If it is yours, set ADMIN_PASSWORD to its password or run: npm run users -- grant admin <email>',
      );
    }
  }
}
