import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Cross-Origin-Resource-Policy of public pictures: stored media (originals, thumbnails, link-preview JPEGs) and the
 * site's own preview picture. Any site may show them in an <img> (a chat's preview, a blog quoting a product);
 * helmet's `same-origin` stays on every other answer (pages, the API, errors).
 */
export const EMBEDDABLE_PICTURE_CORP = 'cross-origin';

/**
 * Security headers on every answer: a strict Content-Security-Policy (the pages inline only styles and JSON data,
 * never scripts), no framing, no MIME sniffing. HSTS is left to the TLS proxy in front: the site also runs on
 * plain http on localhost. Helmet's middleware is made once and run on each request (its Fastify wrapper made it
 * again, directives parsed anew, for every request: a tenth of a search's garbage).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const apply = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      hsts: false,
    });
    app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  },
  { name: 'finder-security-headers' },
);
