import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { emailField, newPasswordField } from './auth';
import { isPlainText } from './fields';
import { apiSchemas } from './registry';
import { VALIDATION_TEXTS as V } from '../texts/account';
import { AUTH_TEXTS } from '../texts/storefront-later';

// The account page's and the password reset's contracts: the forms validate with these before sending and the
// server applies them again.

/** Longest display name (sign-up and the account page; Google names are taken as Google sends them). */
export const NAME_MAX_LENGTH = 100;

/** True when the text holds a control character or a lone surrogate: the shared single-line rule (fields.ts). */
export function hasControlCharacters(text: string): boolean {
  return !isPlainText(text);
}

export const displayNameField = z
  .string({ error: () => V.nameNotText })
  .trim()
  .max(NAME_MAX_LENGTH, { error: () => V.nameTooLong(NAME_MAX_LENGTH) })
  .refine((v) => !hasControlCharacters(v), { error: () => V.nameControl });

/** PATCH /api/account: an empty name clears it (the site then greets by email). */
export const accountNameInputSchema = z.strictObject({ name: displayNameField }).register(apiSchemas, { id: 'AccountNameInput' });
export type AccountNameInput = z.infer<typeof accountNameInputSchema>;

const currentPasswordField = z
  .string({ error: () => V.currentPassword })
  .min(1, { error: () => V.currentPassword })
  .max(PASSWORD_MAX_LENGTH, { error: () => V.passwordTooLong });

const emailWithoutControls = emailField.refine((v) => !hasControlCharacters(v), { error: () => V.emailControl });

/** POST /api/account/email. */
export const emailChangeInputSchema = z
  .strictObject({ newEmail: emailWithoutControls, currentPassword: currentPasswordField })
  .register(apiSchemas, { id: 'EmailChangeInput' });
export type EmailChangeInput = z.infer<typeof emailChangeInputSchema>;

/** What an email change did: changed at once (no mail on this site), or a link went to the new address. */
export const emailChangeResultSchema = z
  .object({ status: z.enum(['changed', 'verification-sent']), email: z.string().describe('The address the account has now') })
  .register(apiSchemas, { id: 'EmailChangeResult' });
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;

/** GET /api/account/email/confirm?token=: the link in the confirmation mail. */
export const emailConfirmQuerySchema = z.object({ token: z.string().max(200).default('') });

/** DELETE /api/account: the password of a password account, or (Google-only accounts) the account's email typed. */
export const accountDeleteInputSchema = z
  .strictObject({
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH, { error: () => V.passwordTooLong })
      .optional(),
    confirmEmail: z
      .string()
      .max(EMAIL_MAX_LENGTH, { error: () => V.emailTooLong })
      .optional(),
  })
  .register(apiSchemas, { id: 'AccountDeleteInput' });
export type AccountDeleteInput = z.infer<typeof accountDeleteInputSchema>;

export const accountOkSchema = z.object({ ok: z.literal(true) }).register(apiSchemas, { id: 'AccountOk' });

// ---- forms only (the library's endpoints check the same on the server) ----

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string().min(1, { error: () => V.confirmPassword }) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: () => AUTH_TEXTS.passwordsDoNotMatch });

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, { error: () => V.confirmPassword }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: () => AUTH_TEXTS.passwordsDoNotMatch });

/** Registration's optional display name. */
export const signUpNameSchema = z.object({ name: displayNameField });
