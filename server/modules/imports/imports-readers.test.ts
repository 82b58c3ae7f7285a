// The readers through the preview route (issue 26): hostile files answer 400 with a sentence while the server keeps
// answering; the sheet and the encoding are chosen by form fields or JSON, and the answer says what was read.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '../../../common/schemas/imports';
import { send, signedInAs } from '../../test/auth-helpers';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createZipWriter } from './zip';

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'readers-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

function upload(name: string, body: Buffer, fields: Record<string, string> = {}) {
  const form = multipartBody([{ filename: name, body, field: 'file' }], fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
}

/** A workbook whose one sheet is 200 MB of zeros, deflated piece by piece (a few hundred KB packed). */
function deflateBomb(): Buffer {
  const zip = createZipWriter();
  const out = [zip.begin('xl/workbook.xml'), zip.data('<workbook/>'), zip.close(), zip.begin('xl/worksheets/sheet1.xml')];
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 200; i++) out.push(zip.data(zeros));
  out.push(zip.close(), zip.finish());
  return Buffer.concat(out);
}

describe('reading through the preview route', () => {
  it('answers a deflate bomb with 400 and a sentence while /api/health keeps answering', async () => {
    const bomb = deflateBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const pending = upload('bomb.xlsx', bomb);
    // While the reader's process works, the server answers its health check at once.
    const healthTimes: number[] = [];
    let done = false;
    void pending.then(() => (done = true));
    while (!done) {
      const started = Date.now();
      expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
      healthTimes.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await pending;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/zip bomb/);
    expect(Math.max(...healthTimes)).toBeLessThan(1000);
  });

  it('reads a UTF-16 CSV (Excel\'s "Unicode text") and says so; the encoding can be chosen', async () => {
    const text = 'title\tprice\nCafé ‘Crème’\t12\n';
    const res = await upload('unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Import>()).toMatchObject({
      encoding: 'utf-16le',
      readWarnings: [],
      headers: ['title', 'price'],
      sheets: [],
      sheet: null,
      counts: { new: 1, invalid: 0 },
    });

    const latin = Buffer.from([...Buffer.from('title,price\nCaf'), 0xe9, ...Buffer.from(',5\n')]);
    const guessed = (await upload('w.csv', latin)).json<Import>();
    expect(guessed).toMatchObject({ encoding: 'windows-1252', readWarnings: [expect.stringContaining('Windows-1252')] });
    const chosen = await upload('w.csv', latin, { encoding: 'windows-1252' });
    expect(chosen.json<Import>()).toMatchObject({ encoding: 'windows-1252', readWarnings: [] });
    // What the answer says survives a reload of the import.
    const again = await send(ctx.app, 'GET', `/api/admin/imports/${guessed.id}`, { cookie: admin });
    expect(again.json<Import>()).toMatchObject({ encoding: 'windows-1252', readWarnings: [expect.stringContaining('Windows-1252')] });
    const wrong = await upload('w.csv', latin, { encoding: 'latin-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/encoding must be auto, utf-8, utf-16, windows-1252/);
  });

  it('previews the sheet whose header maps, lists the sheets, and previews the one picked', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Read me').addRows([['Welcome'], ['Our finds are on the next sheet']]);
    book.addWorksheet('Finds').addRows([
      ['title', 'price', 'link'],
      ['Jordan 4', 107, { text: 'LINK', hyperlink: 'https://weidian.com/item.html?itemID=1' }],
    ]);
    const body = Buffer.from(await book.xlsx.writeBuffer());
    const first = (await upload('finds.xlsx', body)).json<Import>();
    expect(first).toMatchObject({ format: 'xlsx', sheets: ['Read me', 'Finds'], sheet: 'Finds', headers: ['title', 'price', 'link'] });
    const picked = await upload('finds.xlsx', body, { sheet: 'Read me' });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json<Import>()).toMatchObject({ sheet: 'Read me', headers: ['Welcome'] });
    const missing = await upload('finds.xlsx', body, { sheet: 'Prices' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('The workbook has no sheet "Prices" (it has "Read me", "Finds").');
  });
});
