import { ROLES, type Role } from '../../../common/roles';
import type { Me } from '../../../common/schemas/user';
import { AppError } from '../../errors';
import type { UsersService } from './users.service';

export const USERS_USAGE = `Usage:
  npm run users -- list
  npm run users -- grant <admin|developer> <email>
  npm run users -- revoke <admin|developer> <email>

Developer rights take effect on accounts that are admins too.`;

function describe(user: Me): string {
  const roles = [user.isAdmin ? 'admin' : null, user.isDev ? 'developer' : null].filter(Boolean).join(', ') || 'no roles';
  const methods = user.providers.map((p) => (p === 'credential' ? 'password' : p)).join(', ') || 'no sign-in method';
  return `${user.email}  (${roles}; signs in with ${methods}; since ${user.createdAt.slice(0, 10)})`;
}

/** The command-line task behind `npm run users`; returns the exit code. */
export async function runUsersCommand(
  args: readonly string[],
  users: UsersService,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  const [command, roleArg, email] = args;
  if (command === 'list' && args.length === 1) {
    const all = await users.list();
    if (all.length === 0) out.log('No accounts yet.');
    for (const user of all) out.log(describe(user));
    return 0;
  }
  if ((command === 'grant' || command === 'revoke') && args.length === 3 && roleArg && email) {
    if (!(ROLES as readonly string[]).includes(roleArg)) {
      out.error(`Unknown role "${roleArg}": use admin or developer.`);
      return 2;
    }
    try {
      const user = await users.setRole(email, roleArg as Role, command === 'grant');
      out.log(`${command === 'grant' ? 'Granted' : 'Revoked'} ${roleArg}: ${describe(user)}`);
      if (command === 'grant' && roleArg === 'developer' && !user.isAdmin) {
        out.log('Note: this account is not an admin, so developer rights have no effect until admin is granted too.');
      }
      return 0;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        out.error(err.message);
        return 1;
      }
      throw err;
    }
  }
  out.error(USERS_USAGE);
  return 2;
}
