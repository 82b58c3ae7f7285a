// The settings every bench server runs the app with (bench-server.ts, bench-imports-server.ts, bench-links.ts): a
// site of its own on 127.0.0.1 with a fixed secret, so runs compare. Each adds what its measurement needs.
import type { AppOptions } from '../server/app';

export const BENCH_APP_CONFIG = {
  communityUrl: 'https://community.example',
  referralUrl: 'https://agent.example',
  discountCode: 'BENCH',
  contactEmail: 'bench@example.com',
  logLevel: 'silent',
  port: 0,
  publicUrl: 'http://127.0.0.1',
  trustedOrigins: [],
  trustProxy: false,
  authSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
  authRateLimit: 10,
  google: undefined,
} satisfies AppOptions['config'];
