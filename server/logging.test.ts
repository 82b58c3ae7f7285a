import { describe, expect, it } from 'vitest';
import { loggerOptions, redactText, serializeError } from './logging';

/** Shaped like drizzle-orm's DrizzleQueryError over a pg error. */
class FakeQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    override readonly cause: Error,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`);
  }
}

describe('log redaction', () => {
  it('drops query parameters and quoted values along the cause chain, keeping the SQL and the code', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "sessions_token_unique"'), {
      code: '23505',
      detail: 'Key (token)=(tok_SECRET_123) already exists.',
    });
    const err = new FakeQueryError('insert into sessions (token) values ($1)', ['tok_SECRET_123'], pgError);
    const serialized = serializeError(err);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('tok_SECRET_123');
    expect(serialized).toMatchObject({
      type: 'FakeQueryError',
      query: 'insert into sessions (token) values ($1)',
      cause: { code: '23505' },
    });
    expect(String(serialized.message)).toContain('params: [redacted]');
  });

  it('redacts secrets written as pairs and the cookie and authorization headers', () => {
    expect(redactText('cookie: finder.session_token=abc.def; other=1')).not.toContain('abc.def');
    expect(redactText('{"password":"hunter2 2"}')).not.toContain('hunter2');
    const { redact } = loggerOptions('info');
    expect(redact.paths).toEqual(expect.arrayContaining(['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]']));
  });
});
