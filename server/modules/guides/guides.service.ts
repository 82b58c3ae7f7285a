// Guides (issue 43, decision 0092): the dashboard's changes, each one transaction with its revision and one audit
// entry (Undo puts back the revision before it), the publish job's work, and the public answers.
import { randomUUID } from 'node:crypto';
import type { GuideSnapshot } from '../../db/schema/guides';
import {
  GUIDE_REVISIONS_SHOWN,
  type AdminGuide,
  type AdminGuideSummary,
  type GuideRevision,
  type GuideSaved,
  type GuideUndone,
  type GuideValues as InputValues,
} from '../../../common/schemas/guide';
import type { GuideArticle, GuideBlock, GuidePreview, GuideSummary } from '../../../common/schemas/guide-page';
import type { Product } from '../../../common/schemas/product';
import { DEFAULT_LANG, languageBase, type LangCode } from '../../../common/i18n';
import { contentLanguage } from '../../../common/catalogue-languages';
import { guidePath, GUIDES_FEATURING_MAX, GUIDES_RELATED_COUNT, topicSlug } from '../../../common/guides';
import { slugify } from '../../../common/product-urls';
import { isUniqueViolation } from '../../db/errors';
import type { Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import { changedFields } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import { imageSources, readingMinutes, renderGuideMarkdown, type RenderOptions } from './markdown';
import { snapshotOf, valuesOf, type GuideRow, type GuidesRepo, type GuideWithCover, type RevisionRow } from './guides.repo';

/** A search lists guides once one of its words has this many letters. */
const SUGGEST_GUIDES_MIN_WORD = 3;
/** Text for matching: lower case, accents off ("Qualité" matches "qualite"). */
const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Who publishes a scheduled guide: the job, at its time. */
export const SCHEDULER_ACTOR = { id: null, email: 'scheduled publishing (job)' } as const;

const NOT_FOUND = 'This guide does not exist (it may have been deleted).';
const REVISION_NOT_FOUND = 'This revision does not exist for this guide.';
const CHANGED_SINCE = 'This guide was changed after that change, so it cannot be undone; restore one of its revisions instead.';
const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `Another guide in this language has the address "${slug}" (or had it). Choose another slug.`);

/** The fields an edit's audit entry compares (the text clipped, compared whole). */
const AUDITED = [
  'slug',
  'title',
  'description',
  'coverImageId',
  'coverAlt',
  'topic',
  'tags',
  'authorName',
  'body',
  'status',
  'publishAt',
] as const;
/** What a restore puts back: the content. The status and times stay as they are (a restore does not unpublish). */
const CONTENT = ['slug', 'title', 'description', 'coverImageId', 'coverAlt', 'topic', 'tags', 'authorName', 'body'] as const;

export type GuidesDeps = {
  repo: GuidesRepo;
  transaction: Transact<{ guides: GuidesRepo; audit: AuditRepo }>;
  /** Sends the publish job for this time (the queue's job runs at it); absent in tools without a queue. */
  schedulePublish?: ((at: Date) => Promise<void>) | undefined;
  /** Products by number in a language, for the cards. */
  products: (numbers: number[], lang?: LangCode) => Promise<Map<number, Product>>;
  /** The site's own origins (PUBLIC_URL, or the address it listens on): a pasted address on one is a product card. */
  origins: readonly string[];
  /** rel of external links in the text (GUIDE_LINK_REL). */
  externalRel?: string | undefined;
  now?: () => Date;
};

function slugFromTitle(title: string): string {
  const slug = slugify(title.replace(/ß/g, 'ss'));
  return slug === 'product' && !/product/i.test(title) ? 'guide' : slug;
}

function summaryOf(row: GuideWithCover): GuideSummary {
  return {
    id: row.id,
    lang: row.lang,
    slug: row.slug,
    path: `${languageBase(row.lang as LangCode)}${guidePath(row.slug)}`,
    title: row.title,
    description: row.description,
    topic: row.topic,
    topicSlug: topicSlug(row.topic),
    cover:
      row.coverUrl && row.coverWidth && row.coverHeight
        ? { url: row.coverUrl, alt: row.coverAlt, width: row.coverWidth, height: row.coverHeight }
        : null,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminSummaryOf(row: GuideWithCover): AdminGuideSummary {
  return {
    id: row.id,
    groupId: row.groupId,
    lang: row.lang,
    slug: row.slug,
    title: row.title,
    description: row.description,
    coverImageId: row.coverImageId,
    coverAlt: row.coverAlt,
    coverUrl: row.coverUrl,
    topic: row.topic,
    tags: row.tags,
    authorName: row.authorName,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function revisionOf(row: RevisionRow): GuideRevision {
  return {
    id: row.id,
    action: row.action,
    title: row.snapshot.title,
    status: row.snapshot.status,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createGuidesService(deps: GuidesDeps) {
  const { repo, transaction } = deps;
  const now = deps.now ?? (() => new Date());

  /** Renders a text with the site's origins; the library's pictures get their size. */
  async function render(body: string, requestOrigins: readonly string[] = []) {
    const origins = [...new Set([...deps.origins, ...requestOrigins])];
    const options: RenderOptions = { origins, imageSizes: await repo.imageSizes(imageSources(body)) };
    if (deps.externalRel !== undefined) options.externalRel = deps.externalRel;
    return renderGuideMarkdown(body, options);
  }

  /** The blocks with their products: a product removed since is a card with no product (the page's note). */
  async function blocksWithProducts(rendered: ReturnType<typeof renderGuideMarkdown>, lang: LangCode): Promise<GuideBlock[]> {
    const found = await deps.products(rendered.products, contentLanguage(lang));
    return rendered.blocks.map((b) =>
      b.kind === 'html' ? b : { kind: 'product', number: b.number, product: found.get(b.number) ?? null },
    );
  }

  async function adminGuide(id: string): Promise<AdminGuide> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const versions = await repo.versions(row.groupId);
    return {
      ...adminSummaryOf(row),
      body: row.body,
      versions: versions.map(({ id, lang, title, status }) => ({ id, lang, title, status })),
    };
  }

  /** The checks a save makes beyond the contract: a cover of the library, a time to come for a scheduled guide. */
  async function checked(input: InputValues, old: GuideRow | null): Promise<void> {
    if (input.coverImageId && !(await repo.imageExists(input.coverImageId)))
      throw new AppError('VALIDATION', 'Cover picture must be a picture of the image library (it may have been deleted).');
    if (input.status === 'scheduled') {
      const at = new Date(input.publishAt as string);
      const unchanged = old?.status === 'scheduled' && old.publishAt?.getTime() === at.getTime();
      if (!unchanged && at.getTime() <= now().getTime()) throw new AppError('VALIDATION', 'Publish time must be in the future.');
    }
  }

  /** The values a save writes: the slug made from the title when blank, the first publication's time kept. */
  function valuesFor(input: InputValues, base: { groupId: string; lang: string; slug: string; publishedAt: Date | null }) {
    const publishAt = input.publishAt ? new Date(input.publishAt) : null;
    return {
      groupId: base.groupId,
      lang: base.lang,
      slug: base.slug,
      title: input.title,
      description: input.description,
      coverImageId: input.coverImageId,
      coverAlt: input.coverImageId ? input.coverAlt : '',
      topic: input.topic,
      tags: input.tags,
      authorName: input.authorName,
      body: input.body,
      status: input.status,
      publishAt,
      publishedAt: base.publishedAt ?? (input.status === 'published' ? now() : null),
    };
  }

  /** A free slug in the language for a new guide: the title's, then -2, -3 … */
  async function freeSlug(lang: string, wanted: string | undefined, title: string, exceptId: string | null): Promise<string> {
    if (wanted) {
      if (await repo.slugTaken(lang, wanted, exceptId)) throw slugTaken(wanted);
      return wanted;
    }
    const base = slugFromTitle(title);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(lang, slug, exceptId))) return slug;
    }
  }

  async function scheduleIfDue(row: { status: string; publishAt: Date | null }) {
    if (row.status === 'scheduled' && row.publishAt && deps.schedulePublish) await deps.schedulePublish(row.publishAt);
  }

  /** The unique indexes decide when two admins race: the sentence names the clash. */
  async function unlessTaken<T>(slug: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken(slug);
      throw err;
    }
  }

  return {
    render,
    blocksWithProducts,

    async list(): Promise<AdminGuideSummary[]> {
      return (await repo.listAll()).map(adminSummaryOf);
    },
    get: adminGuide,

    async create(actor: Actor, input: { guide: InputValues; lang: LangCode; versionOf: string | null }): Promise<GuideSaved> {
      await checked(input.guide, null);
      let groupId: string = randomUUID();
      const id = groupId;
      if (input.versionOf) {
        const of = await repo.findById(input.versionOf);
        if (!of) throw new AppError('NOT_FOUND', 'The guide this is a language version of does not exist (it may have been deleted).');
        groupId = of.groupId;
        if ((await repo.versions(groupId)).some((v) => v.lang === input.lang))
          throw new AppError('CONFLICT', `This guide already has a version in ${input.lang}.`);
      }
      const slug = await freeSlug(input.lang, input.guide.slug, input.guide.title, null);
      const rendered = await render(input.guide.body);
      const result = await unlessTaken(slug, () =>
        transaction(async (tx) => {
          const row = await tx.guides.insert({ id, ...valuesFor(input.guide, { groupId, lang: input.lang, slug, publishedAt: null }) });
          await tx.guides.setProducts(row.id, rendered.products);
          const revisionId = await tx.guides.addRevision(row.id, 'create', snapshotOf(row), actor.email);
          const details = { guideId: row.id, revisionId, lang: row.lang, slug: row.slug, status: row.status };
          await tx.audit.record({ action: 'guide-create', subject: row.title, actor, details });
          return { row, revisionId };
        }),
      );
      await scheduleIfDue(result.row);
      return { guide: await adminGuide(result.row.id), revisionId: result.revisionId };
    },

    /** A save of the editor (autosave included). A save that changes nothing writes no revision and no entry. */
    async update(actor: Actor, id: string, input: InputValues): Promise<GuideSaved> {
      const current = await repo.findById(id);
      if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
      await checked(input, current);
      const slug = input.slug ? await freeSlug(current.lang, input.slug, input.title, id) : current.slug;
      const rendered = await render(input.body);
      const result = await unlessTaken(slug, () =>
        transaction(async (tx) => {
          const old = await tx.guides.lock(id);
          if (!old) return null;
          const values = valuesFor(input, { groupId: old.groupId, lang: old.lang, slug, publishedAt: old.publishedAt });
          const before = snapshotOf(old);
          const after = snapshotOf({ ...old, ...values });
          const changes = changedFields(before, after, AUDITED);
          if (Object.keys(changes).length === 0) {
            const [latest] = await tx.guides.revisions(id, 1);
            return { row: old, revisionId: latest?.id ?? '' };
          }
          const row = await tx.guides.update(id, values);
          if (old.slug !== row.slug) await tx.guides.moveSlug(id, row.lang, old.slug, row.slug);
          await tx.guides.setProducts(id, rendered.products);
          const revisionId = await tx.guides.addRevision(id, 'save', snapshotOf(row), actor.email);
          await tx.audit.record({ action: 'guide-update', subject: row.title, actor, details: { guideId: id, revisionId, changes } });
          return { row, revisionId };
        }),
      );
      if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
      await scheduleIfDue(result.row);
      return { guide: await adminGuide(id), revisionId: result.revisionId };
    },

    /** Deletes one language version; its revisions stay, so Undo brings it back. */
    async remove(actor: Actor, id: string): Promise<{ id: string; revisionId: string }> {
      const result = await transaction(async (tx) => {
        const old = await tx.guides.lock(id);
        if (!old) return null;
        const revisionId = await tx.guides.addRevision(id, 'delete', snapshotOf(old), actor.email);
        await tx.guides.delete(id);
        await tx.audit.record({
          action: 'guide-delete',
          subject: old.title,
          actor,
          details: { guideId: id, revisionId, lang: old.lang, slug: old.slug },
        });
        return revisionId;
      });
      if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { id, revisionId: result };
    },

    async revisions(id: string): Promise<GuideRevision[]> {
      if (!(await repo.findById(id))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return (await repo.revisions(id, GUIDE_REVISIONS_SHOWN)).map(revisionOf);
    },

    /** Puts a revision's content back (title, slug, text, cover …); the status and times stay. One revision, one entry. */
    async restore(actor: Actor, id: string, revisionId: string): Promise<GuideSaved> {
      const revision = await repo.revision(revisionId);
      if (!revision || revision.guideId !== id) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND);
      const current = await repo.findById(id);
      if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
      const slug = revision.snapshot.slug;
      if (slug !== current.slug && (await repo.slugTaken(current.lang, slug, id))) throw slugTaken(slug);
      if (revision.snapshot.coverImageId && !(await repo.imageExists(revision.snapshot.coverImageId)))
        revision.snapshot.coverImageId = null;
      const rendered = await render(revision.snapshot.body);
      const result = await unlessTaken(slug, () =>
        transaction(async (tx) => {
          const old = await tx.guides.lock(id);
          if (!old) return null;
          const content = Object.fromEntries(CONTENT.map((k) => [k, revision.snapshot[k]])) as Pick<
            GuideSnapshot,
            (typeof CONTENT)[number]
          >;
          if (!content.coverImageId) content.coverAlt = '';
          const row = await tx.guides.update(id, content);
          if (old.slug !== row.slug) await tx.guides.moveSlug(id, row.lang, old.slug, row.slug);
          await tx.guides.setProducts(id, rendered.products);
          const newRevision = await tx.guides.addRevision(id, 'restore', snapshotOf(row), actor.email);
          const changes = changedFields(snapshotOf(old), snapshotOf(row), AUDITED);
          await tx.audit.record({
            action: 'guide-restore',
            subject: row.title,
            actor,
            details: { guideId: id, revisionId: newRevision, restoredRevisionId: revisionId, changes },
          });
          return newRevision;
        }),
      );
      if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { guide: await adminGuide(id), revisionId: result };
    },

    /**
     * Takes back the change that wrote this revision, while it is the guide's latest: a create removes the guide, a
     * deletion brings it back, any other change puts back the revision before it (status and times included).
     */
    async undo(actor: Actor, revisionId: string): Promise<GuideUndone> {
      const revision = await repo.revision(revisionId);
      if (!revision) throw new AppError('NOT_FOUND', 'There is no such change of a guide.');
      const { previous, latest } = await repo.around(revision);
      if (!latest) throw new AppError('CONFLICT', CHANGED_SINCE);
      const id = revision.guideId;
      const target = revision.action === 'delete' ? revision.snapshot : previous?.snapshot;
      if (revision.action !== 'create' && !target) throw new AppError('CONFLICT', CHANGED_SINCE);
      if (target && (await repo.slugTaken(target.lang, target.slug, id))) throw slugTaken(target.slug);
      const restoredBody = target ? await render(target.body) : null;
      const outcome = await transaction(async (tx): Promise<GuideUndone | 'changed'> => {
        const old = await tx.guides.lock(id);
        const subject = (old ?? revision.snapshot).title;
        if (revision.action === 'create' || !target) {
          if (!old) return 'changed';
          await tx.guides.addRevision(id, 'undo', snapshotOf(old), actor.email);
          await tx.guides.delete(id);
          await tx.audit.record({
            action: 'guide-undo',
            subject,
            actor,
            details: { guideId: id, undoneRevisionId: revisionId, removed: true },
          });
          return { guideId: id, restored: false };
        }
        const values = valuesOf(target);
        if (values.coverImageId && !(await tx.guides.imageExists(values.coverImageId))) values.coverImageId = null;
        let row: GuideRow;
        if (revision.action === 'delete') {
          if (old) return 'changed';
          row = await tx.guides.insert({ id, ...values });
        } else {
          if (!old) return 'changed';
          row = await tx.guides.update(id, values);
          if (old.slug !== row.slug) await tx.guides.moveSlug(id, row.lang, old.slug, row.slug);
        }
        await tx.guides.setProducts(id, restoredBody?.products ?? []);
        const newRevision = await tx.guides.addRevision(id, 'undo', snapshotOf(row), actor.email);
        await tx.audit.record({
          action: 'guide-undo',
          subject: row.title,
          actor,
          details: { guideId: id, undoneRevisionId: revisionId, revisionId: newRevision },
        });
        return { guideId: id, restored: true };
      });
      if (outcome === 'changed') throw new AppError('CONFLICT', CHANGED_SINCE);
      if (outcome.restored && target)
        await scheduleIfDue({ status: target.status, publishAt: target.publishAt ? new Date(target.publishAt) : null });
      return outcome;
    },

    /** The editor's preview: the public page's rendering of the text, cards included. */
    async preview(body: string, lang: LangCode, origins: readonly string[]): Promise<GuidePreview> {
      const rendered = await render(body, origins);
      return {
        blocks: await blocksWithProducts(rendered, lang),
        headings: rendered.headings,
        readingMinutes: readingMinutes(rendered.words),
      };
    },

    /** Publishes the scheduled guides whose time has come (the guide-publish job); answers how many. */
    async publishDue(): Promise<number> {
      return transaction(async (tx) => {
        const due = await tx.guides.dueForPublishing(now());
        for (const old of due) {
          const row = await tx.guides.update(old.id, { status: 'published', publishedAt: old.publishedAt ?? old.publishAt ?? now() });
          const revisionId = await tx.guides.addRevision(row.id, 'publish', snapshotOf(row), SCHEDULER_ACTOR.email);
          await tx.audit.record({
            action: 'guide-publish',
            subject: row.title,
            actor: SCHEDULER_ACTOR,
            details: { guideId: row.id, revisionId, publishAt: old.publishAt?.toISOString() ?? null },
          });
        }
        return due.length;
      });
    },

    // The public side.

    async published(lang: LangCode, topic?: string): Promise<GuideSummary[]> {
      const rows = await repo.published(lang);
      return rows.filter((r) => topic === undefined || topicSlug(r.topic) === topic).map(summaryOf);
    },

    /**
     * A published guide by its slug in a language, with its blocks, versions, related guides and neighbours in its
     * topic; 'moved' with the current address for an old slug; null when visitors cannot see it.
     */
    async article(
      lang: LangCode,
      slug: string,
      origins: readonly string[],
    ): Promise<
      | { status: 'found'; article: GuideArticle; imageSize: null }
      | { status: 'moved'; path: string }
      | { status: 'elsewhere'; path: string }
      | null
    > {
      const row = await repo.publishedBySlug(lang, slug);
      if (!row) {
        const movedTo = await repo.movedFrom(lang, slug);
        if (!movedTo) {
          // Another language's slug (the language switcher keeps the address, and each version has a slug of its own):
          // this language's version of that article, or its guides index while it has none (issue 43).
          const groupId = await repo.publishedGroupBySlug(slug);
          if (!groupId) return null;
          const version = (await repo.publishedVersions(groupId)).find((v) => v.lang === lang);
          return version ? { status: 'moved', path: guidePath(version.slug) } : { status: 'elsewhere', path: '/guides' };
        }
        const current = await repo.findById(movedTo);
        if (!current || current.status !== 'published') return null;
        return { status: 'moved', path: guidePath(current.slug) };
      }
      const rendered = await render(row.body, origins);
      const blocks = await blocksWithProducts(rendered, lang);
      const all = await repo.published(lang);
      const sameTopic = all.filter((g) => g.topic === row.topic);
      // sameTopic is newest first: the previous (older) guide is after this one, the next (newer) before it.
      const at = sameTopic.findIndex((g) => g.id === row.id);
      const previous = at >= 0 ? (sameTopic[at + 1] ?? null) : null;
      const next = at > 0 ? (sameTopic[at - 1] ?? null) : null;
      const tags = new Set(row.tags.map((t) => t.toLowerCase()));
      const related = all
        .filter((g) => g.id !== row.id && g.id !== previous?.id && g.id !== next?.id)
        .map((g) => ({ g, score: (g.topic === row.topic ? 2 : 0) + g.tags.filter((t) => tags.has(t.toLowerCase())).length }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, GUIDES_RELATED_COUNT)
        .map((x) => summaryOf(x.g));
      const versions = (await repo.publishedVersions(row.groupId)).map((v) => ({
        lang: v.lang,
        path: `${languageBase(v.lang as LangCode)}${guidePath(v.slug)}`,
      }));
      return {
        status: 'found',
        imageSize: null,
        article: {
          ...summaryOf(row),
          groupId: row.groupId,
          tags: row.tags,
          authorName: row.authorName,
          readingMinutes: readingMinutes(rendered.words),
          headings: rendered.headings,
          blocks,
          versions,
          related,
          previous: previous ? summaryOf(previous) : null,
          next: next ? summaryOf(next) : null,
        },
      };
    },

    /** The published guides of the language that show this product (its page lists them). */
    async featuring(number: number, lang: LangCode = DEFAULT_LANG): Promise<GuideSummary[]> {
      return (await repo.featuring(number, lang, GUIDES_FEATURING_MAX)).map(summaryOf);
    },

    /**
     * Guides whose title has every word of the search, accents and case aside (the finder's suggestions), once a word
     * has SUGGEST_GUIDES_MIN_WORD letters: shorter starts are in too many titles.
     */
    async matching(text: string, lang: LangCode, limit: number): Promise<GuideSummary[]> {
      const words = plain(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      if (!words.some((w) => [...w].length >= SUGGEST_GUIDES_MIN_WORD)) return [];
      const rows = await repo.published(lang);
      return rows
        .filter((r) => {
          const title = plain(r.title);
          return words.every((w) => title.includes(w));
        })
        .slice(0, limit)
        .map(summaryOf);
    },

    async sitemapEntries() {
      return repo.allPublished();
    },
  };
}
export type GuidesService = ReturnType<typeof createGuidesService>;
