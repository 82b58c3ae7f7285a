import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../common/schemas/error';
import type { BackPressureSettings } from '../config';
import { summarized } from './access-log';

/** The answer to a request the server has no room for: quick, so the client retries later instead of waiting. */
export const BUSY_MESSAGE = 'The site is very busy just now. Please try again in a moment.';

/** Files from the build's public folder at the root (favicon, share image). */
const ROOT_STATIC_FILE = /^\/[\w.-]+\.(?:svg|png|ico|jpe?g|webp|webmanifest)$/;

/**
 * Requests that never wait for the database or much work, so they keep answering under any load: the health
 * check (a load balancer must hear from the server), the build's static files and stored media. Decided on the
 * matched route, not the raw URL (the router decodes %-escapes).
 */
function exempt(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return route === '/api/health' || route.startsWith('/assets/') || route.startsWith('/media/') || ROOT_STATIC_FILE.test(route);
}

/** Readies the 503 and returns its body, to send. */
function refusal(reply: FastifyReply, retryAfterSeconds: number): ApiErrorBody {
  reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
  return { statusCode: 503, code: 'UNAVAILABLE', message: BUSY_MESSAGE };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests under way now that count against the limit (tests and the bench read it). */
    activeRequests(): number;
  }
}

/**
 * Load shedding (issue 12): beyond a number of requests under way, or while the event loop lags, a request is
 * answered 503 with Retry-After at once instead of queueing behind the others for the database, where every
 * visitor would wait long and many would time out. Requests from `exempt` always pass.
 */
export const backPressure = fp<BackPressureSettings>(
  async (app, settings) => {
    let active = 0;
    app.decorate('activeRequests', () => active);
    // Under a flood most requests are refused: one warning, then a count every 10 s (access-log.ts).
    const warnBusy = summarized(() => app.log, 'too many requests under way: answered 503');
    const warnPressure = summarized(() => app.log, 'event loop under pressure: answered 503');
    app.addHook('onRequest', async (request, reply) => {
      if (exempt(request)) return;
      if (active >= settings.maxActiveRequests) {
        request.answeredWithoutWork = true;
        warnBusy({ active });
        return reply.send(refusal(reply, settings.retryAfterSeconds));
      }
      active++;
      // 'close' comes once the answer is out or the client went away, whichever happens.
      reply.raw.once('close', () => {
        active--;
      });
    });
    if (settings.maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: settings.maxEventLoopDelayMs,
        retryAfter: settings.retryAfterSeconds,
        pressureHandler: (request, reply, type, value) => {
          if (exempt(request)) return;
          request.answeredWithoutWork = true;
          warnPressure({ type, value });
          // Returned, the plugin sends it and stops the request there (its README: any value but a promise or
          // nullish is sent). Its types say the handler returns void, hence the cast. Sending it here instead would
          // let the plugin go on to the route while an async onSend hook (the response cache) still runs.
          return refusal(reply, settings.retryAfterSeconds) as unknown as undefined;
        },
      });
    }
  },
  { name: 'back-pressure', fastify: '5.x' },
);
