// The mails' words (issue 41): a password reset and an email change in the language of the page that asked for them,
// a price digest in the language the account chose. The server writes them (server/modules/mail/mail-texts.ts).
import { i18n, texts } from '../i18n';

export const MAIL_TEXTS = texts({
  orOpen: (link: string) => i18n._('Or open this address: {link}', { link }),
  /** A link's lifetime: whole hours when it is, else minutes. */
  expiresIn: (hours: number, minutes: number) =>
    hours > 0
      ? i18n._('{hours, plural, one {The link works once and expires in one hour.} other {The link works once and expires in # hours.}}', {
          hours,
        })
      : i18n._(
          '{minutes, plural, one {The link works once and expires in # minute.} other {The link works once and expires in # minutes.}}',
          {
            minutes,
          },
        ),
  resetSubject: (site: string) => i18n._('Reset your {site} password', { site }),
  resetIntro: (site: string, email: string) =>
    i18n._('Someone (hopefully you) asked to reset the password of the {site} account for {email}.', { site, email }),
  resetAction: /*i18n*/ 'Choose a new password',
  resetIgnore: /*i18n*/ 'If you did not ask for this, ignore this message: your password stays as it is.',
  changeSubject: (site: string) => i18n._('Confirm your new {site} email address', { site }),
  changeIntro: (site: string, email: string) =>
    i18n._('Someone (hopefully you) asked to use {email} as the email address of a {site} account.', { site, email }),
  changeAction: /*i18n*/ 'Confirm this address',
  changeIgnore: /*i18n*/ 'If you did not ask for this, ignore this message: nothing changes.',
  dropIntro: (n: number) =>
    i18n._('{n, plural, one {One of your favourites got cheaper:} other {# of your favourites got cheaper:}}', { n }),
  dropLine: (title: string, now: string, was: string) => i18n._('{title}: {now} (was {was})', { title, now, was }),
  dropWhy: (site: string) =>
    i18n._('You get this because you asked {site} to mail you when a favourite’s price drops; at most one mail a day.', { site }),
  dropStopAt: (link: string) => i18n._('To get no more of these, open {link}', { link }),
  dropStop: /*i18n*/ 'Stop these mails',
  dropSubjectOne: (title: string) => i18n._('Price drop: {title}', { title }),
  dropSubjectMany: (n: number, site: string) =>
    i18n._('{n, plural, one {# of your {site} favourites got cheaper} other {# of your {site} favourites got cheaper}}', { n, site }),
  savedIntro: (n: number) =>
    i18n._('{n, plural, one {New products match one of your saved searches:} other {New products match # of your saved searches:}}', {
      n,
    }),
  savedSection: (name: string) => i18n._('New in “{name}”', { name }),
  savedLine: (title: string, price: string) => i18n._('{title}: {price}', { title, price }),
  savedSeeAll: /*i18n*/ 'See them all',
  savedMore: /*i18n*/ 'See them all (there are more)',
  savedStopOne: /*i18n*/ 'Stop mails about this search',
  savedWhy: (site: string) =>
    i18n._('You get this because you saved these searches on {site} with mail on; at most one mail a day for all of them.', { site }),
  savedStopAllAt: (link: string) => i18n._('To get no more saved-search mails, open {link}', { link }),
  savedStopAll: /*i18n*/ 'Stop all saved-search mails',
  savedSubjectOne: (name: string) => i18n._('New in your saved search “{name}”', { name }),
  savedSubjectMany: (n: number, site: string) =>
    i18n._('{n, plural, one {New products in # of your {site} saved searches} other {New products in # of your {site} saved searches}}', {
      n,
      site,
    }),
});
