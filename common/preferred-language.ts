// The visitor's preferred site language (issue 41), for the suggestion bar only: apart from common/i18n.ts, which
// every page's first bundle carries. No Node or DOM APIs here.
import { LANGUAGES, type LangCode } from './i18n';

/** The visitor's preferred site language from an Accept-Language header (for the suggestion bar only). */
export function preferredLanguage(acceptLanguage: string | undefined): LangCode | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const exact = LANGUAGES.find((l) => l.code.toLowerCase() === tag);
    if (exact) return exact.code;
    const primary = tag.split('-')[0];
    const loose = LANGUAGES.find((l) => l.code.toLowerCase().split('-')[0] === primary);
    if (loose) return loose.code;
  }
  return undefined;
}
