// The niche's vocabulary (issue 27): groups of words and phrases the finder's search reads as the same, both ways.
import { z } from 'zod';
import { SYNONYM_TEXTS } from '../texts/synonyms';
import { SYNONYM_LIMITS } from '../synonyms';
import { plainText } from './fields';
import { apiSchemas } from './registry';

export const synonymSchema = z
  .object({
    id: z.string(),
    terms: z.array(z.string()).describe('Words or phrases that mean the same (af1, air force 1); each finds what the others find'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'Synonym' });
export type Synonym = z.infer<typeof synonymSchema>;

export const synonymListSchema = z
  .object({ items: z.array(synonymSchema).describe('Every group, oldest first') })
  .register(apiSchemas, { id: 'SynonymList' });
export type SynonymList = z.infer<typeof synonymListSchema>;

const term = z
  .string()
  .trim()
  .min(1, SYNONYM_TEXTS.termBlank)
  .max(SYNONYM_LIMITS.termMax, SYNONYM_TEXTS.termTooLong)
  .refine(...plainText('terms'))
  .transform((v) => v.toLowerCase().replace(/\s+/g, ' '));

/** A group as the admin writes it: the form sends one line of comma-separated terms, parsed into this. */
export const synonymInputSchema = z.object({
  terms: z
    .array(term)
    .max(SYNONYM_LIMITS.termsMax, SYNONYM_TEXTS.tooMany)
    .transform((terms) => [...new Set(terms)])
    .refine((terms) => terms.length >= 2, SYNONYM_TEXTS.tooFew)
    .refine((terms) => terms.every((t) => /[\p{L}\p{N}]/u.test(t)), SYNONYM_TEXTS.noLetters),
});
export type SynonymInput = z.input<typeof synonymInputSchema>;

export const synonymDeletedSchema = z.object({ id: z.string(), terms: z.array(z.string()) }).register(apiSchemas, { id: 'SynonymDeleted' });

/** The form's one line ("af1, air force 1") as the input's terms. */
export const termsFromLine = (line: string) =>
  line
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
