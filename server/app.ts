import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { verifyPassword } from 'better-auth/crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../common/schemas/error';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './errors';
import { loggerOptions } from './logging';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountRepo } from './modules/account/account.repo';
import { createAccountService } from './modules/account/account.service';
import { createAuth, trustedOrigins, type Auth, type AuthSettings } from './modules/auth/auth';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAuditRepo } from './modules/audit/audit.repo';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuthRepo } from './modules/auth/auth.repo';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuthorization, registerCsrfCheck } from './modules/auth/authorize';
import { authOpenApiPaths } from './modules/auth/auth-openapi';
import { bulkOpsRoutes } from './modules/bulk-ops/bulk-ops.routes';
import { createCatalogueRepo } from './modules/catalogue/catalogue.repo';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCategoriesRepo } from './modules/categories/categories.repo';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { createImagesRepo } from './modules/images/images.repo';
import { imagesRoutes } from './modules/images/images.routes';
import { createChangesRepo } from './modules/changes/changes.repo';
import { createImportsRepo } from './modules/imports/imports.repo';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { createImagesService } from './modules/images/images.service';
import type { Mailer } from './modules/mail/mailer';
import { mediaRoutes } from './modules/media/media.routes';
import { siteRoutes } from './modules/site/site.routes';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService, type UsersService } from './modules/users/users.service';
import type { Storage } from './storage/storage';
import { createPageHandler, pagesRoutes } from './modules/pages/pages.routes';
import type { FrontEnd } from './modules/pages/front-end';
import { createPagesService } from './modules/pages/pages.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { createSeoService } from './modules/seo/seo.service';
import { isPageRequest, publicSiteConfig } from './web';

export type RegisteredRoute = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so tests can prove each one is documented and guarded. */
    registeredRoutes: RegisteredRoute[];
    /** The Better Auth instance (main.ts creates the first admin through it). */
    auth: Auth;
    users: UsersService;
  }
}

export type AppOptions = {
  config: Pick<
    Config,
    | 'communityUrl'
    | 'referralUrl'
    | 'discountCode'
    | 'contactEmail'
    | 'logLevel'
    | 'port'
    | 'publicUrl'
    | 'trustedOrigins'
    | 'trustProxy'
    | 'authSecret'
    | 'authRateLimit'
    | 'google'
  > &
    Partial<Pick<Config, 'importAllowPrivateHosts'>>;
  /** The web front end: pages are rendered with it (absent in API-only tests and before a build). */
  frontEnd?: FrontEnd | null | undefined;
  database: Database;
  storage: Storage;
  /** Outgoing mail (main.ts builds it from SMTP_URL and MAIL_FROM); absent or null: no password reset. */
  mailer?: Mailer | null | undefined;
  /** Addresses per product sitemap (tests make it small); the protocol's 50,000 by default. */
  sitemapChunkSize?: number | undefined;
  /**
   * Pino logger settings; tests pass false. An object is laid over `loggerOptions` (redaction and serializers), so
   * a test's own stream or level keeps them.
   */
  logger?: boolean | object;
  /** Sign-in throttle settings other than the defaults (tests: small thresholds and their own clock). */
  signInThrottle?: AuthSettings['signInThrottle'];
};

function errorBody(statusCode: number, code: ApiErrorBody['code'], message: string): ApiErrorBody {
  return { statusCode, code, message };
}

/** Builds the whole server (API, media and front end); main.ts listens on it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, storage } = options;
  const logger: FastifyServerOptions['logger'] =
    options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(typeof options.logger === 'object' ? options.logger : {}) };
  const app = Fastify({
    logger,
    routerOptions: { maxParamLength: 300 },
    bodyLimit: 1024 * 1024,
    // A number means "trust that many proxy hops"; Fastify does this at run time but its types lack it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = options.mailer ?? null;
  const site = publicSiteConfig(config, mailer !== null);

  await app.register(helmet, {
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
    // The site runs on plain http on localhost too; HSTS belongs to the TLS proxy in front of it.
    hsts: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
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
        { name: 'site', description: 'Health and public settings' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
          const text = issue.message ?? 'is not valid';
          return field && !text.startsWith(field) ? `${field}: ${text}` : text;
        })
        .join('; ');
      return reply.status(400).send(errorBody(400, 'VALIDATION', message));
    }
    // PostgreSQL's query_canceled: the statement timeout stopped a query.
    if ((error as { code?: unknown }).code === '57014' || (error.cause as { code?: unknown } | undefined)?.code === '57014') {
      request.log.warn({ err: error }, 'statement timeout');
      return reply.status(503).send(errorBody(503, 'UNAVAILABLE', 'The request took too long. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody(413, 'TOO_LARGE', 'The request is too large'));
    if (status >= 400 && status < 500) {
      const code = status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'VALIDATION';
      return reply.status(status).send(errorBody(status, code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again later.'));
  });

  const usersRepo = createUsersRepo(database);
  const audit = createAuditRepo(database);
  const users = createUsersService(usersRepo, audit);
  const authRepo = createAuthRepo(database);
  const secret = config.authSecret ?? (await authRepo.secret('auth', () => randomBytes(32).toString('base64url')));
  const authSettings = {
    publicUrl: config.publicUrl,
    port: config.port,
    trustedOrigins: config.trustedOrigins,
    secret,
    rateLimitPerMinute: config.authRateLimit,
    google: config.google,
    mailer,
    signInThrottle: options.signInThrottle,
  };
  const auth = createAuth(database, authSettings, app.log, authRepo);
  app.decorate('auth', auth);
  app.decorate('users', users);
  registerAuthorization(app, { auth, users: usersRepo });
  registerCsrfCheck(app, trustedOrigins(authSettings), { ownHost: !config.publicUrl });
  await app.register(authRoutes, { auth, users });
  await app.register(accountRoutes, {
    service: createAccountService({
      repo: createAccountRepo(database),
      verifyPassword: (hash, password) => verifyPassword({ hash, password }),
      mailer,
      log: app.log,
    }),
    users,
    auth,
    origins: trustedOrigins(authSettings),
  });

  const categoriesRepo = createCategoriesRepo(database);
  const catalogueRepo = createCatalogueRepo(database);
  const changes = createChangesRepo(database);
  const catalogue = createCatalogueService(catalogueRepo, categoriesRepo, audit, changes);
  const categoriesService = createCategoriesService(categoriesRepo, audit);
  const imagesService = createImagesService(createImagesRepo(database), storage, audit, app.log);

  await app.register(siteRoutes, { site, database });
  await app.register(catalogueRoutes, { service: catalogue });
  await app.register(categoriesRoutes, { service: categoriesService });
  await app.register(imagesRoutes, { service: imagesService });
  const imports = createImportsService({
    repo: createImportsRepo(database),
    changes,
    audit,
    storage,
    log: app.log,
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
  });
  await app.register(importsRoutes, { service: imports });
  await app.register(mediaRoutes, { storage });
  await app.register(auditRoutes, { repo: audit });
  await app.register(usersAdminRoutes, { database, audit });
  await app.register(bulkOpsRoutes, { database });
  await app.register(analyticsRoutes, { database, secret });
  await app.register(seoRoutes, {
    service: createSeoService({ catalogue: catalogueRepo, categories: categoriesRepo }, options.sitemapChunkSize),
    publicUrl: config.publicUrl,
  });

  // The auth library's part of the document never changes while the process runs: built once.
  let authDocument: ReturnType<typeof authOpenApiPaths> | undefined;
  app.get(
    '/api/openapi.json',
    { schema: { tags: ['site'], summary: 'This OpenAPI 3.1 document, generated from the route schemas' } },
    async () => {
      const doc = app.swagger() as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
      authDocument ??= authOpenApiPaths(auth).catch((err: unknown) => {
        authDocument = undefined;
        throw err;
      });
      const authDoc = await authDocument;
      return {
        ...doc,
        paths: { ...doc.paths, ...authDoc.paths },
        components: { ...doc.components, schemas: { ...doc.components?.schemas, ...authDoc.schemas } },
      };
    },
  );

  const frontEnd = options.frontEnd ?? null;
  let renderPage: ReturnType<typeof createPageHandler> | null = null;
  if (frontEnd) {
    await frontEnd.register(app);
    renderPage = createPageHandler({
      frontEnd,
      service: createPagesService({ catalogue, categories: categoriesService, log: app.log }),
      site,
      auth,
      publicUrl: config.publicUrl,
    });
    await app.register(pagesRoutes, { handler: renderPage });
  }

  app.setNotFoundHandler((request, reply) => {
    if (renderPage && isPageRequest(request.method, request.url)) return renderPage(request, reply);
    return reply
      .status(404)
      .send(errorBody(404, 'NOT_FOUND', `No route matches ${request.method} ${request.url.split('?')[0]}`));
  });

  return app;
}
