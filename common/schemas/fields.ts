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

/** Optional text: trimmed, blank or null becomes null. */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
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
