import type { MailMessage } from './mailer';
import { MAIL_TEXTS } from '../../../common/texts/mail';

const SITE_NAME = 'Finder';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sentence of a link's lifetime: whole hours when it is, else minutes. */
function expiresText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes % 60 === 0 ? MAIL_TEXTS.expiresIn(minutes / 60, minutes) : MAIL_TEXTS.expiresIn(0, minutes);
}

function message(to: string, subject: string, lines: { intro: string; action: string; link: string; outro: string[] }): MailMessage {
  const text = [lines.intro, '', `${lines.action}:`, lines.link, '', ...lines.outro, '', `— ${SITE_NAME}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(lines.intro)}</p>`,
    `<p><a href="${escapeHtml(lines.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(lines.action)}</a></p>`,
    `<p style="font-size:13px;color:#555">${escapeHtml(MAIL_TEXTS.orOpen(lines.link))}</p>`,
    ...lines.outro.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>— ${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, link: string, expiresInSeconds: number): MailMessage {
  return message(to, MAIL_TEXTS.resetSubject(SITE_NAME), {
    intro: MAIL_TEXTS.resetIntro(SITE_NAME, to),
    action: MAIL_TEXTS.resetAction,
    link,
    outro: [expiresText(expiresInSeconds), MAIL_TEXTS.resetIgnore],
  });
}

export function emailChangeMail(to: string, link: string, expiresInSeconds: number): MailMessage {
  return message(to, MAIL_TEXTS.changeSubject(SITE_NAME), {
    intro: MAIL_TEXTS.changeIntro(SITE_NAME, to),
    action: MAIL_TEXTS.changeAction,
    link,
    outro: [expiresText(expiresInSeconds), MAIL_TEXTS.changeIgnore],
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
  const intro = MAIL_TEXTS.dropIntro(lines.length);
  const outro = [MAIL_TEXTS.dropWhy(SITE_NAME), MAIL_TEXTS.dropStopAt(unsubscribeLink)];
  const text = [
    intro,
    '',
    ...lines.flatMap((l) => [MAIL_TEXTS.dropLine(l.title, l.now, l.was), l.link, '']),
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
    `<p style="font-size:13px;color:#555">${escapeHtml(outro[0] ?? '')} <a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(MAIL_TEXTS.dropStop)}</a>.</p>`,
    `<p>— ${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    subject: lines.length === 1 ? MAIL_TEXTS.dropSubjectOne(lines[0]?.title ?? '') : MAIL_TEXTS.dropSubjectMany(lines.length, SITE_NAME),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One new product of a saved search's mail: its card (picture, title, price) and page. */
export type SavedSearchMailCard = { title: string; link: string; price: string; picture: string | null };
/** One saved search with new matches: its cards, the finder's address of them all, and its own way out. */
export type SavedSearchMailSection = { name: string; link: string; more: boolean; stop: string; cards: SavedSearchMailCard[] };

/**
 * The daily saved-search mail (issue 42, decision 0085): each search with new matches, their cards, a link to see them
 * all and to stop that search's mails; at the end the way to stop them all, which is also the List-Unsubscribe
 * header's one-click address (RFC 8058).
 */
export function savedSearchMail(
  to: string,
  sections: readonly SavedSearchMailSection[],
  unsubscribeAll: { page: string; oneClick: string },
): MailMessage {
  const intro = MAIL_TEXTS.savedIntro(sections.length);
  const why = MAIL_TEXTS.savedWhy(SITE_NAME);
  const text = [
    intro,
    '',
    ...sections.flatMap((s) => [
      MAIL_TEXTS.savedSection(s.name),
      ...s.cards.flatMap((c) => [MAIL_TEXTS.savedLine(c.title, c.price), c.link]),
      `${s.more ? MAIL_TEXTS.savedMore : MAIL_TEXTS.savedSeeAll}: ${s.link}`,
      `${MAIL_TEXTS.savedStopOne}: ${s.stop}`,
      '',
    ]),
    why,
    MAIL_TEXTS.savedStopAllAt(unsubscribeAll.page),
    '',
    `— ${SITE_NAME}`,
  ].join('\n');
  const card = (c: SavedSearchMailCard) =>
    [
      '<td style="width:33%;padding:6px;vertical-align:top">',
      `<a href="${escapeHtml(c.link)}" style="color:#111;text-decoration:none">`,
      c.picture
        ? `<img src="${escapeHtml(c.picture)}" alt="" width="160" style="display:block;width:100%;max-width:160px;height:auto;border-radius:6px">`
        : '',
      `<span style="display:block;margin-top:4px">${escapeHtml(c.title)}</span>`,
      `<strong>${escapeHtml(c.price)}</strong></a></td>`,
    ].join('');
  const rowsOf = (cards: readonly SavedSearchMailCard[]) => {
    const out: string[] = [];
    for (let i = 0; i < cards.length; i += 3)
      out.push(
        `<tr>${cards
          .slice(i, i + 3)
          .map(card)
          .join('')}</tr>`,
      );
    return out.join('\n');
  };
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map((s) =>
      [
        `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(MAIL_TEXTS.savedSection(s.name))}</h2>`,
        `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:540px">${rowsOf(s.cards)}</table>`,
        `<p><a href="${escapeHtml(s.link)}">${escapeHtml(s.more ? MAIL_TEXTS.savedMore : MAIL_TEXTS.savedSeeAll)}</a> · `,
        `<a href="${escapeHtml(s.stop)}" style="color:#555">${escapeHtml(MAIL_TEXTS.savedStopOne)}</a></p>`,
      ].join('\n'),
    ),
    `<p style="font-size:13px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeAll.page)}">${escapeHtml(MAIL_TEXTS.savedStopAll)}</a>.</p>`,
    `<p>— ${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  const [only] = sections;
  return {
    to,
    subject:
      sections.length === 1 && only ? MAIL_TEXTS.savedSubjectOne(only.name) : MAIL_TEXTS.savedSubjectMany(sections.length, SITE_NAME),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeAll.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
