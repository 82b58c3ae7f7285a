import type { SiteConfig } from '../../common/schemas/site';

const FALLBACK: SiteConfig = {
  discountCode: '',
  communityUrl: '',
  referralUrl: '',
  contactEmail: '',
  googleSignIn: false,
  passwordReset: false,
  googleRedirectUri: null,
  https: false,
  baseCurrency: 'USD',
};

let cached: SiteConfig | undefined;

/** The server renders pages with the settings it serves (one set per process); the browser reads them from the page. */
export function setSiteConfig(config: SiteConfig): void {
  cached = config;
}

/** The server inlines the public settings into index.html, so the first paint needs no request. */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  const node = typeof document === 'undefined' ? null : document.getElementById('site-config');
  try {
    cached = node?.textContent ? { ...FALLBACK, ...(JSON.parse(node.textContent) as Partial<SiteConfig>) } : FALLBACK;
  } catch {
    cached = FALLBACK;
  }
  return cached;
}
