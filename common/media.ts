// Where stored images are served and how a card finds the resized copy of an original.

export const MEDIA_PREFIX = '/media/';
export const ITEMS_FOLDER = 'items';
export const THUMBS_FOLDER = 'thumbs';
/** JPEG copies for link previews (Open Graph), made on first request: every chat app takes JPEG. */
export const SHARE_FOLDER = 'share';
/** Longest side of a link-preview image; Open Graph's recommended 1200 px. */
export const SHARE_IMAGE_MAX_PX = 1200;
/** The link-preview copies' type (og:image:type). */
export const SHARE_IMAGE_TYPE = 'image/jpeg';
/** Widths of the WebP copies made for every stored image; cards pick one through srcset. */
export const THUMB_WIDTHS = [320, 640] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];

/** Storage key of an original uploaded under items/. */
export function itemKey(fileName: string): string {
  return `${ITEMS_FOLDER}/${fileName}`;
}

export function thumbKey(fileName: string, width: ThumbWidth): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  return `${THUMBS_FOLDER}/${width}/${base}.webp`;
}

export function shareKey(fileName: string): string {
  return `${SHARE_FOLDER}/${fileName.replace(/\.[^.]+$/, '')}.jpg`;
}

export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

/** For an image URL of ours (/media/items/NAME), the URL of its thumbnail; null for any other URL. */
export function thumbnailUrlFor(imageUrl: string | null, width: ThumbWidth = THUMB_WIDTHS[0]): string | null {
  const prefix = mediaUrl(`${ITEMS_FOLDER}/`);
  if (!imageUrl || !imageUrl.startsWith(prefix)) return null;
  const fileName = imageUrl.slice(prefix.length);
  if (fileName === '' || fileName.includes('/')) return null;
  return mediaUrl(thumbKey(fileName, width));
}

/** For an image URL of ours, its link-preview JPEG; any other URL is returned as it is (null stays null). */
export function shareImageUrlFor(imageUrl: string | null): string | null {
  const prefix = mediaUrl(`${ITEMS_FOLDER}/`);
  if (!imageUrl || !imageUrl.startsWith(prefix)) return imageUrl;
  const fileName = imageUrl.slice(prefix.length);
  if (fileName === '' || fileName.includes('/')) return imageUrl;
  return mediaUrl(shareKey(fileName));
}

export type PixelSize = { width: number; height: number };

/**
 * The size of an original's link-preview JPEG, worked out from the original's (upright) size without making it: the
 * original scaled to fit SHARE_IMAGE_MAX_PX on its longer side, never enlarged, each side rounded as sharp rounds
 * it (media.routes.ts makes the copy; media.test.ts checks the two agree). A page can then give previews the
 * picture's real size before anyone has asked for the picture.
 */
export function shareImageSize(original: PixelSize): PixelSize {
  const { width, height } = original;
  const longer = Math.max(width, height);
  if (longer <= SHARE_IMAGE_MAX_PX) return { width, height };
  const scale = (side: number) => Math.max(1, Math.round((side * SHARE_IMAGE_MAX_PX) / longer));
  return width >= height ? { width: SHARE_IMAGE_MAX_PX, height: scale(height) } : { width: scale(width), height: SHARE_IMAGE_MAX_PX };
}

/**
 * An address of one of our uploaded images written out in full (what Copy URL gives) becomes its path, so the
 * product shows the thumbnail and follows the image's deletion; any other address is returned as it is.
 */
export function ownImagePath(url: string, origin: string): string {
  const prefix = `${origin}${mediaUrl(`${ITEMS_FOLDER}/`)}`;
  return url.startsWith(prefix) ? url.slice(origin.length) : url;
}
