import { useMutation } from '@tanstack/react-query';
import type { ImportEncoding } from '../../../../common/import-columns';
import type { Import, ImportPolicy } from '../../../../common/schemas/imports';
import { apiPost } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';

export type ImportRequest = {
  source: { file: File } | { url: string };
  policy: ImportPolicy;
  mapping?: Record<string, string> | undefined;
  /** Rates the operator typed for currencies the site has none for (units per one base unit). */
  rates?: Record<string, number> | undefined;
  /** The workbook's sheet to read (none: the server picks), and how a text file's bytes are read. */
  sheet?: string | undefined;
  encoding?: ImportEncoding | undefined;
  onProgress?: (fraction: number) => void;
};

/** Sends a file (with upload progress) or an address; the server answers the preview, changing nothing. */
export function previewImport({ source, policy, mapping, rates, sheet, encoding, onProgress }: ImportRequest): Promise<Import> {
  const withRates = rates && Object.keys(rates).length > 0 ? rates : undefined;
  const how = { ...(sheet ? { sheet } : {}), ...(encoding && encoding !== 'auto' ? { encoding } : {}) };
  if ('url' in source)
    return apiPost<Import>('/api/admin/imports', {
      url: source.url,
      policy,
      ...(mapping ? { mapping } : {}),
      ...(withRates ? { rates: withRates } : {}),
      ...how,
    });
  const fields: Record<string, string> = {
    policy,
    ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
    ...(withRates ? { rates: JSON.stringify(withRates) } : {}),
    ...how,
  };
  return apiUpload<Import>('/api/admin/imports', 'file', source.file, onProgress ?? (() => undefined), undefined, fields);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
