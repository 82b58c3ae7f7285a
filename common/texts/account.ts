// Sentences of the password reset and the account page, shared by the server (which answers them) and the web
// (which recognises some of them), and the two pages' buttons. Outside storefront.ts so the finder's first bundle
// does not carry them.

export const ACCOUNT_TEXTS = {
  resetUnavailable: 'Password reset is not available on this site: no mail server is configured.',
  resetByContact: "Write from your account's address and we will help you back in:",
  resetRequested: 'If an account uses this email, a link to reset its password is on its way. It expires in one hour.',
  resetLinkInvalid: 'This reset link has expired or has already been used.',
  resetDone: 'Your password has been changed and every other session was signed out. Sign in with your new password.',
  wrongPassword: 'The password is not correct.',
  noPassword: 'This account signs in with Google and has no password. Use "Forgot password" on the login page to set one.',
  lastAdmin: 'You are the last admin: make another account an admin before deleting yours.',
  emailTaken: 'Another account already uses this email.',
  sameEmail: 'That is already your email address.',
  confirmEmailMismatch: 'Type the email address of your account to confirm.',
  passwordRequired: 'Enter your password to confirm.',
  googleEmail: 'This account signs in with Google only; its email follows your Google account.',
  emailLinkInvalid: 'This confirmation link has expired, has already been used, or the address is now taken.',
  deletedAccount: 'deleted account',
  sendResetLink: 'Send reset link',
  setNewPassword: 'Set new password',
  saveName: 'Save name',
  changeEmail: 'Change email',
  changePassword: 'Change password',
  signOutEverywhere: 'Sign out everywhere',
  signingOut: 'Signing out...',
  deleteTitle: 'Delete your account?',
  deleteAccount: 'Delete my account',
  /** A sign-in, sign-up or reset field with a control character (a NUL, a line break) or a lone surrogate in it. */
  controlCharacters: (field: string) =>
    field === 'email'
      ? 'The email must not contain control characters.'
      : field === 'name'
        ? 'The display name must not contain control characters.'
        : field === 'token'
          ? 'This reset link is not valid: ask for a new one.'
          : `The ${field || 'request'} must not contain control characters.`,
} as const;

/** The refusals of a remembered choice the site does not offer (issue 25): an agent it lacks, a currency it does not show. */
export const PREFERENCE_TEXTS = {
  unknownAgent: (slug: string) =>
    `There is no agent "${slug}" on this site (it may have been removed or switched off). Choose one of the agents offered.`,
  unknownCurrency: (code: string) => `Prices are not shown in ${code} on this site. Choose one of the currencies offered.`,
} as const;
