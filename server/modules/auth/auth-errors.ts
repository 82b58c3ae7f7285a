import { ACCOUNT_TEXTS } from '../../../common/texts/account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { AUTH_TEXTS } from '../../../common/texts/storefront';
import type { ApiErrorBody, ErrorCode } from '../../../common/schemas/error';

/**
 * The auth library's error codes, in words a person can act on. Anything not listed keeps the library's own
 * message. These reach the screens after 'Sign in failed: ' or 'Google Sign In failed: ' (spec section 8).
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  INVALID_EMAIL: 'Enter a valid email address.',
  // Sign-in answers INVALID_EMAIL_OR_PASSWORD; this one comes from checks of the signed-in account's own password.
  INVALID_PASSWORD: ACCOUNT_TEXTS.wrongPassword,
  CREDENTIAL_ACCOUNT_NOT_FOUND: ACCOUNT_TEXTS.noPassword,
  RESET_PASSWORD_DISABLED: ACCOUNT_TEXTS.resetUnavailable,
  // A reset token that is unknown, expired or spent; USER_NOT_FOUND: its account was deleted meanwhile.
  INVALID_TOKEN: ACCOUNT_TEXTS.resetLinkInvalid,
  USER_NOT_FOUND: ACCOUNT_TEXTS.resetLinkInvalid,
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead, or use another email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead, or use another email.',
  PROVIDER_NOT_FOUND: AUTH_TEXTS.googleNotConfigured,
  INVALID_ORIGIN:
    'This request came from an address this site does not trust. Open the site at its own address (set PUBLIC_URL if it is behind a proxy).',
  MISSING_OR_NULL_ORIGIN: 'This request did not say which site sent it, so it was refused.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Sign-in requests from other sites are refused.',
  INVALID_CALLBACK_URL: 'The address to return to after signing in must be on this site.',
  INVALID_ERROR_CALLBACK_URL: 'The address to return to after signing in must be on this site.',
  INVALID_NEW_USER_CALLBACK_URL: 'The address to return to after signing in must be on this site.',
  FAILED_TO_CREATE_USER: 'The account could not be created. Please try again.',
  FAILED_TO_CREATE_SESSION: 'You could not be signed in. Please try again.',
  FIELD_NOT_ALLOWED: 'That field cannot be set here.',
  VALIDATION_ERROR: 'Some of the details sent are not valid.',
  MISSING_FIELD: 'A required field is missing.',
  BODY_MUST_BE_AN_OBJECT: 'The request body must be a JSON object.',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION';
}

/**
 * Turns an error answer of the auth library into the API's one error shape. Returns the status to send too:
 * an existing email is a 409 Conflict (the library says 422), a missing provider or mail server a 503 (the server's
 * setup).
 */
export function toApiError(
  status: number,
  body: { code?: unknown; message?: unknown } | null,
  retryAfterSeconds: number | null,
): ApiErrorBody {
  const libraryCode = typeof body?.code === 'string' ? body.code : undefined;
  let statusCode = status;
  if (libraryCode === 'USER_ALREADY_EXISTS' || libraryCode === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') statusCode = 409;
  if (libraryCode === 'PROVIDER_NOT_FOUND' || libraryCode === 'RESET_PASSWORD_DISABLED') statusCode = 503;
  const libraryMessage = typeof body?.message === 'string' ? body.message : '';
  // The library reports a malformed email as a generic validation error naming the field.
  const code = libraryCode === 'VALIDATION_ERROR' && libraryMessage.startsWith('[body.email]') ? 'INVALID_EMAIL' : libraryCode;
  let message = (code && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined) ?? libraryMessage;
  if (status === 429) {
    const minutes = retryAfterSeconds ? Math.ceil(retryAfterSeconds / 60) : 0;
    const wait =
      retryAfterSeconds && retryAfterSeconds > 0
        ? retryAfterSeconds < 120
          ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
          : `${minutes} minutes`
        : 'a minute';
    message = `Too many attempts. Please wait ${wait} and try again.`;
  }
  if (!message) message = statusCode >= 500 ? 'Something went wrong on our side. Please try again later.' : 'The request was refused.';
  if (statusCode >= 500 && !libraryCode) message = 'Something went wrong on our side. Please try again later.';
  return { statusCode, code: codeForStatus(statusCode), message };
}
