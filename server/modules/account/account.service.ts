import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_TEXTS, PREFERENCE_TEXTS } from '../../../common/texts/account';
import type { AccountDeleteInput, EmailChangeInput, EmailChangeResult } from '../../../common/schemas/account';
import type { Preferences, PreferencesInput } from '../../../common/schemas/preferences';
import { isUniqueViolation } from '../../db/errors';
import type { Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import type { AuditRepo } from '../audit/audit.repo';
import type { UsersRepo } from '../users/users.repo';
import type { Mailer } from '../mail/mailer';
import { emailChangeMail } from '../mail/mail-texts';
import type { AccountRepo, AccountRow, DeletionState } from './account.repo';

/** How long the link to confirm a new email address works. */
export const EMAIL_CHANGE_EXPIRES_IN_S = 3600;

export type AccountDeps = {
  repo: AccountRepo;
  /** The unit of work's transaction (decision 0065): a change of several statements runs in one. */
  transaction: Transact<{ account: AccountRepo; audit: AuditRepo; users: Pick<UsersRepo, 'lockAdmins'> }>;
  /** The auth library's scrypt check (better-auth/crypto): this module never hashes passwords itself. */
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** null: the site sends no mail, so an email change applies at once, after the password check. */
  mailer: Mailer | null;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * What a remembered choice may name: the enabled agents' slugs and the display currencies (the base and those with
   * a rate), as the storefront's pickers offer them. Absent: anything of the right form is kept (tests of the rest).
   */
  offers?: PreferenceOffers | undefined;
};

export type PreferenceOffers = { agents(): Promise<readonly string[]>; currencies(): Promise<readonly string[]> };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who may delete this account (a pure rule over state read under lock). The last admin may not: the site would
 * be left without anyone to manage it, and only the command line could make a new one.
 */
export function decideDeletion({ account, otherAdmins }: DeletionState): void {
  if (account.isAdmin && otherAdmins === 0) throw new AppError('CONFLICT', ACCOUNT_TEXTS.lastAdmin);
}

/**
 * The choices as the site can honour them now: an agent since removed or switched off, or a currency no longer shown,
 * reads as not chosen (the default agent, the base currency), as the storefront treats it.
 */
export function offeredPreferences(stored: Preferences, agents: readonly string[], currencies: readonly string[]): Preferences {
  return {
    agent: stored.agent !== null && agents.includes(stored.agent) ? stored.agent : null,
    currency: stored.currency !== null && currencies.includes(stored.currency) ? stored.currency : null,
    language: stored.language,
  };
}

export function createAccountService({ repo, transaction, verifyPassword, mailer, log, offers }: AccountDeps) {
  async function load(userId: string): Promise<AccountRow> {
    const account = await repo.find(userId);
    // The session outlived its account (deleted in another tab): nothing to change.
    if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in to do this.');
    return account;
  }

  async function checkPassword(account: AccountRow, password: string | undefined): Promise<void> {
    if (!account.passwordHash) throw new AppError('VALIDATION', ACCOUNT_TEXTS.noPassword);
    if (!password) throw new AppError('VALIDATION', ACCOUNT_TEXTS.passwordRequired);
    if (!(await verifyPassword(account.passwordHash, password))) throw new AppError('VALIDATION', ACCOUNT_TEXTS.wrongPassword);
  }

  return {
    /**
     * The agent and currency the person chose (issue 16); nulls when they have chosen none, or chose what the site no
     * longer offers (an agent deleted or switched off since, a currency without a rate now).
     */
    async preferences(userId: string): Promise<Preferences> {
      const stored = await repo.preferences(userId);
      if (!offers) return stored;
      return offeredPreferences(stored, await offers.agents(), await offers.currencies());
    },

    /**
     * Remembers the choices; an agent the site does not have (or has switched off) and a currency it does not show
     * are refused with a sentence (400), nothing changed (issue 25: they were stored as sent).
     */
    async setPreferences(userId: string, input: PreferencesInput): Promise<Preferences> {
      await load(userId);
      if (!offers) return repo.setPreferences(userId, input);
      const [agents, currencies] = [await offers.agents(), await offers.currencies()];
      if (input.agent && !agents.includes(input.agent)) throw new AppError('VALIDATION', PREFERENCE_TEXTS.unknownAgent(input.agent));
      if (input.currency && !currencies.includes(input.currency))
        throw new AppError('VALIDATION', PREFERENCE_TEXTS.unknownCurrency(input.currency));
      return offeredPreferences(await repo.setPreferences(userId, input), agents, currencies);
    },

    async setName(userId: string, name: string): Promise<void> {
      await load(userId);
      await repo.setName(userId, name);
    },

    /**
     * With mail: the new address must prove it is someone's mailbox (a link sent to it) before the account uses
     * it, so nobody can move an account onto an address they do not hold (and then, say, link that address's
     * Google identity). Without mail the change applies at once, after the password check, and stays unverified.
     */
    async changeEmail(userId: string, input: EmailChangeInput, origin: string): Promise<EmailChangeResult> {
      const account = await load(userId);
      if (!account.passwordHash) throw new AppError('VALIDATION', ACCOUNT_TEXTS.googleEmail);
      await checkPassword(account, input.currentPassword);
      const newEmail = input.newEmail.toLowerCase();
      if (newEmail === account.email) throw new AppError('VALIDATION', ACCOUNT_TEXTS.sameEmail);
      if (await repo.emailTaken(newEmail, userId)) throw new AppError('CONFLICT', ACCOUNT_TEXTS.emailTaken);
      if (!mailer) {
        if ((await repo.setEmail(userId, newEmail, false)) === 'taken') throw new AppError('CONFLICT', ACCOUNT_TEXTS.emailTaken);
        log.info({ userId }, 'account: email changed');
        return { status: 'changed', email: newEmail };
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + EMAIL_CHANGE_EXPIRES_IN_S * 1000);
      await transaction((tx) => tx.account.saveEmailChange(userId, newEmail, hashToken(token), expiresAt));
      const link = `${origin}/api/account/email/confirm?token=${token}`;
      try {
        await mailer.send(emailChangeMail(newEmail, link, EMAIL_CHANGE_EXPIRES_IN_S));
      } catch (err) {
        const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
        log.error(
          { userId, code: e.code, responseCode: e.responseCode, reason: e.message },
          'account: the email confirmation could not be sent',
        );
        throw new AppError('UNAVAILABLE', 'The confirmation mail could not be sent just now. Please try again later.');
      }
      return { status: 'verification-sent', email: account.email };
    },

    /** The link in the confirmation mail; false when it is unknown, expired, spent, or the address was taken. */
    async confirmEmail(token: string): Promise<boolean> {
      if (!token) return false;
      let applied: { userId: string; email: string } | null;
      try {
        applied = await transaction((tx) => tx.account.applyEmailChange(hashToken(token), new Date()));
      } catch (err) {
        // The address was taken meanwhile: nothing changed, the link is not spent.
        if (!isUniqueViolation(err)) throw err;
        applied = null;
      }
      if (applied) log.info({ userId: applied.userId }, 'account: email changed after confirmation');
      return applied !== null;
    },

    async signOutEverywhere(userId: string): Promise<number> {
      return repo.deleteSessions(userId);
    },

    /**
     * Password accounts confirm with the password; Google-only ones (no password to ask for) by typing their
     * email. The rest happens in one transaction: the deletion rule sees the account and the number of other admins
     * under row locks (two last admins deleting themselves at once run one after the other) and throws to refuse.
     * The audit log keeps what happened but not who: this account's email is replaced, in the entries it made and
     * in the role changes made to it.
     */
    async deleteAccount(userId: string, input: AccountDeleteInput): Promise<void> {
      const account = await load(userId);
      if (account.passwordHash) await checkPassword(account, input.password);
      else if ((input.confirmEmail ?? '').trim().toLowerCase() !== account.email) {
        throw new AppError('VALIDATION', ACCOUNT_TEXTS.confirmEmailMismatch);
      }
      const deleted = await transaction(async (tx) => {
        const admins = await tx.users.lockAdmins();
        const locked = await tx.account.lockAccount(userId);
        if (!locked) return null;
        decideDeletion({ account: locked, otherAdmins: admins.filter((id) => id !== userId).length });
        await tx.audit.pseudonymise(userId, locked.email, ACCOUNT_TEXTS.deletedAccount);
        await tx.account.deleteAccount(userId);
        return locked;
      });
      if (!deleted) throw new AppError('UNAUTHORIZED', 'Please sign in to do this.');
      log.info({ userId }, 'account: deleted by its owner');
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
