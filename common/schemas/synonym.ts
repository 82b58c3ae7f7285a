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

/** One entry of the kept brand list (issue 40): a brand or model as titles write it, and the brand it names. */
const brandAliasSchema = z
  .object({
    alias: z
      .string()
      .trim()
      .min(1, 'Each line needs a brand or model before "=".')
      .max(80, 'A brand or model must be at most 80 characters.')
      .refine(...plainText('alias')),
    brand: z
      .string()
      .trim()
      .min(1, 'Each line needs the brand after "=".')
      .max(80, 'A brand must be at most 80 characters.')
      .refine(...plainText('brand')),
  })
  .register(apiSchemas, { id: 'BrandAlias' });

export const BRAND_ALIASES_MAX = 2000;

export const brandAliasListSchema = z
  .object({
    items: z
      .array(brandAliasSchema)
      .max(BRAND_ALIASES_MAX, `The brand list may hold at most ${BRAND_ALIASES_MAX} lines.`)
      .describe(
        'Brands and models as titles write them (Air Force 1) and the brand each names (Nike); an import gives a brandless row the brand its title names',
      ),
    isDefault: z.boolean().optional().describe('True while the default list stands (no admin has edited it)'),
  })
  .register(apiSchemas, { id: 'BrandAliasList' });
export type BrandAliasList = z.infer<typeof brandAliasListSchema>;

/** The form's text, one "alias = brand" a line, as the list (lines without "=" name a brand by itself). */
export function brandAliasesFromText(text: string): Array<{ alias: string; brand: string }> {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/=|→/);
      if (at < 0) return { alias: line, brand: line };
      return {
        alias: line.slice(0, at).trim(),
        brand: line
          .slice(at + 1)
          .replace(/^>/, '')
          .trim(),
      };
    });
}
export const brandAliasesToText = (items: ReadonlyArray<{ alias: string; brand: string }>) =>
  items.map((a) => (a.alias === a.brand ? a.alias : `${a.alias} = ${a.brand}`)).join('\n');
