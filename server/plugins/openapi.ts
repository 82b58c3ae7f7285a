import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSchemas } from '../../common/schemas/registry';
import { STATIC_POLICY } from './cache-policy';

/** Paths and schemas documented elsewhere (the auth library's endpoints), merged into the document. */
export type ExtraDocument = { paths: Record<string, unknown>; schemas: Record<string, unknown> };

export type OpenApiOptions = {
  /** Called on the first request for the document; its answer is kept (it never changes while the process runs). */
  extra?: () => Promise<ExtraDocument>;
};

type Metadata = Record<string, unknown>;

/**
 * A documented file download: the answer's content types, each a byte stream (JSON Schema 2020-12 describes no
 * binary; `contentMediaType` names what the bytes are).
 */
export function downloadResponse(description: string, contentTypes: readonly string[], parsed: Record<string, z.ZodType> = {}) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((full) => {
        // A media type's parameters (charset) belong to the answer's header, not to the document's key.
        const type = full.split(';')[0]!.trim();
        return [type, { schema: parsed[type] ?? z.string().meta({ contentMediaType: type }) }];
      }),
    ),
  };
}

/** A schema's metadata: its id from our registry, the rest from zod's global one (whose ids are never read). */
class DocumentMetadata extends WeakMap<object, Metadata> {
  constructor(
    private readonly named: WeakMap<object, Metadata>,
    private readonly global: WeakMap<object, Metadata>,
  ) {
    super();
  }
  override get(schema: object): Metadata | undefined {
    const own = this.named.get(schema);
    const global = this.global.get(schema);
    if (!global) return own;
    const { id: _ignored, ...rest } = global;
    return { ...rest, ...own };
  }
  override has(schema: object): boolean {
    return this.named.has(schema) || this.global.has(schema);
  }
}

/**
 * The registry the document is generated from: the components named in this process's copy of `apiSchemas` (read
 * live, so a schema named later is documented too), with the descriptions and formats zod keeps in its global
 * registry (`common/schemas/registry.ts` says why). An id in the global registry (another copy of `common/`, or a
 * library) is never read, so it cannot clash with ours.
 */
export function documentRegistry(named: z.core.$ZodRegistry<{ id: string }> = apiSchemas): z.core.$ZodRegistry<Metadata> {
  const registry = z.registry<Metadata>();
  registry._map = new DocumentMetadata(named._map, z.globalRegistry._map);
  registry._idmap = named._idmap as Map<string, z.core.$ZodType>;
  return registry;
}

type OpenApiOperation = { operationId?: string; security?: unknown; responses?: Record<string, unknown>; [key: string]: unknown };
type OpenApiDocument = {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** 'GET /api/admin/products/{id}/qc-photos' → 'getAdminProductsIdQcPhotos': one name per operation, for generated clients. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Any request may be shed under load or meet a database that is away (plugins/back-pressure.ts, db/availability.ts). */
const UNAVAILABLE_RESPONSE = {
  description: 'The server is busy or cannot reach its database just now; Retry-After gives the seconds to wait',
  headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const CHANGES_DATA = new Set(['post', 'put', 'patch', 'delete']);

/** Every data-changing request must come from the site's own pages (plugins/csrf.ts). */
const CROSS_SITE_RESPONSE = {
  description: "Refused: the request came from another site (its Origin is not this site's)",
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/**
 * What every operation carries whatever its route says: a name (operationId), its security (none for public
 * routes, said explicitly), and the 503 any request may meet; the site as the document's server.
 */
export function finishDocument<T extends OpenApiDocument>(doc: T): T {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) {
        paths[path][method] = operation;
        continue;
      }
      paths[path][method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, path),
        security: operation.security ?? [],
        responses: {
          ...operation.responses,
          ...(CHANGES_DATA.has(method) && !operation.responses?.['403'] ? { 403: CROSS_SITE_RESPONSE } : {}),
          503: operation.responses?.['503'] ?? UNAVAILABLE_RESPONSE,
        },
      };
    }
  }
  return { ...doc, servers: [{ url: '/', description: 'This site' }], paths, components: usedComponents(doc.components, paths) };
}

/**
 * The components some operation refers to, directly or through another component. The type provider writes an
 * input and an output copy of every named schema; most are used one way only.
 */
function usedComponents(components: OpenApiDocument['components'], paths: unknown): OpenApiDocument['components'] {
  const schemas = components?.schemas ?? {};
  const used = new Set<string>();
  const PREFIX = '#/components/schemas/';
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(PREFIX)) {
        const name = decodeURIComponent(value.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~');
        if (!used.has(name)) {
          used.add(name);
          walk(schemas[name]);
        }
      } else walk(value);
    }
  };
  walk(paths);
  return { ...components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) };
}

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas (register before the routes: it records them
 * as they are added), served at /api/openapi.json.
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, { extra }) => {
    const registry = documentRegistry();
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
          {
            name: 'requests',
            description: "Visitors' item requests and broken-link reports (public, rate-limited); their queues are under admin",
          },
          { name: 'currencies', description: "The base currency and the display currencies' rates (their admin routes are under admin)" },
          { name: 'site', description: 'Health and public settings' },
        ],
      },
      transform: createJsonSchemaTransform({ schemaRegistry: registry }),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry }),
    });

    let extraDocument: Promise<ExtraDocument> | undefined;
    app.get(
      '/api/openapi.json',
      {
        config: { publicCache: STATIC_POLICY },
        schema: {
          tags: ['site'],
          summary: 'This OpenAPI 3.1 document, generated from the route schemas',
          response: {
            200: { description: 'The document', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } },
          },
        },
      },
      async () => {
        const doc = app.swagger() as OpenApiDocument;
        if (!extra) return finishDocument(doc);
        extraDocument ??= extra().catch((err: unknown) => {
          extraDocument = undefined;
          throw err;
        });
        const more = await extraDocument;
        return finishDocument({
          ...doc,
          paths: { ...doc.paths, ...(more.paths as OpenApiDocument['paths']) },
          components: { ...doc.components, schemas: { ...doc.components?.schemas, ...more.schemas } },
        });
      },
    );
  },
  { name: 'finder-openapi' },
);
