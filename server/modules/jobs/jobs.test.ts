import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '../../../common/schemas/jobs';
import { send, signedInAs } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let developer = '';
let admin = '';
beforeAll(async () => {
  ctx = await createTestApp();
  developer = await signedInAs(ctx.app, 'jobs-dev@example.com', { isAdmin: true, isDev: true });
  admin = await signedInAs(ctx.app, 'jobs-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the Jobs view', () => {
  it('lists every queue with its counts and the last failures, and retries a failed job, for developers only', async () => {
    const { jobs } = ctx.app.services;
    // A periodic job whose work fails: an unknown import's pictures are no failure, so a sweep is made to fail.
    const id = await jobs.send('product-sources', {});
    expect(id).toBeTruthy();
    await ctx.database.executeSql(
      `update pgboss.job set state = 'failed', completed_on = now(), output = '{"message":"the storage refused"}'::jsonb where id = $1::uuid`,
      [id],
    );
    const res = await send(ctx.app, 'GET', '/api/admin/jobs', { cookie: developer });
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<JobsOverview>();
    expect(overview.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['import-rows', 'import-pictures', 'analytics-sweep', 'file-removals']),
    );
    expect(overview.failures[0]).toMatchObject({ id, queue: 'product-sources', error: 'the storage refused' });
    expect(overview.retrying).toEqual([]);
    expect(overview.queues.find((q) => q.name === 'product-sources')).toMatchObject({ failedInARow: 0, pausedUntil: null });
    const retried = await send(ctx.app, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: developer });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<JobsOverview>().failures.find((f) => f.id === id)).toBeUndefined();
    expect((await send(ctx.app, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: developer })).statusCode).toBe(404);
    expect((await send(ctx.app, 'GET', '/api/admin/jobs', { cookie: admin })).statusCode).toBe(403);
  });

  // Issue 39: failures of background work are visible with their reason and time, and a failing task backs off.
  it('shows a periodic task failing in a row with its pause, and a failed job waiting for its next try with its reason', async () => {
    const { jobs } = ctx.app.services;
    const sweep = await jobs.send('sessions-sweep', {});
    await ctx.database.executeSql(
      `update pgboss.job set state = 'failed', completed_on = now() - interval '10 seconds', output = '{"message":"the database went away"}'::jsonb where id = $1::uuid`,
      [sweep],
    );
    const hashes = await jobs.send('picture-hashes', {});
    await ctx.database.executeSql(
      `update pgboss.job set state = 'retry', retry_count = 1, retry_limit = 3, start_after = now() + interval '2 minutes',
         output = '{"message":"the storage refused"}'::jsonb where id = $1::uuid`,
      [hashes],
    );
    const overview = (await send(ctx.app, 'GET', '/api/admin/jobs', { cookie: developer })).json<JobsOverview>();
    const queue = overview.queues.find((q) => q.name === 'sessions-sweep');
    expect(queue?.failedInARow).toBe(1);
    // A minute after the failure (10 s ago): about 50 s from now.
    const pause = new Date(queue?.pausedUntil ?? 0).getTime() - Date.now();
    expect(pause).toBeGreaterThan(40_000);
    expect(pause).toBeLessThanOrEqual(50_000);
    expect(overview.failures.find((f) => f.id === sweep)).toMatchObject({ queue: 'sessions-sweep', error: 'the database went away' });
    const waiting = overview.retrying.find((r) => r.id === hashes);
    expect(waiting).toMatchObject({ queue: 'picture-hashes', error: 'the storage refused', attempt: 2, attempts: 4 });
    expect(new Date(waiting?.nextTryAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await send(ctx.app, 'GET', '/api/admin/jobs')).statusCode).toBe(401);
  });
});
