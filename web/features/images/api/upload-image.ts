import type { UploadResult } from '../../../../common/schemas/image';
import { apiUpload } from '../../../lib/api-upload';

/** One file per request, so each shows its own progress and its own error. */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  return apiUpload<UploadResult>('/api/admin/images', 'files', file, onProgress, signal);
}
