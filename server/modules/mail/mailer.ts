import nodemailer from 'nodemailer';
import type { MailSettings } from '../../config';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a digest's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

/** Sends one message or throws; the one seam between the site and its mail transport (tests use a local server). */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** How long a send may take before it counts as failed: a reset request must not hang on a dead mail server. */
const SMTP_TIMEOUT_MS = 15_000;

/** nodemailer over SMTP, built once from SMTP_URL and MAIL_FROM; null when they are unset. */
export function createMailer(settings: MailSettings | undefined): Mailer | null {
  if (!settings) return null;
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
