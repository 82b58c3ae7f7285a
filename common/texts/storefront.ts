// The words the storefront's first bundle carries (spec sections 2, 4, 6, 8 and 9): the finder, the top bar, the
// cards, the sign-in screens and the admin gate. Every other page's words are in its area's file beside this one,
// so the first bundle does not carry them (decision 0070). No Node or DOM APIs here.

import type { FinderSort } from '../constants';

/** A card's QC badge (issue 16): what it shows and what it says to a screen reader. */
export const QC_BADGE = {
  short: (n: number) => `QC ${n}`,
  spoken: (n: number) => (n === 1 ? '1 QC photo' : `${n} QC photos`),
};

/** The finder's orders as its Sort by control names them (issue 14). */
export const SORT_LABELS: Record<FinderSort, string> = {
  recommended: 'Recommended',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  popular: 'Popular',
};

export const TEXTS = {
  finderTitle: 'Product Finder',
  loadingStore: 'Loading store data...',
  loadingMore: 'Loading more items...',
  endOfResults: "You've reached the end of the results",
  initialLoadFailed: 'Failed to load data. Please try again later.',
  retryFailed: 'Failed to refresh data. Please try again later.',
  loadMoreFailed: 'Failed to load more items. Please try again.',
  retry: 'Retry',
  emptySearchTitle: 'No items found',
  emptySearchHint: 'Try adjusting your search terms or browse different categories',
  emptyCategoryTitle: (category: string) => `No items in ${category}`,
  emptyCategoryHint: 'Try selecting a different category or search for specific items',
  emptyFilteredTitle: 'No items match these filters',
  emptyFilteredHint: 'Try removing a filter or clear them all to see every item',
  emptyTitle: 'No items available',
  emptyHint: 'Items will appear here when they are added to the store',
  scrollForMore: '(scroll to see more)',
  bestProducts: 'Best Products',
  showMore: 'Show More',
  showLess: 'Show Less',
  buy: 'BUY',
  join: 'Join',
  signUp: 'Sign Up',
  sortLabel: 'Sort by',
  priceLabel: 'Price',
  minPriceLabel: 'Min price',
  maxPriceLabel: 'Max price',
  brandsLabel: 'Brands',
  brandSearchLabel: 'Search brands',
  suggestionsLabel: 'Suggestions',
  includingResultsFor: (corrected: string) => `Including results for “${corrected}”`,
  didYouMean: 'Did you mean',
  /** Issue 27: no product has every word; these have the most of them. */
  partialAnswer: (used: string) => `No results for all words; showing results for ${used}`,
  searchAllWords: 'Search for all words',
  /** Other colours of a card's product that the search also matched. */
  moreColours: (n: number) => `+${n} ${n === 1 ? 'colour' : 'colours'}`,
  /** Issue 29: the last link check found the seller's item gone (decision 0067). */
  mayBeUnavailable: 'May be unavailable',
  mayBeUnavailableHint: 'The seller’s page said this item is gone when we last checked. It may be back; the link still opens.',
  searchAllCategories: 'Search all categories',
  clearFilters: 'Clear filters',
  priceRangeInvalid: 'The lowest price must not be above the highest.',
  requestItem: 'Request this item',
  requestItemLead: 'Can’t find it? Tell us and we will try to add it.',
  loadingForm: 'Loading the form',
} as const;

/** The heart on cards and product pages (issue 16); the list pages' texts are in favorites.ts (a lazy chunk's). */
export const FAVORITE_TEXTS = {
  save: (title: string) => `Save ${title} to favourites`,
  remove: (title: string) => `Remove ${title} from favourites`,
  saveShort: 'Save',
  savedShort: 'Saved',
  saveFailed: 'Could not save to favourites:',
  removeFailed: 'Could not remove from favourites:',
  tryAgain: 'please try again.',
  navLink: 'Favourites',
  navCount: (n: number) => `(${n} saved)`,
} as const;

/** Texts of the account screens, the admin gate and the Google sign-in test page (spec sections 2, 4, 6 and 8). */
export const AUTH_TEXTS = {
  loginTitle: 'Welcome Back',
  registerTitle: 'Create a New Account',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  signUp: 'Sign Up',
  signingUp: 'Signing Up...',
  continueWithGoogle: 'Continue with Google',
  signInFailed: 'Sign in failed: ',
  googleSignInFailed: 'Google Sign In failed: ',
  signUpFailed: 'Sign up failed: ',
  adminPrivileges: 'You have admin privileges',
  logout: 'Logout',
  loggingOut: 'Logging out...',
  login: 'Login',
  register: 'Register',
  testGoogleSignIn: 'Test Google Sign In',
  testing: 'Testing...',
  signedInAs: 'Successfully signed in as',
  debugCopied: 'Debug info copied to clipboard!',
  verifyingAdmin: 'Verifying admin access...',
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please log in to access the admin dashboard.',
  goToLogin: 'Go to Login',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: "You don't have admin privileges to access this page.",
  goToHome: 'Go to Home',
  adminTitle: 'Admin Dashboard',
  backToStore: 'Back to Store',
  passwordsDoNotMatch: 'Passwords do not match.',
  googleNotConfigured: 'Google sign-in is not set up on this site. Sign in with your email and password.',
  // Any other address (the spec's fallback, the login screen, answered 404): what is above the form.
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. The link may be old or mistyped.',
  notFoundFinder: 'Browse the product finder',
} as const;

/** On-screen words of the finder's issue-14 controls and brand pages that the spec's texts (TEXTS) do not fix. */
export const FINDER_TEXTS = {
  filters: 'Filters',
  suggestedProducts: 'Products',
  suggestedBrands: 'Brands',
  suggestedCategories: 'Categories',
  noBrands: 'No brands here',
  brandProducts: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
  brandMissingTitle: 'Brand not found',
  brandMissingText: 'No product of this brand is in the catalogue. Browse the finder instead.',
  browseFinder: 'Browse the finder',
  loadingBrand: 'Loading brand...',
  activeFilters: 'Active filters',
  clearAll: 'Clear all',
  /** A chip's accessible name: what pressing it takes away ("Remove category Shoes"). */
  removeFilter: (what: string) => `Remove ${what}`,
} as const;

/** An agent's promotion beside BUY, in the banner and in the converter (issue 29). */
export const AGENT_PROMO_TEXTS = {
  label: (agent: string) => `${agent} promotion`,
  code: 'Code',
  copy: 'Copy code',
  copied: 'Copied',
  copiedStatus: (code: string) => `Code ${code} copied`,
  copyFailed: 'Could not copy the code',
  open: 'Get it',
  openLabel: (agent: string) => `Get the ${agent} promotion (opens in a new tab)`,
} as const;

/** The agent pickers (issue 16): in the top bar and beside BUY on a product page. */
export const AGENT_PICKER_TEXTS = {
  label: 'Shopping agent',
  buyThrough: 'Buy through',
  /** The top bar's one control for both pickers (issue 28). */
  both: 'Shopping agent and currency',
} as const;
