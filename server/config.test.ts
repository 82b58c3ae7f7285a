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
});
