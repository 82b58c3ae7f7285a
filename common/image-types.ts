// Image types by content (their first bytes), the same rule on both sides: the dashboard checks a file before
// sending it, and the server decodes it fully as well.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const CONTENT_TYPE_OF: Record<ImageFormat, 'image/jpeg' | 'image/png' | 'image/webp'> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const EXTENSION_OF: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** Bytes needed by sniffImageFormat. */
export const SNIFF_BYTES = 12;

/** The format the first bytes announce, or null when they are not JPEG, PNG or WebP. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((c, i) => at(from + i) === c.charCodeAt(0));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && ascii(1, 'PNG') && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}
