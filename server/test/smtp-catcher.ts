import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  from: string;
  to: string[];
  /** The raw message as received, headers included. */
  raw: string;
  /** Subject, plain text part and HTML part, decoded from quoted-printable or base64. */
  subject: string;
  text: string;
  html: string;
};

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Enough MIME for the site's own mails: one text/plain and one text/html part (multipart/alternative). */
export function parseMail(raw: string): Pick<CaughtMail, 'subject' | 'text' | 'html'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const subject =
    /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im
      .exec(head)?.[1]
      ?.replace(/\r?\n[ \t]/g, ' ')
      .trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  let text = '';
  let html = '';
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\r\n\r\n${body}`];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const partHead = part.slice(0, at);
    const partBody = part
      .slice(at)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    if (/content-type:\s*text\/plain/i.test(partHead)) text = decodePart(partHead, partBody);
    else if (/content-type:\s*text\/html/i.test(partHead)) html = decodePart(partHead, partBody);
  }
  return { subject, text, html };
}

/**
 * A local SMTP server on a free port that keeps every mail it is sent (tests and the e2e site's catcher).
 * `reject` makes it refuse the next messages, as a broken mail server would.
 */
export async function startSmtpCatcher(port = 0, host = '127.0.0.1') {
  const mails: CaughtMail[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://${host}:${address.port}`,
    mails,
    state,
    /** The mails sent to this address so far. */
    to: (email: string) => mails.filter((m) => m.to.includes(email)),
    /** Waits for the n-th mail to this address (1 = the first). */
    async waitFor(email: string, n = 1, timeoutMs = 5000): Promise<CaughtMail> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(email));
        if (found.length >= n) return found[n - 1] as CaughtMail;
        if (Date.now() > until) throw new Error(`no mail number ${n} to ${email} within ${timeoutMs} ms (${found.length} so far)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
