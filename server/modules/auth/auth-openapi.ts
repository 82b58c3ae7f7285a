import { AUTH_BASE_PATH } from '../../../common/constants';
import { z } from 'zod';
import type { Auth } from './auth';

/** The part of the library's document this file reads (its own type describes every endpoint's body instead). */
const operationSchema = z.looseObject({
  tags: z.array(z.string()).optional(),
  security: z.unknown().optional(),
  responses: z.record(z.string(), z.unknown()).optional(),
});
type Operation = z.infer<typeof operationSchema>;
const generatedSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
});

const ERROR_RESPONSE = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input, with a sentence saying what is wrong',
  '401': 'Wrong email or password, or not signed in',
  '403': 'Refused: the request came from another site, or a return address is not on this site',
  '404': 'Not found',
  '409': 'An account with this email already exists',
  '429': 'Too many attempts from this address; Retry-After gives the seconds to wait',
  '500': 'Something went wrong on the server',
  '503': 'Google sign-in, or mail for a password reset, is not configured on this server',
};

/** Library endpoints that need a signed-in caller (route-guards.ts proves they refuse anyone else). */
const SIGNED_IN_PATHS = new Set(['/get-session', '/sign-out', '/change-password']);
/** Library endpoints with a per-address throttle of their own (auth.ts rateLimit.customRules). */
const THROTTLED = /^\/(sign-in|sign-up|request-password-reset|reset-password|change-password)/;

/** What the site adds to the library's own words, so the document says what the bridge really does. */
const DESCRIPTIONS: Record<string, string> = {
  '/request-password-reset':
    'Mails a link to /reset-password?token=... (valid one hour, single use) when an account has this email; the ' +
    'answer is the same either way. 503 when the server has no mail (SMTP_URL unset). Throttled per address and ' +
    'at most 3 mails an account an hour.',
  '/reset-password':
    "Sets the new password of the token's account and signs out every one of its sessions. 400 with a sentence " +
    'when the token is unknown, expired or already used.',
  '/change-password': 'Send revokeOtherSessions: true (the account page does) to sign out every other session; this one gets a new cookie.',
};

type JsonSchema = Record<string, unknown>;
const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The library writes OpenAPI 3.0's `nullable`, which 3.1 (JSON Schema 2020-12) ignores: each becomes a type that
 * allows null, in place, everywhere below `node`.
 */
export function withoutNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) withoutNullable(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true) allowNull(node);
  delete node.nullable;
  for (const value of Object.values(node)) withoutNullable(value);
}

/** Lets a schema also be null (in place). */
function allowNull(schema: JsonSchema): void {
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (Array.isArray(schema.type)) schema.type = [...new Set([...(schema.type as string[]), 'null'])];
  else if (typeof schema.$ref === 'string') {
    const { $ref, ...rest } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    Object.assign(schema, rest, { anyOf: [{ $ref }, { type: 'null' }] });
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

/** Drops a property from an object schema (and from its required list). */
function dropProperty(schema: unknown, name: string): void {
  if (!isObject(schema)) return;
  if (isObject(schema.properties)) delete schema.properties[name];
  if (Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== name);
}

/**
 * The library's models (User, Session, Account…) as the bridge answers them: a field the model does not require is
 * stored as NULL when not given, so it may arrive as null; the session token is never sent (`withoutSessionToken`).
 */
function asAnswered(schemas: Record<string, unknown>): void {
  for (const schema of Object.values(schemas)) {
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!required.has(name) && isObject(property)) allowNull(property);
    }
  }
  dropProperty(schemas.Session, 'token');
}

/** The bridge takes `token` out of every JSON answer, and `session.token` (auth.routes.ts). */
function withoutTokens(response: unknown): void {
  if (!isObject(response) || !isObject(response.content)) return;
  for (const media of Object.values(response.content)) {
    if (!isObject(media)) continue;
    dropProperty(media.schema, 'token');
    if (isObject(media.schema) && isObject(media.schema.properties)) dropProperty(media.schema.properties.session, 'token');
  }
}

/** One line per endpoint, as the site's own routes have (the library gives only a description). */
const SUMMARIES: Record<string, string> = {
  '/sign-in/social': "Starts a Google sign-in: answers the address of Google's account chooser",
  '/callback/{id}': "Google's return to the site after its account chooser (a browser navigation, not an API call)",
  '/get-session': "The caller's session and account, or null when not signed in",
  '/sign-out': "Ends the caller's session",
  '/sign-up/email': 'Creates an account with email and password, and signs it in',
  '/sign-in/email': 'Signs in with email and password',
  '/reset-password': 'Sets a new password with the token from a reset mail',
  '/change-password': "Changes the caller's password (the current one required)",
  '/request-password-reset': 'Mails a password reset link, when the site has mail',
  '/ok': "The auth library's health check",
};

/** What the library's redirecting endpoints answer besides their errors. */
const REDIRECTS: Record<string, { description: string }> = {
  '/callback/{id}': {
    description:
      "Back to the site after Google's answer: to the page the sign-in was started for, or to its error page (/login) with an error code in the query",
  },
};

/**
 * The auth library's description of its enabled endpoints (switched-off ones are absent), mounted under
 * /api/auth and adjusted to what the bridge really answers: errors in the API's one error shape.
 */
export async function authOpenApiPaths(auth: Auth): Promise<{ paths: Record<string, unknown>; schemas: Record<string, unknown> }> {
  const generated = generatedSchema.parse(await auth.api.generateOpenAPISchema());
  const paths: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(generated.paths)) {
    const adjusted: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(operations)) {
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        withoutTokens(response);
        responses[status] = Number(status) >= 400 ? ERROR_RESPONSE(ERROR_DESCRIPTIONS[status] ?? 'Error') : response;
      }
      const redirect = REDIRECTS[path];
      if (redirect)
        responses['302'] = {
          ...redirect,
          headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
        };
      for (const status of THROTTLED.test(path) ? ['429'] : []) {
        responses[status] = ERROR_RESPONSE(ERROR_DESCRIPTIONS[status] ?? 'Error');
      }
      if (path === '/sign-up/email') responses['409'] = ERROR_RESPONSE(ERROR_DESCRIPTIONS['409'] ?? 'Conflict');
      if (path === '/sign-in/social' || path === '/request-password-reset')
        responses['503'] = ERROR_RESPONSE(ERROR_DESCRIPTIONS['503'] ?? 'Unavailable');
      const extra = DESCRIPTIONS[path];
      adjusted[method] = {
        ...operation,
        ...(extra ? { description: [operation.description, extra].filter(Boolean).join(' ') } : {}),
        summary: operation.summary ?? SUMMARIES[path],
        tags: ['auth'],
        security: SIGNED_IN_PATHS.has(path) ? [{ sessionCookie: [] }] : [],
        ...(path === '/change-password' ? { 'x-required-role': 'user' } : {}),
        responses,
      };
    }
    paths[`${AUTH_BASE_PATH}${path}`] = adjusted;
  }
  const schemas = generated.components?.schemas ?? {};
  asAnswered(schemas);
  withoutNullable(paths);
  withoutNullable(schemas);
  return { paths, schemas };
}
