// Recently viewed (issue 42): the product pages a visitor opened last, kept in the browser while signed out and in
// the account when signed in (merged at sign-in, like favourites). The section's words are in texts/storefront.ts.

/** The product pages kept, newest first; an older one drops out. */
export const RECENTLY_VIEWED_MAX = 20;
