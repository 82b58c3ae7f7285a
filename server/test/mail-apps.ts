// The prologue of a test file about mails: the local SMTP server, an app that mails through it and one without a
// mail server, the catalogue emptied before each test, everything closed after the file. One call in the file's top
// level registers its hooks.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMailer } from '../modules/mail/mailer';
import { clearCatalogue } from './factories';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { createTestApp, type TestContext } from './test-app';

/** What the file's tests use; read inside tests and hooks (filled before the file's first test). */
export class MailApps {
  #smtp: SmtpCatcher | undefined;
  #ctx: TestContext | undefined;
  #noMail: TestContext | undefined;

  /** The local SMTP server the app mails through. */
  get smtp(): SmtpCatcher {
    return this.#started(this.#smtp);
  }
  /** The app with a mail server. */
  get ctx(): TestContext {
    return this.#started(this.#ctx);
  }
  /** The app without one. */
  get noMail(): TestContext {
    return this.#started(this.#noMail);
  }

  #started<T>(value: T | undefined): T {
    if (!value) throw new Error('withMailApps: the apps start in beforeAll; read them inside a test or a hook');
    return value;
  }

  /** @internal */
  async start(): Promise<void> {
    this.#smtp = await startSmtpCatcher();
    this.#ctx = await createTestApp({}, { mailer: createMailer({ smtpUrl: this.#smtp.url, from: 'Finder <no-reply@finder.test>' }) });
    this.#noMail = await createTestApp();
  }

  /** @internal */
  async close(): Promise<void> {
    await this.#ctx?.close();
    await this.#noMail?.close();
    await this.#smtp?.close();
  }
}

export function withMailApps(): MailApps {
  const handle = new MailApps();
  beforeAll(() => handle.start());
  afterAll(() => handle.close());
  beforeEach(() => clearCatalogue(handle.ctx.database));
  return handle;
}
