// Guides (issue 43, decision 0092): the contracts of the dashboard's editor and of the public answers. The editor's
// form parses with guideInputSchema too, so it shows the API's sentences before sending.
import { z } from 'zod';
import { DEFAULT_LANG, LANGUAGES, type LangCode } from '../i18n';
import { plainText } from './fields';
import { apiSchemas } from './registry';

export const GUIDE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

export const GUIDE_TITLE_MAX_LENGTH = 150;
export const GUIDE_SLUG_MAX_LENGTH = 100;
export const GUIDE_DESCRIPTION_MAX_LENGTH = 300;
export const GUIDE_TOPIC_MAX_LENGTH = 60;
export const GUIDE_TAG_MAX_LENGTH = 40;
export const GUIDE_TAGS_MAX = 10;
export const GUIDE_AUTHOR_MAX_LENGTH = 80;
export const GUIDE_ALT_MAX_LENGTH = 200;
/** About 15,000 words: far beyond any guide, short enough to render in a few milliseconds. */
export const GUIDE_BODY_MAX_LENGTH = 100_000;
/** The revisions the editor lists, newest first. */
export const GUIDE_REVISIONS_SHOWN = 50;

export const GUIDE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANG_CODES = LANGUAGES.map((l) => l.code) as [LangCode, ...LangCode[]];

const line = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainText(field));

/** What the editor sends on every save (autosave included). */
export const guideInputSchema = z
  .object({
    title: line('Title', GUIDE_TITLE_MAX_LENGTH).pipe(z.string().min(1, 'Title is required')),
    slug: z
      .string()
      .trim()
      .max(GUIDE_SLUG_MAX_LENGTH, `Slug must be at most ${GUIDE_SLUG_MAX_LENGTH} characters`)
      .refine((s) => s === '' || GUIDE_SLUG_PATTERN.test(s), 'Slug may hold only lower-case letters, digits and single hyphens')
      .optional()
      .describe('The address part; blank or absent: made from the title'),
    description: line('Description', GUIDE_DESCRIPTION_MAX_LENGTH).default(''),
    coverImageId: z
      .uuid({ message: 'Cover picture must be a picture of the image library' })
      .nullish()
      .transform((v) => v ?? null),
    coverAlt: line('Cover picture text', GUIDE_ALT_MAX_LENGTH).default(''),
    topic: line('Topic', GUIDE_TOPIC_MAX_LENGTH).default(''),
    tags: z
      .array(line('Tag', GUIDE_TAG_MAX_LENGTH))
      .max(GUIDE_TAGS_MAX, `At most ${GUIDE_TAGS_MAX} tags`)
      .default([])
      .transform((tags) => [...new Set(tags.filter(Boolean))]),
    authorName: line('Author', GUIDE_AUTHOR_MAX_LENGTH).default(''),
    body: z
      .string()
      .max(GUIDE_BODY_MAX_LENGTH, `Text must be at most ${GUIDE_BODY_MAX_LENGTH} characters`)
      .refine(...plainText('Text', { multiLine: true }))
      .default(''),
    status: z.enum(GUIDE_STATUSES, { message: `Status must be one of ${GUIDE_STATUSES.join(', ')}` }).default('draft'),
    publishAt: z.iso
      .datetime({ offset: true, message: 'Publish time must be a date and time' })
      .nullish()
      .transform((v) => v ?? null)
      .describe('When a scheduled guide goes out (ISO 8601)'),
  })
  .superRefine((g, ctx) => {
    if (g.coverImageId && !g.coverAlt)
      ctx.addIssue({ code: 'custom', path: ['coverAlt'], message: 'Describe the cover picture for people who cannot see it' });
    if (g.status === 'scheduled' && !g.publishAt)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'A scheduled guide needs a publish time' });
    if (g.status !== 'draft') {
      if (!g.description)
        ctx.addIssue({ code: 'custom', path: ['description'], message: 'A guide needs a description before it is published' });
      if (!g.topic) ctx.addIssue({ code: 'custom', path: ['topic'], message: 'A guide needs a topic before it is published' });
      if (!g.body.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'A guide needs its text before it is published' });
    }
  });
export type GuideInput = z.input<typeof guideInputSchema>;
export type GuideValues = z.output<typeof guideInputSchema>;

/** A new guide, or a new language version of one (`versionOf`: a guide of the group; `lang` must be new in it). */
export const guideCreateSchema = z.object({
  guide: guideInputSchema,
  lang: z.enum(LANG_CODES, { message: `lang must be one of ${LANG_CODES.join(', ')}` }).default(DEFAULT_LANG),
  versionOf: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type GuideCreate = z.input<typeof guideCreateSchema>;

const guideFields = {
  id: z.string(),
  groupId: z.string().describe('Shared by the language versions of one article'),
  lang: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  coverImageId: z.string().nullable(),
  coverAlt: z.string(),
  coverUrl: z.string().nullable(),
  topic: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  status: z.enum(GUIDE_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A guide as the editor reads it: its Markdown and its language versions. */
export const adminGuideSchema = z
  .object({
    ...guideFields,
    body: z.string(),
    versions: z.array(z.object({ id: z.string(), lang: z.string(), title: z.string(), status: z.enum(GUIDE_STATUSES) })),
  })
  .register(apiSchemas, { id: 'AdminGuide' });
export type AdminGuide = z.infer<typeof adminGuideSchema>;

export const adminGuideSummarySchema = z.object(guideFields).register(apiSchemas, { id: 'AdminGuideSummary' });
export type AdminGuideSummary = z.infer<typeof adminGuideSummarySchema>;
export const adminGuideListSchema = z.object({ items: z.array(adminGuideSummarySchema) }).register(apiSchemas, { id: 'AdminGuideList' });
export type AdminGuideList = z.infer<typeof adminGuideListSchema>;

/** A save's answer: the guide, and the revision it wrote (Undo takes that change back). */
export const guideSavedSchema = z
  .object({
    guide: adminGuideSchema,
    revisionId: z.string().describe('POST /api/admin/guides/changes/{revisionId}/undo takes this save back'),
  })
  .register(apiSchemas, { id: 'GuideSaved' });
export type GuideSaved = z.infer<typeof guideSavedSchema>;

export const guideDeletedSchema = z.object({ id: z.string(), revisionId: z.string() }).register(apiSchemas, { id: 'GuideDeleted' });

export const guideRevisionSchema = z
  .object({
    id: z.string(),
    action: z.string().describe('create, save, restore, undo, publish or delete'),
    title: z.string(),
    status: z.enum(GUIDE_STATUSES),
    actorEmail: z.string(),
    createdAt: z.string(),
  })
  .register(apiSchemas, { id: 'GuideRevision' });
export type GuideRevision = z.infer<typeof guideRevisionSchema>;
export const guideRevisionListSchema = z.object({ items: z.array(guideRevisionSchema) }).register(apiSchemas, { id: 'GuideRevisionList' });
export type GuideRevisionList = z.infer<typeof guideRevisionListSchema>;

export const guideUndoneSchema = z
  .object({ guideId: z.string(), restored: z.boolean().describe('false: the change made the guide, and Undo removed it') })
  .register(apiSchemas, { id: 'GuideUndone' });
export type GuideUndone = z.infer<typeof guideUndoneSchema>;

export const guideRevisionParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  revisionId: z.uuid({ message: 'revisionId must be a UUID' }),
});
export const guideChangeParamsSchema = z.object({ revisionId: z.uuid({ message: 'revisionId must be a UUID' }) });

/** The preview's request: the editor's Markdown, rendered by the public page's code. */
export const guidePreviewInputSchema = z.object({
  body: z.string().max(GUIDE_BODY_MAX_LENGTH, `Text must be at most ${GUIDE_BODY_MAX_LENGTH} characters`),
  lang: z.enum(LANG_CODES).default(DEFAULT_LANG),
});
