import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { AUTH_PAGE_TEXTS as T } from '../../../common/texts/account';
import { oauthErrorMessage } from '../../../common/oauth-errors';
import { safeNextPath } from '../../../common/saved-searches';
import { signInSchema } from '../../../common/schemas/auth';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { useSignIn } from './api/sign-in';
import { FormFailure } from '../../components/ui/form-failure';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { SignedOutOnly } from './components/signed-out-only';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import { useForm } from '../../lib/use-form';
import { useSession } from '../../lib/session';
import './auth.css';

/** A Google sign-in that failed comes back as /login?error=code (the description beside it is never shown). */
function useGoogleErrorFromUrl(): string | null {
  const [params, setParams] = useSearchParams();
  const [message] = useState(() => {
    const code = params.get('error');
    return code ? `${AUTH_TEXTS.googleSignInFailed}${oauthErrorMessage(code)}` : null;
  });
  // Off the address bar, so a reload or a shared link does not repeat the error.
  useEffect(() => {
    if (params.has('error') || params.has('error_description')) setParams({}, { replace: true });
  }, [params, setParams]);
  return message;
}

const FIELD_ORDER = ['email', 'password'] as const;

/** The sign-in card; its title is the page's heading, or (under the not-found notice) the second one. */
function LoginForm({ titleLevel = 1 }: { titleLevel?: 1 | 2 }) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where the visitor was when asked to sign in (Save search on the finder, issue 42): back there after, else Home.
  const next = safeNextPath(params.get('next')) ?? '/home';
  const signIn = useSignIn();
  const googleError = useGoogleErrorFromUrl();
  const form = useForm(FIELD_ORDER, { email: '', password: '' });
  // The form's message comes from a sign-in, or from Google's: both start with their own words.
  const [failure, setFailure] = useState<string | null>(googleError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(signInSchema);
    if (!data) return;
    setFailure(null);
    signIn.mutate(data, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (err) => setFailure(`${AUTH_TEXTS.signInFailed}${err instanceof ApiError ? err.message : T.tryAgain}`),
    });
  };

  return (
    <section className="panel-card" aria-labelledby="auth-title">
      <Title id="auth-title" className="auth-title">
        {AUTH_TEXTS.loginTitle}
      </Title>
      <p className="auth-lead">{T.loginLead}</p>
      <FormFailure message={failure} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField label={T.email} type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label={T.password} type="password" autoComplete="current-password" required {...form.field('password')} />
        <p className="auth-forgot">
          <Link to="/forgot-password">{T.forgotPassword}</Link>
        </p>
        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? AUTH_TEXTS.signingIn : AUTH_TEXTS.signIn}
        </button>
      </form>
      <p className="auth-divider">
        <span>{T.or}</span>
      </p>
      <GoogleSignInButton
        label={AUTH_TEXTS.continueWithGoogle}
        busyLabel={AUTH_TEXTS.signingIn}
        callbackURL={next}
        errorCallbackURL="/login"
        disabled={signIn.isPending}
        onError={({ message }) => setFailure(`${AUTH_TEXTS.googleSignInFailed}${message}`)}
      />
      <p className="auth-switch">
        {T.noAccount} <Link to="/register">{AUTH_TEXTS.register}</Link>
      </p>
    </section>
  );
}

export default function LoginPage() {
  usePageMeta(staticPageMeta('login'));
  return (
    <SignedOutOnly>
      <LoginForm />
    </SignedOutOnly>
  );
}

/**
 * Any address the site does not have (spec section 2's fallback): the login screen, answered with 404, under a plain
 * notice that there is no such page and a way to the finder, so a dead link does not look like a login wall. A
 * signed-in visitor gets the notice alone and stays at the address (no redirect to Home: the notice is the point).
 */
export function NotFoundPage() {
  usePageMeta(staticPageMeta('not-found'));
  const session = useSession();
  return (
    <>
      <section className="panel-card not-found-card" aria-labelledby="not-found-title">
        <h1 id="not-found-title">{AUTH_TEXTS.notFoundTitle}</h1>
        <p>{AUTH_TEXTS.notFoundText}</p>
        <Link to="/" className="button button-primary">
          {AUTH_TEXTS.notFoundFinder}
        </Link>
      </section>
      {session.status !== 'signed-in' && <LoginForm titleLevel={2} />}
    </>
  );
}
