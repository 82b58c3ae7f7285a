import { randomBytes } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BASE_CURRENCY, type CurrencyCode } from '../common/currency';
import type { SiteConfig } from '../common/schemas/site';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAccountRepo } from './modules/account/account.repo';
import { createAccountService } from './modules/account/account.service';
import { createAgentsRepo } from './modules/agents/agents.repo';
import { createAgentsService } from './modules/agents/agents.service';
import { createProductSourcesRepo } from './modules/agents/product-sources.repo';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo';
import { createAnalyticsService, type AnalyticsRules } from './modules/analytics/analytics.service';
import { createAuditRepo } from './modules/audit/audit.repo';
import { createAuditService } from './modules/audit/audit.service';
import { createAuth, trustedOrigins, type AuthSettings } from './modules/auth/auth';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createSignInThrottleRepo } from './modules/auth/sign-in-throttle.repo';
import { createBulkOpsRepo } from './modules/bulk-ops/bulk-ops.repo';
import { createBulkOpsService } from './modules/bulk-ops/bulk-ops.service';
import { createCatalogueRepo } from './modules/catalogue/catalogue.repo';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
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
import { createImportsService } from './modules/imports/imports.service';
import type { Mailer } from './modules/mail/mailer';
import { createPagesService } from './modules/pages/pages.service';
import { createRequestsRepo } from './modules/requests/requests.repo';
import { createRequestsService } from './modules/requests/requests.service';
import { createQcRepo } from './modules/qc/qc.repo';
import { createQcService } from './modules/qc/qc.service';
import { createSeoService } from './modules/seo/seo.service';
import { createSiteRepo } from './modules/site/site.repo';
import { createSiteService } from './modules/site/site.service';
import { createUsersAdminService } from './modules/users/users-admin.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService } from './modules/users/users.service';
import type { Storage } from './storage/storage';

export type CompositionDeps = {
  config: Pick<Config, 'publicUrl' | 'port' | 'trustedOrigins' | 'authSecret' | 'authRateLimit' | 'google'> & {
    importAllowPrivateHosts?: boolean | undefined;
    /** BASE_CURRENCY (USD when absent) and RATES_URL (none when absent). */
    baseCurrency?: CurrencyCode | undefined;
    ratesUrl?: string | undefined;
  };
  database: Database;
  storage: Storage;
  mailer: Mailer | null;
  site: SiteConfig;
  log: FastifyBaseLogger;
  signInThrottle?: AuthSettings['signInThrottle'];
  sitemapChunkSize?: number | undefined;
  analyticsRules?: Partial<AnalyticsRules> | undefined;
};

/**
 * The composition root: every repo and service of the server, built once from the database, storage, mailer and
 * settings. app.ts hands each routes plugin its service; main.ts gives the start-up tasks theirs. Nothing else
 * builds a repo or a service, so one process has one of each and a test can see the whole graph here.
 */
export async function composeServices(deps: CompositionDeps) {
  const { config, database, storage, mailer, site, log } = deps;

  const repos = {
    account: createAccountRepo(database),
    agents: createAgentsRepo(database),
    productSources: createProductSourcesRepo(database),
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
    qc: createQcRepo(database),
    requests: createRequestsRepo(database),
    signInThrottle: createSignInThrottleRepo(database),
    site: createSiteRepo(database),
    users: createUsersRepo(database),
  };

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

  const catalogue = createCatalogueService(repos.catalogue, repos.categories, repos.audit, repos.changes);
  const categories = createCategoriesService(repos.categories, repos.audit);
  const favorites = createFavoritesService(repos.favorites, repos.catalogue);
  const analytics = createAnalyticsService(repos.analytics, { secret, ...(deps.analyticsRules ? { rules: deps.analyticsRules } : {}) });
  const agents = createAgentsService(repos.agents, repos.audit);
  // Stored files to remove, tried again until the storage lets them go (main.ts sweeps them, issue 25).
  const fileRemovals = createFileRemovals(repos.fileRemovals, storage, log);
  const currency = createCurrencyService(repos.currency, repos.audit, {
    base: config.baseCurrency ?? DEFAULT_BASE_CURRENCY,
    feed: config.ratesUrl ? { url: config.ratesUrl, allowPrivate: config.importAllowPrivateHosts ?? false } : undefined,
  });

  return {
    repos,
    auth,
    /** Origins allowed to send requests that carry a session (the CSRF check and the account routes use them). */
    origins: trustedOrigins(authSettings),
    secret,
    site: createSiteService(repos.site, site),
    users: createUsersService(repos.users, repos.audit),
    usersAdmin: createUsersAdminService(repos.users, repos.audit),
    account: createAccountService({
      repo: repos.account,
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
    catalogue,
    categories,
    currency,
    favorites,
    images: createImagesService(repos.images, storage, repos.audit, log, fileRemovals),
    fileRemovals,
    qc: createQcService(repos.qc, repos.audit),
    bulkOps: createBulkOpsService(repos.bulkOps, repos.changes, repos.audit),
    imports: createImportsService({
      repo: repos.imports,
      changes: repos.changes,
      audit: repos.audit,
      storage,
      log,
      removals: fileRemovals,
      allowPrivateHosts: config.importAllowPrivateHosts ?? false,
    }),
    analytics,
    // The requests' limits hash addresses under the analytics module's key of the day (forgotten after it).
    requests: createRequestsService(repos.requests, repos.audit, { dayKey: analytics.dayKey }),
    seo: createSeoService({ catalogue: repos.catalogue, categories: repos.categories }, deps.sitemapChunkSize),
    pages: createPagesService({ catalogue, categories, favorites, agents, currency, log }),
    storage,
  };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;
