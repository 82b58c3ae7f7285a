import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, seedDemo: true, discountCode: 'FINDER10' });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/finder',
      DATABASE_URL: 'postgres://u@h/db',
      COMMUNITY_URL: 'https://chat.example',
      REFERRAL_URL: 'https://store.example/r',
      DISCOUNT_CODE: 'SAVE',
      SEED_DEMO: 'false',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/finder',
      databaseUrl: 'postgres://u@h/db',
      communityUrl: 'https://chat.example',
      referralUrl: 'https://store.example/r',
      discountCode: 'SAVE',
      seedDemo: false,
    });
  });

  it('reads BASE_CURRENCY (USD by default, one of the display currencies) and RATES_URL', () => {
    expect(loadConfig({})).toMatchObject({ baseCurrency: 'USD', ratesUrl: undefined });
    expect(loadConfig({ BASE_CURRENCY: 'CNY', RATES_URL: 'https://open.er-api.com/v6/latest/CNY' })).toMatchObject({
      baseCurrency: 'CNY',
      ratesUrl: 'https://open.er-api.com/v6/latest/CNY',
    });
    expect(loadConfig({ BASE_CURRENCY: '' }).baseCurrency).toBe('USD');
    expect(() => loadConfig({ BASE_CURRENCY: 'cny' })).toThrow(/BASE_CURRENCY must be one of USD, EUR/);
    expect(() => loadConfig({ BASE_CURRENCY: 'XYZ' })).toThrow(/BASE_CURRENCY must be one of/);
    expect(() => loadConfig({ RATES_URL: 'ftp://rates.example' })).toThrow(/RATES_URL must be an http\(s\) URL/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reports every bad value at once, one line each', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', COMMUNITY_URL: 'javascript:alert(1)', SEED_DEMO: 'maybe', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: PORT must be a number');
    expect(message).toContain('COMMUNITY_URL: COMMUNITY_URL must be an http(s) URL');
    expect(message).toContain('SEED_DEMO: SEED_DEMO must be true or false');
    expect(message).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('defaults the account settings for a local start', () => {
    expect(loadConfig({})).toMatchObject({
      publicUrl: undefined,
      trustedOrigins: [],
      trustProxy: false,
      authSecret: undefined,
      authRateLimit: 10,
      google: undefined,
      admin: undefined,
    });
  });

  it('takes PUBLIC_URL as an origin and refuses one with a path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Finder.Example' }).publicUrl).toBe('https://finder.example');
    expect(loadConfig({ PUBLIC_URL: 'https://finder.example/' }).publicUrl).toBe('https://finder.example');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    for (const bad of ['https://finder.example/shop', 'https://finder.example/?a=1', 'ftp://finder.example', 'finder.example']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ PUBLIC_URL: 'https://finder.example/shop' })).toThrow(
      'PUBLIC_URL: PUBLIC_URL must be an http(s) origin such as https://finder.example (no path)',
    );
  });

  it('reads TRUSTED_ORIGINS as a comma-separated list of origins', () => {
    expect(loadConfig({ TRUSTED_ORIGINS: ' http://localhost:5173 , https://admin.example/ ,, ' }).trustedOrigins).toEqual([
      'http://localhost:5173',
      'https://admin.example',
    ]);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'http://localhost:5173, https://admin.example/panel' })).toThrow(
      'TRUSTED_ORIGINS: TRUSTED_ORIGINS: "https://admin.example/panel" is not an http(s) origin',
    );
    expect(() => loadConfig({ TRUSTED_ORIGINS: '*' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as false, true, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'garbage' })).toThrow(
      'TRUST_PROXY: TRUST_PROXY must be true, false, a number of proxy hops or a list of proxy addresses',
    );
  });

  // 'cafe' and '1.2.3' look like addresses to a loose pattern; Fastify would then stop at start.
  it('refuses TRUST_PROXY items that are not IP addresses or ranges', () => {
    for (const bad of ['cafe', '1.2.3', '10.0.0.0/99', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  it('reads any whole number in TRUST_PROXY as a count of proxy hops', () => {
    expect(loadConfig({ TRUST_PROXY: '100' }).trustProxy).toBe(100);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8']);
  });

  it('wants AUTH_SECRET of at least 32 characters when set', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(31) })).toThrow('AUTH_SECRET: AUTH_SECRET must be at least 32 characters');
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32) }).authSecret).toBe('x'.repeat(32));
    expect(loadConfig({ AUTH_SECRET: '' }).authSecret).toBeUndefined();
  });

  it('reads AUTH_RATE_LIMIT, 10 by default, at least 1', () => {
    expect(loadConfig({}).authRateLimit).toBe(10);
    expect(loadConfig({ AUTH_RATE_LIMIT: '25' }).authRateLimit).toBe(25);
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '0' })).toThrow('AUTH_RATE_LIMIT must be at least 1');
    expect(() => loadConfig({ AUTH_RATE_LIMIT: 'many' })).toThrow('AUTH_RATE_LIMIT must be a number');
  });

  it('wants both Google settings or neither', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
    });
    const message = 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither';
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(`GOOGLE_CLIENT_ID: ${message}`);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(message);
  });

  it('reads ADMIN_EMAIL lower-case, and ADMIN_PASSWORD only with it and long enough', () => {
    expect(loadConfig({ ADMIN_EMAIL: ' Boss@Example.COM ' }).admin).toEqual({ email: 'boss@example.com', password: undefined });
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'long enough' }).admin).toEqual({
      email: 'boss@example.com',
      password: 'long enough',
    });
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long enough' })).toThrow('ADMIN_EMAIL: ADMIN_PASSWORD is set without ADMIN_EMAIL');
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'x'.repeat(7) })).toThrow(
      'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'x'.repeat(129) })).toThrow(
      'ADMIN_PASSWORD must be at most 128 characters',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss' })).toThrow('ADMIN_EMAIL: ADMIN_EMAIL must be an email address');
  });

  it('reports bad account settings together with the other bad values', () => {
    const message = messageOf(() =>
      loadConfig({
        AUTH_SECRET: 'short',
        TRUSTED_ORIGINS: 'nope',
        AUTH_RATE_LIMIT: '0',
        ADMIN_PASSWORD: 'short',
        COMMUNITY_URL: 'javascript:x',
      }),
    );
    expect(message).toContain('AUTH_SECRET: AUTH_SECRET must be at least 32 characters');
    expect(message).toContain('TRUSTED_ORIGINS: TRUSTED_ORIGINS: "nope" is not an http(s) origin');
    expect(message).toContain('AUTH_RATE_LIMIT: AUTH_RATE_LIMIT must be at least 1');
    expect(message).toContain('ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters');
    expect(message).toContain('COMMUNITY_URL: COMMUNITY_URL must be an http(s) URL');
  });

  // Checks across two variables must not wait for every single variable to be right: the operator would fix one
  // line, restart, and only then learn about the next.
  it('reports the checks across two variables even when another variable is bad', () => {
    for (const other of [
      { PORT: 'abc' },
      { SEED_DEMO: 'maybe' },
      { PUBLIC_URL: 'https://finder.example/shop' },
      { TRUST_PROXY: 'garbage' },
    ]) {
      const message = messageOf(() => loadConfig({ ...other, GOOGLE_CLIENT_ID: 'id', ADMIN_PASSWORD: 'long enough' }));
      const name = Object.keys(other)[0] ?? '';
      expect(message, name).toContain(`${name}: `);
      expect(message, name).toContain('GOOGLE_CLIENT_ID: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
      expect(message, name).toContain('ADMIN_EMAIL: ADMIN_PASSWORD is set without ADMIN_EMAIL');
    }
  });

  it('keeps uploads on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('defaults the S3 settings to AWS with the default credentials', () => {
    expect(loadConfig({ S3_BUCKET: 'finder-media' }).s3).toEqual({
      bucket: 'finder-media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
  });

  it('reads every S3 variable', () => {
    expect(
      loadConfig({
        S3_BUCKET: ' finder.media-1 ',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'false',
        S3_PREFIX: 'shop/finder/',
      }).s3,
    ).toEqual({
      bucket: 'finder.media-1',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'shop/finder/',
    });
  });

  it('uses path-style S3 addresses by default only with S3_ENDPOINT', () => {
    expect(loadConfig({ S3_BUCKET: 'finder-media', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.forcePathStyle).toBe(true);
    expect(
      loadConfig({ S3_BUCKET: 'finder-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'no' }).s3?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'finder-media', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('ends S3_PREFIX with one slash and refuses a prefix that is not a safe key', () => {
    expect(loadConfig({ S3_BUCKET: 'finder-media', S3_PREFIX: 'finder' }).s3?.prefix).toBe('finder/');
    expect(loadConfig({ S3_BUCKET: 'finder-media', S3_PREFIX: 'a/b/' }).s3?.prefix).toBe('a/b/');
    expect(loadConfig({ S3_BUCKET: 'finder-media', S3_PREFIX: ' ' }).s3?.prefix).toBeUndefined();
    for (const bad of ['../x', '/finder/', 'a//b', '.', 'a/./b', '/', 'finder//']) {
      expect(() => loadConfig({ S3_BUCKET: 'finder-media', S3_PREFIX: bad }), bad).toThrow(
        'S3_PREFIX: S3_PREFIX must be folder names of letters, digits, dots, dashes and underscores separated by slashes, such as finder/',
      );
    }
  });

  it('reports every bad S3 value at once, one line each', () => {
    const message = messageOf(() =>
      loadConfig({
        S3_BUCKET: 'My_Bucket',
        S3_ENDPOINT: 'ftp://files.example',
        S3_REGION: 'US East',
        S3_FORCE_PATH_STYLE: 'maybe',
        S3_PREFIX: '../up',
      }),
    );
    expect(message).toContain('S3_BUCKET: S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens');
    expect(message).toContain('S3_ENDPOINT: S3_ENDPOINT must be an http(s) URL');
    expect(message).toContain('S3_REGION: S3_REGION must be a region name such as us-east-1');
    expect(message).toContain('S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false');
    expect(message).toContain('S3_PREFIX: S3_PREFIX must be folder names');
    expect(() => loadConfig({ S3_BUCKET: 'ab' })).toThrow('S3_BUCKET: S3_BUCKET must be a bucket name');
    expect(() => loadConfig({ S3_BUCKET: 'finder-media', S3_ENDPOINT: 'not a url' })).toThrow(
      'S3_ENDPOINT: S3_ENDPOINT must be an http(s) URL',
    );
  });

  it('wants both S3 keys or neither', () => {
    const message = 'S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the default AWS credentials';
    expect(() => loadConfig({ S3_BUCKET: 'finder-media', S3_ACCESS_KEY_ID: 'key' })).toThrow(message);
    expect(() => loadConfig({ S3_BUCKET: 'finder-media', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(message);
  });

  // Otherwise a forgotten S3_BUCKET would send uploads to the local disk without a word.
  it('refuses S3 settings without S3_BUCKET, naming them', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET: S3_ENDPOINT is set without S3_BUCKET');
    const message = messageOf(() => loadConfig({ S3_REGION: 'eu-west-1', S3_PREFIX: 'finder/', S3_ACCESS_KEY_ID: 'key', PORT: 'abc' }));
    expect(message).toContain('S3_BUCKET: S3_REGION, S3_ACCESS_KEY_ID, S3_PREFIX are set without S3_BUCKET');
    expect(message).toContain('S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(message).toContain('PORT: PORT must be a number');
  });
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}
