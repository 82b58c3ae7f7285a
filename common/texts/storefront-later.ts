// The storefront's words that only its later parts and other pages read (issue 38): the menu, the footer, the account
// screens, the promos, the suggestions, the brand filter. Kept apart from storefront.ts so the first bundle does not
// carry them; their translations still come with the first view's catalogue (lingui.config.ts). No Node or DOM APIs.

import { texts, i18n } from '../i18n';

/** The words of TEXTS's parts that hydrate later (issue 38): the same sentences, in a module the first view does not load. */
export const LATER_TEXTS = texts({
  brandSearchLabel: /*i18n*/ 'Search brands',
  brandsLabel: /*i18n*/ 'Brands',
  clearFilters: /*i18n*/ 'Clear filters',
  didYouMean: /*i18n*/ 'Did you mean',
  join: /*i18n*/ 'Join',
  loadingForm: /*i18n*/ 'Loading the form',
  /** Other colours of a card's product that the search also matched. */
  moreColours: (n: number) => i18n._('{n, plural, one {+# colour} other {+# colours}}', { n }),
  priceRangeInvalid: /*i18n*/ 'The lowest price must not be above the highest.',
  requestItem: /*i18n*/ 'Request this item',
  requestItemLead: /*i18n*/ 'Can’t find it? Tell us and we will try to add it.',
  searchAllCategories: /*i18n*/ 'Search all categories',
  showLess: /*i18n*/ 'Show Less',
  showMore: /*i18n*/ 'Show More',
  signUp: /*i18n*/ 'Sign Up',
});

/** The words of FINDER_TEXTS's parts that hydrate later (issue 38): the same sentences, in a module the first view does not load. */
export const FINDER_LATER_TEXTS = texts({
  searchLabel: /*i18n*/ 'Search products',
  searchPlaceholder: /*i18n*/ 'Search products or brands',
  searching: /*i18n*/ 'Searching',
  suggestionsLabel: /*i18n*/ 'Suggestions',
  /** The chip of the products added since the visitor's last visit (issue 42). */
  newChip: /*i18n*/ 'New since your last visit',
  browseFinder: /*i18n*/ 'Browse the finder',
  activeFilters: /*i18n*/ 'Active filters',
  clearAll: /*i18n*/ 'Clear all',
  /** A chip's accessible name: what pressing it takes away ("Remove category Shoes"). */
  removeFilter: (what: string) => i18n._('Remove {what}', { what }),
  /** The active filters' chips: what each shows, and what its button says it removes. */
  searchChip: (search: string) => i18n._('“{search}”', { search }),
  removeSearch: (search: string) => i18n._('Remove search “{search}”', { search }),
  removeCategory: (category: string) => i18n._('Remove category {category}', { category }),
  removeGender: (gender: string) => i18n._('Remove gender {gender}', { gender }),
  removeBrand: (brand: string) => i18n._('Remove brand {brand}', { brand }),
  removePrice: (range: string) => i18n._('Remove price {range}', { range }),
  /** A price range with one bound: "under $50", "from export const FINDER_LATER_TEXTS = texts({
0". */
  priceUnder: (price: string) => i18n._('under {price}', { price }),
  priceFrom: (price: string) => i18n._('from {price}', { price }),
  allCategories: /*i18n*/ 'All',
  brandMissingText: /*i18n*/ 'No product of this brand is in the catalogue. Browse the finder instead.',
  brandMissingTitle: /*i18n*/ 'Brand not found',
  categoryGroup: /*i18n*/ 'Category',
  loadingBrand: /*i18n*/ 'Loading brand...',
  loadingBrands: /*i18n*/ 'Loading brands',
  maxPlaceholder: /*i18n*/ 'Max',
  minPlaceholder: /*i18n*/ 'Min',
  noBrands: /*i18n*/ 'No brands here',
  suggestedBrands: /*i18n*/ 'Brands',
  suggestedCategories: /*i18n*/ 'Categories',
  suggestedGuides: /*i18n*/ 'Guides',
  suggestedProducts: /*i18n*/ 'Products',
});

/** The frame of every storefront page (spec section 9): the skip link, the top bar and the footer. */
export const LAYOUT_TEXTS = texts({
  mainNav: /*i18n*/ 'Main',
  products: /*i18n*/ 'Products',
  converterLabel: /*i18n*/ 'Link converter',
  converter: /*i18n*/ 'Converter',
  admin: /*i18n*/ 'Admin',
  account: /*i18n*/ 'Account',
  joinCommunity: /*i18n*/ 'Join the community (opens in a new tab)',
  signUpAtStore: /*i18n*/ 'Sign Up at the store (opens in a new tab)',
  logoutFailed: (reason: string) => i18n._('Logout failed: {reason}', { reason }),
  communityTitle: /*i18n*/ 'Finder community',
  communityText: /*i18n*/ 'Join other shoppers to share finds, size advice and haul reviews, and be first to hear about new codes.',
  quickLinks: /*i18n*/ 'Quick links',
  legal: /*i18n*/ 'Legal',
  copyright: (year: string) =>
    i18n._('© {year} Finder. All rights reserved. Finder is not a seller: orders, payment and returns are handled by the linked store.', {
      year,
    }),
});

/** An agent's promotion beside BUY, in the banner and in the converter (issue 29). */
export const AGENT_PROMO_TEXTS = texts({
  label: (agent: string) => i18n._('{agent} promotion', { agent }),
  code: /*i18n*/ 'Code',
  copy: /*i18n*/ 'Copy code',
  copied: /*i18n*/ 'Copied',
  copiedStatus: (code: string) => i18n._('Code {code} copied', { code }),
  copyFailed: /*i18n*/ 'Could not copy the code',
  open: /*i18n*/ 'Get it',
  openLabel: (agent: string) => i18n._('Get the {agent} promotion (opens in a new tab)', { agent }),
});

/** Texts of the account screens, the admin gate and the Google sign-in test page (spec sections 2, 4, 6 and 8). */
export const AUTH_TEXTS = texts({
  loginTitle: /*i18n*/ 'Welcome Back',
  registerTitle: /*i18n*/ 'Create a New Account',
  signIn: /*i18n*/ 'Sign In',
  signingIn: /*i18n*/ 'Signing In...',
  signUp: /*i18n*/ 'Sign Up',
  signingUp: /*i18n*/ 'Signing Up...',
  continueWithGoogle: /*i18n*/ 'Continue with Google',
  signInFailed: /*i18n*/ 'Sign in failed: ',
  googleSignInFailed: /*i18n*/ 'Google Sign In failed: ',
  signUpFailed: /*i18n*/ 'Sign up failed: ',
  adminPrivileges: /*i18n*/ 'You have admin privileges',
  logout: /*i18n*/ 'Logout',
  loggingOut: /*i18n*/ 'Logging out...',
  login: /*i18n*/ 'Login',
  register: /*i18n*/ 'Register',
  testGoogleSignIn: /*i18n*/ 'Test Google Sign In',
  testing: /*i18n*/ 'Testing...',
  signedInAs: /*i18n*/ 'Successfully signed in as',
  debugCopied: /*i18n*/ 'Debug info copied to clipboard!',
  verifyingAdmin: /*i18n*/ 'Verifying admin access...',
  authRequiredTitle: /*i18n*/ 'Authentication Required',
  authRequiredText: /*i18n*/ 'Please log in to access the admin dashboard.',
  goToLogin: /*i18n*/ 'Go to Login',
  accessDeniedTitle: /*i18n*/ 'Access Denied',
  accessDeniedText: /*i18n*/ "You don't have admin privileges to access this page.",
  goToHome: /*i18n*/ 'Go to Home',
  adminTitle: /*i18n*/ 'Admin Dashboard',
  backToStore: /*i18n*/ 'Back to Store',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match.',
  googleNotConfigured: /*i18n*/ 'Google sign-in is not set up on this site. Sign in with your email and password.',
  // Any other address (the spec's fallback, the login screen, answered 404): what is above the form.
  notFoundTitle: /*i18n*/ 'Page not found',
  notFoundText: /*i18n*/ 'There is no page at this address. The link may be old or mistyped.',
  notFoundFinder: /*i18n*/ 'Browse the product finder',
});

/**
 * The bar that suggests the visitor's language once (issue 41): its sentences are read in the suggested language,
 * not the page's, so they are kept as ids here and translated with that language's catalogue where it is shown.
 */
export const LANGUAGE_BAR_IDS = {
  available: /*i18n*/ 'This page is also in {language}.',
  switchTo: /*i18n*/ 'Show it in {language}',
  dismiss: /*i18n*/ 'No, thanks',
} as const;

/** The language switcher (issue 41), in the page's language. */
export const LANGUAGE_TEXTS = texts({
  label: /*i18n*/ 'Language',
  /** The switcher's button: the page's language, for screen readers with what it does. */
  choose: (current: string) => i18n._('Language: {current}. Choose another', { current }),
});

/** The legal pages' names: their titles, and the footer's links to them. */
export const LEGAL_TITLES = texts({
  privacyPolicy: /*i18n*/ 'Privacy Policy',
  cookiesPolicy: /*i18n*/ 'Cookies Policy',
  dataSecurity: /*i18n*/ 'Data Security',
  disclaimer: /*i18n*/ 'Disclaimer',
});

/** The finder's banner (spec section 4): the discount code, the community and the store's sign-up. */
export const PROMO_TEXTS = texts({
  /** Around the code, which the page shows as code: "10% off with code FINDS". */
  offWithCode: (percent: number, code: string) => i18n._('{percent}% off with code {code}', { percent, code }),
  extra: (percent: number) =>
    i18n._('Sign up through our link for an extra {percent}% off, and join the community for new finds.', { percent }),
  copyCode: /*i18n*/ 'Copy code',
  copied: /*i18n*/ 'Copied',
  codeCopied: (code: string) => i18n._('Code {code} copied', { code }),
  copyFailed: /*i18n*/ 'Could not copy the code',
  signUpExtra: (percent: number) => i18n._('Sign Up at the store for an extra {percent}% off (opens in a new tab)', { percent }),
});

/** A card's QC badge (issue 16): what it shows and what it says to a screen reader. */
export const QC_BADGE = texts({
  short: (n: number) => i18n._('QC {n}', { n }),
  spoken: (n: number) => i18n._('{n, plural, one {# QC photo} other {# QC photos}}', { n }),
});
