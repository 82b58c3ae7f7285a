import { ACCOUNT_TEXTS, AUTH_ERROR_TEXTS, AUTH_REFUSAL_TEXTS as R, VALIDATION_TEXTS } from '../../../common/texts/account';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import type { ApiErrorBody, ErrorCode } from '../../../common/schemas/error';

/**
 * The auth library's error codes, in words a person can act on (AUTH_ERROR_TEXTS, and these shared with other
 * answers). Anything not listed keeps the library's own message. These reach the screens after 'Sign in failed: '
 * or 'Google Sign In failed: ' (spec section 8).
 */
const SHARED: Record<string, () => string> = {
  // Sign-in answers INVALID_EMAIL_OR_PASSWORD; this one comes from checks of the signed-in account's own password.
  INVALID_PASSWORD: () => ACCOUNT_TEXTS.wrongPassword,
  CREDENTIAL_ACCOUNT_NOT_FOUND: () => ACCOUNT_TEXTS.noPassword,
  RESET_PASSWORD_DISABLED: () => ACCOUNT_TEXTS.resetUnavailable,
  // A reset token that is unknown, expired or spent; USER_NOT_FOUND: its account was deleted meanwhile.
  INVALID_TOKEN: () => ACCOUNT_TEXTS.resetLinkInvalid,
  USER_NOT_FOUND: () => ACCOUNT_TEXTS.resetLinkInvalid,
  PASSWORD_TOO_SHORT: () => VALIDATION_TEXTS.passwordTooShort,
  PASSWORD_TOO_LONG: () => VALIDATION_TEXTS.passwordTooLong,
  PROVIDER_NOT_FOUND: () => AUTH_TEXTS.googleNotConfigured,
};

/** The sentence for a library code, read now (in the request's language); undefined for a code not listed. */
function messageFor(code: string): string | undefined {
  if (Object.hasOwn(SHARED, code)) return SHARED[code]?.();
  if (Object.hasOwn(AUTH_ERROR_TEXTS, code)) return AUTH_ERROR_TEXTS[code as keyof typeof AUTH_ERROR_TEXTS];
  return undefined;
}

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
  let message = (code ? messageFor(code) : undefined) ?? libraryMessage;
  if (status === 429) {
    const minutes = retryAfterSeconds ? Math.ceil(retryAfterSeconds / 60) : 0;
    message =
      retryAfterSeconds && retryAfterSeconds > 0
        ? retryAfterSeconds < 120
          ? R.tooManySeconds(retryAfterSeconds)
          : R.tooManyMinutes(minutes)
        : R.tooManyMinute;
  }
  if (!message) message = statusCode >= 500 ? R.ourSide : R.refused;
  if (statusCode >= 500 && !libraryCode) message = R.ourSide;
  return { statusCode, code: codeForStatus(statusCode), message };
}
