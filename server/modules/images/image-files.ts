import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import phash from 'sharp-phash';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { CONTENT_TYPE_OF, EXTENSION_OF, sniffImageFormat, type ImageFormat } from '../../../common/image-types';
import { itemKey, mediaUrl, shareKey, THUMB_WIDTHS, thumbKey } from '../../../common/media';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';

const THUMB_QUALITY = 78;
/** Longest sanitised original name kept in a stored name. */
const BASE_NAME_MAX = 80;
/** Longest original name quoted back in a message. */
const LABEL_MAX = 80;
/**
 * Truncated files fail; the milder warnings some cameras' JPEGs raise (extra bytes, odd markers) do not.
 * The pixel ceiling makes libvips refuse a decompression bomb before it allocates the decoded picture.
 */
export const DECODE = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' } as const;

export type StoredImageFile = {
  name: string;
  storageKey: string;
  url: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
} & PictureHash;

/**
 * What tells a picture's photo (issue 29, decision 0068; same-photo.ts compares them): the perceptual hash, 64
 * characters '0' and '1' as PostgreSQL's bit(64) reads them, and the mean colour, 0xRRGGBB flattened onto white.
 */
export type PictureHash = { phash: string; meanColour: number };

/**
 * A picture's hash and mean colour. libvips decodes off the event loop (a 3000 × 3000 JPEG about 70 ms, an 800 px
 * one about 9 ms on this machine, most of it there); the DCT over 32 × 32 is a few ms of JavaScript.
 */
export async function pictureHash(body: Buffer): Promise<PictureHash> {
  const [hash, mean] = await Promise.all([
    phash(body, DECODE),
    sharp(body, DECODE).rotate().flatten({ background: '#ffffff' }).resize(1, 1, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
  ]);
  if (!/^[01]{64}$/.test(hash)) throw new Error('the perceptual hash is not 64 bits');
  return { phash: hash, meanColour: ((mean[0] ?? 0) << 16) | ((mean[1] ?? 0) << 8) | (mean[2] ?? 0) };
}

/** An upload that passed every check, with its thumbnails made, ready to store. */
export type PreparedImage = {
  fileName: string;
  format: ImageFormat;
  body: Buffer;
  width: number;
  height: number;
  thumbs: Array<{ width: (typeof THUMB_WIDTHS)[number]; body: Buffer }>;
} & PictureHash;

/**
 * The client's file name reduced to a safe stem: no folders, no dots in a row, ASCII letters, digits, dot, dash
 * and underscore only (accents dropped, anything else a dash), at most 80 characters; 'image' when nothing is left.
 */
export function sanitiseBaseName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const safe = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/[-._]{2,}/g, '-')
    .slice(0, BASE_NAME_MAX)
    .replace(/^[-._]+|[-._]+$/g, '');
  return safe || 'image';
}

/**
 * The name an upload is stored under (spec section 3: timestamp-prefixed original name), never a path from the
 * client. A few random characters keep two uploads of one name in the same millisecond apart, in any process.
 */
export function storedFileName(original: string, format: ImageFormat, now = Date.now()): string {
  return `${now}_${randomBytes(3).toString('hex')}_${sanitiseBaseName(original)}.${EXTENSION_OF[format]}`;
}

/** The client's name as quoted in a message: without folders, cut short. */
export function fileLabel(original: string): string {
  const base = original.split(/[\\/]/).pop()?.trim() ?? '';
  const label = base.length > LABEL_MAX ? `${base.slice(0, LABEL_MAX - 1)}…` : base;
  return label || 'The file';
}

const quoted = (original: string) => `"${fileLabel(original)}"`;

/**
 * Checks an upload by its content, never by its name or declared type: JPEG, PNG or WebP, at most 5 MB, at most
 * 40 megapixels, and decodable to the end. Makes its thumbnails on the way (that decode is the last check).
 */
export async function prepareImage(originalName: string, body: Buffer, now = Date.now()): Promise<PreparedImage> {
  const name = quoted(originalName);
  if (body.length === 0) throw new AppError('VALIDATION', `${name} is empty (0 bytes). ${ADMIN_TEXTS.invalidImageType}`);
  if (body.length > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', `${name}: ${ADMIN_TEXTS.imageTooLarge}`);
  const format = sniffImageFormat(body);
  if (!format) throw new AppError('VALIDATION', `${name}: ${ADMIN_TEXTS.invalidImageType}`);

  const damaged = () => new AppError('VALIDATION', `${name} could not be read as an image: the file is damaged or incomplete.`);
  let meta: Metadata;
  try {
    // The header alone: the pixel ceiling is checked below, so a bomb gets its own message.
    meta = await sharp(body, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  if (meta.format !== format) throw new AppError('VALIDATION', `${name}: ${ADMIN_TEXTS.invalidImageType}`);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'VALIDATION',
      `${name} is ${width} × ${height} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  if (width === 0 || height === 0) throw damaged();

  let thumbs: PreparedImage['thumbs'];
  let hash: PictureHash;
  try {
    thumbs = [];
    for (const thumbWidth of THUMB_WIDTHS) {
      thumbs.push({
        width: thumbWidth,
        body: await sharp(body, DECODE)
          .rotate()
          .resize({ width: thumbWidth, withoutEnlargement: true })
          .webp({ quality: THUMB_QUALITY })
          .toBuffer(),
      });
    }
    hash = await pictureHash(body);
  } catch {
    throw damaged();
  }
  return { fileName: storedFileName(originalName, format, now), format, body, width, height, thumbs, ...hash };
}

/** Storage keys of an image's original, thumbnails and link-preview copy (made on first request, may be absent). */
export function imageKeys(fileName: string): string[] {
  return [itemKey(fileName), ...THUMB_WIDTHS.map((w) => thumbKey(fileName, w)), shareKey(fileName)];
}

/** Writes the original under items/ and its WebP thumbnails under thumbs/, so cards never load the original. */
export async function storePreparedImage(storage: Storage, image: PreparedImage): Promise<StoredImageFile> {
  const key = itemKey(image.fileName);
  const contentType = CONTENT_TYPE_OF[image.format];
  await storage.put(key, image.body, contentType);
  // Settled, not raced: a caller cleaning up after a failure must not run while another write is still landing.
  const writes = await Promise.allSettled(image.thumbs.map((t) => storage.put(thumbKey(image.fileName, t.width), t.body, 'image/webp')));
  const failed = writes.find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  return {
    name: image.fileName,
    storageKey: key,
    url: mediaUrl(key),
    contentType,
    sizeBytes: image.body.length,
    width: image.width,
    height: image.height,
    phash: image.phash,
    meanColour: image.meanColour,
  };
}

/** Removes an image's files; a file already gone is fine. */
export async function removeImageFiles(storage: Storage, fileName: string): Promise<void> {
  await Promise.all(imageKeys(fileName).map((key) => storage.delete(key)));
}

/** For images the project makes itself (the demo catalogue): stored under the given name. */
export async function storeImageWithThumbnails(storage: Storage, fileName: string, body: Buffer): Promise<StoredImageFile> {
  const prepared = await prepareImage(fileName, body);
  return storePreparedImage(storage, { ...prepared, fileName });
}
