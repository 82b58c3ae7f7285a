import { AUTH_TEXTS } from './texts/storefront';

/** Codes of a Google sign-in that failed after leaving the site, as they come back in ?error= (spec section 8). */
const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  access_denied: 'You cancelled the Google sign-in, or Google refused it.',
  state_not_found: 'The sign-in took too long or was started in another browser. Please try again.',
  state_mismatch: 'The sign-in took too long or was started in another browser. Please try again.',
  please_restart_the_process: 'The sign-in took too long or was started in another browser. Please try again.',
  invalid_callback_request: 'Google sent back an answer this site could not read. Please try again.',
  no_code: 'Google sent back no sign-in code. Please try again.',
  invalid_code: 'Google did not accept the sign-in code. Check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then try again.',
  oauth_provider_not_found: AUTH_TEXTS.googleNotConfigured,
  unable_to_get_user_info: 'Google did not share your account details. Please try again.',
  email_not_found: 'Your Google account did not share an email address.',
  email_not_verified: 'Your Google email address is not verified.',
  account_not_linked: 'An account with this email already exists and signs in with a password. Sign in with your email and password.',
  unable_to_link_account: 'An account with this email already exists and signs in with a password. Sign in with your email and password.',
  account_already_linked_to_different_user: 'This Google account already belongs to another Finder account.',
  issuer_mismatch: 'The answer did not come from Google. Please try again.',
  no_callback_url: 'The sign-in lost its way back to this site. Please try again.',
  signup_disabled: 'New accounts cannot be created with Google here.',
  invalid_request: 'Google refused the sign-in request. Check the OAuth client settings on the Google sign-in test page.',
  invalid_client: "Google does not know this site's OAuth client. Check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
  unauthorized_client: 'Google does not allow this OAuth client to sign people in. Check its settings in the Google Cloud console.',
  redirect_uri_mismatch: "Google does not know this site's return address. Add it on the Google sign-in test page's list.",
  temporarily_unavailable: 'Google is busy right now. Please try again in a moment.',
  server_error: 'Google had a problem. Please try again in a moment.',
  internal_server_error: 'Something went wrong on our side. Please try again later.',
};

/** The code as sent when it looks like one; anything else (free text put into a link) becomes 'unknown_error'. */
export function oauthErrorCode(raw: string): string {
  return /^[a-z0-9_.'-]{1,64}$/i.test(raw) ? raw : 'unknown_error';
}

/**
 * The sentence for a failed Google sign-in that came back as ?error=code. Only the site's own sentences are
 * shown: the error_description in the address is anyone's text (a link can carry any words), so it never is.
 */
export function oauthErrorMessage(code: string): string {
  const known = Object.hasOwn(OAUTH_ERROR_MESSAGES, code) ? OAUTH_ERROR_MESSAGES[code] : undefined;
  return known ?? 'Google sign-in did not complete. Please try again.';
}
