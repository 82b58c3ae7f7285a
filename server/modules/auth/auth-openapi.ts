import { AUTH_BASE_PATH } from '../../../common/constants';
import type { Auth } from './auth';

type Operation = {
  tags?: string[];
  security?: unknown;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
};

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
  '503': 'Google sign-in is not configured on this server',
};

/**
 * The auth library's description of its enabled endpoints (switched-off ones are absent), mounted under
 * /api/auth and adjusted to what the bridge really answers: errors in the API's one error shape.
 */
export async function authOpenApiPaths(auth: Auth): Promise<{ paths: Record<string, unknown>; schemas: Record<string, unknown> }> {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(generated.paths)) {
    const adjusted: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(operations)) {
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses[status] = Number(status) >= 400 ? ERROR_RESPONSE(ERROR_DESCRIPTIONS[status] ?? 'Error') : response;
      }
      for (const status of path.startsWith('/sign-in') || path.startsWith('/sign-up') ? ['429'] : []) {
        responses[status] = ERROR_RESPONSE(ERROR_DESCRIPTIONS[status] ?? 'Error');
      }
      if (path === '/sign-up/email') responses['409'] = ERROR_RESPONSE(ERROR_DESCRIPTIONS['409'] ?? 'Conflict');
      if (path === '/sign-in/social') responses['503'] = ERROR_RESPONSE(ERROR_DESCRIPTIONS['503'] ?? 'Unavailable');
      adjusted[method] = {
        ...operation,
        tags: ['auth'],
        security: path === '/get-session' || path === '/sign-out' ? [{ sessionCookie: [] }] : [],
        responses,
      };
    }
    paths[`${AUTH_BASE_PATH}${path}`] = adjusted;
  }
  return { paths, schemas: generated.components?.schemas ?? {} };
}
