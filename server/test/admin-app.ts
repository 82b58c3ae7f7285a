// The prologue of an admin API test file: a test app, an admin's session (and a visitor's), tables emptied, and the
// app closed after the file. One call in the file's top level registers its beforeAll and afterAll.
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll } from 'vitest';
import { signedInAs } from './auth-helpers';
import { clearCatalogue } from './factories';
import { createTestApp, type TestContext } from './test-app';

export type AdminAppOptions = {
  /** Names the accounts: <name>-admin@example.com, and <name>-user@example.com with `user`. */
  name: string;
  /** Emptied after the start, in this order: 'catalogue' is products then categories. */
  clear?: Array<'catalogue' | PgTable>;
  /** Signs in a visitor without roles too (`user`). */
  user?: boolean;
  /** The admin is a developer too. */
  developer?: boolean;
  /** The app's settings and options, as createTestApp takes them. */
  config?: Parameters<typeof createTestApp>[0];
  options?: Parameters<typeof createTestApp>[1];
};

/** What the file's tests use; read inside tests and hooks (filled before the file's first test). */
export class AdminApp {
  #ctx: TestContext | undefined;
  #admin = '';
  #user = '';

  get ctx(): TestContext {
    if (!this.#ctx) throw new Error('withAdminApp: the app starts in beforeAll; read it inside a test or a hook');
    return this.#ctx;
  }
  /** The admin's cookie header. */
  get admin(): string {
    return this.#admin;
  }
  /** The visitor's cookie header ('' without the `user` option). */
  get user(): string {
    return this.#user;
  }

  /** @internal */
  async start(options: AdminAppOptions): Promise<void> {
    this.#ctx = await createTestApp(options.config, options.options);
    const { app, database } = this.#ctx;
    this.#admin = await signedInAs(app, `${options.name}-admin@example.com`, { isAdmin: true, isDev: options.developer ?? false });
    if (options.user) this.#user = await signedInAs(app, `${options.name}-user@example.com`);
    for (const table of options.clear ?? []) {
      if (table === 'catalogue') await clearCatalogue(database);
      else await database.db.delete(table);
    }
  }

  /** @internal */
  async close(): Promise<void> {
    await this.#ctx?.close();
  }
}

export function withAdminApp(options: AdminAppOptions): AdminApp {
  const handle = new AdminApp();
  beforeAll(() => handle.start(options));
  afterAll(() => handle.close());
  return handle;
}
