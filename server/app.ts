import type { CurrencyCode } from '../common/currency';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { composeServices, type CompositionDeps, type Services } from './composition';
import { DEFAULT_BACK_PRESSURE, type BackPressureSettings, type Config } from './config';
import type { Database } from './db/client';
import { CATALOGUE_CHANNEL } from './db/listen';
import { guidesRoutes } from './modules/guides/guides.routes';
import { loggerOptions } from './logging';
import { accountRoutes } from './modules/account/account.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import type { AnalyticsRules } from './modules/analytics/analytics.service';
import { auditRoutes } from './modules/audit/audit.routes';
import type { Auth, AuthSettings } from './modules/auth/auth';
import { authOpenApiPaths } from './modules/auth/auth-openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { bulkOpsRoutes } from './modules/bulk-ops/bulk-ops.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { synonymsRoutes } from './modules/synonyms/synonyms.routes';
import { currencyRoutes } from './modules/currency/currency.routes';
import { recentlyViewedRoutes } from './modules/recently-viewed/recently-viewed.routes';
import { priceAlertsRoutes } from './modules/price-history/price-alerts.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { storefrontSettingsRoutes } from './modules/catalogue/storefront-settings.routes';
import { importSourcesRoutes } from './modules/imports/import-sources.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import type { Mailer } from './modules/mail/mailer';
import { mediaRoutes } from './modules/media/media.routes';
import type { FrontEnd } from './modules/pages/front-end';
import { createPageHandler, pagesRoutes } from './modules/pages/pages.routes';
import { loadAllCatalogues, requestLanguage, withLanguage } from './i18n';
import { LANGUAGE_HEADER } from '../common/i18n';
import { GUIDE_SUGGESTIONS_MAX, guidePath } from '../common/guides';
import { requestsRoutes } from './modules/requests/requests.routes';
import { convertRoutes } from './modules/convert/convert.routes';
import { photoSearchRoutes } from './modules/photo-search/photo-search.routes';
import { linkHealthRoutes } from './modules/link-health/link-health.routes';
import { qcRoutes } from './modules/qc/qc.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { ownerSetupRoutes } from './modules/setup/owner-setup.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { siteRoutes } from './modules/site/site.routes';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import type { UsersService } from './modules/users/users.service';
import { AccessLog } from './plugins/access-log';
import { backPressure } from './plugins/back-pressure';
import { compression } from './plugins/compression';
import { registerCsrfCheck } from './plugins/csrf';
import { registerMultipart } from './plugins/multipart';
import { BAD_ADDRESS_MESSAGE, errorBody, errorHandler } from './plugins/error-handler';
import { openApi } from './plugins/openapi';
import { answeringFromMemoryFirst, responseCache, type ResponseCache } from './plugins/response-cache';
import { registerAuthorization } from './plugins/role-guard';
import { securityHeaders } from './plugins/security-headers';
import type { Storage } from './storage/storage';
import { isPageRequest, publicSiteConfig } from './web';

export type RegisteredRoute = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so tests can prove each one is documented and guarded. */
    registeredRoutes: RegisteredRoute[];
    /** The Better Auth instance (main.ts creates the first admin through it). */
    auth: Auth;
    users: UsersService;
    /** Every repo and service of this app, built once by the composition root (main.ts starts tasks with them). */
    services: Services;
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
  > & {
    importAllowPrivateHosts?: boolean | undefined;
    importShortLinkHosts?: string[] | undefined;
    /** CHANGE_TIMEOUT_MS (60 s when absent; tests make it small). */
    changeTimeoutMs?: number | undefined;
    baseCurrency?: CurrencyCode | undefined;
    ratesUrl?: string | undefined;
    guideLinkRel?: string | undefined;
    /** The link checks' settings (LINK_* and MARKETPLACE_*_URL); absent: the defaults at the real marketplaces. */
    linkHealth?: CompositionDeps['config']['linkHealth'];
    /** ALERTS_CRON: when the alert mails look for due work (DEFAULT_ALERTS_CRON when absent). */
    alertsCron?: string | undefined;
  };
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
  /** Load shedding (server/plugins/back-pressure.ts); DEFAULT_BACK_PRESSURE when absent. */
  backPressure?: BackPressureSettings | undefined;
  /** Sign-in throttle settings other than the defaults (tests: small thresholds and their own clock). */
  signInThrottle?: AuthSettings['signInThrottle'];
  /** Analytics counting rules other than the defaults (tests). */
  analyticsRules?: Partial<AnalyticsRules>;
  /**
   * The job queue (server/jobs): main.ts asks for the cron schedules of the periodic tasks; tests leave them out
   * (they call the handlers) and poll often.
   */
  jobs?: { schedules?: boolean; pollingIntervalSeconds?: number } | undefined;
  /** Memory for shared public answers (RESPONSE_CACHE_MB); absent or 0: none kept (API tests, unless they test it). */
  responseCacheBytes?: number;
};

/** Builds the whole server (API, media and front end); main.ts listens on it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, storage } = options;
  const logger: FastifyServerOptions['logger'] =
    options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(typeof options.logger === 'object' ? options.logger : {}) };
  // Kept public answers (API and pages) go out from the server's request event, before Fastify's work
  // (response-cache.ts, answeringFromMemoryFirst).
  let memory: ResponseCache | null = null;
  const app = Fastify({
    serverFactory: answeringFromMemoryFirst(() => memory),
    logger,
    routerOptions: { maxParamLength: 300 },
    // An address that is not valid UTF-8 once decoded (/brands/a%FF): Fastify's own answer had another shape
    // ({ error, code: 'FST_ERR_BAD_URL' }); it is one of ours, a 400 with a sentence, like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const body =
        (error as { code?: string }).code === 'FST_ERR_BAD_URL'
          ? errorBody(400, 'VALIDATION', BAD_ADDRESS_MESSAGE)
          : errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
      (reply as FastifyReply).status(body.statusCode).header('cache-control', 'no-store').send(body);
    },
    // One line per request that did work (plugins/access-log.ts), instead of Fastify's two for every request.
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // A number means "trust that many proxy hops"; Fastify does this at run time but its types lack it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.decorateRequest('answeredWithoutWork', false);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every language's texts (server/i18n.ts): pages, API answers and mails are written in them.
  await loadAllCatalogues();
  const mailer = options.mailer ?? null;
  const site = publicSiteConfig(config, mailer !== null);

  const services = await composeServices({
    config,
    database,
    storage,
    mailer,
    site,
    log: app.log,
    signInThrottle: options.signInThrottle,
    sitemapChunkSize: options.sitemapChunkSize,
    analyticsRules: options.analyticsRules,
    jobs: { pollingIntervalSeconds: options.jobs?.pollingIntervalSeconds },
  });
  const { auth } = services;
  app.decorate('services', services);
  app.decorate('auth', auth);
  app.decorate('users', services.users);

  // Cross-cutting parts first (server/plugins), so they apply to every route registered after them. The cache
  // answers kept pages before load shedding counts the request: under a crowd they keep coming.
  await app.register(responseCache, {
    maxBytes: options.responseCacheBytes ?? 0,
    subscribe: (onChange) => database.listen(CATALOGUE_CHANNEL, onChange),
  });
  memory = app.responseCache;
  // The finder's searches answer from memory between the catalogue's notifications (decision 0071).
  app.addHook('onClose', () => services.finder.close());
  await app.register(backPressure, options.backPressure ?? DEFAULT_BACK_PRESSURE);
  // A change from a page in another language is answered in it, and any mail it sends is written in it (issue 41):
  // the rest of the request runs in that language's scope (server/i18n.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    const lang = requestLanguage(request.method, request.headers[LANGUAGE_HEADER]);
    if (lang) withLanguage(lang, done);
    else done();
  });
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(openApi, { extra: () => authOpenApiPaths(auth) });
  await app.register(errorHandler);
  await registerMultipart(app);
  registerAuthorization(app, { auth });
  registerCsrfCheck(app, services.origins, { ownHost: !config.publicUrl });

  // Each routes plugin gets its service from the composition root; none builds its own.
  await app.register(authRoutes, { auth, users: services.users });
  await app.register(accountRoutes, { service: services.account, users: services.users, auth, origins: services.origins });
  await app.register(siteRoutes, { service: services.site });
  await app.register(catalogueRoutes, {
    finder: services.finder,
    admin: services.catalogueAdmin,
    guideSuggestions: async (text, lang) =>
      (await services.guides.matching(text, lang, GUIDE_SUGGESTIONS_MAX)).map((g) => ({ title: g.title, path: guidePath(g.slug) })),
  });
  await app.register(categoriesRoutes, { service: services.categories });
  await app.register(agentsRoutes, { service: services.agents });
  await app.register(synonymsRoutes, { service: services.synonyms });
  await app.register(currencyRoutes, { service: services.currency });
  await app.register(favoritesRoutes, { service: services.favorites });
  await app.register(priceAlertsRoutes, { service: services.priceAlerts });
  await app.register(savedSearchesRoutes, { service: services.savedSearches });
  await app.register(recentlyViewedRoutes, { service: services.recentlyViewed });
  await app.register(imagesRoutes, { service: services.images, refetches: services.pictureRefetches });
  await app.register(storefrontSettingsRoutes, { service: services.storefrontSettings });
  await app.register(qcRoutes, { service: services.qc });
  await app.register(importsRoutes, { service: services.imports });
  await app.register(importSourcesRoutes, { service: services.importSources });
  await app.register(mediaRoutes, { storage });
  await app.register(auditRoutes, { service: services.audit });
  await app.register(usersAdminRoutes, { service: services.usersAdmin });
  await app.register(bulkOpsRoutes, { service: services.bulkOps });
  await app.register(jobsRoutes, { jobs: services.jobs, alerts: services.alertsRun });
  await app.register(analyticsRoutes, { service: services.analytics });
  await app.register(requestsRoutes, { service: services.requests });
  await app.register(convertRoutes, { service: services.convert });
  await app.register(photoSearchRoutes, { service: services.photoSearch });
  await app.register(linkHealthRoutes, { service: services.linkHealth });
  await app.register(setupRoutes, { service: services.setup });
  await app.register(ownerSetupRoutes, { service: services.ownerSetup });
  await app.register(seoRoutes, { service: services.seo, publicUrl: config.publicUrl });
  await app.register(guidesRoutes, { service: services.guides, publicUrl: config.publicUrl });

  const frontEnd = options.frontEnd ?? null;
  let renderPage: ReturnType<typeof createPageHandler> | null = null;
  if (frontEnd) {
    await frontEnd.register(app);
    renderPage = createPageHandler({ frontEnd, service: services.pages, site, auth, publicUrl: config.publicUrl });
    await app.register(pagesRoutes, { handler: renderPage, publicUrl: config.publicUrl });
  }

  // The job queue runs with the app and stops on its close, after the imports under way stopped between batches.
  await services.jobs.start({ schedules: options.jobs?.schedules ?? false, abandonActive: database.kind === 'pglite' });
  // Imports left running by a process that is gone end now (on PGlite, the one process, every one of them).
  await services.imports.recover(database.kind === 'pglite');
  app.addHook('onClose', async () => {
    await services.imports.close();
    await services.jobs.stop();
  });

  app.setNotFoundHandler((request, reply) => {
    if (renderPage && isPageRequest(request.method, request.url)) return renderPage(request, reply);
    return reply.status(404).send(errorBody(404, 'NOT_FOUND', `No route matches ${request.method} ${request.url.split('?')[0]}`));
  });

  return app;
}
