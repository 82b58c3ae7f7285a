// The setup checklist (issue 28): its items and how long a removed demo picture is kept. Their words are in
// texts/setup.ts.

export const SETUP_ITEMS = ['referral-codes', 'currency-rates', 'mail', 'google', 'public-url', 'auth-secret', 'demo-catalogue'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

/** Days a removed demo picture's files are kept, so Undo can bring the pictures back with their products. */
export const DEMO_PICTURES_KEPT_DAYS = 30;
