import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from '../../lib/router';
import { GOOGLE_CALLBACK_PATH } from '../../../common/constants';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { oauthErrorCode, oauthErrorMessage } from '../../../common/oauth-errors';
import { useToast } from '../../components/ui/toast';
import { copyText } from '../../lib/clipboard';
import { usePageData } from '../../lib/page-data';
import { useSession } from '../../lib/session';
import { getSiteConfig } from '../../lib/site-config';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import './auth.css';

const PAGE_PATH = '/google-auth-test';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const noSubscription = () => () => undefined;

/**
 * The address this page was opened at. The server renders the site's address; the browser then shows its own
 * (they differ only when the site is reached under another name).
 */
function useOpenedOrigin(): URL {
  const data = usePageData();
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => data?.origin ?? 'http://localhost',
  );
  return new URL(origin);
}

type Outcome = { kind: 'returned' } | { kind: 'error'; code: string; message: string } | null;

/** The Google sign-in debug page (spec section 2): try a sign-in and see what Google must be told about this site. */
export default function GoogleAuthTestPage() {
  usePageMeta(staticPageMeta('google-auth-test'));
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const toast = useToast();
  const { googleSignIn, googleRedirectUri } = getSiteConfig();
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const code = params.get('error');
    if (code) return { kind: 'error', code: oauthErrorCode(code), message: oauthErrorMessage(code) };
    return params.get('result') === 'returned' ? { kind: 'returned' } : null;
  });
  useEffect(() => {
    if (params.has('error') || params.has('error_description') || params.has('result')) setParams({}, { replace: true });
  }, [params, setParams]);

  const { hostname, origin, protocol } = useOpenedOrigin();
  // With PUBLIC_URL set, Google is always told that address; otherwise it follows the address opened here.
  const redirectAddress = googleRedirectUri ?? `${origin}${GOOGLE_CALLBACK_PATH}`;
  const siteOrigin = new URL(redirectAddress).origin;
  const openedElsewhere = siteOrigin !== origin;
  const debug = {
    domain: hostname,
    origin,
    expectedRedirectUri: redirectAddress,
    isLocalhost: LOCAL_HOSTS.has(hostname),
    isHttps: protocol === 'https:',
    googleConfiguredOnServer: googleSignIn,
  };

  const copy = () => {
    copyText(JSON.stringify(debug, null, 2)).then(
      () => toast(AUTH_TEXTS.debugCopied, 'success'),
      () => toast('Copying failed: select the values above and copy them by hand.', 'error'),
    );
  };

  return (
    <div className="debug-page">
      <h1>Google Sign-In Test</h1>
      <p className="auth-lead">Check that Google sign-in works at this address, and what to register with Google if it does not.</p>

      <section className="debug-panel" aria-labelledby="test-title">
        <h2 id="test-title">Sign-in test</h2>
        <GoogleSignInButton
          label={AUTH_TEXTS.testGoogleSignIn}
          busyLabel={AUTH_TEXTS.testing}
          callbackURL={`${PAGE_PATH}?result=returned`}
          errorCallbackURL={PAGE_PATH}
          onError={({ code, message }) => setOutcome({ kind: 'error', code, message })}
        />
        <div aria-live="polite">
          {outcome?.kind === 'returned' && session.status === 'signed-in' && (
            <p className="form-success">
              {AUTH_TEXTS.signedInAs} <strong>{session.user.email}</strong>
            </p>
          )}
          {outcome?.kind === 'returned' && session.status === 'signed-out' && (
            <p className="form-error" role="alert">
              Google sent you back, but no session was started. The browser may be blocking this site's cookies.
            </p>
          )}
          {outcome?.kind === 'error' && (
            <div className="form-error" role="alert">
              <p>
                <strong>Error code:</strong> <code>{outcome.code}</code>
              </p>
              <p>
                <strong>Message:</strong> {outcome.message}
              </p>
            </div>
          )}
        </div>
      </section>

      <section className="debug-panel" aria-labelledby="debug-title">
        <h2 id="debug-title">Debug information</h2>
        <dl className="debug-list">
          <dt>Domain</dt>
          <dd>{debug.domain}</dd>
          <dt>Origin</dt>
          <dd>{debug.origin}</dd>
          <dt>Expected redirect address</dt>
          <dd>{debug.expectedRedirectUri}</dd>
          <dt>Localhost</dt>
          <dd>{debug.isLocalhost ? 'Yes' : 'No'}</dd>
          <dt>HTTPS</dt>
          <dd>{debug.isHttps ? 'Yes' : 'No'}</dd>
          <dt>Configured on this server</dt>
          <dd>{googleSignIn ? 'Yes' : 'No (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)'}</dd>
        </dl>
        {openedElsewhere && (
          <p className="form-error" role="note">
            This page is open at {origin}, but the server sends Google back to {siteOrigin} (PUBLIC_URL). Sign in at {siteOrigin}, or the
            return from Google will not find this browser's sign-in.
          </p>
        )}
        <button type="button" className="button button-ghost" onClick={copy}>
          Copy
        </button>
      </section>

      <section className="debug-panel" aria-labelledby="hints-title">
        <h2 id="hints-title">If the sign-in fails</h2>
        <ol>
          <li>
            Add <code>{siteOrigin}</code> to the <strong>Authorized JavaScript origins</strong> of the OAuth client in the Google Cloud
            console.
          </li>
          <li>
            Add <code>{redirectAddress}</code> to its <strong>Authorized redirect URIs</strong>.
          </li>
          <li>
            Add <code>{new URL(siteOrigin).hostname}</code> to the <strong>authorized domains</strong> of the OAuth consent screen.
          </li>
        </ol>
      </section>
    </div>
  );
}
