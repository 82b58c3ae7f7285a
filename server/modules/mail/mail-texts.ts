import type { MailMessage } from './mailer';

const SITE_NAME = 'Finder';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hoursText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'one hour' : `${hours} hours`;
}

function message(to: string, subject: string, lines: { intro: string; action: string; link: string; outro: string[] }): MailMessage {
  const text = [lines.intro, '', `${lines.action}:`, lines.link, '', ...lines.outro, '', `— ${SITE_NAME}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(lines.intro)}</p>`,
    `<p><a href="${escapeHtml(lines.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(lines.action)}</a></p>`,
    `<p style="font-size:13px;color:#555">Or open this address: ${escapeHtml(lines.link)}</p>`,
    ...lines.outro.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>— ${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, link: string, expiresInSeconds: number): MailMessage {
  return message(to, `Reset your ${SITE_NAME} password`, {
    intro: `Someone (hopefully you) asked to reset the password of the ${SITE_NAME} account for ${to}.`,
    action: 'Choose a new password',
    link,
    outro: [
      `The link works once and expires in ${hoursText(expiresInSeconds)}.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export function emailChangeMail(to: string, link: string, expiresInSeconds: number): MailMessage {
  return message(to, `Confirm your new ${SITE_NAME} email address`, {
    intro: `Someone (hopefully you) asked to use ${to} as the email address of a ${SITE_NAME} account.`,
    action: 'Confirm this address',
    link,
    outro: [
      `The link works once and expires in ${hoursText(expiresInSeconds)}.`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ],
  });
}

/** One find of a price digest: its page, its price at the last digest (or when saved) and now, as shown. */
export type PriceDropLine = { title: string; link: string; was: string; now: string };

/**
 * The daily price digest (issue 29): the favourites that got cheaper, each linked, and the one-click way out. The
 * same unsubscribe address is in the List-Unsubscribe header (RFC 8058), so a mail program can show its own button.
 */
export function priceDropMail(to: string, lines: readonly PriceDropLine[], unsubscribe: { page: string; oneClick: string }): MailMessage {
  const unsubscribeLink = unsubscribe.page;
  const intro = lines.length === 1 ? 'One of your favourites got cheaper:' : `${lines.length} of your favourites got cheaper:`;
  const outro = [
    `You get this because you asked ${SITE_NAME} to mail you when a favourite's price drops; at most one mail a day.`,
    `To get no more of these, open ${unsubscribeLink}`,
  ];
  const text = [
    intro,
    '',
    ...lines.flatMap((l) => [`${l.title}: ${l.now} (was ${l.was})`, l.link, '']),
    ...outro,
    '',
    `— ${SITE_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...lines.map(
      (l) =>
        `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.title)}</a>: <strong>${escapeHtml(l.now)}</strong> <s>${escapeHtml(l.was)}</s></li>`,
    ),
    '</ul>',
    `<p style="font-size:13px;color:#555">${escapeHtml(outro[0] ?? '')} <a href="${escapeHtml(unsubscribeLink)}">Stop these mails</a>.</p>`,
    `<p>— ${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    subject: lines.length === 1 ? `Price drop: ${lines[0]?.title ?? ''}` : `${lines.length} of your ${SITE_NAME} favourites got cheaper`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
