import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { AUTH_TEXTS } from '../texts/storefront';

// The sign-in and sign-up forms validate with these before sending; the server applies the same rules again
// (the auth library's length limits are set from the same constants).

export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email('Enter a valid email address.'));

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * The server's refusal of a common or easily guessed password (issue 13); the register form shows it under the
 * field. Here rather than in constants.ts: only the account screens' chunks need it, not the first bundle.
 */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose a longer one, such as a phrase of several unrelated words.';

/** True for the server's refusals of a new password itself (its length, or a weak one). */
export function isPasswordRefusal(message: string): boolean {
  return message.startsWith(WEAK_PASSWORD_MESSAGE) || message.startsWith('Password must be');
}

export const newPasswordField = z
  .string()
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const signUpSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, 'Confirm your password.'),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_TEXTS.passwordsDoNotMatch,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;
