import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/schemas/error';
import { DATABASE_RETRY_AFTER_S, databaseFailure } from '../db/availability';
import { ADMIN_TEXTS } from '../../common/texts/admin';
import { AppError } from '../errors';
import { StorageError } from '../storage/storage';
import { summarized } from './access-log';

/** A path whose percent-escapes do not decode to UTF-8 text (/brands/a%FF): no page or resource has such an address. */
export const BAD_ADDRESS_MESSAGE = 'This address is not valid: part of it does not decode to text (a stray or broken % escape).';

export function errorBody(statusCode: number, code: ApiErrorBody['code'], message: string): ApiErrorBody {
  return { statusCode, code, message };
}

/** A zod validation failure as one sentence naming each field. */
function validationMessage(validation: { instancePath: string; message?: string | undefined }[]): string {
  return validation
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const text = issue.message ?? 'is not valid';
      return field && !text.startsWith(field) ? `${field}: ${text}` : text;
    })
    .join('; ');
}

/**
 * The one error handler: every failure answers `{ statusCode, code, message }`. AppErrors say what they say;
 * schema failures become one 400 sentence; a database that is away or slow is a 503 with Retry-After; storage that
 * cannot be written a 507 saying so; anything else is a logged 500
 * whose body never shows internals.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    // While the database is away every request fails the same way: one warning, then a count every 10 s.
    const warnDatabase = summarized(() => app.log, 'the database failed: answered 503');
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(errorBody(400, 'VALIDATION', validationMessage(error.validation)));
      }
      // The uploads folder or bucket cannot take the file (full, read-only, no permission, unreachable): the server's
      // trouble, said as such (507), and logged for whoever runs it with the storage's own reason.
      if (error instanceof StorageError) {
        request.log.error(
          { err: error, key: error.key, reason: error.reason },
          `storage could not ${error.operation === 'write' ? 'write' : 'remove'} a file: answered 507`,
        );
        return reply.status(507).send(errorBody(507, 'INSUFFICIENT_STORAGE', ADMIN_TEXTS.storageUnavailable));
      }
      // The database is away, refuses, or took too long (server/db/availability.ts): try again shortly.
      const databaseFailed = databaseFailure(error);
      if (databaseFailed) {
        warnDatabase({ err: error, kind: databaseFailed.kind });
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send(errorBody(503, 'UNAVAILABLE', databaseFailed.message));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send(errorBody(413, 'TOO_LARGE', 'The request is too large'));
      if (status >= 400 && status < 500) {
        const code = status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'VALIDATION';
        return reply.status(status).send(errorBody(status, code, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again later.'));
    });
  },
  { name: 'finder-error-handler' },
);
