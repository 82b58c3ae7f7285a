import { contentLanguage, isContentLanguage, type ContentLangCode } from '../../common/catalogue-languages';
import type { ApiErrorBody } from '../../common/schemas/error';
import { currentLanguage, DEFAULT_LANG, LANGUAGE_HEADER } from '../../common/i18n';
import { COMMON_TEXTS } from '../../common/texts/common';

/**
 * The `lang` of a public answer with products (issue 41): the page's language, so their titles and descriptions come
 * translated where they are; undefined on English pages (their addresses stay as they were).
 */
export function catalogueLang(): ContentLangCode | undefined {
  const lang = contentLanguage(currentLanguage());
  return isContentLanguage(lang) ? lang : undefined;
}

/** A failed API call; message is the server's sentence when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole JSON body of the answer, for errors that carry more than a sentence. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined | null;

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A change asks the server to answer (and to write any mail it sends, a password reset's) in the page's language
 * (issue 41). Reads do not: what a shared cache keeps must not vary on a header it cannot see.
 */
function languageHeader(method: string | undefined): Record<string, string> {
  const lang = currentLanguage();
  return method && method !== 'GET' && method !== 'HEAD' && lang !== DEFAULT_LANG ? { [LANGUAGE_HEADER]: lang } : {};
}

async function request<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...languageHeader(init.method), ...init.headers },
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, COMMON_TEXTS.unreachable);
  }
  if (!res.ok) {
    let body: Partial<ApiErrorBody> = {};
    try {
      body = (await res.json()) as Partial<ApiErrorBody>;
    } catch {
      // Not JSON (a proxy error page, say): fall back to the status text.
    }
    throw new ApiError(res.status, body.message ?? COMMON_TEXTS.requestFailed(res.status), body.code, body);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export function apiGet<T>(path: string, query: Record<string, QueryValue> = {}, signal?: AbortSignal): Promise<T> {
  // Revalidated every time (a 304 when nothing changed): the site's public answers allow caches to serve them
  // stale for a while, but this app must show a change its admin just made.
  return request<T>(buildUrl(path, query), { signal: signal ?? null, cache: 'no-cache' });
}

/** POST a JSON body; the server answers errors as { statusCode, code, message }. */
export function apiPost<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
}

export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export function apiDelete<T>(path: string, query: Record<string, QueryValue> = {}, body?: unknown): Promise<T> {
  return request<T>(
    buildUrl(path, query),
    body === undefined
      ? { method: 'DELETE' }
      : { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
}
