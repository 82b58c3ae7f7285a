import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { AUTH_TEXTS } from '../texts/storefront-later';
import { VALIDATION_TEXTS as V } from '../texts/account';

// The sign-in and sign-up forms validate with these before sending; the server applies the same rules again
// (the auth library's length limits are set from the same constants).

export const emailField = z
  .string()
  .trim()
  .min(1, { error: () => V.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: () => V.emailTooLong })
  .pipe(z.email({ error: () => V.emailInvalid }));

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, { error: () => V.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: () => V.passwordTooLong }),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * The server's refusal of a common or easily guessed password (issue 13), in English; the register form shows it
 * under the field (VALIDATION_TEXTS.weakPassword in the page's language). Here rather than in constants.ts: only the
 * account screens' chunks need it, not the first bundle.
 */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose a longer one, such as a phrase of several unrelated words.';

/** True for the server's refusals of a new password itself (its length, or a weak one), in English or the page's language. */
export function isPasswordRefusal(message: string): boolean {
  return (
    message.startsWith(WEAK_PASSWORD_MESSAGE) ||
    message.startsWith('Password must be') ||
    message.startsWith(V.weakPassword) ||
    message === V.passwordTooShort ||
    message === V.passwordTooLong
  );
}

export const newPasswordField = z
  .string()
  .min(1, { error: () => V.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: () => V.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: () => V.passwordTooLong });

export const signUpSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, { error: () => V.confirmPassword }),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: () => AUTH_TEXTS.passwordsDoNotMatch,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;
