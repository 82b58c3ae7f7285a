// Guides (issue 43): the dashboard's API, what visitors may see, the publish job, slugs, revisions and Undo, and a
// product removed from inside an article. Runs on PGlite and again on PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideRevisionList, GuideSaved, GuideUndone } from '../../../common/schemas/guide';
import type { GuideArticle, GuideList, GuidePreview } from '../../../common/schemas/guide-page';
import type { Suggestions } from '../../../common/schemas/search';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let user = '';
let cardNumber = 0;
let cardId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'guides-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'guides-user@example.com');
  const [card] = await insertProducts(ctx.database, [{ title: 'Nuptse 1996 Jacket', brand: 'The North Face', price: 120, image: null }]);
  cardNumber = card!.number;
  cardId = card!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const guide = (overrides: Record<string, unknown> = {}) => ({
  title: 'How to buy through an agent',
  description: 'Step by step, from the finder to your door.',
  topic: 'Buying',
  tags: ['agents', 'basics'],
  authorName: 'Finder team',
  body: '## First\n\nPick an item.\n\n{{product:' + cardNumber + '}}\n\n## Then\n\nPay the agent.',
  status: 'draft',
  ...overrides,
});

async function create(body: Record<string, unknown>, lang = 'en', versionOf: string | null = null) {
  const res = await send(ctx.app, 'POST', '/api/admin/guides', { cookie: admin, body: { guide: body, lang, versionOf } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GuideSaved>();
}
async function save(id: string, body: Record<string, unknown>) {
  const res = await send(ctx.app, 'PUT', `/api/admin/guides/${id}`, { cookie: admin, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuideSaved>();
}
const publicArticle = (slug: string, lang?: string) => send(ctx.app, 'GET', `/api/guides/${slug}${lang ? `?lang=${lang}` : ''}`);

describe('the admin routes', () => {
  it('refuse anyone but an admin', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/guides')).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/admin/guides', { cookie: user })).statusCode).toBe(403);
    const res = await send(ctx.app, 'POST', '/api/admin/guides', { cookie: user, body: { guide: guide() } });
    expect(res.statusCode).toBe(403);
    expect((await send(ctx.app, 'POST', '/api/admin/guides/preview', { cookie: user, body: { body: 'x' } })).statusCode).toBe(403);
  });

  it('refuse a guide with a sentence: a cover without its text, a scheduled one without a time or in the past', async () => {
    const noAlt = await send(ctx.app, 'POST', '/api/admin/guides', {
      cookie: admin,
      body: { guide: guide({ coverImageId: '00000000-0000-4000-8000-000000000000' }) },
    });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json<{ message: string }>().message).toContain('Describe the cover picture');
    const noTime = await send(ctx.app, 'POST', '/api/admin/guides', { cookie: admin, body: { guide: guide({ status: 'scheduled' }) } });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json<{ message: string }>().message).toContain('needs a publish time');
    const past = await send(ctx.app, 'POST', '/api/admin/guides', {
      cookie: admin,
      body: { guide: guide({ status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString() }) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ message: string }>().message).toBe('Publish time must be in the future.');
    const badSlug = await send(ctx.app, 'POST', '/api/admin/guides', { cookie: admin, body: { guide: guide({ slug: 'Not A Slug' }) } });
    expect(badSlug.statusCode).toBe(400);
    const noImage = await send(ctx.app, 'POST', '/api/admin/guides', {
      cookie: admin,
      body: { guide: guide({ coverImageId: '00000000-0000-4000-8000-000000000000', coverAlt: 'A parcel' }) },
    });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json<{ message: string }>().message).toContain('image library');
  });
});

describe('what visitors see', () => {
  it('a draft is invisible (404) until it is published; then it is listed and rendered with its card', async () => {
    const { guide: draft } = await create(guide({ title: 'Draft only guide' }));
    expect(draft.slug).toBe('draft-only-guide');
    expect((await publicArticle(draft.slug)).statusCode).toBe(404);
    const list = await send(ctx.app, 'GET', '/api/guides');
    expect(list.json<GuideList>().items.map((g) => g.slug)).not.toContain(draft.slug);

    await save(draft.id, guide({ title: 'Draft only guide', status: 'published' }));
    const res = await publicArticle(draft.slug);
    expect(res.statusCode, res.body).toBe(200);
    const article = res.json<GuideArticle>();
    expect(article.headings.map((h) => h.text)).toEqual(['First', 'Then']);
    const card = article.blocks.find((b) => b.kind === 'product');
    expect(card).toMatchObject({ kind: 'product', number: cardNumber, product: { title: 'Nuptse 1996 Jacket' } });
    expect(article.versions).toEqual([{ lang: 'en', path: '/guides/draft-only-guide' }]);
    expect((await send(ctx.app, 'GET', '/api/guides')).json<GuideList>().items.map((g) => g.slug)).toContain(draft.slug);
    expect((await send(ctx.app, 'GET', '/api/guides?topic=buying')).json<GuideList>().items.map((g) => g.slug)).toContain(draft.slug);
    expect((await send(ctx.app, 'GET', '/api/guides?topic=shipping')).json<GuideList>().items).toEqual([]);
  });

  it('a scheduled guide stays invisible until the publish job publishes it at its time', async () => {
    const at = new Date(Date.now() + 1500);
    const { guide: scheduled } = await create(guide({ title: 'Scheduled guide', status: 'scheduled', publishAt: at.toISOString() }));
    expect(scheduled.status).toBe('scheduled');
    expect((await publicArticle(scheduled.slug)).statusCode).toBe(404);
    // The job sent at scheduling starts at the time; the queue's workers poll every 2 s in tests.
    const deadline = Date.now() + 20_000;
    let status = 404;
    while (Date.now() < deadline && status !== 200) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await publicArticle(scheduled.slug)).statusCode;
    }
    expect(status).toBe(200);
    const article = (await publicArticle(scheduled.slug)).json<GuideArticle>();
    expect(new Date(article.publishedAt).getTime()).toBe(new Date(at.toISOString()).getTime());
    const [entry] = await auditEntries(ctx.database, 'guide-publish');
    expect(entry?.subject).toBe('Scheduled guide');
    const revisions = (
      await send(ctx.app, 'GET', `/api/admin/guides/${scheduled.id}/revisions`, { cookie: admin })
    ).json<GuideRevisionList>();
    expect(revisions.items.map((r) => r.action)).toEqual(['publish', 'create']);
  });

  it('a new slug answers the old one with the new address; the API answers 404 for the old slug', async () => {
    const { guide: g } = await create(guide({ title: 'Reading QC photos', status: 'published' }));
    await save(g.id, guide({ title: 'Reading QC photos', slug: 'qc-photos-explained', status: 'published' }));
    expect((await publicArticle('qc-photos-explained')).statusCode).toBe(200);
    expect((await publicArticle('reading-qc-photos')).statusCode).toBe(404);
    const found = await ctx.app.services.guides.article('en', 'reading-qc-photos', [TEST_ORIGIN]);
    expect(found).toEqual({ status: 'moved', path: '/guides/qc-photos-explained' });
    // The old slug is still this guide's: another guide cannot take it.
    const clash = await send(ctx.app, 'POST', '/api/admin/guides', {
      cookie: admin,
      body: { guide: guide({ title: 'Other', slug: 'reading-qc-photos' }) },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('a product removed after the article was written leaves a card without a product (the page\u2019s note)', async () => {
    const [doomed] = await insertProducts(ctx.database, [{ title: 'Doomed Sneaker', price: 80 }]);
    const { guide: g } = await create(
      guide({
        title: 'Sneaker picks',
        status: 'published',
        body: `Pasted:\n\n${TEST_ORIGIN}/products/doomed-sneaker-${doomed!.number}\n\nThe end.`,
      }),
    );
    const before = (await publicArticle(g.slug)).json<GuideArticle>();
    expect(before.blocks.map((b) => b.kind)).toEqual(['html', 'product', 'html']);
    expect(before.blocks[1]).toMatchObject({ product: { title: 'Doomed Sneaker' } });
    const del = await send(ctx.app, 'DELETE', `/api/admin/products/${doomed!.id}`, { cookie: admin });
    expect(del.statusCode, del.body).toBe(200);
    const after = (await publicArticle(g.slug)).json<GuideArticle>();
    expect(after.blocks[1]).toEqual({ kind: 'product', number: doomed!.number, product: null });
  });
});

describe('the finder\u2019s suggestions and a product\u2019s guides', () => {
  it('suggest the published guides of the visitor\u2019s language whose title has every typed word', async () => {
    const english = await create(guide({ title: 'Réading Zephyrine QC photos', status: 'published' }));
    const draft = await create(guide({ title: 'Zephyrine draft notes' }));
    const german = await create(guide({ title: 'Zephyrine QC-Fotos lesen', status: 'published' }), 'de', english.guide.id);
    const suggest = async (q: string, lang?: string) =>
      (await send(ctx.app, 'GET', `/api/search/suggestions?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`)).json<Suggestions>()
        .guides;
    expect(await suggest('zephyrine reading')).toEqual([{ title: 'Réading Zephyrine QC photos', path: `/guides/${english.guide.slug}` }]);
    expect(await suggest('zephyrine', 'de')).toEqual([{ title: 'Zephyrine QC-Fotos lesen', path: expect.stringMatching(/^\/guides\//) }]);
    expect(await suggest('zephyrine shipping')).toEqual([]);
    // Two letters are the start of too many titles.
    expect(await suggest('ze')).toEqual([]);
    // A product's page asks for the guides showing its card (after an in-app navigation).
    const featuring = await send(ctx.app, 'GET', `/api/guides/featuring/${cardNumber}`);
    expect(featuring.json<GuideList>().items.map((g) => g.id)).toContain(english.guide.id);
    expect((await send(ctx.app, 'GET', '/api/guides/featuring/abc')).statusCode).toBe(400);
    // Gone again: the language tests below count each language's guides.
    for (const saved of [german, draft, english]) {
      expect((await send(ctx.app, 'DELETE', `/api/admin/guides/${saved.guide.id}`, { cookie: admin })).statusCode).toBe(200);
    }
  });
});

describe('revisions and Undo', () => {
  it('every save keeps a revision; a restore puts its content back as a new, audited, undoable revision', async () => {
    const { guide: g } = await create(guide({ title: 'Shipping lines', body: 'First text.' }));
    await save(g.id, guide({ title: 'Shipping lines', body: 'Second text.' }));
    // A save that changes nothing (an autosave of the same text) keeps no revision.
    await save(g.id, guide({ title: 'Shipping lines', body: 'Second text.' }));
    const listed = (await send(ctx.app, 'GET', `/api/admin/guides/${g.id}/revisions`, { cookie: admin })).json<GuideRevisionList>();
    expect(listed.items.map((r) => r.action)).toEqual(['save', 'create']);
    const first = listed.items[1]!;
    const restored = await send(ctx.app, 'POST', `/api/admin/guides/${g.id}/revisions/${first.id}/restore`, { cookie: admin });
    expect(restored.statusCode, restored.body).toBe(200);
    const saved = restored.json<GuideSaved>();
    expect(saved.guide.body).toBe('First text.');
    const [entry] = await auditEntries(ctx.database, 'guide-restore');
    expect(entry?.details).toMatchObject({ guideId: g.id, restoredRevisionId: first.id });

    // Undo of the restore puts the second text back.
    const undo = await send(ctx.app, 'POST', `/api/admin/guides/changes/${saved.revisionId}/undo`, { cookie: admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<GuideUndone>()).toEqual({ guideId: g.id, restored: true });
    const now = (await send(ctx.app, 'GET', `/api/admin/guides/${g.id}`, { cookie: admin })).json<GuideSaved['guide']>();
    expect(now.body).toBe('Second text.');
    // An older change cannot be undone past the later ones.
    const stale = await send(ctx.app, 'POST', `/api/admin/guides/changes/${first.id}/undo`, { cookie: admin });
    expect(stale.statusCode).toBe(409);
  });

  it('a deletion is undone with the guide, its id and its revisions back; a creation is undone by removing it', async () => {
    const created = await create(guide({ title: 'Customs basics', status: 'published' }));
    const del = await send(ctx.app, 'DELETE', `/api/admin/guides/${created.guide.id}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await publicArticle('customs-basics')).statusCode).toBe(404);
    const { revisionId } = del.json<{ revisionId: string }>();
    const undo = await send(ctx.app, 'POST', `/api/admin/guides/changes/${revisionId}/undo`, { cookie: admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await publicArticle('customs-basics')).statusCode).toBe(200);

    const fresh = await create(guide({ title: 'Made by mistake' }));
    const undoCreate = await send(ctx.app, 'POST', `/api/admin/guides/changes/${fresh.revisionId}/undo`, { cookie: admin });
    expect(undoCreate.json<GuideUndone>()).toEqual({ guideId: fresh.guide.id, restored: false });
    expect((await send(ctx.app, 'GET', `/api/admin/guides/${fresh.guide.id}`, { cookie: admin })).statusCode).toBe(404);
    expect((await auditEntries(ctx.database, 'guide-undo')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('language versions', () => {
  it('link the versions of one article; each language lists its own', async () => {
    const en = await create(guide({ title: 'Sizing charts', status: 'published' }));
    const de = await create(guide({ title: 'Größentabellen lesen', status: 'published', topic: 'Kaufen' }), 'de', en.guide.id);
    expect(de.guide.groupId).toBe(en.guide.groupId);
    expect(de.guide.slug).toBe('grossentabellen-lesen');
    const again = await send(ctx.app, 'POST', '/api/admin/guides', {
      cookie: admin,
      body: { guide: guide({ title: 'Noch einmal' }), lang: 'de', versionOf: en.guide.id },
    });
    expect(again.statusCode).toBe(409);
    const article = (await publicArticle('grossentabellen-lesen', 'de')).json<GuideArticle>();
    expect(article.versions.sort((a, b) => a.lang.localeCompare(b.lang))).toEqual([
      { lang: 'de', path: '/de/guides/grossentabellen-lesen' },
      { lang: 'en', path: '/guides/sizing-charts' },
    ]);
    expect((await publicArticle('grossentabellen-lesen')).statusCode).toBe(404);
    const german = (await send(ctx.app, 'GET', '/api/guides?lang=de')).json<GuideList>().items;
    expect(german.map((g) => g.slug)).toEqual(['grossentabellen-lesen']);
  });
});

describe('the preview', () => {
  it('renders the editor\u2019s text with the public page\u2019s code, a card for a product on its own line', async () => {
    const res = await send(ctx.app, 'POST', '/api/admin/guides/preview', {
      cookie: admin,
      body: { body: `# Title\n\n<script>alert(1)</script>\n\n{{product:${cardNumber}}}\n\n{{product:999999}}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<GuidePreview>();
    expect(preview.blocks[0]).toMatchObject({ kind: 'html' });
    expect(JSON.stringify(preview.blocks)).not.toContain('<script');
    expect(preview.blocks.slice(1)).toMatchObject([
      { kind: 'product', number: cardNumber, product: { id: cardId } },
      { kind: 'product', number: 999999, product: null },
    ]);
  });
});
