// Words too weak to stand for a search on their own (issue 40, decision 0095): the stop words of every storefront
// language, from the `stopword` package's kept lists (English, German, French, Spanish, Italian, Brazilian and
// European Portuguese, Polish, Arabic), and any word of one or two letters or digits. They still match, and rank,
// when a product has every word typed; they never make a partial answer by themselves ("zz no such product" is
// the empty state, not "showing results for no"). A synonym (si, cg, lv) is never weak: `resolve` reads it as its
// group before it asks here.
import { ara, deu, eng, fra, ita, pol, por, porBr, spa } from 'stopword';
import { isCjk, tokenize } from './search-tokens';

/** The lists as search tokens (lower case, accents dropped): what a typed word becomes before it is looked up. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  [eng, deu, fra, spa, ita, por, porBr, pol, ara].flatMap((list) => list.flatMap((word) => tokenize(word))),
);

/** Whether a search token is a stop word of a storefront language. */
export const isStopWord = (token: string): boolean => STOP_WORDS.has(token);

/** Whether a search token is a stop word of a storefront language, or a word of one or two characters (not CJK). */
export function isWeakWord(token: string): boolean {
  if (isCjk(token)) return false;
  return [...token].length <= 2 || STOP_WORDS.has(token);
}
