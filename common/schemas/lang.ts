// The language of a public answer's catalogue texts (issue 41): `lang` in the query of the finder's and the product's
// API, which the response cache keys on like any declared parameter.
import { z } from 'zod';
import { DEFAULT_LANG, findLanguage, LANGUAGES, type LangCode } from '../i18n';

/** The site's language codes, for the message of a language the site does not have. */
const LANG_LIST = LANGUAGES.map((l) => l.code).join(', ');

/**
 * `lang` of a public answer (issue 41): the language its product titles and descriptions are in, where translated
 * (the browser passes its page's language); any case; absent: English.
 */
export const langQueryField = z
  .string()
  .optional()
  .transform((v, ctx): LangCode | undefined => {
    const t = v?.trim();
    if (!t) return undefined;
    const found = findLanguage(t);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `lang must be one of ${LANG_LIST}` });
      return z.NEVER;
    }
    return found.code === DEFAULT_LANG ? undefined : found.code;
  })
  .describe(`The language of the product titles and descriptions: one of ${LANG_LIST}; English when absent or where not translated`);
