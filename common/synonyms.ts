// The search's synonym groups (issue 27): their limits. Their words are in texts/synonyms.ts.

export const SYNONYM_LIMITS = { termMax: 60, termsMax: 20 } as const;
