import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { ACCOUNT_TEXTS, AUTH_PAGE_TEXTS as T } from '../../../common/texts/account';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { resetPasswordSchema } from '../../../common/schemas/account';
import { staticPageMeta } from '../../../common/static-page-meta';
import { COMMON_TEXTS } from '../../../common/texts/common';
import { FormFailure } from '../../components/ui/form-failure';
import { TextField } from '../../components/ui/text-field';
import { resetPassword } from '../../lib/auth-client';
import { usePageMeta } from '../../lib/page-meta';
import { useForm } from '../../lib/use-form';
import './auth.css';

/** The page the reset mail links to: /reset-password?token=... */
export default function ResetPasswordPage() {
  usePageMeta(staticPageMeta('reset-password'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm(['password', 'confirmPassword'] as const, { password: '', confirmPassword: '' });
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(resetPasswordSchema);
    if (!data) return;
    reset.mutate(data.password, {
      onSuccess: () => setState('done'),
      onError: (err) => {
        if (err.message === ACCOUNT_TEXTS.resetLinkInvalid) setState('invalid');
        // Anything else the server refuses (too short, too weak) is about the new password.
        else form.fail(err, (_message, status) => (status === 400 ? 'password' : undefined));
      },
    });
  };

  return (
    <section className="panel-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{T.resetTitle}</h1>
      {state === 'done' ? (
        <>
          <p className="form-success" role="status">
            {ACCOUNT_TEXTS.resetDone}
          </p>
          <Link to="/login" className="button button-primary">
            {T.signIn}
          </Link>
        </>
      ) : state === 'invalid' ? (
        <>
          <p className="form-error" role="alert">
            {ACCOUNT_TEXTS.resetLinkInvalid}
          </p>
          <Link to="/forgot-password" className="button button-primary">
            {T.askNewLink}
          </Link>
        </>
      ) : (
        <>
          <p className="auth-lead">{T.resetLead}</p>
          <FormFailure message={form.errors.form ?? null} />
          <form className="auth-form" onSubmit={submit} noValidate>
            <TextField
              label={T.newPassword}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              hint={T.passwordHint(PASSWORD_MIN_LENGTH)}
              {...form.field('password')}
            />
            <TextField
              label={T.confirmNewPassword}
              type="password"
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
            />
            <button type="submit" className="button button-primary" disabled={reset.isPending}>
              {reset.isPending ? COMMON_TEXTS.saving : ACCOUNT_TEXTS.setNewPassword}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
