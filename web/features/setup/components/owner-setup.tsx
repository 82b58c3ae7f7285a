import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants';
import { isPasswordRefusal, signUpSchema } from '../../../../common/schemas/auth';
import { OWNER_SETUP_TEXTS as T } from '../../../../common/texts/setup';
import { FormFailure } from '../../../components/ui/form-failure';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { signInWithEmail } from '../../../lib/auth-client';
import { useForm } from '../../../lib/use-form';
import { useCreateOwner, useOwnerSetupStatus } from '../api/owner-setup';
import './owner-setup.css';

const FIELD_ORDER = ['email', 'password', 'confirmPassword'] as const;
/** The start log's address: /admin#setup=<token>. The fragment never reaches a server or a log. */
const TOKEN_MARK = '#setup=';

const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const hashToken = () => {
  const { hash } = window.location;
  return hash.startsWith(TOKEN_MARK) ? decodeURIComponent(hash.slice(TOKEN_MARK.length)) : null;
};

/** The token of the setup address this page was opened with (the server renders without it: it never sees it). */
function useSetupToken(): string | null {
  return useSyncExternalStore(subscribeHash, hashToken, () => null);
}

function OwnerForm({ token }: { token: string }) {
  const create = useCreateOwner();
  const form = useForm(FIELD_ORDER, { email: '', password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(signUpSchema);
    if (!data) return;
    setFailure(null);
    create.mutate(
      { token, email: data.email, password: data.password },
      {
        onSuccess: async () => {
          setDone(true);
          // Signed in with the account just made, the dashboard opens (the address without its spent token).
          await signInWithEmail(data.email, data.password).catch(() => undefined);
          window.location.replace('/admin');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400 && isPasswordRefusal(err.message)) {
            form.showErrors({ password: err.message });
            return;
          }
          setFailure(err instanceof ApiError ? err.message : T.tokenInvalid);
        },
      },
    );
  };

  return (
    <section className="panel-card gate-card owner-setup" aria-labelledby="owner-setup-title">
      <h1 id="owner-setup-title">{T.formTitle}</h1>
      <p>{T.formLead}</p>
      <FormFailure message={failure} />
      {done ? (
        <p role="status">{T.created}</p>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <TextField label={T.email} type="email" autoComplete="email" required {...form.field('email')} />
          <TextField
            label={T.password}
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...form.field('password')}
          />
          <TextField label={T.confirmPassword} type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? T.submitting : T.submit}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * /admin's gate while the site has no admin (issue 40): the owner form alone when the page was opened with the start
 * log's setup address, else the gate followed by where to find that address (and the other ways). The gate alone
 * once an admin exists.
 */
export function OwnerSetup({ children }: { children: ReactNode }) {
  const token = useSetupToken();
  const status = useOwnerSetupStatus(true);
  if (!status.data?.needed) return children;
  if (token) return <OwnerForm token={token} />;
  return (
    <>
      {children}
      <section className="panel-card gate-card owner-setup" aria-labelledby="owner-setup-title">
        <h2 id="owner-setup-title">{T.noAdminTitle}</h2>
        <p>{T.noAdminText}</p>
        <p className="gate-note">{T.otherWays}</p>
      </section>
    </>
  );
}
