import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { ACCOUNT_TEXTS, AUTH_PAGE_TEXTS as T } from '../../../common/texts/account';
import { richText } from '../../lib/rich-text';
import { forgotPasswordSchema } from '../../../common/schemas/account';
import { staticPageMeta } from '../../../common/static-page-meta';
import { COMMON_TEXTS } from '../../../common/texts/common';
import { FormFailure } from '../../components/ui/form-failure';
import { TextField } from '../../components/ui/text-field';
import { requestPasswordReset } from '../../lib/auth-client';
import { usePageMeta } from '../../lib/page-meta';
import { getSiteConfig } from '../../lib/site-config';
import { useForm } from '../../lib/use-form';
import './auth.css';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export default function ForgotPasswordPage() {
  usePageMeta(staticPageMeta('forgot-password'));
  const { passwordReset: available, contactEmail } = getSiteConfig();
  const form = useForm(['email'] as const, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(forgotPasswordSchema);
    if (!data) return;
    request.mutate(data.email, { onSuccess: () => setSentTo(data.email), onError: (err) => form.fail(err) });
  };

  return (
    <section className="panel-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{T.forgotTitle}</h1>
      {!available ? (
        <>
          <p className="form-error" role="note">
            {ACCOUNT_TEXTS.resetUnavailable}
          </p>
          {contactEmail && (
            <p className="auth-lead">
              {ACCOUNT_TEXTS.resetByContact} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </p>
          )}
        </>
      ) : sentTo ? (
        <p className="form-success" role="status">
          {ACCOUNT_TEXTS.resetRequested} {richText(T.checkInbox, <strong>{sentTo}</strong>)}
        </p>
      ) : (
        <>
          <p className="auth-lead">{T.forgotLead}</p>
          <FormFailure message={form.errors.form ?? null} />
          <form className="auth-form" onSubmit={submit} noValidate>
            <TextField label={T.email} type="email" autoComplete="email" required {...form.field('email')} />
            <button type="submit" className="button button-primary" disabled={request.isPending}>
              {request.isPending ? COMMON_TEXTS.sending : ACCOUNT_TEXTS.sendResetLink}
            </button>
          </form>
        </>
      )}
      <p className="auth-switch">
        {T.rememberedIt} <Link to="/login">{T.signIn}</Link>
      </p>
    </section>
  );
}
