// The one schema both drivers use; drizzle-kit reads this file to write migrations.
export { analyticsEvents, analyticsKeys, analyticsVisitors } from './analytics';
export { auditLog } from './audit';
export {
  accounts,
  accountsRelations,
  appSecrets,
  rateLimits,
  sessions,
  sessionsRelations,
  signInThrottle,
  users,
  usersRelations,
  verifications,
} from './auth';
export {
  categories,
  categoryTotals,
  deletedProducts,
  images,
  popularityState,
  products,
  productTotals,
  searchSynonyms,
  searchTerms,
} from './catalogue';
export { catalogueChangeImages, catalogueChangeRows, catalogueChanges, importRows, imports } from './changes';
export { agents, currencyRates, favorites, favoriteShares, itemRequests, linkReports, productQcPhotos, userPreferences } from './finds';
export { storageRemovals } from './files';
export { priceHistory } from './prices';
export { linkBudget, linkChecks, linkHosts } from './link-health';
