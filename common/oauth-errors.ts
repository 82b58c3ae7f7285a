import { AUTH_TEXTS } from './texts/storefront-later';
import { OAUTH_ERROR_TEXTS } from './texts/account';

/** The codes with a sentence of their own (OAUTH_ERROR_TEXTS' keys, and Google's sign-in not set up). */
const KNOWN = new Set(Object.keys(OAUTH_ERROR_TEXTS).filter((code) => code !== 'unknown'));

/** The code as sent when it looks like one; anything else (free text put into a link) becomes 'unknown_error'. */
export function oauthErrorCode(raw: string): string {
  return /^[a-z0-9_.'-]{1,64}$/i.test(raw) ? raw : 'unknown_error';
}

/**
 * The sentence for a failed Google sign-in that came back as ?error=code. Only the site's own sentences are
 * shown: the error_description in the address is anyone's text (a link can carry any words), so it never is.
 */
export function oauthErrorMessage(code: string): string {
  if (code === 'oauth_provider_not_found') return AUTH_TEXTS.googleNotConfigured;
  return KNOWN.has(code) ? OAUTH_ERROR_TEXTS[code as keyof typeof OAUTH_ERROR_TEXTS] : OAUTH_ERROR_TEXTS.unknown;
}
