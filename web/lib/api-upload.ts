import type { ApiErrorBody } from '../../common/schemas/error';
import { COMMON_TEXTS } from '../../common/texts/common';
import { ApiError } from './api-client';

/**
 * POSTs one file as multipart/form-data and reports upload progress (0 to 1), which fetch cannot do. Errors arrive
 * as ApiError, like every other call.
 */
export function apiUpload<T>(
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  fields: Record<string, string> = {},
  /** Further files by field name, sent after the first (an import's second file to join). */
  files: Record<string, File> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy error page, say): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const error = (body ?? {}) as Partial<ApiErrorBody>;
      reject(new ApiError(xhr.status, error.message ?? COMMON_TEXTS.requestFailed(xhr.status), error.code));
    };
    xhr.onerror = () => reject(new ApiError(0, COMMON_TEXTS.unreachable));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file, file.name);
    for (const [name, extra] of Object.entries(files)) form.append(name, extra, extra.name);
    xhr.send(form);
  });
}
