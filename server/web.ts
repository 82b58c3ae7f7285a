import { GOOGLE_CALLBACK_PATH } from '../common/constants';
import { DEFAULT_BASE_CURRENCY } from '../common/currency';
import type { SiteConfig } from '../common/schemas/site';
import type { Config } from './config';

/** The public settings the storefront gets (inlined into every page and at /api/site). */
export function publicSiteConfig(
  config: Pick<Config, 'discountCode' | 'communityUrl' | 'referralUrl' | 'contactEmail' | 'google' | 'publicUrl'> &
    Partial<Pick<Config, 'baseCurrency'>>,
  mail = false,
): SiteConfig {
  return {
    discountCode: config.discountCode,
    communityUrl: config.communityUrl,
    referralUrl: config.referralUrl,
    contactEmail: config.contactEmail,
    googleSignIn: config.google !== undefined,
    passwordReset: mail,
    googleRedirectUri: config.publicUrl ? `${config.publicUrl}${GOOGLE_CALLBACK_PATH}` : null,
    https: config.publicUrl?.startsWith('https://') ?? false,
    baseCurrency: config.baseCurrency ?? DEFAULT_BASE_CURRENCY,
  };
}

/** JSON inside <script type="application/json">: escape '<' so no value can close the tag. */
export function siteConfigScript(site: SiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return `<script type="application/json" id="site-config">${json}</script>`;
}

/** A request for a page (the server renders one), not for the API, a stored image or a built file. */
export function isPageRequest(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api/') &&
    url !== '/api' &&
    !url.startsWith('/media/') &&
    !url.startsWith('/assets/')
  );
}
