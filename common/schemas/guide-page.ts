// A guide as visitors read it (issue 43): the public API's answers and the article page's data.
import { z } from 'zod';
import { productSchema } from './product';
import { apiSchemas } from './registry';

export const guideHeadingSchema = z.object({ id: z.string(), text: z.string(), level: z.number().int() });
export type GuideHeading = z.infer<typeof guideHeadingSchema>;

/**
 * A part of the article: sanitised HTML (server/modules/guides/markdown.ts), or a product's card (product null: the
 * product was removed since; the page shows a short note instead).
 */
export const guideBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('product'), number: z.number().int(), product: productSchema.nullable() }),
]);
export type GuideBlock = z.infer<typeof guideBlockSchema>;

export const guideCoverSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type GuideCover = z.infer<typeof guideCoverSchema>;

/** A guide in a list: the index, a topic, related guides, previous and next. */
export const guideSummarySchema = z
  .object({
    id: z.string(),
    lang: z.string(),
    slug: z.string(),
    path: z.string().describe('The article\u2019s address, inside its language\u2019s base (/de/guides/…)'),
    title: z.string(),
    description: z.string(),
    topic: z.string(),
    topicSlug: z.string(),
    cover: guideCoverSchema.nullable(),
    publishedAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'GuideSummary' });
export type GuideSummary = z.infer<typeof guideSummarySchema>;

export const guideListSchema = z.object({ items: z.array(guideSummarySchema) }).register(apiSchemas, { id: 'GuideList' });
export type GuideList = z.infer<typeof guideListSchema>;

export const guideArticleSchema = z
  .object({
    ...guideSummarySchema.shape,
    groupId: z.string(),
    tags: z.array(z.string()),
    authorName: z.string(),
    readingMinutes: z.number().int(),
    headings: z.array(guideHeadingSchema).describe('The table of contents (h2 and h3); the page shows it for long articles'),
    blocks: z.array(guideBlockSchema),
    versions: z.array(z.object({ lang: z.string(), path: z.string() })).describe('The published language versions, this one included'),
    related: z.array(guideSummarySchema),
    previous: guideSummarySchema.nullable().describe('The guide before this one in its topic (older)'),
    next: guideSummarySchema.nullable().describe('The guide after this one in its topic (newer)'),
  })
  .register(apiSchemas, { id: 'GuideArticle' });
export type GuideArticle = z.infer<typeof guideArticleSchema>;

/** The preview's answer: the blocks as the public page would show them, with the table of contents and reading time. */
export const guidePreviewSchema = z
  .object({ blocks: z.array(guideBlockSchema), headings: z.array(guideHeadingSchema), readingMinutes: z.number().int() })
  .register(apiSchemas, { id: 'GuidePreview' });
export type GuidePreview = z.infer<typeof guidePreviewSchema>;
