import { createHash, randomBytes } from 'node:crypto';
import type { OwnerSetupInput, OwnerSetupResult } from '../../../common/schemas/setup';
import { OWNER_SETUP_TEXTS as T } from '../../../common/texts/setup';
import { AppError } from '../../errors';
import { WeakAdminPasswordError } from '../auth/auth';
import { OWNER_SETUP_ACTOR, type AdminAccountOps, type UsersService } from '../users/users.service';
import type { OwnerSetupRepo } from './owner-setup.repo';

/** How long one use of a token holds it (the account is made meanwhile); a use that dies gives it back then. */
export const OWNER_SETUP_LEASE_S = 30;
/** Where the address's token goes: after the fragment's mark, so no server, proxy or access log ever sees it. */
export const OWNER_SETUP_PATH = '/admin#setup=';

export const hashSetupToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The first admin (issue 40, decision 0095). While no account has admin rights, each process makes a token at
 * start and logs its address; only the token's hash is kept, with the process's name on the database. A token
 * works while its process lives (a restart makes a new one and the old one ends, even after a crash) and ends at
 * its first use: the owner account made (or an existing one proved by its password), every token goes.
 */
export function createOwnerSetupService(deps: {
  repo: OwnerSetupRepo;
  users: Pick<UsersService, 'ensureAdmin'>;
  accountOps: () => AdminAccountOps;
  /** This process's name on the database, and whether another process's is alive (Database). */
  instance: string;
  processAlive: (instance: string) => Promise<boolean>;
}) {
  const { repo } = deps;
  let mine: string | null = null;

  /** Tokens of processes that are gone: ended. */
  const pruneDead = async () => {
    const rows = await repo.list();
    const instances = [...new Set(rows.map((r) => r.instance))];
    const dead: string[] = [];
    for (const instance of instances) if (!(await deps.processAlive(instance))) dead.push(instance);
    await repo.deleteOf(dead);
  };

  return {
    /** Whether the site still needs its first admin. */
    async status(): Promise<{ needed: boolean }> {
      return { needed: !(await repo.adminExists()) };
    },

    /**
     * At start: when no admin exists, a new token for this process (returned once, to be logged; never kept), and
     * the tokens of processes that are gone removed. Null when an admin exists.
     */
    async announce(): Promise<string | null> {
      if (await repo.adminExists()) {
        await repo.deleteAll();
        return null;
      }
      await pruneDead();
      const token = randomBytes(32).toString('base64url');
      mine = hashSetupToken(token);
      await repo.insert(mine, deps.instance);
      return token;
    },

    /** On close: this process's token ends with it. */
    async close(): Promise<void> {
      if (mine) await repo.delete(mine).catch(() => undefined);
      mine = null;
    },

    /** Makes the owner account with the address's token: once, while no admin exists and the token's process lives. */
    async createOwner(input: OwnerSetupInput): Promise<OwnerSetupResult> {
      const hash = hashSetupToken(input.token);
      if (await repo.adminExists()) {
        await repo.deleteAll();
        throw new AppError('CONFLICT', T.adminExists);
      }
      const claimed = await repo.claim(hash, OWNER_SETUP_LEASE_S);
      if (claimed === 'busy') throw new AppError('CONFLICT', T.busy);
      if (!claimed || !(await deps.processAlive(claimed.instance))) {
        if (claimed) await repo.delete(hash);
        throw new AppError('GONE', T.tokenInvalid);
      }
      let outcome: Awaited<ReturnType<UsersService['ensureAdmin']>>;
      try {
        // Checked again under the claim: a use of another token may have made the owner just before.
        if (await repo.adminExists()) throw new AppError('CONFLICT', T.adminExists);
        outcome = await deps.users.ensureAdmin({ email: input.email, password: input.password }, deps.accountOps(), OWNER_SETUP_ACTOR);
      } catch (err) {
        await repo.release(hash);
        if (err instanceof WeakAdminPasswordError) throw new AppError('VALIDATION', err.message);
        throw err;
      }
      if (outcome === 'refused' || outcome === 'missing') {
        await repo.release(hash);
        throw new AppError('CONFLICT', T.refused);
      }
      await repo.deleteAll();
      return { email: input.email.trim().toLowerCase(), outcome };
    },
  };
}

export type OwnerSetupService = ReturnType<typeof createOwnerSetupService>;
