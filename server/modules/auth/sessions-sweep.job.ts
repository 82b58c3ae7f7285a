import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { AuthRepo } from './auth.repo';
import type { SignInThrottleRepo } from './sign-in-throttle.repo';

/**
 * Expired sessions, verifications and counters removed, and sign-in failures nobody tried for a day (decision
 * 0022): at start and every six hours, at minute 41.
 */
export const sessionsSweepJob = declareJob({
  name: 'sessions-sweep',
  data: periodicPayload,
  atStart: true,
  cron: '41 */6 * * *',
});

export const sessionsSweepHandler =
  (deps: {
    log: FastifyBaseLogger;
    repo: Pick<AuthRepo, 'deleteExpired'>;
    throttle: Pick<SignInThrottleRepo, 'prune'>;
    /** Failures older than this are forgotten (the sign-in throttle's rule). */
    forgetAfterSeconds: number;
  }): HandlerOf<typeof sessionsSweepJob> =>
  async () => {
    const n = await deps.repo.deleteExpired();
    if (n.sessions + n.verifications + n.rateLimits > 0) deps.log.info(n, 'removed expired sessions and counters');
    await deps.throttle.prune(new Date(Date.now() - deps.forgetAfterSeconds * 1000));
  };
