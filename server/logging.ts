// What the logs may carry (issue 13: a failed query logged its parameters, session tokens among them). Every log
// line goes through Fastify's pino logger; these are its settings, and the helpers the auth library's log bridge
// uses for what it hands over.

const REDACTED = '[redacted]';

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values are cut off, the SQL text (placeholders) stays. */
const QUERY_PARAMS = /(\bparams:)[^\n]*/g;
/** Values of secrets written as key=value or "key":"value" in a message (a cookie header, a URL, a JSON body). */
const SECRET_PAIRS =
  /\b((?:[\w.-]*token|password|newPassword|currentPassword|secret|cookie|authorization|session_token)["']?\s*[:=]\s*["']?)[^\s"'&;,}]+/gi;

/** A message or stack without query parameters or secret values. */
export function redactText(text: string): string {
  return text.replace(QUERY_PARAMS, `$1 ${REDACTED}`).replace(SECRET_PAIRS, `$1${REDACTED}`);
}

/** Properties of errors (pg, drizzle, the auth library) that hold values rather than a description. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values', 'detail', 'body', 'headers', 'config', 'request', 'response']);
const MAX_CAUSE_DEPTH = 5;

/**
 * The `err` serializer: type, message, stack, code and the other plain fields, with query parameters and
 * secrets removed, along the whole `cause` chain (Drizzle wraps the driver's error, whose message is clean but
 * whose `detail` may quote a value: "Key (token)=(...) already exists").
 */
export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: redactText(typeof err === 'string' ? err : (JSON.stringify(err) ?? String(err))), stack: '' };
  }
  const out: SerializedError = { type: err.constructor.name, message: redactText(err.message), stack: redactText(err.stack ?? '') };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || key === 'query' || VALUE_PROPERTIES.has(key)) continue;
    if (typeof value === 'string') out[key] = redactText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  // Drizzle keeps the SQL text (no values) in .query: useful, and safe.
  const query = (err as { query?: unknown }).query;
  if (typeof query === 'string') out.query = redactText(query);
  if (err.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Anything handed to a logger by a library: errors serialized as above, strings redacted, the rest as it is. */
export function redactValue(value: unknown): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === 'string') return redactText(value);
  return value;
}

/** Addresses with a secret in their path (password-reset links) or query (token=...). */
function redactUrl(url: string): string {
  return redactText(url.replace(/(\/reset-password\/)[^/?#]+/, `$1${REDACTED}`));
}

type RequestLike = { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/**
 * Fastify's logger settings: the level, header paths redacted wherever a request or response object is logged
 * (the default request serializer logs no headers; these hold if someone logs one), and the serializers above.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["set-cookie"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
        '*.headers.cookie',
        '*.headers.authorization',
        '*.headers["set-cookie"]',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      err: serializeError,
      req: (req: RequestLike) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

type AccessLine = { msg?: unknown; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number };

/**
 * pino-pretty's settings for a person at a terminal (LOG_FORMAT=auto on a TTY, or pretty): the time, the level and
 * the message on one line, a request as "GET /path 200 12.5 ms", other fields as JSON after the message.
 */
export const PRETTY_LOG_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  singleLine: true,
  messageFormat: (log: Record<string, unknown>, messageKey: string): string => {
    const { req, res, responseTime } = log as AccessLine;
    const message = String(log[messageKey] ?? '');
    if (!req) return message;
    const request = `${req.method ?? ''} ${req.url ?? ''}${res?.statusCode === undefined ? '' : ` ${res.statusCode}`}`;
    const time = responseTime === undefined ? '' : ` ${responseTime} ms`;
    return message === 'request completed' ? `${request}${time}` : `${message} (${request}${time})`;
  },
};
