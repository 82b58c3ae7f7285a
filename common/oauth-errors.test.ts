import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from './texts/storefront-later';
import { oauthErrorCode, oauthErrorMessage } from './oauth-errors';

describe('oauthErrorMessage', () => {
  it('explains the codes a failed Google sign-in comes back with', () => {
    expect(oauthErrorMessage('access_denied')).toBe('You cancelled the Google sign-in, or Google refused it.');
    expect(oauthErrorMessage('account_not_linked')).toBe(
      'An account with this email already exists and signs in with a password. Sign in with your email and password.',
    );
    expect(oauthErrorMessage('invalid_code')).toContain('GOOGLE_CLIENT_SECRET');
    expect(oauthErrorMessage('state_mismatch')).toBe(oauthErrorMessage('state_not_found'));
    expect(oauthErrorMessage('oauth_provider_not_found')).toBe(AUTH_TEXTS.googleNotConfigured);
  });

  it('never shows the description from the address, whatever the code', () => {
    expect(oauthErrorMessage('temporarily_unavailable')).toBe('Google is busy right now. Please try again in a moment.');
    expect(oauthErrorMessage('something_new')).toBe('Google sign-in did not complete. Please try again.');
  });

  it('does not treat inherited object keys as known codes', () => {
    expect(oauthErrorMessage('constructor')).toBe('Google sign-in did not complete. Please try again.');
    expect(oauthErrorMessage('__proto__')).toBe('Google sign-in did not complete. Please try again.');
  });

  it('shows a code only when it looks like one', () => {
    expect(oauthErrorCode('access_denied')).toBe('access_denied');
    expect(oauthErrorCode('Your account is locked, call +1 555 0100')).toBe('unknown_error');
    expect(oauthErrorCode('x'.repeat(65))).toBe('unknown_error');
  });
});
