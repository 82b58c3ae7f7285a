import { describe, expect, it } from 'vitest';
import { prettyFactory } from 'pino-pretty';
import { loggerOptions, PRETTY_LOG_OPTIONS, redactText, serializeError } from './logging';

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

describe('logs for a person at a terminal', () => {
  const pretty = prettyFactory({ ...PRETTY_LOG_OPTIONS, colorize: false });
  it('writes a request as one line: method, address, status and time', () => {
    const line = pretty({
      level: 30,
      time: 0,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'request completed',
      req: { method: 'GET', url: '/api/products', remotePort: 1 },
      res: { statusCode: 200 },
      responseTime: 12.5,
    });
    expect(line).toMatch(/INFO: GET \/api\/products 200 12\.5 ms\n$/);
    expect(line.trim().split('\n')).toHaveLength(1);
  });
  it('keeps other fields on the message line, and a warning reads as one', () => {
    expect(pretty({ level: 30, time: 0, msg: 'seeded the demo catalogue', products: 72 })).toMatch(
      /INFO: seeded the demo catalogue \{"products":72\}\n$/,
    );
    expect(pretty({ level: 40, time: 0, msg: 'Setup: No mail server.' })).toMatch(/WARN: Setup: No mail server\.\n$/);
  });
});
