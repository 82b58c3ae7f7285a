import { randomBytes } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BASE_CURRENCY, type CurrencyCode } from '../common/currency';
import type { SiteConfig } from '../common/schemas/site';
import { DEFAULT_CHANGE_TIMEOUT_MS, type Config } from './config';
import type { Database } from './db/client';
import { CATALOGUE_CHANNEL } from './db/listen';
import { createUnitOfWork } from './db/unit-of-work';
import { createJobQueue, type JobQueueOptions } from './jobs/job-queue';
import { createAccountRepo } from './modules/account/account.repo';
import { createAccountService } from './modules/account/account.service';
import { createAgentsRepo } from './modules/agents/agents.repo';
import { createAgentsService } from './modules/agents/agents.service';
import { createSynonymsRepo } from './modules/synonyms/synonyms.repo';
import { createSynonymsService } from './modules/synonyms/synonyms.service';
import { createProductSourcesRepo } from './modules/agents/product-sources.repo';
import { defineProductSourcesJob } from './modules/agents/product-sources';
import { defineAnalyticsJobs } from './modules/analytics/analytics-tasks';
import { defineAccountJobs } from './modules/auth/account-tasks';
import { defineCurrencyJobs } from './modules/currency/currency-tasks';
import { defineFileRemovalJobs } from './modules/images/images-tasks';
import { definePictureHashJob } from './modules/images/picture-hashes';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo';
import { createAnalyticsService, type AnalyticsRules } from './modules/analytics/analytics.service';
import { createAuditRepo } from './modules/audit/audit.repo';
import { createAuditService } from './modules/audit/audit.service';
import { createAuth, trustedOrigins, type AuthSettings } from './modules/auth/auth';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createSignInThrottleRepo } from './modules/auth/sign-in-throttle.repo';
import { createBulkOpsRepo } from './modules/bulk-ops/bulk-ops.repo';
import { createBulkOpsService } from './modules/bulk-ops/bulk-ops.service';
import { defineChangeLogJob } from './modules/catalogue/catalogue-tasks';
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
import { defineSheetSyncJobs } from './modules/imports/import-sources-tasks';
import { createImportsService } from './modules/imports/imports.service';
import type { Mailer } from './modules/mail/mailer';
import { createPriceAlertsRepo } from './modules/price-history/price-history.repo';
import { createPriceAlertsService } from './modules/price-history/price-alerts.service';
import { definePriceAlertJobs } from './modules/price-history/price-alerts-tasks';
import { createPagesService } from './modules/pages/pages.service';
import { createRequestsRepo } from './modules/requests/requests.repo';
import { createRequestsService } from './modules/requests/requests.service';
import { createConvertService } from './modules/convert/convert.service';
import { followShortLink } from './modules/imports/short-links';
import { DEFAULT_SHORT_LINK_HOSTS } from '../common/import-mapping';
import { createQcRepo } from './modules/qc/qc.repo';
import { createQcService } from './modules/qc/qc.service';
import { createSeoService } from './modules/seo/seo.service';
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
import { defineLinkHealthJobs, kickLinkChecks } from './modules/link-health/link-health-tasks';
import { marketplaceBasesFrom } from './modules/link-health/marketplace-rules';

export type CompositionDeps = {
  config: Pick<Config, 'publicUrl' | 'port' | 'trustedOrigins' | 'authSecret' | 'authRateLimit' | 'google'> & {
    importAllowPrivateHosts?: boolean | undefined;
    importShortLinkHosts?: string[] | undefined;
    changeTimeoutMs?: number | undefined;
    /** BASE_CURRENCY (USD when absent) and RATES_URL (none when absent). */
    baseCurrency?: CurrencyCode | undefined;
    ratesUrl?: string | undefined;
    /** The link checks' settings (config.ts); absent: the defaults, at the real marketplaces. */
    linkHealth?: Partial<Omit<LinkHealthSettings, 'allowPrivate'>> | undefined;
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
    fileRemovals: createFileRemovalsRepo(database),
    images: createImagesRepo(database),
    imports: createImportsRepo(database),
    importSources: createImportSourcesRepo(database),
    qc: createQcRepo(database),
    requests: createRequestsRepo(database),
    signInThrottle: createSignInThrottleRepo(database),
    setup: createSetupRepo(database),
    site: createSiteRepo(database),
    synonyms: createSynonymsRepo(database),
    users: createUsersRepo(database),
    linkHealth: createLinkHealthRepo(database),
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

  // The catalogue's two services over one repo: the finder's (public search, listing, product pages) and the admin's
  // (the admin list, export, item writes, bulk actions).
  const finder = createFinderService(repos.catalogue, repos.categories, {
    subscribe: (onChange) => database.listen(CATALOGUE_CHANNEL, onChange),
  });
  const catalogueAdmin = createCatalogueAdminService(repos.catalogue, repos.categories, changing);
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
    repo: repos.imports,
    unitOfWork: changing,
    storage,
    log,
    removals: fileRemovals,
    allowPrivateHosts: config.importAllowPrivateHosts ?? false,
    jobs,
    shortLinkHosts: config.importShortLinkHosts,
    currency: {
      base: currency.base,
      rates: async () => Object.fromEntries((await currency.rates()).rates.map((r) => [r.currency, r.rate])),
    },
  });

  // Synced sheets (issue 26): each run is an import; the sheet-syncs job runs the due ones.
  const importSources = createImportSourcesService({
    repo: repos.importSources,
    imports,
    transaction,
    log,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
  });

  // The periodic tasks as jobs (decision 0050): main.ts's process schedules them; any process works them.
  defineAccountJobs(jobs, log, repos.auth, repos.signInThrottle);
  defineAnalyticsJobs(jobs, log, repos.analytics);
  defineChangeLogJob(jobs, log, repos.catalogue);
  defineProductSourcesJob(jobs, log, repos.productSources, transaction);
  defineCurrencyJobs(jobs, log, currency, config.ratesUrl !== undefined);
  defineFileRemovalJobs(jobs, log, fileRemovals);
  // Pictures stored before their perceptual hash was kept (issue 29) are hashed in short jobs after start.
  definePictureHashJob(jobs, log, repos.images, storage);
  defineSheetSyncJobs(jobs, log, importSources);

  // Price alerts (issue 29): the switches, the daily digest through the mailer and the signed unsubscribe link.
  const priceAlerts = createPriceAlertsService({
    repo: repos.priceAlerts,
    mailer,
    secret,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
    base: currency.base,
    rates: async () => Object.fromEntries((await currency.rates()).rates.map((r) => [r.currency, r.rate])),
    log,
  });
  definePriceAlertJobs(jobs, log, priceAlerts);
  // Link health (issue 29, decision 0067): the checks as a periodic job; a visitor's report raises a product's check.
  const linkHealth = createLinkHealthService({
    repo: repos.linkHealth,
    transaction,
    storage,
    log,
    kick: kickLinkChecks(jobs),
    settings: {
      bases: marketplaceBasesFrom({}),
      perHostPerMinute: 20,
      perDay: 20_000,
      hideAfterGone: 0,
      timeoutMs: 10_000,
      ...config.linkHealth,
      allowPrivate: config.importAllowPrivateHosts ?? false,
    },
  });
  defineLinkHealthJobs(jobs, log, linkHealth);

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

  return {
    repos,
    jobs,
    auth,
    /** Origins allowed to send requests that carry a session (the CSRF check and the account routes use them). */
    origins: trustedOrigins(authSettings),
    secret,
    site: createSiteService(repos.site, site),
    users: createUsersService(repos.users, transaction),
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
    priceAlerts,
    images: createImagesService(repos.images, storage, transaction, log, fileRemovals),
    fileRemovals,
    qc: createQcService(repos.qc, transaction),
    synonyms: createSynonymsService(repos.synonyms, transaction),
    bulkOps: createBulkOpsService(repos.bulkOps, transaction, changeLimit),
    imports,
    importSources,
    analytics,
    requests,
    convert,
    linkHealth,
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
    seo: createSeoService({ catalogue: repos.catalogue, categories: repos.categories }, deps.sitemapChunkSize),
    pages: createPagesService({ finder, categories, favorites, agents, currency, log }),
    storage,
  };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;
