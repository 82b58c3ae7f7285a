/**
 * A visitor's picture read as the stored pictures are (issue 42, decision 0086): its perceptual hash and mean colour
 * (image-files.ts `pictureHash`, decision 0068), for the picture as it is and for a few crops of it, so a screenshot
 * with a frame, a status bar or the app around the photo still meets the stored photo. Nothing is kept.
 *
 * libvips decodes once, off the event loop (sharp runs on libuv's thread pool), into a small RGB copy; every crop is
 * cut from that copy. The DCT is sharp-phash's, computed for the 8 × 8 coefficients the hash reads only (separable),
 * so a crop costs microseconds of JavaScript instead of sharp-phash's 8 ms.
 */
import sharp, { type OutputInfo } from 'sharp';
import { sniffImageFormat } from '../../../common/image-types';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '../../../common/photo-search';
import { PHOTO_TEXTS } from '../../../common/texts/photo-search';
import { AppError } from '../../errors';

/** A picture's hash as two 32-bit halves (the stored bit(64)'s first and last 32 bits) and its mean colour 0xRRGGBB. */
export type PhotoProbe = { hi: number; lo: number; colour: number };

/** The copy every crop is cut from: its shorter side this long (a crop of it is still far above the hash's 32 px). */
const WORKING_SIDE = 256;
/** How far (of 255) a border's pixels may stray from its colour and still be trimmed as a frame (JPEG noise aside). */
const TRIM_THRESHOLD = 24;
/** What a phone's status bar or an app's bar may take of a screenshot's height, cut from the top and the bottom. */
const BAR_SHARE = 0.08;
/** Square windows tried along a tall or wide picture (a square photo inside a phone's screenshot). */
const WINDOW_STEPS = 12;
/** A picture at least this much longer than wide (or wider than long) gets square windows too. */
const ELONGATED = 1.2;
/** A screenshot's box around the photo (contentBox) is tried when it is less than this share of the picture. */
const BOX_SHARE_MAX = 0.8;

const SIZE = 32;
const LOW = 8;
/** cos((2k + 1) / 2N · n · π), sharp-phash's table, for the 8 frequencies 1..8 the hash reads. */
const COS = Float64Array.from({ length: SIZE * LOW }, (_, at) => {
  const k = Math.floor(at / LOW);
  const n = (at % LOW) + 1;
  return Math.cos(((2 * k + 1) / (2 * SIZE)) * n * Math.PI);
});

/**
 * sharp-phash's hash of a 32 × 32 grey picture (row by row), as two 32-bit halves: the DCT-II coefficients (u, v) in
 * 1..8, each bit whether it is above their mean, u outer and v inner, as sharp-phash writes its '0'/'1' string.
 */
export function hashOfGrey(grey: Uint8Array): { hi: number; lo: number } {
  // Rows first: r[x][v] = Σ_y cos(y, v) · grey[y][x]; then F[u][v] = Σ_x cos(x, u) · r[x][v].
  const rows = new Float64Array(SIZE * LOW);
  for (let x = 0; x < SIZE; x++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += COS[y * LOW + v]! * grey[y * SIZE + x]!;
      rows[x * LOW + v] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  let total = 0;
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += COS[x * LOW + u]! * rows[x * LOW + v]!;
      coefficients[u * LOW + v] = sum;
      total += sum;
    }
  }
  const mean = total / (LOW * LOW);
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 64; bit++) {
    if (coefficients[bit]! > mean) {
      if (bit < 32) hi |= 1 << (31 - bit);
      else lo |= 1 << (63 - bit);
    }
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** A stored hash ('0'/'1' × 64, as PostgreSQL reads bit(64)) as two halves. */
export function halvesOf(phash: string): { hi: number; lo: number } {
  return { hi: parseInt(phash.slice(0, 32), 2) >>> 0, lo: parseInt(phash.slice(32, 64), 2) >>> 0 };
}

type Rect = { left: number; top: number; width: number; height: number };

/** Square windows along a tall or wide rectangle (none for a squarish one). */
function windowsOf(base: Rect): Rect[] {
  const side = Math.min(base.width, base.height);
  if (base.height <= base.width * ELONGATED && base.width <= base.height * ELONGATED) return [];
  const room = Math.max(base.width, base.height) - side;
  return Array.from({ length: WINDOW_STEPS + 1 }, (_, step) => {
    const offset = Math.round((room * step) / WINDOW_STEPS);
    return base.height > base.width
      ? { left: base.left, top: base.top + offset, width: side, height: side }
      : { left: base.left + offset, top: base.top, width: side, height: side };
  });
}

/**
 * The crops tried (decision 0086): the whole picture; its frame trimmed (a uniform border, as a screenshot's or a
 * padded picture's); of that, the centre 90% and 80%, without a top bar, a bottom bar or both; and on a tall or wide
 * picture, square windows along it. Duplicates and crops too small to hash are left out.
 */
export function cropsOf(width: number, height: number, trimmed: Rect | null): Rect[] {
  const crops: Rect[] = [{ left: 0, top: 0, width, height }];
  const base = trimmed ?? crops[0]!;
  if (trimmed) crops.push(trimmed);
  const inner = (share: number): Rect => ({
    left: base.left + Math.round((base.width * (1 - share)) / 2),
    top: base.top + Math.round((base.height * (1 - share)) / 2),
    width: Math.round(base.width * share),
    height: Math.round(base.height * share),
  });
  crops.push(inner(0.9), inner(0.8));
  const bar = Math.round(base.height * BAR_SHARE);
  crops.push({ ...base, top: base.top + bar, height: base.height - bar });
  crops.push({ ...base, height: base.height - bar });
  crops.push({ ...base, top: base.top + bar, height: base.height - 2 * bar });
  crops.push(...windowsOf(base));
  const seen = new Set<string>();
  return crops.filter((c) => {
    const key = `${c.left},${c.top},${c.width},${c.height}`;
    if (seen.has(key) || c.width < SIZE || c.height < SIZE) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Sums over the working copy (a summed-area table per channel: grey, red, green, blue), so any rectangle's mean, and
 * a crop's 32 × 32 grey picture (each cell its area's mean, fractional edges weighed), costs no pass over the pixels.
 */
class Sums {
  private readonly tables: Float64Array[];
  private readonly stride: number;

  constructor(
    readonly width: number,
    readonly height: number,
    channels: Uint8Array[],
  ) {
    this.stride = width + 1;
    this.tables = channels.map((values) => {
      const table = new Float64Array((width + 1) * (height + 1));
      for (let y = 0; y < height; y++) {
        let row = 0;
        for (let x = 0; x < width; x++) {
          row += values[y * width + x]!;
          table[(y + 1) * this.stride + x + 1] = table[y * this.stride + x + 1]! + row;
        }
      }
      return table;
    });
  }

  /** The table's value at a fractional point (bilinear between its corners): the sum over [0, x) × [0, y). */
  private at(table: Float64Array, x: number, y: number): number {
    const x0 = Math.min(Math.floor(x), this.width - 1);
    const y0 = Math.min(Math.floor(y), this.height - 1);
    const fx = x - x0;
    const fy = y - y0;
    const s = this.stride;
    const a = table[y0 * s + x0]!;
    const b = table[y0 * s + x0 + 1]!;
    const c = table[(y0 + 1) * s + x0]!;
    const d = table[(y0 + 1) * s + x0 + 1]!;
    return a * (1 - fx) * (1 - fy) + b * fx * (1 - fy) + c * (1 - fx) * fy + d * fx * fy;
  }

  /** The mean of channel `channel` over [x0, x1) × [y0, y1). */
  mean(channel: number, x0: number, y0: number, x1: number, y1: number): number {
    const t = this.tables[channel]!;
    const sum = this.at(t, x1, y1) - this.at(t, x0, y1) - this.at(t, x1, y0) + this.at(t, x0, y0);
    return sum / Math.max((x1 - x0) * (y1 - y0), 1e-9);
  }

  probe(rect: Rect): PhotoProbe {
    const grey = new Uint8Array(SIZE * SIZE);
    const cellW = rect.width / SIZE;
    const cellH = rect.height / SIZE;
    for (let cy = 0; cy < SIZE; cy++) {
      for (let cx = 0; cx < SIZE; cx++) {
        const x0 = rect.left + cx * cellW;
        const y0 = rect.top + cy * cellH;
        grey[cy * SIZE + cx] = Math.round(this.mean(0, x0, y0, x0 + cellW, y0 + cellH));
      }
    }
    const right = rect.left + rect.width;
    const bottom = rect.top + rect.height;
    const [r, g, b] = [1, 2, 3].map((c) => Math.round(this.mean(c, rect.left, rect.top, right, bottom)));
    return { ...hashOfGrey(grey), colour: (r! << 16) | (g! << 8) | b! };
  }
}

/** A row or column whose grey values spread less than this (standard deviation) is background, not picture. */
const FLAT_SPREAD = 3;
/** Flat lines in a row that end a run: fewer are a calm stretch of the photo itself (a share of the lines). */
const GAP_SHARE = 0.02;

/** The longest run of lines that are not flat (short flat stretches inside it aside): the picture's extent, or null. */
function longestBusyRun(count: number, spread: (i: number) => number): { from: number; to: number } | null {
  const gap = Math.max(2, Math.round(count * GAP_SHARE));
  let best: { from: number; to: number } | null = null;
  let from = -1;
  let lastBusy = -1;
  for (let i = 0; i <= count; i++) {
    const busy = i < count && spread(i) >= FLAT_SPREAD;
    if (busy) {
      if (from < 0) from = i;
      lastBusy = i;
    } else if (from >= 0 && (i - lastBusy >= gap || i === count)) {
      if (!best || lastBusy + 1 - from > best.to - best.from) best = { from, to: lastBusy + 1 };
      from = -1;
    }
  }
  return best;
}

/**
 * The picture's box inside a screenshot: the tallest band of rows that are not flat (a status bar, a caption or the
 * app's buttons sit apart from the photo, with background between), then within it the widest run of columns that
 * are not flat. Null when that is the whole copy or too small to hash.
 */
export function contentBox(grey: Uint8Array, width: number, height: number): Rect | null {
  const spreadOf = (values: (i: number) => number, n: number) => {
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const v = values(i);
      sum += v;
      squares += v * v;
    }
    const mean = sum / n;
    return Math.sqrt(Math.max(squares / n - mean * mean, 0));
  };
  const rows = longestBusyRun(height, (y) => spreadOf((x) => grey[y * width + x]!, width));
  if (!rows) return null;
  const bandHeight = rows.to - rows.from;
  const columns = longestBusyRun(width, (x) => spreadOf((i) => grey[(rows.from + i) * width + x]!, bandHeight));
  if (!columns) return null;
  const box = { left: columns.from, top: rows.from, width: columns.to - columns.from, height: bandHeight };
  if (box.width < SIZE || box.height < SIZE || (box.width === width && box.height === height)) return null;
  return box;
}

/**
 * Checks a visitor's picture as the dashboard's uploads are checked (by content, at most 5 MB and 40 megapixels,
 * decodable), then reads its probes. Every refusal is a 4xx with a sentence.
 */
export async function photoProbes(body: Buffer): Promise<PhotoProbe[]> {
  if (body.length === 0) throw new AppError('VALIDATION', PHOTO_TEXTS.empty);
  if (body.length > PHOTO_MAX_BYTES) throw new AppError('TOO_LARGE', PHOTO_TEXTS.tooLarge);
  const format = sniffImageFormat(body);
  if (!format) throw new AppError('VALIDATION', PHOTO_TEXTS.notAPicture);
  const damaged = () => new AppError('VALIDATION', PHOTO_TEXTS.damaged);
  let width: number;
  let height: number;
  try {
    // The header alone, so a decompression bomb gets its own sentence; the decode below refuses it anyway.
    const meta = await sharp(body, { limitInputPixels: false, failOn: 'truncated' }).metadata();
    if (meta.format !== format) throw new AppError('VALIDATION', PHOTO_TEXTS.notAPicture);
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw damaged();
  }
  if (width * height > PHOTO_MAX_PIXELS) throw new AppError('VALIDATION', PHOTO_TEXTS.tooManyPixels(width, height));
  if (width === 0 || height === 0) throw damaged();

  let rgb: { data: Buffer; info: OutputInfo };
  let grey: Buffer;
  try {
    const working = sharp(body, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'outside', withoutEnlargement: true })
      .removeAlpha();
    rgb = await working.clone().raw().toBuffer({ resolveWithObject: true });
    // libvips's own grey (as sharp-phash's), from the same small copy.
    grey = await sharp(rgb.data, { raw: { width: rgb.info.width, height: rgb.info.height, channels: 3 } })
      .greyscale()
      .raw()
      .toBuffer();
  } catch {
    throw damaged();
  }
  const { width: w, height: h } = rgb.info;
  const channel = (c: number) => Uint8Array.from({ length: w * h }, (_, i) => rgb.data[i * 3 + c]!);
  const sums = new Sums(w, h, [grey, channel(0), channel(1), channel(2)]);
  const trimmed = await trimmedRect(rgb.data, { raw: { width: w, height: h, channels: 3 } });
  const boxed = contentBox(grey, w, h);
  const crops = cropsOf(w, h, trimmed);
  // A box that is most of the picture is the photo's own calm edge, not a screenshot's frame: no more probes for it.
  if (boxed && boxed.width * boxed.height < BOX_SHARE_MAX * w * h) crops.push(...cropsOf(w, h, boxed).slice(1, 3), ...windowsOf(boxed));
  const seen = new Set<string>();
  return crops
    .filter((c) => {
      const key = `${c.left},${c.top},${c.width},${c.height}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((rect) => sums.probe(rect));
}

/** The picture without its uniform frame, or null when it has none (or is all frame). */
async function trimmedRect(data: Buffer, raw: { raw: { width: number; height: number; channels: 3 } }): Promise<Rect | null> {
  try {
    const { info } = await sharp(data, raw).trim({ threshold: TRIM_THRESHOLD }).raw().toBuffer({ resolveWithObject: true });
    const rect = {
      left: Math.abs(info.trimOffsetLeft ?? 0),
      top: Math.abs(info.trimOffsetTop ?? 0),
      width: info.width,
      height: info.height,
    };
    const same = rect.width === raw.raw.width && rect.height === raw.raw.height;
    return same || rect.width < SIZE || rect.height < SIZE ? null : rect;
  } catch {
    return null;
  }
}
