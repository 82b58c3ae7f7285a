import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { priceLabel, showPrice, type CurrencyCode, type Rates } from '../../../common/currency';
import { PRICE_ALERT_MESSAGES, PRICE_TEXTS } from '../../../common/texts/price-history';
import { productPath } from '../../../common/product-urls';
import type { FavoriteAlert, PriceAlertSettings } from '../../../common/schemas/price-history';
import { AppError } from '../../errors';
import { priceDropMail } from '../mail/mail-texts';
import type { Mailer } from '../mail/mailer';
import type { DigestRecipient, PriceAlertsRepo } from './price-history.repo';
import { DEFAULT_LANG, findLanguage, pathIn } from '../../../common/i18n';
import { withLanguage } from '../../i18n';

/**
 * The one-click unsubscribe (RFC 8058: the List-Unsubscribe header's address, posted to) and the page the mail's own
 * link opens; both take a token of the account id and an HMAC of it under the site's secret.
 */
export const UNSUBSCRIBE_PATH = '/api/price-alerts/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

export type DigestOutcome = { sent: number; failed: number };

/**
 * Price alerts (issue 29, decision 0066): the switches (per favourite, or every favourite on the Account page), the
 * daily digest and the one-click unsubscribe. Without a mail server (SMTP_URL) the switches refuse with a reason
 * and the digest sends nothing.
 */
export function createPriceAlertsService(deps: {
  repo: PriceAlertsRepo;
  mailer: Mailer | null;
  /** The site's secret (AUTH_SECRET or the generated one): it signs the unsubscribe links. */
  secret: string;
  /** The site's address, for the mail's links. */
  origin: string;
  base: CurrencyCode;
  /** The display currencies' rates from the base: each digest shows its prices in the currency its reader chose. */
  rates?: () => Promise<Rates>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const { repo, mailer } = deps;
  const available = mailer !== null;

  const signature = (userId: string) => createHmac('sha256', deps.secret).update(`price-alerts:unsubscribe:${userId}`).digest('base64url');

  /** The account a token names, when its signature holds; null otherwise. */
  function userOfToken(token: string): string | null {
    const [encoded = '', given = ''] = token.split('.');
    const userId = Buffer.from(encoded, 'base64url').toString('utf8');
    if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
    const expected = Buffer.from(signature(userId));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
  }

  function refuseWithoutMail(): void {
    if (!available) throw new AppError('CONFLICT', PRICE_ALERT_MESSAGES.unavailable);
  }

  async function sendDigest(recipient: DigestRecipient, now: Date, rates: Rates): Promise<'sent' | 'skipped' | 'failed'> {
    if (!mailer) return 'skipped';
    const claim = await repo.claimDigest(recipient.userId, now);
    if (!claim.claimed) return 'skipped';
    // In the account's language (issue 41): its words, its prices' format and its pages' addresses.
    const lang = findLanguage(recipient.language)?.code ?? DEFAULT_LANG;
    const mail = withLanguage(lang, () => {
      // As the site shows them to this reader: in the currency they chose, marked as converted ("≈ €22.70").
      const money = (amount: number) => priceLabel(showPrice(amount, deps.base, recipient.currency, rates));
      const lines = recipient.items.map((item) => ({
        title: item.title,
        link: `${deps.origin}${pathIn(lang, productPath(item))}`,
        was: money(item.was),
        now: money(item.price),
      }));
      return priceDropMail(recipient.email, lines, unsubscribeLinks(recipient.userId));
    });
    try {
      await mailer.send(mail);
      return 'sent';
    } catch (err) {
      // Given back, so the next run tries again today.
      await repo.releaseDigest(recipient.userId, claim.previous);
      deps.log.warn({ err, userId: recipient.userId }, 'could not mail a price digest');
      return 'failed';
    }
  }

  /** The page a person opens, and the address a mail program posts to (List-Unsubscribe). */
  function unsubscribeLinks(userId: string): { page: string; oneClick: string } {
    const token = `${Buffer.from(userId).toString('base64url')}.${signature(userId)}`;
    return { page: `${deps.origin}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`, oneClick: `${deps.origin}${UNSUBSCRIBE_PATH}?token=${token}` };
  }

  return {
    available,
    unsubscribeLinks,

    async settings(userId: string): Promise<PriceAlertSettings> {
      return { available, all: available && (await repo.settings(userId)).all };
    },

    async setAll(userId: string, all: boolean): Promise<PriceAlertSettings> {
      if (all) refuseWithoutMail();
      await repo.setAll(userId, all);
      return { available, all };
    },

    async setFavorite(userId: string, productId: string, on: boolean): Promise<FavoriteAlert> {
      if (on) refuseWithoutMail();
      if (!(await repo.setFavorite(userId, productId, on))) throw new AppError('NOT_FOUND', PRICE_ALERT_MESSAGES.notFavorite);
      return { productId, priceAlert: on };
    },

    /** Every alert of the token's account off; the same answer again for a repeat or an account deleted since. */
    async unsubscribe(token: string): Promise<{ unsubscribed: true; message: string }> {
      const userId = userOfToken(token);
      if (!userId) throw new AppError('VALIDATION', PRICE_ALERT_MESSAGES.badToken);
      await repo.unsubscribe(userId);
      return { unsubscribed: true, message: PRICE_TEXTS.unsubscribed };
    },

    /**
     * The daily digest: each account with an alert and no digest yet today (UTC) gets one mail listing its alerted
     * favourites that got cheaper since its last digest (or since saved). Nothing without a mail server.
     */
    async runDigest(now = new Date()): Promise<DigestOutcome> {
      if (!mailer) return { sent: 0, failed: 0 };
      const outcome: DigestOutcome = { sent: 0, failed: 0 };
      const recipients = await repo.digestRecipients(now);
      if (!recipients.length) return outcome;
      const rates = (await deps.rates?.()) ?? {};
      for (const recipient of recipients) {
        const done = await sendDigest(recipient, now, rates);
        if (done === 'sent') outcome.sent++;
        if (done === 'failed') outcome.failed++;
      }
      return outcome;
    },
  };
}
export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
