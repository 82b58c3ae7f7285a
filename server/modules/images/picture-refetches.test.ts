// "Fetch pictures again" (issue 40) through the whole app: which products are queued and which are left out, the
// refusals' sentences, the audit entry, the jobs' work (a picture stored and shown, link health's counts following),
// and an import whose pictures failed fetched again once their host answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Import } from '../../../common/schemas/imports';
import type { LinkHealthOverview } from '../../../common/schemas/link-health';
import { PICTURE_REFETCH_MAX_IDS, type PictureRefetchResult } from '../../../common/schemas/picture-refetch';
import { withAdminApp } from '../../test/admin-app';
import { auditEntries } from '../../test/audit-helpers';
import { send } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { TEST_ORIGIN } from '../../test/test-app';
import { decideRefetch, REFETCH_TEXTS } from './picture-refetches';

const t = withAdminApp({ name: 'refetch', config: { importAllowPrivateHosts: true } });

let files: http.Server;
let filesUrl = '';
/** What the stand-in picture host answers, by path; anything else is a 404. */
const served = new Map<string, Buffer>();

beforeAll(async () => {
  files = http.createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) res.writeHead(404).end('missing');
    else res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => files?.close(resolve)));
beforeEach(async () => {
  served.clear();
  await clearCatalogue(t.ctx.database);
  await t.ctx.database.db.execute(sql`delete from imports`);
  await t.ctx.database.db.execute(sql`delete from images`);
  await insertCategories(t.ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }]);
});

const png = (colour: string) =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
const refetch = (body: unknown) => send(t.ctx.app, 'POST', '/api/admin/pictures/refetch', { cookie: t.admin, body });
const pictureOf = async (id: string) =>
  (
    await t.ctx.database.rows<{ image: string | null; source: string | null; broken: boolean }>(
      sql`select image, picture_source as source, picture_broken as broken from products where id = ${id}::uuid`,
    )
  )[0];
const counts = async () => (await send(t.ctx.app, 'GET', '/api/admin/link-health', { cookie: t.admin })).json<LinkHealthOverview>().counts;

/** Waits until the condition holds (the jobs run in the background). */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not happen`);
}

describe('deciding what to fetch again', () => {
  it('queues missing, broken and outside pictures with an address, one fetch per address', () => {
    const plan = decideRefetch([
      { id: 'a', title: 'A', number: 1, source: 'https://cdn.example/a.jpg', fine: false },
      { id: 'b', title: 'B', number: 2, source: 'https://cdn.example/a.jpg', fine: false },
      { id: 'c', title: 'C', number: 3, source: 'https://cdn.example/c.jpg', fine: true },
      { id: 'd', title: 'D', number: 4, source: null, fine: false },
    ]);
    expect(plan).toEqual({ due: [{ url: 'https://cdn.example/a.jpg', products: ['a', 'b'] }], queued: 2, fine: 1, noAddress: 1 });
  });
});

describe('fetch pictures again for items', () => {
  it('fetches the missing, broken and outside pictures again and leaves the fine ones and those without an address', async () => {
    served.set('/pics/dunk.png', await png('#c33'));
    served.set('/pics/parka.png', await png('#345'));
    const [missing, broken, fine, none, outside, gone] = await insertProducts(t.ctx.database, [
      { title: 'Nike Dunk Low Panda', image: null, pictureSource: `${filesUrl}/pics/dunk.png` },
      {
        title: 'Stone Island Crinkle Reps',
        image: '/media/gone-file.webp',
        pictureBroken: true,
        pictureSource: `${filesUrl}/pics/dunk.png`,
      },
      { title: 'Arcteryx Beta LT', image: '/media/kept-file.webp' },
      { title: 'Plain Tee', image: null },
      { title: 'Canada Goose Parka', image: `${filesUrl}/pics/parka.png` },
      { title: 'Yeezy 350 Zebra', image: null, pictureSource: `${filesUrl}/pics/no-such.png` },
    ]);
    const ids = [missing!, broken!, fine!, none!, outside!, gone!].map((p) => p.id);
    const before = await counts();
    expect(before).toMatchObject({ noPicture: 3, pictures: 1 });

    const res = await refetch({ ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PictureRefetchResult>()).toEqual({ queued: 4, addresses: 3, fine: 1, noAddress: 1 });
    const [entry] = await auditEntries(t.ctx.database, 'pictures-refetch');
    expect(entry).toMatchObject({ subject: '6 items', actorEmail: 'refetch-admin@example.com' });
    expect(entry?.details).toMatchObject({ queued: 4, fine: 1, noAddress: 1 });

    await until('the pictures fetched again', async () => (await pictureOf(outside!.id))?.image?.startsWith('/media/') === true);
    await until('the dunk picture', async () => (await pictureOf(missing!.id))?.image?.startsWith('/media/') === true);
    const dunk = await pictureOf(missing!.id);
    // One address, one fetch: both products that take their picture from it show the same stored file.
    expect(await pictureOf(broken!.id)).toEqual({ image: dunk?.image, source: `${filesUrl}/pics/dunk.png`, broken: false });
    expect(await pictureOf(outside!.id)).toMatchObject({ source: `${filesUrl}/pics/parka.png`, broken: false });
    expect(await pictureOf(fine!.id)).toEqual({ image: '/media/kept-file.webp', source: null, broken: false });
    const stored = await t.ctx.database.rows<{ source: string }>(sql`select source_url as source from images order by source_url`);
    expect(stored.map((r) => r.source)).toEqual([`${filesUrl}/pics/dunk.png`, `${filesUrl}/pics/parka.png`]);
    // The picture the host no longer has stays missing; the counts follow what was fetched.
    await new Promise((r) => setTimeout(r, 200));
    expect(await pictureOf(gone!.id)).toMatchObject({ image: null });
    expect(await counts()).toMatchObject({ noPicture: 2, pictures: 0 });
  });

  it('names one item in the audit log and refuses one whose picture is fine', async () => {
    served.set('/pics/jacket.png', await png('#282'));
    const [one, fine] = await insertProducts(t.ctx.database, [
      { title: 'North Face Nuptse', image: null, pictureSource: `${filesUrl}/pics/jacket.png` },
      { title: 'Moncler Maya', image: '/media/fine.webp' },
    ]);
    expect((await refetch({ ids: [one!.id] })).json<PictureRefetchResult>()).toMatchObject({ queued: 1 });
    const entries = await auditEntries(t.ctx.database, 'pictures-refetch');
    expect(entries.at(-1)?.subject).toBe(`North Face Nuptse (#${one!.number})`);

    const refused = await refetch({ ids: [fine!.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(REFETCH_TEXTS.allFine(1));
    expect((await auditEntries(t.ctx.database, 'pictures-refetch')).length).toBe(entries.length);
  });

  it('refuses unknown items, too many items and items without an address with a sentence', async () => {
    const [plain] = await insertProducts(t.ctx.database, [{ title: 'Plain Hoodie', image: null }]);
    const unknown = await refetch({ ids: [plain!.id, '00000000-0000-4000-8000-000000000001'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('1 of these items does not exist (deleted meanwhile?). Reload the list.');

    const many = Array.from({ length: PICTURE_REFETCH_MAX_IDS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await refetch({ ids: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain(`select at most ${PICTURE_REFETCH_MAX_IDS} items at a time`);

    const noAddress = await refetch({ ids: [plain!.id] });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json<{ message: string }>().message).toBe(REFETCH_TEXTS.noAddress(1));

    const neither = await refetch({});
    expect(neither.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const res = await send(t.ctx.app, 'POST', '/api/admin/pictures/refetch', { body: { ids: ['00000000-0000-4000-8000-000000000001'] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('fetch pictures again for an import', () => {
  async function importCsv(csv: string): Promise<Import> {
    const form = multipartBody([{ filename: 'finds.csv', body: Buffer.from(csv), field: 'file' }], {});
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: t.admin },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<Import>();
    const commit = await send(t.ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: t.admin, body: {} });
    expect(commit.statusCode, commit.body).toBe(202);
    for (let i = 0; i < 800; i++) {
      const state = (await send(t.ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: t.admin })).json<Import>();
      if (state.status !== 'running') return state;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('import did not finish');
  }

  it('keeps the addresses of pictures that failed and fetches them again once their host has them', async () => {
    served.set('/uploads/af1.png', await png('#eee'));
    const done = await importCsv(
      'title,price,category,image,link\n' +
        `Air Force 1 Low White,45,Shoes,${filesUrl}/uploads/af1.png,https://weidian.com/item.html?itemID=7231\n` +
        `Essentials Hoodie Oatmeal,38,Jackets,${filesUrl}/uploads/fog.png,https://weidian.com/item.html?itemID=7232\n` +
        `Jordan 4 Black Cat,72,Shoes,${filesUrl}/uploads/aj4.png,https://weidian.com/item.html?itemID=7233\n`,
    );
    expect(done.status).toBe('succeeded');
    const rows = () =>
      t.ctx.database.rows<{ title: string; image: string | null; source: string | null }>(
        sql`select title, image, picture_source as source from products order by title`,
      );
    expect((await rows()).map((r) => [r.title, r.image !== null, r.source?.replace(filesUrl, '')])).toEqual([
      ['Air Force 1 Low White', true, '/uploads/af1.png'],
      ['Essentials Hoodie Oatmeal', false, '/uploads/fog.png'],
      ['Jordan 4 Black Cat', false, '/uploads/aj4.png'],
    ]);

    served.set('/uploads/fog.png', await png('#dcb'));
    const res = await refetch({ importId: done.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PictureRefetchResult>()).toEqual({ queued: 2, addresses: 2, fine: 1, noAddress: 0 });
    const entries = await auditEntries(t.ctx.database, 'pictures-refetch');
    expect(entries.at(-1)).toMatchObject({ subject: 'finds.csv' });
    expect(entries.at(-1)?.details).toMatchObject({ importId: done.id, queued: 2 });
    await until('the hoodie picture', async () => (await rows()).find((r) => r.title.startsWith('Essentials'))?.image !== null);
    expect((await rows()).find((r) => r.title.startsWith('Jordan'))?.image).toBeNull();
  });

  it('refuses an unknown import and an import without pictures with a sentence', async () => {
    const unknown = await refetch({ importId: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(REFETCH_TEXTS.noImport);

    const done = await importCsv('title,price,category\nCorteiz Cargos,55,Jackets\n');
    const res = await refetch({ importId: done.id });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(REFETCH_TEXTS.importWithoutPictures);
  });
});
