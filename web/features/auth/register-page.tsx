import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { AUTH_PAGE_TEXTS as T } from '../../../common/texts/account';
import { NAME_MAX_LENGTH, signUpNameSchema } from '../../../common/schemas/account';
import { isPasswordRefusal, signUpSchema } from '../../../common/schemas/auth';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { useSignUp } from './api/sign-up';
import { FormFailure } from '../../components/ui/form-failure';
import { SignedOutOnly } from './components/signed-out-only';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import { useForm } from '../../lib/use-form';
import './auth.css';

const FIELD_ORDER = ['email', 'name', 'password', 'confirmPassword'] as const;
/** The account and its optional display name, checked together so every field shows its message at once. */
const registerSchema = signUpSchema.and(signUpNameSchema);

function RegisterForm() {
  usePageMeta(staticPageMeta('register'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm(FIELD_ORDER, { email: '', name: '', password: '', confirmPassword: '' });
  // The form's message carries a link to sign in when the address is taken.
  const [failure, setFailure] = useState<{ message: string; emailTaken: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(registerSchema);
    if (!data) return;
    setFailure(null);
    signUp.mutate(
      { email: data.email, password: data.password, name: data.name },
      {
        onSuccess: () => navigate('/home', { replace: true }),
        onError: (err) => {
          const message = err instanceof ApiError ? err.message : T.tryAgain;
          // The server's password rules (length, and common or easily guessed ones) belong under the field.
          if (err instanceof ApiError && err.status === 400 && isPasswordRefusal(err.message)) {
            form.showErrors({ password: message });
            return;
          }
          const emailTaken = err instanceof ApiError && err.code === 'CONFLICT';
          setFailure({ message: `${AUTH_TEXTS.signUpFailed}${message}`, emailTaken });
        },
      },
    );
  };

  return (
    <section className="panel-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{AUTH_TEXTS.registerTitle}</h1>
      <p className="auth-lead">{T.registerLead}</p>
      <FormFailure message={failure?.message ?? null}>
        {failure?.emailTaken && (
          <>
            {' '}
            <Link to="/login">{T.goToSignIn}</Link>
          </>
        )}
      </FormFailure>
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField label={T.email} type="email" autoComplete="email" required {...form.field('email')} />
        <TextField
          label={T.displayNameOptional}
          type="text"
          autoComplete="nickname"
          maxLength={NAME_MAX_LENGTH}
          {...form.field('name')}
          hint={T.displayNameHint}
        />
        <TextField
          label={T.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          {...form.field('password')}
          hint={T.passwordHint(PASSWORD_MIN_LENGTH)}
        />
        <TextField label={T.confirmPassword} type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
        <button type="submit" className="button button-primary" disabled={signUp.isPending}>
          {signUp.isPending ? AUTH_TEXTS.signingUp : AUTH_TEXTS.signUp}
        </button>
      </form>
      <p className="auth-switch">
        {T.haveAccount} <Link to="/login">{T.signIn}</Link>
      </p>
    </section>
  );
}

export default function RegisterPage() {
  return (
    <SignedOutOnly>
      <RegisterForm />
    </SignedOutOnly>
  );
}
