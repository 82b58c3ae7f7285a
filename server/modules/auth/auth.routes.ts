import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_BASE_PATH } from '../../../common/constants';
import { sessionStateSchema } from '../../../common/schemas/user';
import type { UsersService } from '../users/users.service';
import { redactValue } from '../../logging';
import { AppError } from '../../errors';
import { watchDatabase } from './auth-database-watch';
import { toApiError } from './auth-errors';
import { authHeaders, type Auth } from './auth';

/**
 * Library endpoints that act on the signed-in account. The library validates the body before it looks for a
 * session, so without this a caller who is not signed in would get a 400 about the body instead of a 401.
 */
const SIGNED_IN_AUTH_PATHS = new Set([`${AUTH_BASE_PATH}/change-password`]);

/** Sign-in and sign-up bodies are a few hundred bytes; anything near this is not a form. */
const AUTH_BODY_LIMIT = 64 * 1024;

/**
 * The session token lives in an HttpOnly cookie; the library also echoes it in JSON bodies, where page scripts
 * could read it. The site never needs it there, so it is taken out.
 */
function withoutSessionToken(text: string, contentType: string | null): string {
  if (!contentType?.includes('application/json')) return text;
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } | null } | null;
    if (!body || typeof body !== 'object') return text;
    delete body.token;
    if (body.session && typeof body.session === 'object') delete body.session.token;
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; users: UsersService }> = async (app, { auth, users }) => {
  // The library reads the raw body itself; this scope hands it over untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    // Documented path by path from the library's own description (auth-openapi.ts).
    schema: { hide: true },
    handler: async (request, reply) => {
      if (SIGNED_IN_AUTH_PATHS.has(request.url.split('?')[0] ?? '')) await app.requireUser.call(app, request, reply);
      const body =
        request.method === 'POST' && Buffer.isBuffer(request.body) && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
      const { result: response, failure } = await watchDatabase(() =>
        auth.handler(
          new Request(`${request.protocol}://${request.host}${request.url}`, {
            method: request.method,
            headers: authHeaders(request),
            body,
          }),
        ),
      );
      if (failure && response.status >= 400) {
        request.log.warn({ status: response.status }, `auth: database ${failure.kind}`);
        throw new AppError('UNAVAILABLE', failure.message);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
      });
      forwardCookies(response.headers, reply);

      const text = await response.text();
      if (response.status >= 400) {
        let parsed: { code?: unknown; message?: unknown } | null;
        try {
          parsed = text ? (JSON.parse(text) as { code?: unknown; message?: unknown }) : null;
        } catch {
          parsed = null;
        }
        // A switched-off or unknown path: the same answer as any other unknown API route.
        if (response.status === 404 && typeof parsed?.code !== 'string') {
          return reply
            .status(404)
            .type('application/json; charset=utf-8')
            .send({ statusCode: 404, code: 'NOT_FOUND', message: `No route matches ${request.method} ${request.url.split('?')[0]}` });
        }
        const retryAfter = Number(response.headers.get('x-retry-after'));
        const error = toApiError(response.status, parsed, Number.isFinite(retryAfter) ? retryAfter : null);
        if (response.status === 429 && Number.isFinite(retryAfter)) reply.header('retry-after', String(retryAfter));
        if (error.statusCode >= 500)
          request.log.error({ status: response.status, body: redactValue(JSON.stringify(parsed)) }, 'auth request failed');
        return reply.status(error.statusCode).type('application/json; charset=utf-8').send(error);
      }
      return reply.send(text === '' ? null : withoutSessionToken(text, response.headers.get('content-type')));
    },
  });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in: the account with its roles and sign-in methods, or null',
        description: 'Answers 200 either way; also extends a session that is due for renewal.',
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
      forwardCookies(result.headers, reply);
      const userId = result.response?.user.id;
      return { user: userId ? await users.me(userId) : null };
    },
  );
};
