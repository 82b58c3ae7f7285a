// Sentences of the password reset and the account page, shared by the server (which answers them) and the web
// (which recognises some of them), and the two pages' buttons. Outside storefront.ts so the finder's first bundle
// does not carry them.

import { texts, i18n } from '../i18n';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

export const ACCOUNT_TEXTS = texts({
  resetUnavailable: /*i18n*/ 'Password reset is not available on this site: no mail server is configured.',
  resetByContact: /*i18n*/ "Write from your account's address and we will help you back in:",
  resetRequested: /*i18n*/ 'If an account uses this email, a link to reset its password is on its way. It expires in one hour.',
  resetLinkInvalid: /*i18n*/ 'This reset link has expired or has already been used.',
  resetDone: /*i18n*/ 'Your password has been changed and every other session was signed out. Sign in with your new password.',
  wrongPassword: /*i18n*/ 'The password is not correct.',
  noPassword: /*i18n*/ 'This account signs in with Google and has no password. Use "Forgot password" on the login page to set one.',
  lastAdmin: /*i18n*/ 'You are the last admin: make another account an admin before deleting yours.',
  emailTaken: /*i18n*/ 'Another account already uses this email.',
  sameEmail: /*i18n*/ 'That is already your email address.',
  confirmEmailMismatch: /*i18n*/ 'Type the email address of your account to confirm.',
  passwordRequired: /*i18n*/ 'Enter your password to confirm.',
  googleEmail: /*i18n*/ 'This account signs in with Google only; its email follows your Google account.',
  emailLinkInvalid: /*i18n*/ 'This confirmation link has expired, has already been used, or the address is now taken.',
  deletedAccount: /*i18n*/ 'deleted account',
  sendResetLink: /*i18n*/ 'Send reset link',
  setNewPassword: /*i18n*/ 'Set new password',
  saveName: /*i18n*/ 'Save name',
  changeEmail: /*i18n*/ 'Change email',
  changePassword: /*i18n*/ 'Change password',
  signOutEverywhere: /*i18n*/ 'Sign out everywhere',
  signingOut: /*i18n*/ 'Signing out...',
  deleteTitle: /*i18n*/ 'Delete your account?',
  deleteAccount: /*i18n*/ 'Delete my account',
  /** A sign-in, sign-up or reset field with a control character (a NUL, a line break) or a lone surrogate in it. */
  controlCharacters: (field: string) =>
    field === 'email'
      ? i18n._('The email must not contain control characters.')
      : field === 'name'
        ? i18n._('The display name must not contain control characters.')
        : field === 'token'
          ? i18n._('This reset link is not valid: ask for a new one.')
          : i18n._('The {field} must not contain control characters.', { field: field || 'request' }),
});

/** The refusals of a remembered choice the site does not offer (issue 25): an agent it lacks, a currency it does not show. */
export const PREFERENCE_TEXTS = texts({
  unknownAgent: (slug: string) =>
    i18n._('There is no agent "{slug}" on this site (it may have been removed or switched off). Choose one of the agents offered.', {
      slug,
    }),
  unknownCurrency: (code: string) => i18n._('Prices are not shown in {code} on this site. Choose one of the currencies offered.', { code }),
});

/** The sign-in, sign-up and password pages' own words (AUTH_TEXTS in storefront.ts has their titles and buttons). */
export const AUTH_PAGE_TEXTS = texts({
  email: /*i18n*/ 'Email',
  password: /*i18n*/ 'Password',
  loginLead: /*i18n*/ 'Sign in to your Finder account.',
  forgotPassword: /*i18n*/ 'Forgot password?',
  or: /*i18n*/ 'or',
  noAccount: /*i18n*/ "Don't have an account?",
  haveAccount: /*i18n*/ 'Already have an account?',
  rememberedIt: /*i18n*/ 'Remembered it?',
  signIn: /*i18n*/ 'Sign in',
  goToSignIn: /*i18n*/ 'Go to sign in',
  tryAgain: /*i18n*/ 'Please try again.',
  registerLead: /*i18n*/ 'Save your favourite finds and get the latest drops.',
  displayNameOptional: /*i18n*/ 'Display name (optional)',
  displayNameHint: /*i18n*/ 'Shown when you are greeted; leave it empty to be greeted by your email.',
  passwordHint: (min: number) => i18n._('At least {min} characters.', { min }),
  confirmPassword: /*i18n*/ 'Confirm password',
  forgotTitle: /*i18n*/ 'Forgot your password?',
  /** After the reset was asked for: "Check the inbox of {address}." (the address in bold). */
  checkInbox: (email: string) => i18n._('Check the inbox of {email}.', { email }),
  forgotLead: /*i18n*/ "Enter your account's email and we will send you a link to choose a new password.",
  resetTitle: /*i18n*/ 'Choose a new password',
  askNewLink: /*i18n*/ 'Ask for a new link',
  resetLead: /*i18n*/ 'Every other place you are signed in will be signed out.',
  newPassword: /*i18n*/ 'New password',
  confirmNewPassword: /*i18n*/ 'Confirm new password',
  googleStartFailed: /*i18n*/ 'Google sign-in could not start. Please try again.',
});

/** /home after signing in (spec section 2). */
export const HOME_TEXTS = texts({
  welcome: (name: string) => i18n._('Welcome, {name}!', { name }),
  /** "Signed in as {email} with email and password." (the address in bold). */
  signedInAs: (email: string, methods: string) => i18n._('Signed in as {email} with {methods}.', { email, methods }),
  emailAndPassword: /*i18n*/ 'email and password',
  google: /*i18n*/ 'Google',
  /** Two or more sign-in methods: "email and password or Google". */
  methodsOr: (first: string, second: string) => i18n._('{first} or {second}', { first, second }),
  yourAccount: /*i18n*/ 'your account',
  browseProducts: /*i18n*/ 'Browse products',
  accountLink: /*i18n*/ 'Your account',
  openAdmin: /*i18n*/ 'Open the admin dashboard',
  loadingAccount: /*i18n*/ 'Loading your account',
  accountLoadFailed: /*i18n*/ 'Your account could not be loaded. Please try again.',
  /** The admin's line about the setup checklist (issue 28): a storefront page, so the storefront's catalogue. */
  setupProgress: (done: number, total: number) => i18n._('Setup: {done} of {total} done', { done, total }),
  setupFinish: /*i18n*/ 'Finish setting up',
  setupComplete: /*i18n*/ 'Setup complete',
  setupLoadFailed: /*i18n*/ 'The setup checklist could not be read.',
});

/** /account (issue 13). */
export const ACCOUNT_PAGE_TEXTS = texts({
  title: /*i18n*/ 'Your account',
  nameSection: /*i18n*/ 'Display name',
  emailSection: /*i18n*/ 'Email',
  passwordSection: /*i18n*/ 'Password',
  sessionsSection: /*i18n*/ 'Sessions',
  deleteSection: /*i18n*/ 'Delete account',
  nameNow: (name: string) => i18n._('Your display name is now {name}', { name }),
  nameNowStop: (name: string) => i18n._('Your display name is now {name}.', { name }),
  nameRemoved: /*i18n*/ 'Your display name was removed.',
  displayName: /*i18n*/ 'Display name',
  nameHint: /*i18n*/ 'Leave it empty to be greeted by your email.',
  emailChanged: (email: string) => i18n._('Your email is now {email}.', { email }),
  emailLinkSent: (email: string) => i18n._('We sent a link to {email}. Your email changes when you open it (within one hour).', { email }),
  /** "Now: {email}." with the address in bold; with mail on, the confirmation follows. */
  emailNow: (email: string) => i18n._('Now: {email}.', { email }),
  emailNowConfirm: (email: string) => i18n._('Now: {email}. The new address gets a link to confirm it.', { email }),
  newEmail: /*i18n*/ 'New email',
  currentPassword: /*i18n*/ 'Current password',
  setPassword: /*i18n*/ 'Set a password',
  passwordChanged: /*i18n*/ 'Your password was changed. Every other session was signed out.',
  newPassword: /*i18n*/ 'New password',
  newPasswordHint: (min: number) => i18n._('At least {min} characters. Other sessions will be signed out.', { min }),
  confirmNewPassword: /*i18n*/ 'Confirm new password',
  sessionsNote: /*i18n*/ 'Signs out every browser and device where this account is signed in, this one included.',
  signedOutEverywhere: /*i18n*/ 'You were signed out everywhere.',
  deleteWarning:
    /*i18n*/ 'Your account, its sessions and sign-in methods and your personal data are deleted for good. This cannot be undone.',
  yourPassword: /*i18n*/ 'Your password',
  typeToConfirm: (email: string) => i18n._('Type {email} to confirm', { email }),
  emailConfirmed: /*i18n*/ 'Your new email address is confirmed and in use.',
  deleteNote: /*i18n*/ 'Deletes your account and everything it holds.',
  deleteNoteAdmin: /*i18n*/ 'Deletes your account and everything it holds. An admin must first make another account an admin.',
  deleted: /*i18n*/ 'Your account was deleted.',
});

/** A Google sign-in that failed after leaving the site, by the code it comes back with in ?error= (spec section 8). */
export const OAUTH_ERROR_TEXTS = texts({
  access_denied: /*i18n*/ 'You cancelled the Google sign-in, or Google refused it.',
  state_not_found: /*i18n*/ 'The sign-in took too long or was started in another browser. Please try again.',
  state_mismatch: /*i18n*/ 'The sign-in took too long or was started in another browser. Please try again.',
  please_restart_the_process: /*i18n*/ 'The sign-in took too long or was started in another browser. Please try again.',
  invalid_callback_request: /*i18n*/ 'Google sent back an answer this site could not read. Please try again.',
  no_code: /*i18n*/ 'Google sent back no sign-in code. Please try again.',
  invalid_code: /*i18n*/ 'Google did not accept the sign-in code. Check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then try again.',
  unable_to_get_user_info: /*i18n*/ 'Google did not share your account details. Please try again.',
  email_not_found: /*i18n*/ 'Your Google account did not share an email address.',
  email_not_verified: /*i18n*/ 'Your Google email address is not verified.',
  account_not_linked:
    /*i18n*/ 'An account with this email already exists and signs in with a password. Sign in with your email and password.',
  unable_to_link_account:
    /*i18n*/ 'An account with this email already exists and signs in with a password. Sign in with your email and password.',
  account_already_linked_to_different_user: /*i18n*/ 'This Google account already belongs to another Finder account.',
  issuer_mismatch: /*i18n*/ 'The answer did not come from Google. Please try again.',
  no_callback_url: /*i18n*/ 'The sign-in lost its way back to this site. Please try again.',
  signup_disabled: /*i18n*/ 'New accounts cannot be created with Google here.',
  invalid_request: /*i18n*/ 'Google refused the sign-in request. Check the OAuth client settings on the Google sign-in test page.',
  invalid_client: /*i18n*/ "Google does not know this site's OAuth client. Check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
  unauthorized_client:
    /*i18n*/ 'Google does not allow this OAuth client to sign people in. Check its settings in the Google Cloud console.',
  redirect_uri_mismatch: /*i18n*/ "Google does not know this site's return address. Add it on the Google sign-in test page's list.",
  temporarily_unavailable: /*i18n*/ 'Google is busy right now. Please try again in a moment.',
  server_error: /*i18n*/ 'Google had a problem. Please try again in a moment.',
  internal_server_error: /*i18n*/ 'Something went wrong on our side. Please try again later.',
  /** Any other code. */
  unknown: /*i18n*/ 'Google sign-in did not complete. Please try again.',
});

/**
 * The sign-in, sign-up and account forms' validation messages (common/schemas/auth.ts and account.ts): the schemas
 * read them when they validate (zod's `error: () => …`), in the language of the moment, the server's answers too.
 */
export const VALIDATION_TEXTS = texts({
  emailRequired: /*i18n*/ 'Email is required.',
  emailTooLong: /*i18n*/ { id: 'Email must be at most {max} characters.', values: { max: EMAIL_MAX_LENGTH } },
  emailInvalid: /*i18n*/ 'Enter a valid email address.',
  emailControl: /*i18n*/ 'The email must not contain control characters.',
  passwordRequired: /*i18n*/ 'Password is required.',
  passwordTooShort: /*i18n*/ { id: 'Password must be at least {min} characters.', values: { min: PASSWORD_MIN_LENGTH } },
  passwordTooLong: /*i18n*/ { id: 'Password must be at most {max} characters.', values: { max: PASSWORD_MAX_LENGTH } },
  weakPassword:
    /*i18n*/ 'This password is too common or too easy to guess. Choose a longer one, such as a phrase of several unrelated words.',
  confirmPassword: /*i18n*/ 'Confirm your password.',
  currentPassword: /*i18n*/ 'Enter your current password.',
  nameNotText: /*i18n*/ 'The display name must be text.',
  nameTooLong: (max: number) => i18n._('The display name must be at most {max} characters.', { max }),
  nameControl: /*i18n*/ 'The display name must not contain control characters.',
});

/**
 * The auth library's refusals in words a person can act on (server/modules/auth/auth-errors.ts, by the library's
 * code), answered in the request's language; they reach the screens after 'Sign in failed: ' (spec section 8).
 */
export const AUTH_ERROR_TEXTS = texts({
  INVALID_EMAIL_OR_PASSWORD: /*i18n*/ 'Invalid email or password.',
  INVALID_EMAIL: /*i18n*/ 'Enter a valid email address.',
  USER_ALREADY_EXISTS: /*i18n*/ 'An account with this email already exists. Sign in instead, or use another email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: /*i18n*/ 'An account with this email already exists. Sign in instead, or use another email.',
  INVALID_ORIGIN:
    /*i18n*/ 'This request came from an address this site does not trust. Open the site at its own address (set PUBLIC_URL if it is behind a proxy).',
  MISSING_OR_NULL_ORIGIN: /*i18n*/ 'This request did not say which site sent it, so it was refused.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: /*i18n*/ 'Sign-in requests from other sites are refused.',
  INVALID_CALLBACK_URL: /*i18n*/ 'The address to return to after signing in must be on this site.',
  INVALID_ERROR_CALLBACK_URL: /*i18n*/ 'The address to return to after signing in must be on this site.',
  INVALID_NEW_USER_CALLBACK_URL: /*i18n*/ 'The address to return to after signing in must be on this site.',
  FAILED_TO_CREATE_USER: /*i18n*/ 'The account could not be created. Please try again.',
  FAILED_TO_CREATE_SESSION: /*i18n*/ 'You could not be signed in. Please try again.',
  FIELD_NOT_ALLOWED: /*i18n*/ 'That field cannot be set here.',
  VALIDATION_ERROR: /*i18n*/ 'Some of the details sent are not valid.',
  MISSING_FIELD: /*i18n*/ 'A required field is missing.',
  BODY_MUST_BE_AN_OBJECT: /*i18n*/ 'The request body must be a JSON object.',
});

/** The auth library's answers that have no code of their own: too many attempts, a failure on the server's side. */
export const AUTH_REFUSAL_TEXTS = texts({
  tooManySeconds: (seconds: number) =>
    i18n._(
      '{seconds, plural, one {Too many attempts. Please wait # second and try again.} other {Too many attempts. Please wait # seconds and try again.}}',
      { seconds },
    ),
  tooManyMinutes: (minutes: number) => i18n._('Too many attempts. Please wait {minutes} minutes and try again.', { minutes }),
  tooManyMinute: /*i18n*/ 'Too many attempts. Please wait a minute and try again.',
  ourSide: /*i18n*/ 'Something went wrong on our side. Please try again later.',
  refused: /*i18n*/ 'The request was refused.',
});
