import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { ACCOUNT_PAGE_TEXTS as T, ACCOUNT_TEXTS } from '../../../common/texts/account';
import { richText } from '../../lib/rich-text';
import { PRICE_TEXTS } from '../../../common/texts/price-history';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { accountNameInputSchema, changePasswordSchema, emailChangeInputSchema, NAME_MAX_LENGTH } from '../../../common/schemas/account';
import type { Me } from '../../../common/schemas/user';
import { staticPageMeta } from '../../../common/static-page-meta';
import { COMMON_TEXTS } from '../../../common/texts/common';
import { Dialog } from '../../components/ui/dialog';
import { FormFailure } from '../../components/ui/form-failure';
import { SignedInOnly } from '../../components/signed-in-only';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { usePageMeta } from '../../lib/page-meta';
import { getSiteConfig } from '../../lib/site-config';
import { useForm } from '../../lib/use-form';
import { useChangeEmail } from './api/change-email';
import { useChangePassword } from './api/change-password';
import { useDeleteAccount } from './api/delete-account';
import { forgetSignedInData } from './api/forget-signed-in-data';
import { useSignOutEverywhere } from './api/sign-out-everywhere';
import { usePriceAlerts, useSetPriceAlertsAll } from './api/price-alerts';
import { useUpdateName } from './api/update-name';
import { SavedSearches } from '../../components/saved-searches';
import './account.css';

function Section({ id, title, children, danger = false }: { id: string; title: string; children: ReactNode; danger?: boolean }) {
  return (
    <section className={`account-section${danger ? ' account-danger' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** "Mail me when any favourite gets cheaper" (issue 29): disabled, with the reason, when the site has no mail. */
function PriceAlertsSwitch() {
  const settings = usePriceAlerts();
  const set = useSetPriceAlertsAll();
  const data = settings.data;
  if (!data) return settings.isError ? <p className="account-note">{PRICE_TEXTS.alertFailed}</p> : null;
  const hint = data.available ? PRICE_TEXTS.allHint : PRICE_TEXTS.alertsUnavailable;
  return (
    <div className="account-switch">
      <input
        id="price-alerts-all"
        type="checkbox"
        checked={set.isPending && set.variables !== undefined ? set.variables : data.all}
        disabled={!data.available || set.isPending}
        aria-describedby="price-alerts-all-hint"
        onChange={(event) => set.mutate(event.currentTarget.checked)}
      />
      <label htmlFor="price-alerts-all">{PRICE_TEXTS.allLabel}</label>
      <p id="price-alerts-all-hint" className="account-note">
        {hint}
      </p>
      {set.isError && (
        <p className="account-note account-failed" role="alert">
          {PRICE_TEXTS.alertFailed}
        </p>
      )}
    </div>
  );
}

function NameForm({ user }: { user: Me }) {
  const toast = useToast();
  const form = useForm(['name'] as const, { name: user.name });
  const update = useUpdateName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(accountNameInputSchema);
    if (!data) return;
    update.mutate(data.name, {
      onSuccess: (me) => toast(me.name ? (/[.!?]$/.test(me.name) ? T.nameNow(me.name) : T.nameNowStop(me.name)) : T.nameRemoved, 'success'),
      onError: (err) => form.fail(err, (_m, status) => (status === 400 ? 'name' : undefined)),
    });
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <FormFailure message={form.errors.form ?? null} />
      <TextField
        label={T.displayName}
        type="text"
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        hint={T.nameHint}
        {...form.field('name')}
      />
      <button type="submit" className="button button-primary" disabled={update.isPending}>
        {update.isPending ? COMMON_TEXTS.saving : ACCOUNT_TEXTS.saveName}
      </button>
    </form>
  );
}

function EmailForm({ user }: { user: Me }) {
  const toast = useToast();
  const form = useForm(['newEmail', 'currentPassword'] as const, { newEmail: '', currentPassword: '' });
  const change = useChangeEmail();
  const mailOn = getSiteConfig().passwordReset;
  if (!user.hasPassword) return <p className="account-note">{ACCOUNT_TEXTS.googleEmail}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(emailChangeInputSchema);
    if (!data) return;
    change.mutate(data, {
      onSuccess: (result) => {
        form.reset();
        toast(result.status === 'changed' ? T.emailChanged(result.email) : T.emailLinkSent(data.newEmail), 'success');
      },
      onError: (err) =>
        form.fail(err, (message, status) =>
          message === ACCOUNT_TEXTS.wrongPassword ? 'currentPassword' : status === 400 || status === 409 ? 'newEmail' : undefined,
        ),
    });
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <p className="account-note">{richText(mailOn ? T.emailNowConfirm : T.emailNow, <strong>{user.email}</strong>)}</p>
      <FormFailure message={form.errors.form ?? null} />
      <TextField label={T.newEmail} type="email" autoComplete="email" required {...form.field('newEmail')} />
      <TextField label={T.currentPassword} type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? COMMON_TEXTS.saving : ACCOUNT_TEXTS.changeEmail}
      </button>
    </form>
  );
}

function PasswordForm({ user }: { user: Me }) {
  const toast = useToast();
  const form = useForm(['currentPassword', 'newPassword', 'confirmPassword'] as const, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const change = useChangePassword();
  if (!user.hasPassword) {
    return (
      <p className="account-note">
        {ACCOUNT_TEXTS.noPassword} <Link to="/forgot-password">{T.setPassword}</Link>
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(changePasswordSchema);
    if (!data) return;
    change.mutate(data, {
      onSuccess: () => {
        form.reset();
        toast(T.passwordChanged, 'success');
      },
      onError: (err) =>
        form.fail(err, (message, status) =>
          message === ACCOUNT_TEXTS.wrongPassword ? 'currentPassword' : status === 400 ? 'newPassword' : undefined,
        ),
    });
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <FormFailure message={form.errors.form ?? null} />
      <TextField label={T.currentPassword} type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
      <TextField
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={T.newPasswordHint(PASSWORD_MIN_LENGTH)}
        {...form.field('newPassword')}
      />
      <TextField label={T.confirmNewPassword} type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? COMMON_TEXTS.saving : ACCOUNT_TEXTS.changePassword}
      </button>
    </form>
  );
}

function SignOutEverywhere() {
  const toast = useToast();
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere();
  return (
    <>
      <p className="account-note">{T.sessionsNote}</p>
      <button
        type="button"
        className="button button-ghost"
        disabled={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: () => {
              toast(T.signedOutEverywhere, 'success');
              navigate('/login', { replace: true });
            },
            onError: (err) => toast(err.message, 'error'),
          })
        }
      >
        {signOut.isPending ? ACCOUNT_TEXTS.signingOut : ACCOUNT_TEXTS.signOutEverywhere}
      </button>
    </>
  );
}

function DeleteAccountDialog({ user, onClose, onDeleted }: { user: Me; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteAccount();
  const form = useForm(['secret'] as const, { secret: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const secret = form.values.secret;
    if (!secret.trim()) {
      form.fail(new Error(user.hasPassword ? ACCOUNT_TEXTS.passwordRequired : ACCOUNT_TEXTS.confirmEmailMismatch), () => 'secret');
      return;
    }
    remove.mutate(user.hasPassword ? { password: secret } : { confirmEmail: secret }, {
      onSuccess: onDeleted,
      onError: (err) => form.fail(err, (_m, status) => (status === 400 ? 'secret' : undefined)),
    });
  };
  return (
    <Dialog title={ACCOUNT_TEXTS.deleteTitle} onClose={onClose} busy={remove.isPending}>
      <form className="dialog-body account-form" onSubmit={submit} noValidate>
        <p>{T.deleteWarning}</p>
        <FormFailure message={form.errors.form ?? null} />
        {user.hasPassword ? (
          <TextField label={T.yourPassword} type="password" autoComplete="current-password" required autoFocus {...form.field('secret')} />
        ) : (
          <TextField label={T.typeToConfirm(user.email)} type="email" autoComplete="off" required autoFocus {...form.field('secret')} />
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={remove.isPending}>
            {COMMON_TEXTS.cancel}
          </button>
          <button type="submit" className="button button-danger" disabled={remove.isPending}>
            {remove.isPending ? COMMON_TEXTS.deleting : ACCOUNT_TEXTS.deleteAccount}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The link in an email-change mail comes back here as ?email=confirmed|invalid: said once, then taken off the address. */
function useEmailConfirmationNotice() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  useEffect(() => {
    const outcome = params.get('email');
    if (!outcome) return;
    if (outcome === 'confirmed') toast(T.emailConfirmed, 'success');
    else toast(ACCOUNT_TEXTS.emailLinkInvalid, 'error');
    setParams({}, { replace: true });
  }, [params, setParams, toast]);
}

/** /account: the signed-in person's own settings (issue 13). Anonymous visitors go to /login. */
export default function AccountPage() {
  usePageMeta(staticPageMeta('account'));
  useEmailConfirmationNotice();
  const [deleting, setDeleting] = useState(false);
  // Set once the account is gone: the page then shows nothing while it leaves for the finder (not for /login).
  const [deleted, setDeleted] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (deleted) return null;
  return (
    <SignedInOnly>
      {(user) => (
        <div className="account-page">
          <h1>{T.title}</h1>
          <Section id="account-name" title={T.nameSection}>
            <NameForm user={user} />
          </Section>
          <Section id="account-email" title={T.emailSection}>
            <EmailForm user={user} />
          </Section>
          <Section id="account-password" title={T.passwordSection}>
            <PasswordForm user={user} />
          </Section>
          <Section id="account-price-alerts" title={PRICE_TEXTS.allTitle}>
            <PriceAlertsSwitch />
          </Section>
          <SavedSearches className="account-section" />
          <Section id="account-sessions" title={T.sessionsSection}>
            <SignOutEverywhere />
          </Section>
          <Section id="account-delete" title={T.deleteSection} danger>
            <p className="account-note">{user.isAdmin ? T.deleteNoteAdmin : T.deleteNote}</p>
            <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
              {ACCOUNT_TEXTS.deleteAccount}
            </button>
          </Section>
          {deleting && (
            <DeleteAccountDialog
              user={user}
              onClose={() => setDeleting(false)}
              onDeleted={() => {
                setDeleted(true);
                toast(T.deleted, 'success');
                navigate('/', { replace: true });
                forgetSignedInData(queryClient);
              }}
            />
          )}
        </div>
      )}
    </SignedInOnly>
  );
}
