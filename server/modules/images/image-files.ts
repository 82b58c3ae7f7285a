import sharp from 'sharp';
import { itemKey, mediaUrl, THUMB_WIDTHS, thumbKey } from '../../../common/media';
import type { Storage } from '../../storage/storage';

/** Decoded-pixel ceiling: refuses decompression bombs before they are expanded in memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
const THUMB_QUALITY = 78;

export type StoredImageFile = {
  name: string;
  storageKey: string;
  url: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
};

/** Stores an original under items/ and writes its WebP thumbnails, so cards never load the original. */
export async function storeImageWithThumbnails(
  storage: Storage,
  fileName: string,
  body: Buffer,
  contentType: string,
): Promise<StoredImageFile> {
  const meta = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const thumbs = await Promise.all(
    THUMB_WIDTHS.map(async (width) => ({
      width,
      body: await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: THUMB_QUALITY })
        .toBuffer(),
    })),
  );
  const key = itemKey(fileName);
  await storage.put(key, body, contentType);
  await Promise.all(thumbs.map((t) => storage.put(thumbKey(fileName, t.width), t.body, 'image/webp')));
  return {
    name: fileName,
    storageKey: key,
    url: mediaUrl(key),
    contentType,
    sizeBytes: body.length,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}
