import { randomBytes } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BASE_CURRENCY, type CurrencyCode } from '../common/currency';
import type { SiteConfig } from '../common/schemas/site';
import { DEFAULT_ALERTS_CRON, type Config, type LinkHealthConfig } from './config';
import { DEFAULT_CHANGE_TIMEOUT_MS } from './db/types';
import type { Database } from './db/client';
import { CATALOGUE_CHANNEL } from './db/listen';
import { PHOTO_RATE_LIMIT, PHOTO_RATE_WINDOW_SECONDS, PHOTO_SITE_LIMIT } from '../common/photo-search';
import { hashMatcher } from './modules/photo-search/image-embedder';
import { createPhotoSearchRepo } from './modules/photo-search/photo-search.repo';
import { createPhotoSearchService } from './modules/photo-search/photo-search.service';

/** Search by photo's limits: per client and for the whole site, in their own counters. */
const PHOTO_RULES = { rateLimit: PHOTO_RATE_LIMIT, rateWindowSeconds: PHOTO_RATE_WINDOW_SECONDS, siteLimit: PHOTO_SITE_LIMIT };
import { createUnitOfWork } from './db/unit-of-work';
import { createJobQueue, type JobQueueOptions } from './jobs/job-queue';
import { productSourcesHandler } from './modules/agents/product-sources.job';
import { analyticsSweepHandler } from './modules/analytics/analytics-sweep.job';
import { DEFAULT_SIGN_IN_THROTTLE } from './modules/auth/auth';
import { sessionsSweepHandler } from './modules/auth/sessions-sweep.job';
import { changeLogPruneHandler } from './modules/catalogue/change-log-prune.job';
import { ratesRefreshHandler } from './modules/currency/rates-refresh.job';
import { guidePublishHandler } from './modules/guides/guide-publish.job';
import { fileRemovalsHandler } from './modules/images/file-removals.job';
import { pictureHashesHandler } from './modules/images/picture-hashes.job';
import { createPictureRefetches } from './modules/images/picture-refetches';
import { createStorefrontSettingsRepo } from './modules/catalogue/storefront-settings.repo';
import { createStorefrontSettingsService } from './modules/catalogue/storefront-settings.service';
import { pictureRefetchHandler } from './modules/images/picture-refetches.job';
import { importPicturesHandler } from './modules/imports/import-pictures.job';
import { importRowsHandler } from './modules/imports/import-rows.job';
import { sheetSyncsHandler } from './modules/imports/sheet-syncs.job';
import { linkChecksHandler } from './modules/link-health/link-checks.job';
import { priceDigestHandler } from './modules/price-history/price-digest.job';
import { createAccountRepo } from './modules/account/account.repo';
import { createAccountService } from './modules/account/account.service';
import { createAgentsRepo } from './modules/agents/agents.repo';
import { createAgentsService } from './modules/agents/agents.service';
import { createSynonymsRepo } from './modules/synonyms/synonyms.repo';
import { createSynonymsService } from './modules/synonyms/synonyms.service';
import { createProductSourcesRepo } from './modules/agents/product-sources.repo';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo';
import { createAnalyticsService, type AnalyticsRules } from './modules/analytics/analytics.service';
import { createAuditRepo } from './modules/audit/audit.repo';
import { createAuditService } from './modules/audit/audit.service';
import { adminAccountOps, createAuth, trustedOrigins, type AuthSettings } from './modules/auth/auth';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createSignInThrottleRepo } from './modules/auth/sign-in-throttle.repo';
import { createBulkOpsRepo } from './modules/bulk-ops/bulk-ops.repo';
import { createBulkOpsService } from './modules/bulk-ops/bulk-ops.service';
import { createCatalogueRepo } from './modules/catalogue/catalogue.repo';
import { createCatalogueAdminService } from './modules/catalogue/catalogue.service';
import { createFinderService } from './modules/catalogue/finder.service';
import { toProduct } from './modules/catalogue/product-answers';
import { createCategoriesRepo } from './modules/categories/categories.repo';
import { createCategoriesService } from './modules/categories/categories.service';
import { createChangesRepo } from './modules/changes/changes.repo';
import { createCurrencyRepo } from './modules/currency/currency.repo';
import { createCurrencyService } from './modules/currency/currency.service';
import { createFavoritesRepo } from './modules/favorites/favorites.repo';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createFileRemovals } from './modules/images/file-removals';
import { createFileRemovalsRepo } from './modules/images/file-removals.repo';
import { createImagesRepo } from './modules/images/images.repo';
import { createImagesService } from './modules/images/images.service';
import { createImportsRepo } from './modules/imports/imports.repo';
import { createImportSourcesRepo } from './modules/imports/import-sources.repo';
import { createImportSourcesService } from './modules/imports/import-sources.service';
import { createImportsService } from './modules/imports/imports.service';
import { importBatchTargetMs } from './modules/imports/import-runner';
import type { Mailer } from './modules/mail/mailer';
import { createPriceAlertsRepo } from './modules/price-history/price-history.repo';
import { createPriceAlertsService } from './modules/price-history/price-alerts.service';
import { createSavedSearchesRepo } from './modules/saved-searches/saved-searches.repo';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service';
import { savedSearchMailsHandler } from './modules/saved-searches/saved-search-mails.job';
import { createRecentlyViewedRepo } from './modules/recently-viewed/recently-viewed.repo';
import { createRecentlyViewedService } from './modules/recently-viewed/recently-viewed.service';
import { createAlertsRunService } from './modules/jobs/alerts-run.service';
import { createPagesService } from './modules/pages/pages.service';
import { createRequestsRepo } from './modules/requests/requests.repo';
import { createRequestsService } from './modules/requests/requests.service';
import { createConvertService } from './modules/convert/convert.service';
import { followShortLink } from './modules/imports/short-links';
import { DEFAULT_SHORT_LINK_HOSTS } from '../common/import-mapping';
import { DEFAULT_BRAND_ALIASES } from '../common/import-derive';
import { createQcRepo } from './modules/qc/qc.repo';
import { createQcService } from './modules/qc/qc.service';
import { createSeoService } from './modules/seo/seo.service';
import { createOwnerSetupRepo } from './modules/setup/owner-setup.repo';
import { createOwnerSetupService } from './modules/setup/owner-setup.service';
import { createSetupRepo } from './modules/setup/setup.repo';
import { createSetupService } from './modules/setup/setup.service';
import { createSiteRepo } from './modules/site/site.repo';
import { createSiteService } from './modules/site/site.service';
import { createUsersAdminService } from './modules/users/users-admin.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService } from './modules/users/users.service';
import type { Storage } from './storage/storage';
import { createLinkHealthRepo } from './modules/link-health/link-health.repo';
import { createLinkHealthService, type LinkHealthSettings } from './modules/link-health/link-health.service';
import { kickLinkChecks } from './modules/link-health/link-checks.job';
import { marketplaceBasesFrom } from './modules/link-health/marketplace-rules';
import { createGuidesRepo } from './modules/guides/guides.repo';
import { createGuidesService } from './modules/guides/guides.service';
import { schedulePublishing } from './modules/guides/guide-publish.job';
import { putBackGuidesDeletedIn } from './modules/guides/guides-change-undo';
import { GUIDES_SITEMAP_PATH } from './modules/guides/guides-feed';

export type CompositionDeps = {
  config: Pick<Config, 'publicUrl' | 'port' | 'trustedOrigins' | 'authSecret' | 'authRateLimit' | 'google'> & {
    importAllowPrivateHosts?: boolean | undefined;
    importShortLinkHosts?: string[] | undefined;
    changeTimeoutMs?: number | undefined;
    /** BASE_CURRENCY (USD when absent) and RATES_URL (none when absent). */
    baseCurrency?: CurrencyCode | undefined;
    ratesUrl?: string | undefined;
    /** rel of a guide's external links (GUIDE_LINK_REL); absent: "noopener nofollow ugc". */
    guideLinkRel?: string | undefined;
    /** The link checks' settings (config.ts); absent: the defaults, at the real marketplaces. */
    linkHealth?: (Partial<Omit<LinkHealthSettings, 'allowPrivate'>> & Partial<LinkHealthConfig>) | undefined;
    /** ALERTS_CRON (config.ts): when the alert mails look for due work; absent: DEFAULT_ALERTS_CRON. */
    alertsCron?: string | undefined;
  };
  database: Database;
  storage: Storage;
  mailer: Mailer | null;
  site: SiteConfig;
  log: FastifyBaseLogger;
  signInThrottle?: AuthSettings['signInThrottle'];
  sitemapChunkSize?: number | undefined;
  analyticsRules?: Partial<AnalyticsRules> | undefined;
  jobs?: JobQueueOptions | undefined;
};

/** The repos a change may use, built on one transaction's handle by the unit of work. */
export function changeReposOn(database: Database) {
  return {
    account: createAccountRepo(database),
    agents: createAgentsRepo(database),
    audit: createAuditRepo(database),
    bulkOps: createBulkOpsRepo(database),
    catalogue: createCatalogueRepo(database),
    categories: createCategoriesRepo(database),
    changes: createChangesRepo(database),
    currency: createCurrencyRepo(database),
    imports: createImportsRepo(database),
    importSources: createImportSourcesRepo(database),
    fileRemovals: createFileRemovalsRepo(database),
    images: createImagesRepo(database),
    productSources: createProductSourcesRepo(database),
    qc: createQcRepo(database),
    requests: createRequestsRepo(database),
    setup: createSetupRepo(database),
    synonyms: createSynonymsRepo(database),
    users: createUsersRepo(database),
    linkHealth: createLinkHealthRepo(database),
    guides: createGuidesRepo(database),
    savedSearches: createSavedSearchesRepo(database),
    storefrontSettings: createStorefrontSettingsRepo(database),
  };
}

/**
 * The composition root: every repo and service of the server, built once from the database, storage, mailer and
 * settings. app.ts hands each routes plugin its service; main.ts gives the start-up tasks theirs. Nothing else
 * builds a repo or a service, so one process has one of each and a test can see the whole graph here.
 */
export async function composeServices(deps: CompositionDeps) {
  const { config, database, storage, mailer, site, log } = deps;
  // The one job queue (server/jobs): services define their queues' handlers on it; app.ts starts and stops it.
  const jobs = createJobQueue(database, log, deps.jobs);
  // Long change statements (undo, bulk item actions, an import's batches) run under this limit of their own.
  const changeLimit = { timeoutMs: config.changeTimeoutMs ?? DEFAULT_CHANGE_TIMEOUT_MS };

  const photoSearchRepo = createPhotoSearchRepo(database);
  const repos = {
    account: createAccountRepo(database),
    agents: createAgentsRepo(database),
    productSources: createProductSourcesRepo(database),
    priceAlerts: createPriceAlertsRepo(database),
    analytics: createAnalyticsRepo(database),
    audit: createAuditRepo(database),
    auth: createAuthRepo(database),
    bulkOps: createBulkOpsRepo(database),
    catalogue: createCatalogueRepo(database),
    categories: createCategoriesRepo(database),
    changes: createChangesRepo(database),
    currency: createCurrencyRepo(database),
    favorites: createFavoritesRepo(database),
    recentlyViewed: createRecentlyViewedRepo(database),
    savedSearches: createSavedSearchesRepo(database),
    fileRemovals: createFileRemovalsRepo(database),
    images: createImagesRepo(database),
    imports: createImportsRepo(database),
    importSources: createImportSourcesRepo(database),
    qc: createQcRepo(database),
    requests: createRequestsRepo(database),
    signInThrottle: createSignInThrottleRepo(database),
    setup: createSetupRepo(database),
    ownerSetup: createOwnerSetupRepo(database),
    site: createSiteRepo(database),
    synonyms: createSynonymsRepo(database),
    users: createUsersRepo(database),
    linkHealth: createLinkHealthRepo(database),
    guides: createGuidesRepo(database),
  };

  // A change's repos on one transaction (decision 0065): services run their changes through `transaction`.
  const { transaction } = createUnitOfWork(database, changeReposOn);
  const changing = { transaction, limit: changeLimit };

  // Without AUTH_SECRET the secret is made once and kept in the database, so every process shares it.
  const secret = config.authSecret ?? (await repos.auth.secret('auth', () => randomBytes(32).toString('base64url')));
  const authSettings: AuthSettings = {
    publicUrl: config.publicUrl,
    port: config.port,
    trustedOrigins: config.trustedOrigins,
    secret,
    rateLimitPerMinute: config.authRateLimit,
    google: config.google,
    mailer,
    signInThrottle: deps.signInThrottle,
  };
  const auth = createAuth(database, authSettings, log, { resetMails: repos.auth, throttle: repos.signInThrottle });
  const usersService = createUsersService(repos.users, transaction);

  // The catalogue's two services over one repo: the finder's (public search, listing, product pages) and the admin's
  // (the admin list, export, item writes, bulk actions).
  const finder = createFinderService(repos.catalogue, repos.categories, {
    subscribe: (onChange) => database.listen(CATALOGUE_CHANNEL, onChange),
  });
  // The site's own origins: a pasted product address in a guide's text is that product's card (issue 43).
  const guideOrigins = [config.publicUrl ?? `http://localhost:${config.port}`];
  const catalogueAdmin = createCatalogueAdminService(repos.catalogue, repos.categories, changing, (tx, changeId, actor) =>
    putBackGuidesDeletedIn(tx, changeId, actor, guideOrigins),
  );
  const categories = createCategoriesService(repos.categories, transaction);
  const favorites = createFavoritesService(repos.favorites, repos.catalogue, { alertsAvailable: mailer !== null });
  const analytics = createAnalyticsService(repos.analytics, { secret, ...(deps.analyticsRules ? { rules: deps.analyticsRules } : {}) });
  const agents = createAgentsService(repos.agents, transaction);
  // Stored files to remove, tried again until the storage lets them go (main.ts sweeps them, issue 25).
  const fileRemovals = createFileRemovals(repos.fileRemovals, storage, log);
  const currency = createCurrencyService(repos.currency, transaction, {
    base: config.baseCurrency ?? DEFAULT_BASE_CURRENCY,
    feed: config.ratesUrl ? { url: config.ratesUrl, allowPrivate: config.importAllowPrivateHosts ?? false } : undefined,
  });
  const imports = createImportsService({
    brandAliases: async () => (await repos.synonyms.brandAliases()) ?? [...DEFAULT_BRAND_ALIASES],
    repo: repos.imports,
    unitOfWork: changing,
    storage,
    log,
    removals: fileRemovals,
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
    batchTargetMs: importBatchTargetMs(database),
    jobs,
    shortLinkHosts: config.importShortLinkHosts,
    currency: {
      base: currency.base,
      rates: async () => Object.fromEntries((await currency.rates()).rates.map((r) => [r.currency, r.rate])),
    },
  });

  // "Fetch pictures again" (issue 40): for an item, a selection or an import, by jobs as an import's pictures are.
  const pictureRefetches = createPictureRefetches({
    transaction,
    storage,
    log,
    removals: fileRemovals,
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
    jobs,
  });

  // Synced sheets (issue 26): each run is an import; the sheet-syncs job runs the due ones.
  const importSources = createImportSourcesService({
    repo: repos.importSources,
    imports,
    transaction,
    log,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
  });

  // Guides (issue 43): articles with product cards; a scheduled one is published by the guide-publish job.
  const guides = createGuidesService({
    repo: repos.guides,
    transaction,
    schedulePublish: schedulePublishing(jobs),
    products: (numbers, lang) => finder.productsByNumbers(numbers, lang),
    origins: guideOrigins,
    externalRel: config.guideLinkRel,
  });

  // What the alert mails share: the mailer, the key that signs their unsubscribe links, the site's address for their
  // links, and the prices in the recipient's currency.
  const alertMail = {
    mailer,
    secret,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
    base: currency.base,
    rates: async () => Object.fromEntries((await currency.rates()).rates.map((r) => [r.currency, r.rate])),
    log,
  };
  // Price alerts (issue 29): the switches, the daily digest through the mailer and the signed unsubscribe link.
  const priceAlerts = createPriceAlertsService({ repo: repos.priceAlerts, ...alertMail });
  // Saved searches (issue 42, decision 0085): the list, and the daily mail of new matches on the same schedule.
  const savedSearches = createSavedSearchesService({ repo: repos.savedSearches, transaction, finder, ...alertMail });
  // Link health (issue 29, decision 0067): the checks as a periodic job; a visitor's report raises a product's check.
  const { marketplaceUrls = {}, ...linkHealthSettings } = config.linkHealth ?? {};
  const linkHealth = createLinkHealthService({
    repo: repos.linkHealth,
    transaction,
    storage,
    log,
    kick: kickLinkChecks(jobs),
    settings: {
      bases: marketplaceBasesFrom(marketplaceUrls),
      perHostPerMinute: 20,
      perDay: 20_000,
      hideAfterGone: 0,
      timeoutMs: 10_000,
      ...linkHealthSettings,
      allowPrivate: config.importAllowPrivateHosts ?? false,
    },
  });

  // Every background job (server/jobs/jobs.ts) with its handler; main.ts's process schedules the periodic ones, any
  // process works them (decision 0050).
  jobs.defineAll(
    {
      'import-rows': importRowsHandler(imports.runner),
      'import-pictures': importPicturesHandler(imports.runner),
      'sessions-sweep': sessionsSweepHandler({
        log,
        repo: repos.auth,
        throttle: repos.signInThrottle,
        forgetAfterSeconds: DEFAULT_SIGN_IN_THROTTLE.lockout.forgetAfterSeconds,
      }),
      'analytics-sweep': analyticsSweepHandler({ log, repo: repos.analytics }),
      'change-log-prune': changeLogPruneHandler({ log, repo: repos.catalogue }),
      'product-sources': productSourcesHandler({ log, repo: repos.productSources, transaction }),
      // Without RATES_URL there is nothing to refresh.
      'rates-refresh': config.ratesUrl === undefined ? null : ratesRefreshHandler({ log, service: currency }),
      'file-removals': fileRemovalsHandler({ log, removals: fileRemovals }),
      // Pictures stored before their perceptual hash was kept (issue 29) are hashed in short jobs after start.
      'picture-hashes': pictureHashesHandler({ log, jobs, repo: repos.images, storage }),
      'picture-refetch': pictureRefetchHandler(pictureRefetches),
      'sheet-syncs': sheetSyncsHandler({ log, sources: importSources }),
      'guide-publish': guidePublishHandler({ log, service: guides }),
      // Without a mail server there is no digest to send.
      'price-digest': priceAlerts.available ? priceDigestHandler({ log, service: priceAlerts }) : null,
      'saved-search-mails': savedSearches.available ? savedSearchMailsHandler({ log, service: savedSearches }) : null,
      'link-checks': linkChecksHandler({ log, service: linkHealth }),
    },
    // The alert mails' schedule is the ALERTS_CRON setting (decisions 0096 and 0085).
    {
      'price-digest': { cron: config.alertsCron ?? DEFAULT_ALERTS_CRON },
      'saved-search-mails': { cron: config.alertsCron ?? DEFAULT_ALERTS_CRON },
    },
  );

  // The requests' limits hash addresses under the analytics module's key of the day (forgotten after it).
  const requests = createRequestsService(repos.requests, transaction, {
    dayKey: analytics.dayKey,
    // The report is kept whatever happens here: a check not raised is still made in its turn.
    onLinkReport: (productId) =>
      linkHealth.reported(productId).catch((err: unknown) => log.warn({ err, productId }, 'could not raise the link check of a report')),
  });
  // The link converter (issue 29): short links through the import's safe fetch and hosts, limited like requests.
  const shortHosts = config.importShortLinkHosts ?? DEFAULT_SHORT_LINK_HOSTS;
  const convert = createConvertService({
    agents: () => agents.listPublicUntil(),
    findProduct: async (source) => {
      const row = await repos.catalogue.findBySource(source);
      return row ? toProduct(row) : null;
    },
    follow: (address) => followShortLink(address, shortHosts, config.importAllowPrivateHosts ?? false),
    shortHosts,
    limit: (client, rules) => requests.limitClient('convert', client, rules),
  });
  // Search by photo (issue 42, decision 0086): the stored hashes in memory, limited per client like the forms.
  const photoSearch = createPhotoSearchService({
    matcher: hashMatcher(() => photoSearchRepo.entries()),
    products: (numbers, lang) => finder.productsByNumbers(numbers, lang),
    limit: (client) => requests.limitClient('photo', client, PHOTO_RULES),
    subscribe: (onChange) => database.listen(CATALOGUE_CHANNEL, onChange),
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
  });

  return {
    repos,
    jobs,
    auth,
    /** Origins allowed to send requests that carry a session (the CSRF check and the account routes use them). */
    origins: trustedOrigins(authSettings),
    secret,
    site: createSiteService(repos.site, site),
    users: usersService,
    usersAdmin: createUsersAdminService(repos.users, transaction),
    account: createAccountService({
      repo: repos.account,
      transaction,
      verifyPassword: (hash, password) => verifyPassword({ hash, password }),
      mailer,
      log,
      // What the storefront's pickers offer: a remembered choice names one of these (issue 25).
      offers: {
        agents: async () => (await agents.listPublic()).map((a) => a.slug),
        currencies: async () => {
          const { base, rates } = await currency.rates();
          return [base, ...rates.map((r) => r.currency)];
        },
      },
    }),
    agents,
    audit: createAuditService(repos.audit),
    finder,
    catalogueAdmin,
    categories,
    currency,
    favorites,
    recentlyViewed: createRecentlyViewedService(repos.recentlyViewed, repos.catalogue),
    priceAlerts,
    savedSearches,
    alertsRun: createAlertsRunService({ jobs, audit: repos.audit }),
    images: createImagesService(repos.images, storage, transaction, log, fileRemovals),
    pictureRefetches,
    storefrontSettings: createStorefrontSettingsService(createStorefrontSettingsRepo(database), transaction),
    fileRemovals,
    qc: createQcService(repos.qc, transaction),
    synonyms: createSynonymsService(repos.synonyms, transaction),
    bulkOps: createBulkOpsService(repos.bulkOps, transaction, changeLimit),
    imports,
    importSources,
    analytics,
    requests,
    convert,
    photoSearch,
    linkHealth,
    guides,
    // The dashboard's setup checklist and the start log (issue 28): settings are told only as set or not.
    setup: createSetupService({
      repo: repos.setup,
      account: repos.account,
      changing,
      settings: {
        mail: mailer !== null,
        google: config.google !== undefined,
        publicUrl: config.publicUrl !== undefined,
        authSecret: config.authSecret !== undefined,
        ratesFeed: config.ratesUrl !== undefined,
      },
    }),
    // The first admin (issue 40): the start log's one-time setup address and the owner form it opens.
    ownerSetup: createOwnerSetupService({
      repo: repos.ownerSetup,
      users: usersService,
      accountOps: () => adminAccountOps(auth, repos.auth),
      instance: database.instance,
      processAlive: (instance) => database.processAlive(instance),
    }),
    seo: createSeoService({ catalogue: repos.catalogue, categories: repos.categories }, deps.sitemapChunkSize, [GUIDES_SITEMAP_PATH]),
    pages: createPagesService({ finder, categories, favorites, agents, currency, guides, log }),
    storage,
  };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;
