import { Writable } from 'node:stream';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import { createUnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import { anotherAppOn, me, post, signIn, signUp, TEST_PASSWORD } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';
import { adminAccountOps, WeakAdminPasswordError } from '../auth/auth';
import { createAuditRepo } from '../audit/audit.repo';
import { createAuthRepo } from '../auth/auth.repo';
import { runUsersCommand, USERS_USAGE } from './users-cli';
import { createUsersRepo } from './users.repo';
import { createUsersService } from './users.service';

const ADMIN_PASSWORD = 'the admin password from the environment';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const rowsWithEmail = (email: string) => ctx.database.db.select().from(users).where(eq(users.email, email));
const ops = () => adminAccountOps(ctx.app.auth, createAuthRepo(ctx.database));
const ensureAdmin = (email: string, password: string | undefined) => ctx.app.users.ensureAdmin({ email, password }, ops());

async function registered(email: string, password = TEST_PASSWORD): Promise<void> {
  const { res } = await signUp(ctx.app, email, password);
  expect(res.statusCode, res.body).toBe(200);
}

describe('users.setRole', () => {
  it('grants and revokes admin and developer by email, in any case', async () => {
    await registered('role.target@example.com');
    const granted = await ctx.app.users.setRole('  Role.Target@EXAMPLE.com ', 'admin', true);
    expect(granted).toMatchObject({ email: 'role.target@example.com', isAdmin: true, isDev: false, providers: ['credential'] });
    expect(await ctx.app.users.setRole('role.target@example.com', 'developer', true)).toMatchObject({ isAdmin: true, isDev: true });
    expect(await ctx.app.users.setRole('ROLE.TARGET@example.com', 'admin', false)).toMatchObject({ isAdmin: false, isDev: true });
    expect(await rowsWithEmail('role.target@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: true })]);
    expect(await ctx.app.users.setRole('role.target@example.com', 'developer', false)).toMatchObject({ isAdmin: false, isDev: false });
  });

  it('answers NOT_FOUND for an email without an account', async () => {
    const failure = ctx.app.users.setRole('Nobody@Example.com', 'admin', true);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No account has the email nobody@example.com.' });
    expect(await rowsWithEmail('nobody@example.com')).toEqual([]);
  });
});

describe('ensureAdmin (ADMIN_EMAIL and ADMIN_PASSWORD at start)', () => {
  it('creates the account with both flags and a password that signs in', async () => {
    expect(await ensureAdmin('Boss@Example.com', ADMIN_PASSWORD)).toBe('created');
    expect(await rowsWithEmail('boss@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: true })]);
    const { res, cookie } = await signIn(ctx.app, 'boss@example.com', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, cookie)).user).toMatchObject({ isAdmin: true, isDev: true, hasPassword: true, providers: ['credential'] });
  });

  // Decision 0023: a weak ADMIN_PASSWORD makes no account (the start goes on and warns, see account-tasks.ts).
  it('makes no admin account with a common or easily guessed ADMIN_PASSWORD', async () => {
    await expect(ensureAdmin('weak.admin@example.com', 'password123')).rejects.toBeInstanceOf(WeakAdminPasswordError);
    expect(await rowsWithEmail('weak.admin@example.com')).toEqual([]);
  });

  it('promotes an existing account whose password is ADMIN_PASSWORD', async () => {
    await registered('promoted@example.com', ADMIN_PASSWORD);
    expect(await ensureAdmin('promoted@example.com', ADMIN_PASSWORD)).toBe('promoted');
    expect(await rowsWithEmail('promoted@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: true })]);
    expect((await signIn(ctx.app, 'promoted@example.com', ADMIN_PASSWORD)).res.statusCode).toBe(200);
  });

  // Nobody's email is verified at sign-up: whoever registered the address first must not become admin.
  it('refuses to promote an account that ADMIN_PASSWORD does not open', async () => {
    await registered('squatted@example.com', 'the squatter chose this one');
    expect(await ensureAdmin('squatted@example.com', ADMIN_PASSWORD)).toBe('refused');
    expect(await ensureAdmin('squatted@example.com', undefined)).toBe('refused');
    expect(await rowsWithEmail('squatted@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: false })]);
    // The squatter's password still works and still grants nothing.
    const { cookie } = await signIn(ctx.app, 'squatted@example.com', 'the squatter chose this one');
    expect((await me(ctx.app, cookie)).user).toMatchObject({ isAdmin: false, isDev: false });
  });

  it('promotes an account whose email Google verified, without a password', async () => {
    await registered('google.verified@example.com');
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'google.verified@example.com'));
    expect(await ensureAdmin('google.verified@example.com', undefined)).toBe('promoted');
    expect(await rowsWithEmail('google.verified@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: true })]);
  });

  it('leaves no session open for the account it creates', async () => {
    expect(await ensureAdmin('sessionless@example.com', ADMIN_PASSWORD)).toBe('created');
    const [row] = await rowsWithEmail('sessionless@example.com');
    const open = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, row?.id ?? ''));
    expect(open).toEqual([]);
  });

  it('changes nothing the second time', async () => {
    expect(await ensureAdmin('twice@example.com', ADMIN_PASSWORD)).toBe('created');
    const [before] = await rowsWithEmail('twice@example.com');
    expect(await ensureAdmin('twice@example.com', ADMIN_PASSWORD)).toBe('unchanged');
    expect(await ensureAdmin('Twice@Example.com', 'another password entirely')).toBe('unchanged');
    const after = await rowsWithEmail('twice@example.com');
    expect(after).toEqual([expect.objectContaining({ id: before?.id, isAdmin: true, isDev: true })]);
    expect((await signIn(ctx.app, 'twice@example.com', ADMIN_PASSWORD)).res.statusCode).toBe(200);
  });

  // On PostgreSQL both calls can find no account and both ask the library to create it; the loser's insert breaks
  // the unique email index (FAILED_TO_CREATE_USER) and must not stop that process from starting.
  it('is safe when two processes start at once', async () => {
    const outcomes = await Promise.all([ensureAdmin('race@example.com', ADMIN_PASSWORD), ensureAdmin('race@example.com', ADMIN_PASSWORD)]);
    expect(outcomes).toContain('created');
    for (const outcome of outcomes) expect(['created', 'promoted', 'unchanged']).toContain(outcome);
    expect(await rowsWithEmail('race@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: true })]);
    expect((await signIn(ctx.app, 'race@example.com', ADMIN_PASSWORD)).res.statusCode).toBe(200);
  });

  // The same race, made deterministic: the other process's account appears after this one looked and before its
  // own insert, so the library's insert fails on the unique email (what the PostgreSQL run of the test above does).
  it('carries on when another process created the account while this one was creating it', async () => {
    const real = ops();
    const losesTheRace = {
      ...real,
      create: async (email: string, password: string) => {
        expect(await real.create(email, password)).toBe(true);
        throw new APIError('UNPROCESSABLE_ENTITY', { code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' });
      },
    };
    expect(await ctx.app.users.ensureAdmin({ email: 'lost.race@example.com', password: ADMIN_PASSWORD }, losesTheRace)).toBe('promoted');
    expect(await rowsWithEmail('lost.race@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: true })]);
  });

  it("answers 'missing' when there is neither an account nor a password", async () => {
    expect(await ensureAdmin('ghost@example.com', undefined)).toBe('missing');
    expect(await rowsWithEmail('ghost@example.com')).toEqual([]);
  });

  it('never writes the password to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await anotherAppOn(ctx, { logger: { level: 'trace', stream } });
    try {
      expect(
        await logged.users.ensureAdmin(
          { email: 'logged@example.com', password: ADMIN_PASSWORD },
          adminAccountOps(logged.auth, createAuthRepo(ctx.database)),
        ),
      ).toBe('created');
      // The same password through every door that could echo it: right, wrong, taken, too long.
      expect((await signIn(logged, 'logged@example.com', ADMIN_PASSWORD)).res.statusCode).toBe(200);
      expect((await signIn(logged, 'logged@example.com', `${ADMIN_PASSWORD}!`)).res.statusCode).toBe(401);
      expect((await signUp(logged, 'logged@example.com', ADMIN_PASSWORD)).res.statusCode).toBe(409);
      expect((await post(logged, '/api/auth/sign-up/email', { email: 'bad', password: ADMIN_PASSWORD, name: '' })).statusCode).toBe(400);
      expect(
        (await post(logged, '/api/auth/sign-in/email', { email: 'logged@example.com', password: ADMIN_PASSWORD.repeat(10) })).statusCode,
      ).toBe(400);
    } finally {
      await logged.close();
    }
    // The log was captured (requests are logged at this level), and the password is in none of it.
    expect(lines.length).toBeGreaterThan(5);
    const text = lines.join('');
    expect(text).toContain('/api/auth/sign-in/email');
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).not.toContain(ADMIN_PASSWORD.slice(0, 12));
  });
});

function fakeOut() {
  const out = { logs: [] as string[], errors: [] as string[] };
  return {
    ...out,
    log: (line: string) => out.logs.push(line),
    error: (line: string) => out.errors.push(line),
  };
}

describe('npm run users (runUsersCommand)', () => {
  it('lists every account with its roles and sign-in methods', async () => {
    await registered('listed@example.com');
    const out = fakeOut();
    expect(await runUsersCommand(['list'], ctx.app.users, out)).toBe(0);
    const line = out.logs.find((l) => l.startsWith('listed@example.com'));
    expect(line).toMatch(/^listed@example\.com {2}\(no roles; signs in with password; since \d{4}-\d{2}-\d{2}\)$/);
    expect(out.logs.find((l) => l.startsWith('boss@example.com'))).toContain('(admin, developer; signs in with password;');
    expect(out.errors).toEqual([]);
  });

  it('says so when there are no accounts', async () => {
    const { transaction } = createUnitOfWork(ctx.database, (db) => ({ users: createUsersRepo(db), audit: createAuditRepo(db) }));
    const empty = createUsersService({ ...createUsersRepo(ctx.database), list: async () => [] }, transaction);
    const out = fakeOut();
    expect(await runUsersCommand(['list'], empty, out)).toBe(0);
    expect(out.logs).toEqual(['No accounts yet.']);
  });

  it('grants and revokes a role', async () => {
    await registered('cli.target@example.com');
    const grant = fakeOut();
    expect(await runUsersCommand(['grant', 'admin', 'CLI.Target@example.com'], ctx.app.users, grant)).toBe(0);
    expect(grant.logs).toEqual([
      expect.stringMatching(/^Granted admin: cli\.target@example\.com {2}\(admin; signs in with password; since /),
    ]);
    expect(await rowsWithEmail('cli.target@example.com')).toEqual([expect.objectContaining({ isAdmin: true, isDev: false })]);

    const revoke = fakeOut();
    expect(await runUsersCommand(['revoke', 'admin', 'cli.target@example.com'], ctx.app.users, revoke)).toBe(0);
    expect(revoke.logs).toEqual([expect.stringMatching(/^Revoked admin: cli\.target@example\.com {2}\(no roles;/)]);
    expect(await rowsWithEmail('cli.target@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: false })]);

    // Both changes are in the audit log, the command line named as who made them; a repeat changes and records nothing.
    expect(await runUsersCommand(['revoke', 'admin', 'cli.target@example.com'], ctx.app.users, fakeOut())).toBe(0);
    const entries = await ctx.database.rows<{ actor_email: string; details: { before: unknown; after: unknown } }>(
      sql`select actor_email, details from audit_log where subject = 'cli.target@example.com' order by created_at`,
    );
    expect(entries.map((e) => [e.actor_email, e.details.before, e.details.after])).toEqual([
      ['npm run users (command line)', { isAdmin: false, isDev: false }, { isAdmin: true, isDev: false }],
      ['npm run users (command line)', { isAdmin: true, isDev: false }, { isAdmin: false, isDev: false }],
    ]);
  });

  it('lands a role change with its audit entry or not at all', async () => {
    await registered('cli.atomic@example.com');
    const { transaction } = createUnitOfWork(ctx.database, (db) => ({
      users: createUsersRepo(db),
      audit: {
        record: async () => {
          throw new Error('the audit log refused the entry');
        },
      },
    }));
    const failing = createUsersService(createUsersRepo(ctx.database), transaction);
    await expect(runUsersCommand(['grant', 'admin', 'cli.atomic@example.com'], failing, fakeOut())).rejects.toThrow(
      'the audit log refused the entry',
    );
    expect(await rowsWithEmail('cli.atomic@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: false })]);
  });

  it('notes that developer rights need admin too', async () => {
    await registered('dev.only@example.com');
    const out = fakeOut();
    expect(await runUsersCommand(['grant', 'developer', 'dev.only@example.com'], ctx.app.users, out)).toBe(0);
    expect(out.logs).toHaveLength(2);
    expect(out.logs[1]).toContain('not an admin');
    expect(await rowsWithEmail('dev.only@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: true })]);
  });

  it('refuses an unknown role with exit code 2', async () => {
    await registered('owner.role@example.com');
    const out = fakeOut();
    expect(await runUsersCommand(['grant', 'owner', 'owner.role@example.com'], ctx.app.users, out)).toBe(2);
    expect(out.errors).toEqual(['Unknown role "owner": use admin or developer.']);
    expect(await rowsWithEmail('owner.role@example.com')).toEqual([expect.objectContaining({ isAdmin: false, isDev: false })]);
  });

  it('refuses an unknown email with exit code 1 and says which', async () => {
    const out = fakeOut();
    expect(await runUsersCommand(['grant', 'admin', 'Stranger@Example.com'], ctx.app.users, out)).toBe(1);
    expect(out.errors).toEqual(['No account has the email stranger@example.com.']);
    expect(out.logs).toEqual([]);
  });

  it('prints the usage with exit code 2 for anything else', async () => {
    for (const args of [
      [],
      ['grant'],
      ['grant', 'admin'],
      ['list', 'extra'],
      ['grant', 'admin', 'a@example.com', 'b@example.com'],
      ['promote', 'admin', 'a@example.com'],
    ]) {
      const out = fakeOut();
      expect(await runUsersCommand(args, ctx.app.users, out), args.join(' ')).toBe(2);
      expect(out.errors, args.join(' ')).toEqual([USERS_USAGE]);
      expect(out.logs).toEqual([]);
    }
  });
});
