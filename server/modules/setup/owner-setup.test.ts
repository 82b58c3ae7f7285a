// The first admin (issue 40, decision 0095): while no admin exists, a process's one-time setup address makes the
// owner account (admin and developer) once; the token ends at its first use, with its process (a restart), and
// never works for a second owner. On both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerSetupResult, OwnerSetupStatus } from '../../../common/schemas/setup';
import { OWNER_SETUP_TEXTS } from '../../../common/texts/setup';
import { me, post, send, signIn, signUp, TEST_PASSWORD } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';
import { hashSetupToken, OWNER_SETUP_PATH } from './owner-setup.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const status = async () => {
  const res = await send(ctx.app, 'GET', '/api/setup/owner');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OwnerSetupStatus>();
};
const createOwner = (body: Record<string, unknown>) => post(ctx.app, '/api/setup/owner', body);
const kept = () => ctx.database.rows<{ token_hash: string; instance: string }>(sql`select token_hash, instance from owner_setup_tokens`);

describe('the one-time setup address', () => {
  let token = '';

  it('is made at start while no admin exists, kept only as a hash', async () => {
    expect(await status()).toEqual({ needed: true });
    token = (await ctx.app.services.ownerSetup.announce()) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await kept();
    expect(rows).toEqual([{ token_hash: hashSetupToken(token), instance: ctx.database.instance }]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(OWNER_SETUP_TEXTS.logLine(`http://localhost:3000${OWNER_SETUP_PATH}${token}`)).toContain(`/admin#setup=${token}`);
  });

  it('refuses a wrong token, a weak or short password and a bad email, and keeps the token', async () => {
    const wrong = await createOwner({ token: 'not-the-token', email: 'owner@example.com', password: TEST_PASSWORD });
    expect(wrong.statusCode).toBe(410);
    expect(wrong.json().message).toBe(OWNER_SETUP_TEXTS.tokenInvalid);
    expect((await createOwner({ token, email: 'owner@example.com', password: 'short' })).statusCode).toBe(400);
    expect((await createOwner({ token, email: 'not an email', password: TEST_PASSWORD })).statusCode).toBe(400);
    const weak = await createOwner({ token, email: 'owner@example.com', password: 'password123' });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(await kept()).toHaveLength(1);
  });

  it('refuses an existing account whose password is another, and the token still works after', async () => {
    await signUp(ctx.app, 'taken@example.com');
    const res = await createOwner({ token, email: 'taken@example.com', password: 'another long pass phrase' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(OWNER_SETUP_TEXTS.refused);
    expect(await kept()).toHaveLength(1);
  });

  it('refuses a second use while one is under way', async () => {
    const other = 'a-token-of-another-process';
    await ctx.database.rows(
      sql`insert into owner_setup_tokens (token_hash, instance, claimed_until) values (${hashSetupToken(other)}, ${ctx.database.instance}, now() + interval '30 seconds') returning token_hash`,
    );
    const res = await createOwner({ token, email: 'owner@example.com', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(OWNER_SETUP_TEXTS.busy);
    await ctx.database.rows(sql`delete from owner_setup_tokens where token_hash = ${hashSetupToken(other)} returning token_hash`);
  });

  it('ends with the process that printed it: a restart or a crash', async () => {
    const old = 'the-token-of-a-process-gone';
    await ctx.database.rows(
      sql`insert into owner_setup_tokens (token_hash, instance) values (${hashSetupToken(old)}, 'finder-1-deadbeef') returning token_hash`,
    );
    const res = await createOwner({ token: old, email: 'owner@example.com', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(410);
    expect((await kept()).map((r) => r.token_hash)).not.toContain(hashSetupToken(old));
    // A start removes the tokens of processes that are gone.
    await ctx.database.rows(
      sql`insert into owner_setup_tokens (token_hash, instance) values (${hashSetupToken(old)}, 'finder-2-deadbeef') returning token_hash`,
    );
    const again = await ctx.app.services.ownerSetup.announce();
    expect((await kept()).map((r) => r.instance)).toEqual([ctx.database.instance, ctx.database.instance]);
    // This process's own second token ends with close(); the first one stays for the owner's creation below.
    await ctx.database.rows(sql`delete from owner_setup_tokens where token_hash = ${hashSetupToken(again ?? '')} returning token_hash`);
  });

  it('makes the owner account with admin and developer rights, once', async () => {
    const res = await createOwner({ token, email: ' Owner@Example.com ', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OwnerSetupResult>()).toEqual({ email: 'owner@example.com', outcome: 'created' });
    const { cookie } = await signIn(ctx.app, 'owner@example.com');
    expect((await me(ctx.app, cookie)).user).toMatchObject({ email: 'owner@example.com', isAdmin: true, isDev: true });
    expect(await kept()).toEqual([]);
    expect(await status()).toEqual({ needed: false });

    const reused = await createOwner({ token, email: 'second@example.com', password: TEST_PASSWORD });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(OWNER_SETUP_TEXTS.adminExists);
    // The audit log names the setup address as the one who gave the rights.
    const [entry] = await ctx.database.rows<{ actor_email: string }>(
      sql`select actor_email from audit_log where action = 'user-roles' and subject = 'owner@example.com'`,
    );
    expect(entry?.actor_email).toBe('setup address (first admin)');
  });

  it('is not made once an admin exists', async () => {
    expect(await ctx.app.services.ownerSetup.announce()).toBeNull();
    expect(await kept()).toEqual([]);
  });
});
