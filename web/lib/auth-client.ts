import { AUTH_BASE_PATH } from '../../common/constants';
import { apiPost } from './api-client';

// The auth library's HTTP endpoints, called directly: its own client would add weight to every page for the
// four calls the site makes (decision 0009). Errors arrive in the API's one shape, so ApiError covers them.

export function signInWithEmail(email: string, password: string): Promise<unknown> {
  return apiPost(`${AUTH_BASE_PATH}/sign-in/email`, { email, password, rememberMe: true });
}

export function signUpWithEmail(email: string, password: string, name = ''): Promise<unknown> {
  return apiPost(`${AUTH_BASE_PATH}/sign-up/email`, { email, password, name });
}

export function signOut(): Promise<unknown> {
  return apiPost(`${AUTH_BASE_PATH}/sign-out`, {});
}

/**
 * Asks the server for Google's sign-in address and goes there. Google sends the browser back to callbackURL,
 * or to errorCallbackURL with ?error=code&error_description=... when the sign-in fails.
 */
export async function startGoogleSignIn(callbackURL: string, errorCallbackURL: string): Promise<void> {
  const { url } = await apiPost<{ url: string }>(`${AUTH_BASE_PATH}/sign-in/social`, {
    provider: 'google',
    callbackURL,
    errorCallbackURL,
    newUserCallbackURL: callbackURL,
  });
  window.location.assign(url);
}

export function requestPasswordReset(email: string): Promise<{ status: boolean; message: string }> {
  return apiPost(`${AUTH_BASE_PATH}/request-password-reset`, { email });
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return apiPost(`${AUTH_BASE_PATH}/reset-password`, { token, newPassword });
}

/** Signs out every other session; this one gets a new cookie. */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return apiPost(`${AUTH_BASE_PATH}/change-password`, { currentPassword, newPassword, revokeOtherSessions: true });
}
