import { useEffect, useId } from 'react';
import { AUTH_TEXTS } from '../../../../common/texts/storefront-later';
import { getSiteConfig } from '../../../lib/site-config';
import { ApiError } from '../../../lib/api-client';
import { useStartGoogleSignIn } from '../api/start-google-sign-in';
import { GoogleIcon } from './google-icon';
import { AUTH_PAGE_TEXTS } from '../../../../common/texts/account';

type Props = {
  label: string;
  busyLabel: string;
  callbackURL: string;
  errorCallbackURL: string;
  onError: (error: { code: string; message: string }) => void;
  disabled?: boolean;
};

/** Starts a Google sign-in; stays busy until the browser has left for Google. */
export function GoogleSignInButton({ label, busyLabel, callbackURL, errorCallbackURL, onError, disabled }: Props) {
  const start = useStartGoogleSignIn();
  const { reset } = start;
  const noteId = useId();
  // Without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET the button stays (spec section 2) but says calmly that it is off;
  // the operator is told by the server's log and the dashboard, not the visitor by an error about settings.
  const configured = getSiteConfig().googleSignIn;
  // Coming back with the browser's Back button restores this page as it was left: busy. Make it usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  if (!configured) {
    return (
      <>
        <button type="button" className="button button-ghost button-google" disabled aria-describedby={noteId}>
          <GoogleIcon />
          {label}
        </button>
        <p id={noteId} className="auth-note">
          {AUTH_TEXTS.googleNotConfigured}
        </p>
      </>
    );
  }
  return (
    <button
      type="button"
      className="button button-ghost button-google"
      disabled={disabled || start.isPending}
      onClick={() =>
        start.mutate(
          { callbackURL, errorCallbackURL },
          {
            onError: (err) =>
              onError({
                code: err instanceof ApiError && err.code ? err.code : 'NETWORK',
                message: err instanceof ApiError ? err.message : AUTH_PAGE_TEXTS.googleStartFailed,
              }),
          },
        )
      }
    >
      <GoogleIcon />
      {start.isPending ? busyLabel : label}
    </button>
  );
}
