import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../../common/product-urls';
import { PRICE_TEXTS } from '../../../common/texts/price-history';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { createTestApp, type TestContext } from '../../test/test-app';

// The product page's price history (issue 29), rendered on the server: a small SVG chart with a text summary, the
// lowest price and its day, a table for screen readers; nothing while the product has had one price.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  await clearCatalogue(ctx.database);
  await insertProducts(ctx.database, [
    { title: 'Chart Jacket', price: 80 },
    { title: 'Steady Jacket', price: 50 },
  ]);
  await ctx.database.db.execute(sql`update price_history set changed_at = '2026-10-01T12:00:00Z'`);
  await ctx.database.db.execute(sql`update products set price = 60 where title = 'Chart Jacket'`);
  await ctx.database.db.execute(sql`update price_history set changed_at = '2026-10-20T12:00:00Z' where old_price = 80`);
  await ctx.database.db.execute(sql`update products set price = 70 where title = 'Chart Jacket'`);
  await ctx.database.db.execute(sql`update price_history set changed_at = '2026-11-05T12:00:00Z' where old_price = 60`);
});
afterAll(async () => {
  await ctx?.close();
});

async function page(title: string): Promise<string> {
  const [row] = await ctx.database.rows<{ number: number }>(sql`select number from products where title = ${title}`);
  const res = await ctx.app.inject({ method: 'GET', url: productPath({ title, number: row?.number ?? 0 }) });
  expect(res.statusCode).toBe(200);
  // As a reader gets it: without React's marks between two text nodes (`<!-- -->`, for hydration to find both).
  return res.body.replaceAll('<!-- -->', '');
}

describe("a product page's price history", () => {
  it('is a labelled SVG chart with the lowest price and its day, and a table of every price', async () => {
    const html = await page('Chart Jacket');
    const summary = PRICE_TEXTS.summary(3, '1 Oct 2026', '5 Nov 2026', '$60.00', '20 Oct 2026');
    expect(html).toContain(`role="img" aria-label="${summary}"`);
    expect(html).toMatch(/Lowest: <bdi>\$60\.00<\/bdi>/);
    expect(html).toContain('20 Oct 2026');
    expect(html).toMatch(/<path class="price-history-line" d="M64 10H[\d.]+V86H[\d.]+V48H320" fill="none"\/?>/);
    expect(html).toContain(`<caption>${PRICE_TEXTS.tableCaption}</caption>`);
    expect(html).toContain('$60.00 (lowest)');
  });

  it('is not shown while the product has had one price', async () => {
    const html = await page('Steady Jacket');
    expect(html).not.toContain('price-history');
  });
});
