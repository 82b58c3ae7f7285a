import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_TEXTS, PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { NAME_MAX_LENGTH, signUpNameSchema } from '../../../common/schemas/account';
import { isPasswordRefusal, signUpSchema } from '../../../common/schemas/auth';
import { fieldErrors } from '../../../common/schemas/fields';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { useSignUp } from './api/sign-up';
import { FormFailure } from '../../components/ui/form-failure';
import { SignedOutOnly } from './components/signed-out-only';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import './auth.css';

const FIELDS = ['email', 'name', 'password', 'confirmPassword'] as const;

function RegisterForm() {
  usePageMeta(staticPageMeta('register'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [values, setValues] = useState({ email: '', name: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; emailTaken: boolean } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const focusField = (field: (typeof FIELDS)[number]) =>
    ({ email: emailRef, name: nameRef, password: passwordRef, confirmPassword: confirmRef })[field].current?.focus();

  const set = (field: (typeof FIELDS)[number]) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signUpSchema.safeParse(values);
    const name = signUpNameSchema.safeParse({ name: values.name });
    if (!parsed.success || !name.success) {
      const found = { ...(name.success ? {} : fieldErrors(name.error)), ...(parsed.success ? {} : fieldErrors(parsed.error)) };
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setFailure(null);
    signUp.mutate(
      { email: parsed.data.email, password: parsed.data.password, name: name.data.name },
      {
        onSuccess: () => navigate('/home', { replace: true }),
        onError: (err) => {
          const message = err instanceof ApiError ? err.message : 'Please try again.';
          // The server's password rules (length, and common or easily guessed ones) belong under the field.
          if (err instanceof ApiError && err.status === 400 && isPasswordRefusal(err.message)) {
            setErrors({ password: message });
            focusField('password');
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
      <p className="auth-lead">Save your favourite finds and get the latest drops.</p>
      <FormFailure message={failure?.message ?? null}>
        {failure?.emailTaken && (
          <>
            {' '}
            <Link to="/login">Go to sign in</Link>
          </>
        )}
      </FormFailure>
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          ref={nameRef}
          label="Display name (optional)"
          type="text"
          name="name"
          autoComplete="nickname"
          maxLength={NAME_MAX_LENGTH}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          hint="Shown when you are greeted; leave it empty to be greeted by your email."
        />
        <TextField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <TextField
          ref={confirmRef}
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <button type="submit" className="button button-primary" disabled={signUp.isPending}>
          {signUp.isPending ? AUTH_TEXTS.signingUp : AUTH_TEXTS.signUp}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
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
