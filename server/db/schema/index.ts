// The one schema both drivers use; drizzle-kit reads this file to write migrations.
export { analyticsEvents, analyticsKeys, analyticsVisitors } from './analytics';
export { auditLog } from './audit';
export {
  accounts,
  accountsRelations,
  appSecrets,
  ownerSetupTokens,
  rateLimits,
  sessions,
  sessionsRelations,
  signInThrottle,
  users,
  usersRelations,
  verifications,
} from './auth';
export {
  brandAliases,
  storefrontSettings,
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
export { catalogueChangeImages, catalogueChangeRows, catalogueChanges, importCategoryChoices, importRows, imports } from './changes';
export {
  agents,
  currencyRates,
  favorites,
  favoriteShares,
  itemRequests,
  linkReports,
  productQcPhotos,
  recentlyViewed,
  userPreferences,
  savedSearches,
} from './finds';
export { storageRemovals } from './files';
export { priceHistory } from './prices';
export { linkBudget, linkChecks, linkHosts } from './link-health';
export { guideProducts, guideRevisions, guides, guideSlugs } from './guides';
