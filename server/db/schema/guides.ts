import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { images } from './catalogue';
import { timestamps } from './columns';

/** What a revision keeps: every field the editor writes, so a restore puts the guide back exactly (issue 43). */
export type GuideSnapshot = {
  groupId: string;
  lang: string;
  slug: string;
  title: string;
  description: string;
  coverImageId: string | null;
  coverAlt: string;
  topic: string;
  tags: string[];
  authorName: string;
  body: string;
  status: 'draft' | 'scheduled' | 'published';
  publishAt: string | null;
  publishedAt: string | null;
};

/**
 * How-to articles written in the dashboard (issue 43, decision 0092). One row per language version: the versions of
 * one article share `group_id` (the first version's id), one per language; the slug is unique within a language.
 * Visitors see only `published` rows; a `scheduled` one is published by the guide-publish job at `publish_at`.
 */
export const guides = pgTable(
  'guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id').notNull(),
    lang: text('lang').notNull().default('en'),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A picture of the image library; its alt text is required with it (the contract refuses one without). */
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt').notNull().default(''),
    /** The topic as the editor writes it; its address part is slugify(topic). */
    topic: text('topic').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    authorName: text('author_name').notNull().default(''),
    /** Markdown (GitHub's dialect), rendered and sanitised on the server at each read (server/modules/guides/markdown.ts). */
    body: text('body').notNull().default(''),
    status: text('status').$type<GuideSnapshot['status']>().notNull().default('draft'),
    /** When a scheduled guide goes out; kept after publishing. */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** The first publication: the article's datePublished; stays when it is edited or unpublished and published again. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('guides_status_check', sql`${t.status} in ('draft', 'scheduled', 'published')`),
    check('guides_scheduled_check', sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    check('guides_tags_check', sql`jsonb_typeof(${t.tags}) = 'array'`),
    uniqueIndex('guides_lang_slug_idx').on(t.lang, t.slug),
    uniqueIndex('guides_group_lang_idx').on(t.groupId, t.lang),
    index('guides_published_idx')
      .on(t.lang, t.publishedAt)
      .where(sql`${t.status} = 'published'`),
    index('guides_scheduled_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/** A guide's earlier slugs in its language: the old address answers 301 to the new one. */
export const guideSlugs = pgTable(
  'guide_slugs',
  {
    lang: text('lang').notNull(),
    slug: text('slug').notNull(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.slug] }), index('guide_slugs_guide_idx').on(t.guideId)],
);

/**
 * Every save of a guide, whole: the editor's list, Restore, and Undo (which puts back the revision before a
 * change). No foreign key: a deleted guide's revisions stay, so its deletion can be undone.
 */
export const guideRevisions = pgTable(
  'guide_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id').notNull(),
    /** create, save, restore, undo, publish (the job), delete. */
    action: text('action').notNull(),
    snapshot: jsonb('snapshot').$type<GuideSnapshot>().notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The catalogue change this revision was written in (the demo's removal takes its starter guides with it): that
     * change's Undo puts back the guides it deleted. No foreign key: old changes are pruned, revisions stay.
     */
    changeId: uuid('change_id'),
  },
  (t) => [
    index('guide_revisions_guide_idx').on(t.guideId, t.createdAt),
    index('guide_revisions_change_idx')
      .on(t.changeId)
      .where(sql`${t.changeId} is not null`),
  ],
);

/** The products a guide's body shows as cards, by number, written with each save: a product page lists its guides. */
export const guideProducts = pgTable(
  'guide_products',
  {
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    productNumber: integer('product_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.productNumber] }), index('guide_products_number_idx').on(t.productNumber)],
);
