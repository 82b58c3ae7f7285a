import { z } from 'zod';
import { apiSchemas } from './registry';

/** A product shows at most this many QC (quality-check) photos. */
export const QC_PHOTOS_MAX = 40;

/** Hours the world's furthest time zone (UTC+14) is ahead of UTC: its today is the latest day a photo can be from. */
const FURTHEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/** The latest day (YYYY-MM-DD) that is not in the future anywhere on Earth right now. */
export function latestToday(now: number = Date.now()): string {
  return new Date(now + FURTHEST_ZONE_AHEAD_MS).toISOString().slice(0, 10);
}

/** True for a YYYY-MM-DD that names a real day of the calendar (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The earliest day a QC photo may carry (a typo such as 0202 is refused rather than kept). */
export const QC_EARLIEST_DAY = '2000-01-01';

/** A QC photo as the storefront shows it: the picture, its 320 px and 640 px WebP copies, its size and its day. */
export const qcPhotoSchema = z
  .object({
    id: z.string().describe('The image id'),
    url: z.string().describe('Address of the original'),
    thumbnail: z.string().describe('Address of a 320 px wide WebP copy'),
    large: z.string().describe('Address of a 640 px wide WebP copy'),
    width: z.number().int(),
    height: z.number().int(),
    takenOn: z.string().nullable().describe('The day the photo was taken (YYYY-MM-DD); null when not known'),
  })
  .register(apiSchemas, { id: 'QcPhoto' });
export type QcPhoto = z.infer<typeof qcPhotoSchema>;

/** A QC photo as the dashboard edits it: with the image's name. */
export const adminQcPhotoSchema = z
  .object({
    imageId: z.string(),
    name: z.string().describe("The image's stored name"),
    url: z.string(),
    thumbnail: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    takenOn: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'AdminQcPhoto' });
export type AdminQcPhoto = z.infer<typeof adminQcPhotoSchema>;

export const adminQcPhotoListSchema = z
  .object({ items: z.array(adminQcPhotoSchema).describe('In the order the product page shows them') })
  .register(apiSchemas, { id: 'AdminQcPhotoList' });
export type AdminQcPhotoList = z.infer<typeof adminQcPhotoListSchema>;

/** The day a photo was taken: blank or null for not known; a real day, from 2000, and not in the future. */
export const qcTakenOnSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx): string | null => {
    if (!v) return null;
    if (!isCalendarDay(v)) {
      ctx.addIssue({ code: 'custom', message: `The date "${v}" is not a real day: use YYYY-MM-DD, such as 2026-03-14.` });
      return z.NEVER;
    }
    if (v < QC_EARLIEST_DAY) {
      ctx.addIssue({ code: 'custom', message: `The date ${v} is too early: QC photos are from ${QC_EARLIEST_DAY} or later.` });
      return z.NEVER;
    }
    if (v > latestToday()) {
      ctx.addIssue({ code: 'custom', message: `The date ${v} is in the future: a QC photo is dated the day it was taken.` });
      return z.NEVER;
    }
    return v;
  })
  .describe('YYYY-MM-DD; blank or null when not known');

/** PUT /api/admin/products/{id}/qc-photos: the whole ordered list, replacing the one before. */
export const qcPhotosInputSchema = z
  .object({
    items: z
      .array(
        z.object({
          imageId: z.uuid('imageId must be the id of an uploaded image'),
          takenOn: qcTakenOnSchema.optional().transform((v) => v ?? null),
        }),
        { error: 'items must be a list of { imageId, takenOn }' },
      )
      .max(QC_PHOTOS_MAX, `A product can have at most ${QC_PHOTOS_MAX} QC photos.`)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, i) => {
          if (seen.has(item.imageId)) {
            ctx.addIssue({
              code: 'custom',
              message: 'The same image is in the QC photos twice: remove one of them.',
              path: [i, 'imageId'],
            });
          }
          seen.add(item.imageId);
        });
      })
      .describe('In the order the product page shows them'),
  })
  .register(apiSchemas, { id: 'QcPhotosInput' });
export type QcPhotosInput = z.output<typeof qcPhotosInputSchema>;
export type QcPhotosInputDraft = z.input<typeof qcPhotosInputSchema>;
