import { useMutation } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../../../common/schemas/error';
import { currentLanguage, DEFAULT_LANG, LANGUAGE_HEADER } from '../../../../common/i18n';
import { PHOTO_FIELD } from '../../../../common/photo-search';
import type { PhotoSearchAnswer } from '../../../../common/schemas/photo-search';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { apiPost, ApiError, buildUrl, catalogueLang } from '../../../lib/api-client';

/** What a visitor searches with (issue 42): a picture (chosen, taken, dropped or pasted) or its address. */
export type PhotoQuery = { kind: 'file'; file: Blob } | { kind: 'address'; url: string };

/** Posts the picture as multipart/form-data; the server answers its refusals as sentences in the page's language. */
async function searchByFile(file: Blob): Promise<PhotoSearchAnswer> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file, 'photo');
  const lang = currentLanguage();
  let res: Response;
  try {
    res = await fetch(buildUrl('/api/photo-search', { lang: catalogueLang() }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(lang !== DEFAULT_LANG ? { [LANGUAGE_HEADER]: lang } : {}) },
    });
  } catch {
    throw new ApiError(0, COMMON_TEXTS.unreachable);
  }
  const body = (await res.json().catch(() => ({}))) as Partial<ApiErrorBody> & Partial<PhotoSearchAnswer>;
  if (!res.ok) throw new ApiError(res.status, body.message ?? COMMON_TEXTS.requestFailed(res.status), body.code);
  return body as PhotoSearchAnswer;
}

export function searchByPhoto(query: PhotoQuery): Promise<PhotoSearchAnswer> {
  return query.kind === 'file'
    ? searchByFile(query.file)
    : apiPost<PhotoSearchAnswer>(buildUrl('/api/photo-search/address', { lang: catalogueLang() }), { url: query.url });
}

export function useSearchByPhoto() {
  return useMutation({ mutationFn: searchByPhoto });
}
