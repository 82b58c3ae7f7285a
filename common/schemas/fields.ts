import { z } from 'zod';
import { ITEMS_FOLDER, MEDIA_PREFIX } from '../media';

/** True for an absolute http: or https: URL; everything else (javascript:, data:, relative paths) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const UPLOADED_IMAGE = new RegExp(`^${MEDIA_PREFIX}${ITEMS_FOLDER}/[A-Za-z0-9][A-Za-z0-9._-]*$`);

/** A product picture: an http(s) URL or one of our uploaded images (/media/items/NAME). */
export function isImageReference(value: string): boolean {
  return UPLOADED_IMAGE.test(value) || isHttpUrl(value);
}

// PostgreSQL refuses a NUL in text (the query fails: a 500), and no field of this site has a use for other control
// characters, which only hide text or break the lines of logs and exports. Lone surrogates are not text either.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Multi-line text keeps tab, line feed and carriage return (a textarea's line breaks). */
const MULTI_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has no control character (line breaks and tabs allowed when multiLine) nor lone surrogate. */
export function isPlainText(value: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** The sentence a field's control-character refusal answers. */
export function controlCharacterMessage(field: string, multiLine = false): string {
  return multiLine
    ? `${field} must not contain control characters other than line breaks and tabs`
    : `${field} must not contain control characters such as line breaks, tabs or NUL`;
}

/**
 * The rule every text field of a request applies, for `.refine(...plainText('title'))`: refused with a sentence
 * naming the field (400), before the text can reach the database.
 */
export function plainText(field: string, options: { multiLine?: boolean } = {}): [(value: string) => boolean, string] {
  const multiLine = options.multiLine ?? false;
  return [(value) => isPlainText(value, multiLine), controlCharacterMessage(field, multiLine)];
}

/** Optional single-line text: trimmed, blank or null becomes null; control characters are refused. */
export function optionalText(field: string, max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .refine(...plainText(field))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A whole number given as a number or as digits (form fields send text). */
export function wholeNumber(name: string, min: number, max: number) {
  return z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

/** :id of a row in a path. */
export const idParamsSchema = z.object({ id: z.uuid('id must be a UUID') });

/** First message per field, for forms that show one error under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
