// The import readers (issue 26, decision 0049) on files written by other programs — exceljs, SheetJS, LibreOffice —
// and on hostile ones: each is read in the reader's process, and answers a table or a sentence within seconds while
// this process's event loop stays free.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { AppError } from '../../errors';
import { readImport } from './read-import';
import { createZipWriter } from './zip';

/** A zip of the given parts, written by the export's zip writer; a part given as chunks is deflated piece by piece. */
function zipOf(parts: Record<string, string | Buffer | Iterable<Buffer>>): Buffer {
  const zip = createZipWriter();
  const out: Buffer[] = [];
  for (const [name, content] of Object.entries(parts)) {
    out.push(zip.begin(name));
    if (typeof content === 'string' || Buffer.isBuffer(content)) out.push(zip.data(content));
    else for (const chunk of content) out.push(zip.data(chunk));
    out.push(zip.close());
  }
  out.push(zip.finish());
  return Buffer.concat(out);
}

/** A workbook of one sheet whose XML is `sheetXml`'s (the parts any reader needs around it). */
function workbookWithSheet(sheetXml: string | Iterable<Buffer>): Buffer {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheetXml,
  });
}

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The sentence a file is refused with (and that it is refused with one). */
async function refusal(body: Buffer, name: string, options?: Parameters<typeof readImport>[3]): Promise<string> {
  try {
    await readImport(body, name, '', options);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBeGreaterThanOrEqual(400);
    expect((err as AppError).statusCode).toBeLessThan(500);
    return (err as AppError).message;
  }
  throw new Error(`${name} was read`);
}

/** Runs `work` and the longest this process's event loop waited meanwhile, in ms. */
async function loopDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; maxMs: number; ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = Date.now();
  try {
    const result = await work();
    return { result, maxMs: histogram.max / 1e6, ms: Date.now() - started };
  } finally {
    histogram.disable();
  }
}

const values = (table: Awaited<ReturnType<typeof readImport>>) => table.records.map((r) => r.values);

describe('workbooks written by exceljs', () => {
  async function finds(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const readMe = book.addWorksheet('Read me');
    readMe.addRow(['How to use this sheet']);
    readMe.addRow(['Prices are in yuan; click BUY.']);
    const sheet = book.addWorksheet('Finds');
    sheet.addRow(['Title', 'Price', 'Link', 'Buy', 'Added', 'Code', '']);
    sheet.addRow([
      'Nike Air Force 1\n22+ colorways\n[Premium Quality]',
      107,
      { text: 'LINK', hyperlink: 'https://weidian.com/item.html?itemID=7301' },
      { formula: 'HYPERLINK("https://cnfans.com/product?id=7301&ref=abc","BUY")', result: 'BUY' },
      new Date(Date.UTC(2024, 2, 1)),
      '00123',
      'note',
    ]);
    sheet.addRow([
      { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'Hoodie ¥ 中文' }] },
      '20.50',
      'https://x.example/plain',
      '',
      '',
      '',
      '',
    ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the sheet whose header maps (not "Read me"), hyperlink cells and HYPERLINK formulas as their targets', async () => {
    const table = await readImport(await finds(), 'finds.xlsx', '');
    expect(table).toMatchObject({ format: 'xlsx', sheets: ['Read me', 'Finds'], sheet: 'Finds', encoding: null, readWarnings: [] });
    expect(table.headers).toEqual(['Title', 'Price', 'Link', 'Buy', 'Added', 'Code', 'Column 7']);
    expect(table.records[0]).toEqual({
      row: 2,
      values: {
        Title: 'Nike Air Force 1\n22+ colorways\n[Premium Quality]',
        Price: '107',
        Link: 'LINK',
        Buy: 'BUY',
        Added: '2024-03-01',
        Code: '00123',
        'Column 7': 'note',
      },
      links: { Link: 'https://weidian.com/item.html?itemID=7301', Buy: 'https://cnfans.com/product?id=7301&ref=abc' },
    });
    expect(table.records[1]).toEqual({
      row: 3,
      values: expect.objectContaining({ Title: 'Rich Hoodie ¥ 中文', Price: '20.50', Link: 'https://x.example/plain' }),
    });
  });

  it('reads the sheet the operator picks, and says which sheets there are when the name is wrong', async () => {
    const book = await finds();
    const readMe = await readImport(book, 'finds.xlsx', '', { sheet: 'Read me' });
    expect(readMe.sheet).toBe('Read me');
    expect(readMe.headers).toEqual(['How to use this sheet']);
    expect(await refusal(book, 'finds.xlsx', { sheet: 'Nope' })).toBe('The workbook has no sheet "Nope" (it has "Read me", "Finds").');
  });

  it('keeps letters whose bytes straddle two inflated chunks (exceljs issue #2063)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Long');
    sheet.addRow(['title', 'price']);
    // Inline strings in the sheet itself: thousands of three-byte letters cross every 16 KB chunk border.
    const title = (i: number) => `中文商品 ${i} ¥ ${'字'.repeat(i % 7)}`;
    for (let i = 0; i < 3000; i++) sheet.addRow([title(i), i]);
    const table = await readImport(Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings: false } as never)), 'long.xlsx', '');
    expect(table.records).toHaveLength(3000);
    expect(table.records.filter((r) => String(r.values.title).includes('\uFFFD'))).toEqual([]);
    expect(table.records[2999]?.values.title).toBe(title(2999));
  });
});

describe('workbooks written by SheetJS', () => {
  function book(bookType: 'xlsx' | 'ods', sst = false): Buffer {
    const readMe = XLSX.utils.aoa_to_sheet([['Read me'], ['The finds are on the next sheet']]);
    const finds = XLSX.utils.aoa_to_sheet([
      ['', '__1', '__2', 'price'],
      ['Jordan 4\nBlack Cat', 'LINK', 'BUY', '¥107'],
      ['Dunk Low', 'LINK', 'BUY', 25],
    ]);
    (finds.B2 as XLSX.CellObject).l = { Target: 'https://item.taobao.com/item.htm?id=1' };
    finds.C2 = { t: 's', v: 'BUY', f: 'HYPERLINK("https://kakobuy.com/item/details?url=x&affcode=z","BUY")' };
    (finds.B3 as XLSX.CellObject).l = { Target: 'https://weidian.com/item.html?itemID=2' };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, readMe, 'Read me');
    XLSX.utils.book_append_sheet(wb, finds, 'Finds');
    return XLSX.write(wb, { bookType, type: 'buffer', bookSST: sst }) as Buffer;
  }
  const expected = [
    {
      row: 2,
      values: { 'Column 1': 'Jordan 4\nBlack Cat', __1: 'LINK', __2: 'BUY', price: '¥107' },
      links: { __1: 'https://item.taobao.com/item.htm?id=1', __2: 'https://kakobuy.com/item/details?url=x&affcode=z' },
    },
    {
      row: 3,
      values: { 'Column 1': 'Dunk Low', __1: 'LINK', __2: 'BUY', price: '25' },
      links: { __1: 'https://weidian.com/item.html?itemID=2' },
    },
  ];

  it('reads XLSX with inline and with shared strings, Google-Sheets headers ("", __1, __2), links and formulas', async () => {
    for (const sst of [false, true]) {
      const table = await readImport(book('xlsx', sst), 'finds.xlsx', '');
      expect(table).toMatchObject({
        format: 'xlsx',
        sheets: ['Read me', 'Finds'],
        sheet: 'Finds',
        headers: ['Column 1', '__1', '__2', 'price'],
      });
      expect(table.records).toEqual(expected);
    }
  });

  it('reads ODS, its second sheet by its header, links included', async () => {
    const table = await readImport(book('ods'), 'finds.ods', '');
    expect(table).toMatchObject({
      format: 'ods',
      sheets: ['Read me', 'Finds'],
      sheet: 'Finds',
      headers: ['Column 1', '__1', '__2', 'price'],
    });
    expect(table.records[0]).toMatchObject({
      row: 2,
      values: expected[0]?.values,
      links: { __1: 'https://item.taobao.com/item.htm?id=1' },
    });
    expect(table.records[1]).toMatchObject({ row: 3, values: expected[1]?.values });
    expect((await readImport(book('ods'), 'finds.ods', '', { sheet: 'Read me' })).headers).toEqual(['Read me']);
  });
});

describe('CSV files', () => {
  const csv = 'title,price,link\n"Café ‘Crème’ €",12,https://x.example/1\n';

  it('reads UTF-8 with and without a byte-order mark, UTF-16 LE and BE by their mark', async () => {
    const encodings: Array<[Buffer, string]> = [
      [Buffer.from(csv), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), 'utf-8'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv, 'utf16le').swap16()]), 'utf-16be'],
    ];
    for (const [body, encoding] of encodings) {
      const table = await readImport(body, 'finds.csv', 'text/csv');
      expect(table).toMatchObject({ encoding, readWarnings: [], headers: ['title', 'price', 'link'] });
      expect(values(table)).toEqual([{ title: 'Café ‘Crème’ €', price: '12', link: 'https://x.example/1' }]);
    }
  });

  it('reads Windows-1252 (é, €, ’) with a warning naming it, or as chosen', async () => {
    const body = Buffer.from([...Buffer.from('title;price\nCaf'), 0xe9, 0x20, 0x80, 0x20, 0x92, ...Buffer.from(';5\n')]);
    const table = await readImport(body, 'finds.csv', '');
    expect(table.encoding).toBe('windows-1252');
    expect(table.readWarnings).toEqual([expect.stringContaining('read as Windows-1252')]);
    expect(values(table)).toEqual([{ title: 'Café € ’', price: '5' }]);
    const chosen = await readImport(body, 'finds.csv', '', { encoding: 'windows-1252' });
    expect(chosen).toMatchObject({ encoding: 'windows-1252', readWarnings: [] });
    // Chosen wrongly, it is read as asked: the operator sees the letters and picks again.
    expect((await readImport(body, 'finds.csv', '', { encoding: 'utf-8' })).records[0]?.values.title).toContain('\uFFFD');
  });

  it('reads semicolons and tabs, quoted multi-line cells with their row numbers, and keeps a guarded formula round trip', async () => {
    const table = await readImport(
      Buffer.from('title;price;note\r\n"Nike AF1\r\n22+ colorways";107;"a;b"\r\n\r\n"\'=1+1";5;x\r\n'),
      'x.csv',
      '',
    );
    expect(table.records).toEqual([
      { row: 2, values: { title: 'Nike AF1\r\n22+ colorways', price: '107', note: 'a;b' } },
      { row: 5, values: { title: '=1+1', price: '5', note: 'x' } },
    ]);
    expect(values(await readImport(Buffer.from('title\tprice\nTee\t5\n'), 'x.tsv', ''))).toEqual([{ title: 'Tee', price: '5' }]);
  });

  it('makes repeated headers unique with a warning instead of refusing the file', async () => {
    const table = await readImport(Buffer.from('title,price,price,,\nTee,5,6,x,y\n'), 'x.csv', '');
    expect(table.headers).toEqual(['title', 'price', 'price (2)', 'Column 4', 'Column 5']);
    expect(table.readWarnings).toEqual(['The header row names "price" more than once; the later columns are read as "price (2)".']);
  });

  it('keeps the JSON shapes: an array, and a Firestore export of productsImported', async () => {
    expect(values(await readImport(Buffer.from('[{"title":"Tee","price":5}]'), 'x.json', ''))).toEqual([{ title: 'Tee', price: 5 }]);
    const firestore = await readImport(
      Buffer.from(JSON.stringify({ __collections__: { productsImported: { abc: { title: 'Tee', price: 5 } } } })),
      'export.json',
      '',
    );
    expect(values(firestore)).toEqual([{ id: 'abc', title: 'Tee', price: 5 }]);
  });
});

const soffice = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', process.env.SOFFICE_PATH].find((p) => p && fs.existsSync(p));

describe('workbooks written by LibreOffice', () => {
  // LibreOffice is a 300 MB install: `node scripts/ensure-tool.mjs soffice` puts it here (apt-get install libreoffice-calc-nogui).
  it.skipIf(!soffice)(
    'reads a CSV that soffice --headless converted to XLSX and to ODS (skipped without soffice: node scripts/ensure-tool.mjs soffice)',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-soffice-'));
      try {
        fs.writeFileSync(
          path.join(dir, 'finds.csv'),
          'title,price,link\n"Jordan 4 Black Cat",107,https://weidian.com/item.html?itemID=1\nDunk Low,25.5,https://x.example/2\n',
        );
        for (const format of ['xlsx', 'ods'] as const) {
          execFileSync(
            soffice ?? 'soffice',
            [
              '--headless',
              `-env:UserInstallation=file://${dir}/profile`,
              '--convert-to',
              format,
              '--outdir',
              dir,
              path.join(dir, 'finds.csv'),
            ],
            { stdio: 'ignore', timeout: 120_000 },
          );
          const table = await readImport(fs.readFileSync(path.join(dir, `finds.${format}`)), `finds.${format}`, '');
          expect(table).toMatchObject({ format, headers: ['title', 'price', 'link'], sheets: ['finds'] });
          expect(values(table)).toEqual([
            { title: 'Jordan 4 Black Cat', price: '107', link: 'https://weidian.com/item.html?itemID=1' },
            { title: 'Dunk Low', price: '25.5', link: 'https://x.example/2' },
          ]);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});

describe('hostile files', () => {
  const hostile: Array<[string, () => Buffer, string, RegExp]> = [
    [
      'a cell reference like AAAAAAA2',
      () =>
        workbookWithSheet(`${SHEET_START}<row r="1">${inline('A1', 'title')}</row><row r="2">${inline('AAAAAAA2', 'x')}</row>${SHEET_END}`),
      'evil.xlsx',
      /could not be read/,
    ],
    [
      'rows without closing tags',
      () => workbookWithSheet(`${SHEET_START}${`<row r="1">${inline('A1', 'title')}${inline('B1', 'price')}`.repeat(3000)}`),
      'unclosed.xlsx',
      /could not be read/,
    ],
    [
      'a deflate bomb (200 MB of zeros as sheet1.xml)',
      () =>
        workbookWithSheet(
          (function* () {
            for (let i = 0; i < 200; i++) yield Buffer.alloc(1024 * 1024);
          })(),
        ),
      'bomb.xlsx',
      /zip bomb/,
    ],
    ['a zip that is not a workbook', () => zipOf({ 'hello.txt': 'hello' }), 'notes.xlsx', /not a workbook/],
    ['an empty file', () => Buffer.alloc(0), 'empty.csv', /empty/],
    ['an old .xls file', () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.xls', /\.xls/],
  ];

  it.each(hostile)('refuses %s with a sentence, within seconds, the event loop free', async (_what, make, name, sentence) => {
    const body = make();
    const { result, maxMs, ms } = await loopDelayDuring(() => refusal(body, name));
    expect(result).toMatch(sentence);
    expect(ms).toBeLessThan(20_000);
    expect(maxMs).toBeLessThan(1000);
  });

  it('refuses a truncated workbook', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('A').addRow(['title', 'price']);
    const whole = Buffer.from(await book.xlsx.writeBuffer());
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.xlsx')).toMatch(/not a readable XLSX or ODS workbook/);
  });

  it('refuses 200,001 rows of CSV with the rows sentence, fast', async () => {
    const body = Buffer.from(`title,price\n${'Tee,5\n'.repeat(200_001)}`);
    const { result, maxMs, ms } = await loopDelayDuring(() => refusal(body, 'many.csv'));
    expect(result).toBe('The file has 200,001 rows; an import takes at most 200,000.');
    expect(ms).toBeLessThan(20_000);
    expect(maxMs).toBeLessThan(1000);
  });

  it('stops a read that takes too long, and one past its cells', async () => {
    expect(await refusal(Buffer.from('title,price\nTee,5\n'), 'x.csv', { timeoutMs: 1 })).toMatch(/took longer than/);
    expect(await refusal(Buffer.from('title,price\nTee,5\nHat,6\n'), 'x.csv', { limits: { maxCells: 3 } })).toMatch(
      /more than 3 filled cells/,
    );
  });
});
