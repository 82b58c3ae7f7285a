import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { STATIC_POLICY } from './response-cache';

/** Paths and schemas documented elsewhere (the auth library's endpoints), merged into the document. */
export type ExtraDocument = { paths: Record<string, unknown>; schemas: Record<string, unknown> };

export type OpenApiOptions = {
  /** Called on the first request for the document; its answer is kept (it never changes while the process runs). */
  extra?: () => Promise<ExtraDocument>;
};

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas (register before the routes: it records them
 * as they are added), served at /api/openapi.json.
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, { extra }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Finder API',
          description: 'Catalogue API of the Finder fashion product-finder storefront.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: 'finder.session_token',
              description: 'The session cookie set by signing in (__Secure-finder.session_token over HTTPS)',
            },
          },
        },
        tags: [
          { name: 'auth', description: 'Accounts, sign-in and sessions' },
          { name: 'catalogue', description: 'Products and the finder' },
          { name: 'categories', description: 'Product categories' },
          { name: 'admin', description: 'Catalogue management: products, categories and images (admins only)' },
          { name: 'users', description: 'Accounts and their roles (admins only)' },
          { name: 'bulk-ops', description: 'Bulk catalogue maintenance (developers only)' },
          { name: 'analytics', description: 'Outbound clicks and page views: recording (public) and figures (admins only)' },
          { name: 'favorites', description: "A visitor's saved finds, their merge at sign-in and the read-only share link" },
          { name: 'requests', description: "Visitors' item requests and broken-link reports (public, rate-limited); their queues are under admin" },
          { name: 'currencies', description: 'The base currency and the display currencies\' rates (their admin routes are under admin)' },
          { name: 'site', description: 'Health and public settings' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    let extraDocument: Promise<ExtraDocument> | undefined;
    app.get(
      '/api/openapi.json',
      { config: { publicCache: STATIC_POLICY }, schema: { tags: ['site'], summary: 'This OpenAPI 3.1 document, generated from the route schemas' } },
      async () => {
        const doc = app.swagger() as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
        if (!extra) return doc;
        extraDocument ??= extra().catch((err: unknown) => {
          extraDocument = undefined;
          throw err;
        });
        const more = await extraDocument;
        return {
          ...doc,
          paths: { ...doc.paths, ...more.paths },
          components: { ...doc.components, schemas: { ...doc.components?.schemas, ...more.schemas } },
        };
      },
    );
  },
  { name: 'finder-openapi' },
);
