import { z } from 'zod';
import { IMAGE_GALLERY_PAGE_SIZE } from '../admin-constants';
import { pagedSchema, pageField, pageSizeField } from './paging';
import { apiSchemas } from './registry';

export const IMAGE_SORTS = ['newest', 'oldest'] as const;
export type ImageSort = (typeof IMAGE_SORTS)[number];

/** An uploaded image (spec section 3 "Stored image") with its thumbnail and how many products show it. */
export const imageSchema = z
  .object({
    id: z.string(),
    name: z.string().describe('Timestamp-prefixed, sanitised original file name'),
    url: z.string().describe('Address of the original'),
    thumbnail: z.string().describe('Address of a 320 px wide WebP copy'),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    sizeBytes: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    usedBy: z.number().int().describe('Products whose image is this one'),
    qcUsedBy: z.number().int().describe('Products that show it among their QC photos (deleting it removes it from them)'),
    usedByItem: z
      .object({ title: z.string(), path: z.string().describe('Its page on this site: /products/<slug>-<number>') })
      .nullable()
      .describe('The first product (the lowest number) whose image is this one, named on its tile; null when none is'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'Image' });
export type ImageInfo = z.infer<typeof imageSchema>;

export const imageListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(IMAGE_GALLERY_PAGE_SIZE, 50),
  sort: z.enum(IMAGE_SORTS, { message: 'sort must be newest or oldest' }).default('newest'),
  search: z
    .string()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .transform((v) => v?.trim() || undefined)
    .describe("Part of the image's name, any case (the item form's picker)"),
});
export type ImageListQuery = z.output<typeof imageListQuerySchema>;

export const imagePageSchema = pagedSchema(imageSchema, 'ImagePage');
export type ImagePage = z.infer<typeof imagePageSchema>;

export const uploadResultSchema = z.object({ items: z.array(imageSchema) }).register(apiSchemas, { id: 'UploadResult' });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const imageDeleteResultSchema = z
  .object({
    id: z.string(),
    productsCleared: z.number().int().describe('Products that showed this image and now show none'),
    filesPending: z
      .number()
      .int()
      .describe(
        'Stored files of the image (original, thumbnails) the storage could not remove yet: the server tries again later; 0 when all are gone',
      ),
  })
  .register(apiSchemas, { id: 'ImageDeleteResult' });
export type ImageDeleteResult = z.infer<typeof imageDeleteResultSchema>;
