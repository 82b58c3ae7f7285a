import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from '../../common/constants';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A data-changing route that any site may call: what it does is authorised by a secret in the request itself (the
     * one-click unsubscribe's signed token, RFC 8058), never by the caller's cookie, so there is nothing to forge.
     * Mail programs post it from their own origin or with `Origin: null`.
     */
    anyOrigin?: boolean;
  }
}

/**
 * CSRF protection for every route of the site (the auth library guards its own): a browser request that
 * changes data must come from this site. Browsers always send Origin on such requests; Sec-Fetch-Site covers
 * the rest. Requests from non-browser clients carry neither and pass (they hold no victim's cookie).
 *
 * `ownHost`: also accept an Origin equal to the request's own Host. Only for a site without PUBLIC_URL (reached
 * as localhost, 127.0.0.1 or a LAN address); with PUBLIC_URL set the Host header is the client's to choose (a
 * proxy passing it through, DNS rebinding), so only the configured origins count.
 */
export function registerCsrfCheck(app: FastifyInstance, trusted: readonly string[], options: { ownHost: boolean }): void {
  const trustedSet = new Set(trusted);
  app.addHook('onRequest', async (request) => {
    // Decided on the matched route, not the raw URL: the router decodes %-escapes (/%61pi/... is /api/...).
    if (SAFE_METHODS.has(request.method) || request.routeOptions.url === `${AUTH_BASE_PATH}/*`) return;
    if (request.routeOptions.config.anyOrigin === true) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (trustedSet.has(origin)) return;
      if (options.ownHost && origin === `${request.protocol}://${request.host}`) return;
      throw new AppError('FORBIDDEN', 'This request came from another site, so it was refused.');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('FORBIDDEN', 'This request came from another site, so it was refused.');
    }
  });
}
