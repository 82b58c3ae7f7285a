import { useMutation } from '@tanstack/react-query';
import type { ImportEncoding } from '../../../../common/import-columns';
import type { Import, ImportMapping, ImportPolicy } from '../../../../common/schemas/imports';
import { apiPost } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';

export type ImportRequest = {
  source: { file: File } | { url: string };
  policy: ImportPolicy;
  /** The column mapping, one shape from here to the reader (common/schemas/imports.ts). */
  mapping?: ImportMapping | undefined;
  /** Rates the operator typed for currencies the site has none for (units per one base unit). */
  rates?: Record<string, number> | undefined;
  /** The workbook's sheet to read (none: the server picks), and how a text file's bytes are read. */
  sheet?: string | undefined;
  encoding?: ImportEncoding | undefined;
  /** false: gender, Best and brand are not derived from categories and titles (issue 40). */
  derive?: boolean | undefined;
  /** The base address relative picture paths resolve against (issue 40). */
  pictureBase?: string | undefined;
  /** A second file whose columns join the file's rows by a key column in each (issue 40); the keys, none: guessed. */
  join?: { file: File; key?: string | undefined; fileKey?: string | undefined } | undefined;
  onProgress?: (fraction: number) => void;
};

/** Sends a file (with upload progress) or an address; the server answers the preview, changing nothing. */
export function previewImport({
  source,
  policy,
  mapping,
  rates,
  sheet,
  encoding,
  derive,
  pictureBase,
  join,
  onProgress,
}: ImportRequest): Promise<Import> {
  const withRates = rates && Object.keys(rates).length > 0 ? rates : undefined;
  const how = { ...(sheet ? { sheet } : {}), ...(encoding && encoding !== 'auto' ? { encoding } : {}) };
  const fields: Record<string, string> = {
    policy,
    ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
    ...(withRates ? { rates: JSON.stringify(withRates) } : {}),
    ...(derive === false ? { derive: 'false' } : {}),
    ...(pictureBase ? { pictureBase } : {}),
    ...(join?.key ? { joinKey: join.key } : {}),
    ...(join?.fileKey ? { joinFileKey: join.fileKey } : {}),
    ...how,
  };
  const progress = onProgress ?? (() => undefined);
  if ('url' in source) {
    // With a second file (issue 40) the form carries the address as a field, and the second file alone.
    if (join) return apiUpload<Import>('/api/admin/imports', 'joinFile', join.file, progress, undefined, { ...fields, url: source.url });
    return apiPost<Import>('/api/admin/imports', {
      url: source.url,
      policy,
      ...(mapping ? { mapping } : {}),
      ...(withRates ? { rates: withRates } : {}),
      ...(derive === false ? { derive: false } : {}),
      ...(pictureBase ? { pictureBase } : {}),
      ...how,
    });
  }
  const files: Record<string, File> = join ? { joinFile: join.file } : {};
  return apiUpload<Import>('/api/admin/imports', 'file', source.file, progress, undefined, fields, files);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
