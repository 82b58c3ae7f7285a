// How text becomes search tokens (issue 27, decision 0055): pure rules shared by the index and the query.
//
// Text is lower-cased, accents dropped (garçons → garcons) and an apostrophe inside a word removed (Arc'teryx →
// arcteryx). Tokens are runs of Latin (or other alphabetic) letters and digits, runs of Chinese, Japanese or
// Korean characters (apart from the Latin words beside them, so a Chinese title stays findable by its Latin
// words), and ratios such as 1:1. A hyphen, slash or space separates tokens: "CD6578-507" is cd6578 and 507.

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN = new RegExp(`\\d+:\\d+|[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');
const CJK_ONLY = new RegExp(`^[${CJK}]+$`, 'u');

export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\p{L})['’`](\p{L})/gu, '$1$2');
}

export function tokenize(text: string): string[] {
  return normalizeText(text).match(TOKEN) ?? [];
}

export const isCjk = (token: string) => CJK_ONLY.test(token);

/**
 * Tokens that match only as a whole token: anything with a digit (numbers and model codes: `1` is not inside 11,
 * `350` is 350) and Latin words of one or two letters (`lv` is never inside velvet).
 */
export function wholeTokenOnly(token: string): boolean {
  return /\d/.test(token) || /^[a-z]{1,2}$/.test(token);
}

/** A light English stem for plurals: hoodies → hoodie, accessories → accessory, boxes → box, jackets → jacket. */
export function stem(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes)$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us')) return token.slice(0, -1);
  return token;
}

/** Edits a near spelling may be away: none under 4 letters, one from 4, two from 8 (as storefront engines do). */
export function allowedTypos(word: string): number {
  if (/\d/.test(word)) return 0;
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}
