import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { guideProducts, guideRevisions, guides, guideSlugs, images } from '../../db/schema/index';
import type { GuideSnapshot } from '../../db/schema/guides';

export type GuideRow = typeof guides.$inferSelect;
/** A guide with its cover picture's address and size (null without a cover, or when the picture was deleted). */
export type GuideWithCover = GuideRow & { coverUrl: string | null; coverWidth: number | null; coverHeight: number | null };
export type GuideValues = Omit<GuideRow, 'id' | 'createdAt' | 'updatedAt'>;
export type RevisionRow = typeof guideRevisions.$inferSelect;

const withCover = {
  id: guides.id,
  groupId: guides.groupId,
  lang: guides.lang,
  slug: guides.slug,
  title: guides.title,
  description: guides.description,
  coverImageId: guides.coverImageId,
  coverAlt: guides.coverAlt,
  topic: guides.topic,
  tags: guides.tags,
  authorName: guides.authorName,
  body: guides.body,
  status: guides.status,
  publishAt: guides.publishAt,
  publishedAt: guides.publishedAt,
  createdAt: guides.createdAt,
  updatedAt: guides.updatedAt,
  coverUrl: images.url,
  coverWidth: images.width,
  coverHeight: images.height,
};

/** A guide's fields as a revision keeps them. */
export function snapshotOf(row: GuideRow): GuideSnapshot {
  return {
    groupId: row.groupId,
    lang: row.lang,
    slug: row.slug,
    title: row.title,
    description: row.description,
    coverImageId: row.coverImageId,
    coverAlt: row.coverAlt,
    topic: row.topic,
    tags: row.tags,
    authorName: row.authorName,
    body: row.body,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** A revision's fields as a guide's values. */
export function valuesOf(snapshot: GuideSnapshot): GuideValues {
  return {
    ...snapshot,
    publishAt: snapshot.publishAt ? new Date(snapshot.publishAt) : null,
    publishedAt: snapshot.publishedAt ? new Date(snapshot.publishedAt) : null,
  };
}

/** The guides' statements, over the database or a unit of work's transaction. */
export function createGuidesRepo({ db }: Database) {
  const select = () => db.select(withCover).from(guides).leftJoin(images, eq(images.id, guides.coverImageId));
  return {
    async listAll(): Promise<GuideWithCover[]> {
      return select().orderBy(desc(guides.updatedAt), guides.id);
    },
    async findById(id: string): Promise<GuideWithCover | null> {
      const [row] = await select().where(eq(guides.id, id));
      return row ?? null;
    },
    /** Locks the guide's row for the change that reads it. */
    async lock(id: string): Promise<GuideRow | null> {
      const [row] = await db.select().from(guides).where(eq(guides.id, id)).for('update');
      return row ?? null;
    },
    async versions(groupId: string): Promise<Array<Pick<GuideRow, 'id' | 'lang' | 'title' | 'status' | 'slug'>>> {
      return db
        .select({ id: guides.id, lang: guides.lang, title: guides.title, status: guides.status, slug: guides.slug })
        .from(guides)
        .where(eq(guides.groupId, groupId))
        .orderBy(guides.lang);
    },
    /** Whether the slug is taken in the language, by a guide or as another guide's old slug. */
    async slugTaken(lang: string, slug: string, exceptId: string | null): Promise<boolean> {
      const rows = await rowsOf<{ one: number }>(
        db,
        sql`
        select 1 as one from guides where lang = ${lang} and slug = ${slug} and id is distinct from ${exceptId}::uuid
        union all
        select 1 from guide_slugs where lang = ${lang} and slug = ${slug} and guide_id is distinct from ${exceptId}::uuid
        limit 1`,
      );
      return rows.length > 0;
    },
    async imageExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
      return row !== undefined;
    },
    async insert(values: GuideValues & { id?: string }): Promise<GuideRow> {
      const [row] = await db.insert(guides).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<GuideValues>): Promise<GuideRow> {
      const [row] = await db
        .update(guides)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(guides.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },
    async delete(id: string): Promise<void> {
      await db.delete(guides).where(eq(guides.id, id));
    },
    /** Keeps an old slug for the 301; the new slug stops being an old one of this guide. */
    async moveSlug(guideId: string, lang: string, from: string, to: string): Promise<void> {
      await db.delete(guideSlugs).where(and(eq(guideSlugs.lang, lang), eq(guideSlugs.slug, to), eq(guideSlugs.guideId, guideId)));
      await db
        .insert(guideSlugs)
        .values({ lang, slug: from, guideId })
        .onConflictDoUpdate({ target: [guideSlugs.lang, guideSlugs.slug], set: { guideId, createdAt: new Date() } });
    },
    /** The guide an old slug of the language moved to. */
    async movedFrom(lang: string, slug: string): Promise<string | null> {
      const [row] = await db
        .select({ guideId: guideSlugs.guideId })
        .from(guideSlugs)
        .where(and(eq(guideSlugs.lang, lang), eq(guideSlugs.slug, slug)));
      return row?.guideId ?? null;
    },
    async setProducts(guideId: string, numbers: number[]): Promise<void> {
      await db.delete(guideProducts).where(eq(guideProducts.guideId, guideId));
      if (numbers.length > 0) await db.insert(guideProducts).values(numbers.map((productNumber) => ({ guideId, productNumber })));
    },
    /** `changeId`: the catalogue change it is part of (see guide_revisions.change_id). */
    async addRevision(guideId: string, action: string, snapshot: GuideSnapshot, actorEmail: string, changeId?: string): Promise<string> {
      const [row] = await db
        .insert(guideRevisions)
        .values({ guideId, action, snapshot, actorEmail, changeId: changeId ?? null })
        .returning({ id: guideRevisions.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async revisions(guideId: string, limit: number): Promise<RevisionRow[]> {
      return db
        .select()
        .from(guideRevisions)
        .where(eq(guideRevisions.guideId, guideId))
        .orderBy(desc(guideRevisions.createdAt), desc(guideRevisions.id))
        .limit(limit);
    },
    async revision(id: string): Promise<RevisionRow | null> {
      const [row] = await db.select().from(guideRevisions).where(eq(guideRevisions.id, id));
      return row ?? null;
    },
    /**
     * The revision before this one of its guide, and whether this one is the guide's latest. Compared in the database:
     * its timestamps are finer than a JavaScript date.
     */
    async around(revision: RevisionRow): Promise<{ previous: RevisionRow | null; latest: boolean }> {
      const self = sql`(select created_at, id from guide_revisions where id = ${revision.id}::uuid)`;
      const [newer] = await rowsOf<{ one: number }>(
        db,
        sql`select 1 as one from guide_revisions where guide_id = ${revision.guideId}::uuid and (created_at, id) > ${self} limit 1`,
      );
      const [previous] = await db
        .select()
        .from(guideRevisions)
        .where(and(eq(guideRevisions.guideId, revision.guideId), sql`(${guideRevisions.createdAt}, ${guideRevisions.id}) < ${self}`))
        .orderBy(desc(guideRevisions.createdAt), desc(guideRevisions.id))
        .limit(1);
      return { previous: previous ?? null, latest: newer === undefined };
    },
    /** The deletions a catalogue change made (the demo's removal), oldest first. */
    async deletedIn(changeId: string): Promise<RevisionRow[]> {
      return db
        .select()
        .from(guideRevisions)
        .where(and(eq(guideRevisions.changeId, changeId), eq(guideRevisions.action, 'delete')))
        .orderBy(guideRevisions.createdAt, guideRevisions.id);
    },
    /** The demo catalogue's starter guides still there (issue 43), locked for their removal. */
    async demoGuides(author: string, slugs: readonly string[]): Promise<GuideRow[]> {
      return db
        .select()
        .from(guides)
        .where(and(eq(guides.lang, 'en'), eq(guides.authorName, author), inArray(guides.slug, [...slugs])))
        .for('update');
    },
    /** The scheduled guides whose time has come, locked (another process's job skips them). */
    async dueForPublishing(now: Date): Promise<GuideRow[]> {
      return db
        .select()
        .from(guides)
        .where(and(eq(guides.status, 'scheduled'), lte(guides.publishAt, now)))
        .orderBy(guides.publishAt)
        .for('update', { skipLocked: true });
    },

    // The public side: published guides only.
    async published(lang: string): Promise<GuideWithCover[]> {
      return select()
        .where(and(eq(guides.status, 'published'), eq(guides.lang, lang)))
        .orderBy(desc(guides.publishedAt), desc(guides.id));
    },
    async publishedBySlug(lang: string, slug: string): Promise<GuideWithCover | null> {
      const [row] = await select().where(and(eq(guides.status, 'published'), eq(guides.lang, lang), eq(guides.slug, slug)));
      return row ?? null;
    },
    /** The article a published guide of any language belongs to, by its current slug. */
    async publishedGroupBySlug(slug: string): Promise<string | null> {
      const [row] = await db
        .select({ groupId: guides.groupId })
        .from(guides)
        .where(and(eq(guides.status, 'published'), eq(guides.slug, slug)))
        .limit(1);
      return row?.groupId ?? null;
    },
    async publishedVersions(groupId: string): Promise<Array<{ lang: string; slug: string }>> {
      return db
        .select({ lang: guides.lang, slug: guides.slug })
        .from(guides)
        .where(and(eq(guides.groupId, groupId), eq(guides.status, 'published')));
    },
    /** Every published guide of every language, for the sitemap. */
    async allPublished(): Promise<Array<Pick<GuideRow, 'groupId' | 'lang' | 'slug' | 'updatedAt' | 'topic'>>> {
      return db
        .select({ groupId: guides.groupId, lang: guides.lang, slug: guides.slug, updatedAt: guides.updatedAt, topic: guides.topic })
        .from(guides)
        .where(eq(guides.status, 'published'))
        .orderBy(guides.lang, desc(guides.publishedAt));
    },
    /** The published guides of the language that show this product's card, newest first. */
    async featuring(number: number, lang: string, limit: number): Promise<GuideWithCover[]> {
      return select()
        .innerJoin(guideProducts, eq(guideProducts.guideId, guides.id))
        .where(and(eq(guides.status, 'published'), eq(guides.lang, lang), eq(guideProducts.productNumber, number)))
        .orderBy(desc(guides.publishedAt))
        .limit(limit);
    },
    /** The library's pictures among these addresses, with their size (pictures in a guide's text). */
    async imageSizes(urls: string[]): Promise<Map<string, { width: number; height: number }>> {
      if (urls.length === 0) return new Map();
      const rows = await db
        .select({ url: images.url, width: images.width, height: images.height })
        .from(images)
        .where(inArray(images.url, urls));
      return new Map(rows.map((r) => [r.url, { width: r.width, height: r.height }]));
    },
  };
}
export type GuidesRepo = ReturnType<typeof createGuidesRepo>;
