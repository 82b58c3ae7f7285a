import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** ajv-formats is CommonJS: its default export arrives wrapped under `default` when imported from ESM. */
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type MediaType = { schema?: unknown };
type ResponseObject = { description?: string; content?: Record<string, MediaType> };
type Operation = { responses?: Record<string, ResponseObject> };
export type ApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** An answer as the check needs it: app.inject's response, or one read over HTTP. */
export type Answer = { statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string };

const DOCUMENT_ID = 'https://finder.test/openapi.json';

/** A JSON pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks real answers against the OpenAPI document: the status must be documented for the operation, the content
 * type among the documented ones, and a JSON body valid against the documented schema (JSON Schema 2020-12, as
 * OpenAPI 3.1 says, with formats checked). Returns the problems, none when the answer is what the document says.
 */
export function contractChecker(doc: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  // OpenAPI's own keywords inside schemas.
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(keyword);
  ajv.addSchema({ ...doc, $id: DOCUMENT_ID } as object, DOCUMENT_ID);
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(path: string, method: string, status: string, type: string): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  }

  return function check(path: string, method: string, res: Answer): string[] {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    const where = `${method.toUpperCase()} ${path} answered ${res.statusCode}`;
    if (!operation) return [`${method.toUpperCase()} ${path} is not in the document`];
    const status = String(res.statusCode);
    // Any GET may be answered 304 Not Modified when the request carried a validator (HTTP's own rule, RFC 9110).
    if (status === '304') return [];
    const response = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`] ?? operation.responses?.default;
    if (!response) return [`${where}, which the document does not list (it lists ${Object.keys(operation.responses ?? {}).join(', ')})`];
    const content = response.content ?? {};
    const documentedTypes = Object.keys(content);
    const rawType = res.headers['content-type'];
    const type = typeof rawType === 'string' ? rawType.split(';')[0]!.trim().toLowerCase() : undefined;
    if (documentedTypes.length === 0) {
      return res.body.length > 0 && res.statusCode !== 302 && res.statusCode !== 301
        ? [`${where} with a ${type ?? 'untyped'} body, but the document says it has none`]
        : [];
    }
    if (!type || !documentedTypes.includes(type)) {
      return [`${where} with content type ${type ?? '(none)'}; the document lists ${documentedTypes.join(', ')}`];
    }
    if (type !== 'application/json') return [];
    const encoding = res.headers['content-encoding'];
    // A compressed body is the same JSON underneath; the response cache's own tests look at those bytes.
    if (encoding && encoding !== 'identity') return [];
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [`${where} with a body that is not JSON`];
    }
    const validate = validatorFor(path, method.toLowerCase(), status, type);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
}

type InjectOptions = { url?: string; path?: string; method?: string } | string;
type Injecting = (options: InjectOptions) => Promise<Answer>;

/**
 * Every answer an app gives a test is checked against its own document: each API test is a contract test too. An
 * answer of a documented operation that the document does not describe fails the test that asked for it. A 500 is
 * not checked: it is the failure of a test that breaks the server on purpose, never a promise.
 */
export async function checkedInjection(app: { inject: Injecting }): Promise<Injecting> {
  const original = app.inject.bind(app);
  const doc = JSON.parse((await original('/api/openapi.json')).body) as ApiDocument;
  const check = contractChecker(doc);
  // Literal paths before templated ones: /api/products/by-ids is not /api/products/{number}.
  const templates = Object.keys(doc.paths)
    .map((path) => ({ path, params: (path.match(/\{/g) ?? []).length, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`) }))
    .sort((a, b) => a.params - b.params);
  return async (options) => {
    const res = await original(options);
    const url = typeof options === 'string' ? options : (options.url ?? options.path ?? '');
    const method = (typeof options === 'string' ? 'get' : (options.method ?? 'GET')).toLowerCase();
    const pathname = url.split('?')[0] ?? '';
    const template = templates.find((t) => t.pattern.test(pathname));
    if (!template || !doc.paths[template.path]?.[method] || res.statusCode === 500) return res;
    const problems = check(template.path, method, res);
    if (problems.length > 0) throw new Error(`The answer is not what the API document says:\n${problems.join('\n')}`);
    return res;
  };
}
