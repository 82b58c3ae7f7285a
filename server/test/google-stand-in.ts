// A local OpenID Connect server that stands in for Google in tests (there is no internet here). It serves
// Google's own paths, checks what a real Google checks (client, redirect address, PKCE, single-use codes)
// and signs ID tokens with its own key. The app under test keeps its real Google provider; only the network
// is pointed here: redirectGoogleFetch for the server's calls, a browser route for the sign-in page.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const GOOGLE_HOSTS = ['accounts.google.com', 'oauth2.googleapis.com', 'www.googleapis.com', 'openidconnect.googleapis.com'];
export const STAND_IN_DEFAULT_IDENTITY = {
  email: 'google.tester@example.com',
  name: 'Gale Tester',
  picture: 'https://images.example/gale.png',
};

type PendingCode = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scope: string;
  identity: { email: string; name: string; picture: string; emailVerified: boolean };
  expiresAt: number;
};

export type GoogleStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Token requests answered, good or bad: proves the app really called the stand-in. */
  tokenRequests: number;
  /** Every access and ID token handed out, so tests can check how the app stores them. */
  issuedTokens: string[];
  close(): Promise<void>;
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function base64url(buffer: Buffer): string {
  return buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
      `<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto"><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

function redirect(res: http.ServerResponse, to: URL): void {
  res.writeHead(302, { location: to.toString() });
  res.end();
}

export async function startGoogleStandIn(options: {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
}): Promise<GoogleStandIn> {
  const { clientId, clientSecret } = options;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = base64url(randomBytes(8));
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const state: GoogleStandIn = { url: '', clientId, clientSecret, tokenRequests: 0, issuedTokens: [], close: async () => undefined };

  const authorize = (url: URL, res: http.ServerResponse) => {
    const q = url.searchParams;
    const problems: string[] = [];
    if (q.get('client_id') !== clientId) problems.push('invalid_client: The OAuth client was not found.');
    if (q.get('response_type') !== 'code') problems.push('unsupported_response_type');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!/^https?:\/\/[^/]+\/api\/auth\/callback\/google$/.test(redirectUri)) problems.push(`redirect_uri_mismatch: ${redirectUri}`);
    if (!q.get('state')) problems.push('invalid_request: missing state');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) problems.push('invalid_request: PKCE S256 required');
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) problems.push('invalid_scope: openid required');
    if (problems.length > 0) {
      page(res, 400, 'Error 400', `<p role="alert">${problems.map(escapeHtml).join('<br>')}</p>`);
      return;
    }
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'nonce', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q.get(name) ?? '')}">`)
      .join('');
    const hint = q.get('login_hint') || STAND_IN_DEFAULT_IDENTITY.email;
    page(
      res,
      200,
      'Choose an account',
      `<p>Test stand-in for Google sign-in.</p><form method="post" action="/o/oauth2/v2/auth/decide">${hidden}` +
        `<p><label>Email <input name="email" type="email" value="${escapeHtml(hint)}" required></label></p>` +
        `<p><label>Name <input name="name" value="${escapeHtml(STAND_IN_DEFAULT_IDENTITY.name)}"></label></p>` +
        `<p><label>Photo URL <input name="picture" value="${escapeHtml(STAND_IN_DEFAULT_IDENTITY.picture)}"></label></p>` +
        `<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>` +
        '<p><button name="decision" value="allow">Continue</button> <button name="decision" value="deny">Cancel</button></p></form>',
    );
  };

  const decide = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== clientId || !/^https?:\/\//.test(redirectUri)) {
      page(res, 400, 'Error 400', '<p role="alert">invalid_request</p>');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      redirect(res, back);
      return;
    }
    const code = base64url(randomBytes(24));
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge: form.get('code_challenge') ?? '',
      nonce: form.get('nonce') || undefined,
      scope: form.get('scope') ?? 'openid email profile',
      identity: {
        email: form.get('email') ?? STAND_IN_DEFAULT_IDENTITY.email,
        name: form.get('name') ?? '',
        picture: form.get('picture') ?? '',
        emailVerified: form.get('email_verified') === 'true',
      },
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', form.get('scope') ?? '');
    redirect(res, back);
  };

  const token = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    state.tokenRequests += 1;
    const form = new URLSearchParams(await readBody(req));
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [user, pass] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    if (id !== clientId || secret !== clientSecret) {
      json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      return;
    }
    if (form.get('grant_type') !== 'authorization_code') {
      json(res, 400, { error: 'unsupported_grant_type' });
      return;
    }
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== form.get('redirect_uri')) {
      json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      return;
    }
    const verifier = form.get('code_verifier') ?? '';
    if (base64url(createHash('sha256').update(verifier).digest()) !== pending.codeChallenge) {
      json(res, 400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
      return;
    }
    const { identity } = pending;
    const [given = '', ...family] = identity.name.split(' ');
    const idToken = await new SignJWT({
      azp: clientId,
      email: identity.email,
      email_verified: identity.emailVerified,
      name: identity.name,
      given_name: given,
      family_name: family.join(' '),
      picture: identity.picture,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setSubject(BigInt(`0x${createHash('sha256').update(identity.email.toLowerCase()).digest('hex').slice(0, 16)}`).toString())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const accessToken = base64url(randomBytes(32));
    state.issuedTokens.push(accessToken, idToken);
    json(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      scope: pending.scope,
      token_type: 'Bearer',
      id_token: idToken,
    });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /o/oauth2/v2/auth' || route === 'GET /o/oauth2/auth') return authorize(url, res);
      if (route === 'POST /o/oauth2/v2/auth/decide') return decide(req, res);
      if (route === 'POST /token') return token(req, res);
      if (route === 'GET /oauth2/v3/certs') return json(res, 200, { keys: [jwk] });
      if (route === 'GET /.well-known/openid-configuration') {
        return json(res, 200, {
          issuer: 'https://accounts.google.com',
          authorization_endpoint: `${state.url}/o/oauth2/v2/auth`,
          token_endpoint: `${state.url}/token`,
          jwks_uri: `${state.url}/oauth2/v3/certs`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      return json(res, 404, { error: 'not_found' });
    };
    handle().catch((err: unknown) => json(res, 500, { error: 'server_error', error_description: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Where a request for one of Google's addresses goes instead; null when the URL is not Google's. */
export function standInUrlFor(standInUrl: string, url: string): string | null {
  const parsed = new URL(url);
  if (!GOOGLE_HOSTS.includes(parsed.hostname)) return null;
  return `${standInUrl}${parsed.pathname}${parsed.search}`;
}

/** Points this process's fetch calls to Google at the stand-in; returns the function that undoes it. */
export function redirectGoogleFetch(standInUrl: string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = standInUrlFor(standInUrl, url);
    if (!target) return original(input, init);
    return input instanceof Request ? original(new Request(target, input), init) : original(target, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
