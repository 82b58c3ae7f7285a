import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES } from '../../../common/import-columns';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import {
  importCommitBodySchema,
  importFormSchema,
  importListQuerySchema,
  importListSchema,
  importSchema,
  importUrlBodySchema,
  type ImportFormFields,
  type ImportUrlBody,
} from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import { downloadResponse } from '../../plugins/openapi';
import { actorOf } from '../audit/audit-details';
import type { ImportSource, ImportsService } from './imports.service';

/**
 * A body that may be absent: none (or a multipart one, read by the handler) passes; a JSON one is checked with the
 * schema. The preview's `{ url }` and the commit's optional `{ policy }`.
 */
const bodyMayBeAbsent: FastifySchemaCompiler<never> = (route) => {
  const validate = validatorCompiler(route as never);
  return (data: unknown) => (route.httpPart === 'body' && (data === undefined || data === null) ? { value: undefined } : validate(data));
};

/** The address the admin's page was served from (our own images given by their full address are kept as ours). */
function siteOrigin(request: FastifyRequest): string {
  return request.headers.origin ?? `${request.protocol}://${request.host}`;
}

type MultipartError = Error & { code?: string };
const MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
/** An import's form: a file (and maybe a second to join) and a few fields (the app registers multipart once, server/plugins/multipart.ts). */
const FORM_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 14, fieldSize: 64 * 1024, parts: 16 };
/** The form's file fields: the file, and a second one whose columns join its rows (issue 40). */
const FILE_FIELDS: Record<string, string> = { file: 'The file', joinFile: 'The second file (joinFile)' };

/** The first issue of a form's parse as one sentence naming its field (as the JSON body's are named). */
function formProblem(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const issue = issues[0];
  if (!issue) return 'The form is not valid.';
  const field = String(issue.path[0] ?? '');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}

/**
 * The multipart form: its one file, and its fields' texts parsed with the form's contract (importFormSchema; a
 * blank field but the policy counts as absent, as the dialog leaves them).
 */
async function readForm(request: FastifyRequest): Promise<{ source: ImportSource; fields: ImportFormFields }> {
  const files: Record<string, { name: string; body: Buffer; contentType: string }> = {};
  const texts: Record<string, string> = {};
  let reading = 'file';
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        // Any other name is the first file, as before the second one could be sent.
        const field = part.fieldname === 'joinFile' ? 'joinFile' : 'file';
        if (files[field])
          throw new AppError('VALIDATION', field === 'file' ? 'Send one file per import (and maybe one joinFile).' : 'Send one joinFile.');
        reading = field;
        files[field] = { name: part.filename, body: await part.toBuffer(), contentType: part.mimetype };
      } else if (part.fieldname !== 'file' && part.fieldname !== 'joinFile') {
        const text = String(part.value);
        if (part.fieldname === 'policy' || text.trim() !== '') texts[part.fieldname] = text;
      }
    }
  } catch (err) {
    const code = (err as MultipartError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('TOO_LARGE', `${FILE_FIELDS[reading] ?? 'The file'} is larger than ${MB} MB.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('VALIDATION', 'Send one file per import (and maybe one joinFile).');
    throw err;
  }
  const parsed = importFormSchema.safeParse(texts);
  if (!parsed.success) throw new AppError('VALIDATION', formProblem(parsed.error.issues));
  const { file: main, joinFile } = files;
  const { file: _file, joinFile: _joinFile, url, ...fields } = parsed.data;
  if (main && url !== undefined) throw new AppError('VALIDATION', 'Send a file or an address (url), not both.');
  // An address with a second file (issue 40): the form's url field, and joinFile alone.
  if (url !== undefined) {
    if (!joinFile) throw new AppError('VALIDATION', 'An address alone is sent as JSON { "url": "…" }; in a form it comes with joinFile.');
    return { source: { kind: 'url', url, join: joinFile }, fields };
  }
  if (!main)
    throw new AppError(
      'VALIDATION',
      joinFile
        ? 'Choose the main file too (field "file") or give its address (field "url"): joinFile only adds columns to its rows.'
        : 'Choose a file to import (field "file"), or send { "url": "…" } as JSON.',
    );
  return { source: { kind: 'file', ...main, join: joinFile }, fields };
}

/** Imports (issue 15): preview, then commit in the background, then maybe undo. Admins only. */
export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  app.addHook('onClose', async () => service.close());
  // The commit's body is optional: a client that says JSON and sends nothing (fetch with only the header) sends no
  // body. Fastify's own parser answers everything else, as everywhere (this plugin's scope only).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
  const importResponse = { 404: errorSchema, 409: errorSchema };

  app.post(
    '/api/admin/imports',
    app.guard('admin', {
      validatorCompiler: bodyMayBeAbsent as never,
      schema: {
        tags: ['admin'],
        summary: 'Reads an import (CSV, XLSX, ODS or JSON; a file or an address) and answers its preview; nothing changes yet',
        description:
          'multipart/form-data with `file` (and optional `joinFile` with `joinKey` and `joinFileKey`, a second file whose columns join its rows by a key column; `policy`, `mapping` and `rates` as JSON text, `sheet`, `encoding`; or `url` in place of `file` with a `joinFile`), or JSON `{ url, policy, mapping, rates, sheet, encoding }` for a ' +
          "published Google Sheet CSV or any https CSV/XLSX/JSON. Products are matched by id, else by source id, else within their group (one seller item) by title, or to the group's only product. Addresses on private, " +
          `loopback or link-local networks are refused. At most ${MB} MB. Columns are mapped by their names, else by their values; ` +
          "prices in another currency are converted with the site's rates or those sent as `rates` (the answer lists them under `currencies`).",
        consumes: ['application/json', 'multipart/form-data'],
        body: importUrlBodySchema,
        response: { 201: importSchema, 413: errorSchema },
      },
    }),
    async (request, reply) => {
      const form = request.isMultipart() ? await readForm(request) : null;
      const body = request.body as ImportUrlBody | undefined;
      if (!form && !body) throw new AppError('VALIDATION', 'Send a file as multipart/form-data, or { "url": "…" } as JSON.');
      const { url = '', ...fields }: Partial<ImportUrlBody> = body ?? {};
      const source: ImportSource = form ? form.source : { kind: 'url', url };
      const preview = await service.preview(actorOf(request), source, { ...(form ? form.fields : fields), origin: siteOrigin(request) });
      return reply.status(201).send(preview);
    },
  );

  app.get(
    '/api/admin/imports',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'The import history, newest first, a page at a time (a running one shows its progress)',
        description:
          'Every import with its source, status, counts, who and when, and whether Undo is offered (undoReason says why not). ' +
          'Previews never committed are dropped after a day.',
        querystring: importListQuerySchema,
        response: { 200: importListSchema },
      },
    }),
    async (request) => service.list(request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/admin/imports/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "An import's status, progress, counts and first errors",
        params: idParamsSchema,
        response: { 200: importSchema, 404: errorSchema },
      },
    }),
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/api/admin/imports/:id/errors',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Every row error and warning of an import (and the images it could not fetch) as a CSV download: row, column, kind, message',
        params: idParamsSchema,
        response: {
          200: downloadResponse('The errors and warnings as CSV (row, column, kind: error or warning, message)', ['text/csv']),
          404: errorSchema,
        },
      },
    }),
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-errors-${request.params.id.slice(0, 8)}.csv"`)
        .header('cache-control', 'no-store')
        // Text, not JSON: the declared responses are the errors only.
        .send((await service.errorsCsv(request.params.id)) as never),
  );

  app.post(
    '/api/admin/imports/:id/commit',
    app.guard('admin', {
      validatorCompiler: bodyMayBeAbsent as never,
      schema: {
        tags: ['admin'],
        summary: 'Starts writing a previewed import in the background (202); GET the import for its progress',
        description:
          'The body is optional (none, or `{}`: the policy chosen at the preview). policy all refuses (409) when any row is invalid. Recorded in the audit log when it ends.',
        params: idParamsSchema,
        body: importCommitBodySchema.optional(),
        response: { 202: importSchema, ...importResponse },
      },
    }),
    async (request, reply) =>
      reply.status(202).send(
        await service.commit(actorOf(request), request.params.id, request.body?.policy, {
          oddPrices: request.body?.oddPrices,
          noLink: request.body?.noLink,
          categories: request.body?.categories,
        }),
      ),
  );

  app.post(
    '/api/admin/imports/:id/cancel',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Cancels a preview, or stops a running import after its current batch (what it wrote can be undone)',
        params: idParamsSchema,
        response: { 200: importSchema, ...importResponse },
      },
    }),
    async (request) => service.cancel(request.params.id),
  );

  app.post(
    '/api/admin/imports/:id/undo',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Undoes an import: products it created are removed, products it updated get their previous values back',
        description: 'A product changed after the import is left as it is (counted as skipped). Recorded in the audit log.',
        params: idParamsSchema,
        response: { 200: importSchema, ...importResponse },
      },
    }),
    async (request) => service.undo(actorOf(request), request.params.id),
  );
};
