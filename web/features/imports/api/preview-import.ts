import { useMutation } from '@tanstack/react-query';
import type { Import, ImportPolicy } from '../../../../common/schemas/imports';
import { apiPost } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';

export type ImportRequest = {
  source: { file: File } | { url: string };
  policy: ImportPolicy;
  mapping?: Record<string, string> | undefined;
  onProgress?: (fraction: number) => void;
};

/** Sends a file (with upload progress) or an address; the server answers the preview, changing nothing. */
export function previewImport({ source, policy, mapping, onProgress }: ImportRequest): Promise<Import> {
  if ('url' in source) return apiPost<Import>('/api/admin/imports', { url: source.url, policy, ...(mapping ? { mapping } : {}) });
  const fields: Record<string, string> = { policy, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) };
  return apiUpload<Import>('/api/admin/imports', 'file', source.file, onProgress ?? (() => undefined), undefined, fields);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
