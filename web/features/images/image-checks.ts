import { ACCEPTED_IMAGE_EXTENSIONS, ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { SNIFF_BYTES, sniffImageFormat } from '../../../common/image-types';

type FileLike = Pick<File, 'name' | 'size' | 'type' | 'slice'>;

const declaredAsImage = (file: FileLike) =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) ||
  ACCEPTED_IMAGE_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * The dashboard's check before sending (spec section 5), in the spec's words; null when the file may go. The
 * first bytes must be JPEG, PNG or WebP as well: a renamed file is caught here, and the server decodes it again.
 */
export async function checkImageFile(file: FileLike): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return ADMIN_TEXTS.imageTooLarge;
  if (file.size === 0 || !declaredAsImage(file)) return ADMIN_TEXTS.invalidImageType;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageFormat(head) ? null : ADMIN_TEXTS.invalidImageType;
}
