import { parseItemLink } from '../../common/agent-links';
import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createAuditRepo } from '../modules/audit/audit.repo';
import { syncProductRowSequence } from '../modules/catalogue/catalogue.repo';
import { createCategoriesRepo } from '../modules/categories/categories.repo';
import { createCategoriesService } from '../modules/categories/categories.service';
import { createUnitOfWork } from './unit-of-work';
import { storeImageWithThumbnails } from '../modules/images/image-files';
import type { Storage } from '../storage/storage';
import type { Database } from './client';
import { demoImageFileName, demoProducts, renderDemoImage } from './demo-catalogue';
import { DEMO_GUIDE_AUTHOR, DEMO_GUIDES } from './demo-guides';
import { randomUUID } from 'node:crypto';
import { guideProducts, guides, images, products } from './schema/index';

/** Any fixed number: keeps two processes starting on one empty database from seeding twice. */
const SEED_LOCK_ID = 7_341_903;
const RENDER_CONCURRENCY = 4;

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Whether the catalogue ever had a product: one deleted leaves its number in deleted_products. An operator who
 * removed the demo catalogue (issue 28) and has not added items yet must not get it back at the next start.
 */
async function everHadProducts(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ had: boolean }>(
    sql`select exists (select 1 from products) or exists (select 1 from deleted_products) as had`,
  );
  return row?.had ?? false;
}

/**
 * First start: the default categories when none exist and, unless disabled, the demo catalogue with images
 * the project draws itself. Does nothing on a database that has, or once had, products.
 */
export async function seedOnFirstStart(
  database: Database,
  storage: Storage,
  options: { demo: boolean; log?: Pick<FastifyBaseLogger, 'info'> },
): Promise<{ categories: boolean; products: number }> {
  const { transaction } = createUnitOfWork(database, (db) => ({ categories: createCategoriesRepo(db), audit: createAuditRepo(db) }));
  const seededCategories = await createCategoriesService(createCategoriesRepo(database), transaction).ensureDefaults();
  if (!options.demo || (await everHadProducts(database))) return { categories: seededCategories, products: 0 };

  options.log?.info('first start: drawing the demo catalogue (a few seconds, once)');
  const demo = demoProducts();
  const prefix = Date.now();
  const files = await mapLimit(demo, RENDER_CONCURRENCY, async (product) =>
    storeImageWithThumbnails(storage, `${prefix}_${demoImageFileName(product)}`, await renderDemoImage(product)),
  );

  const inserted = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    await tx.insert(images).values(files);
    await tx.insert(products).values(
      demo.map((p, i) => ({
        title: p.title,
        description: p.description,
        brand: p.brand,
        category: p.category,
        gender: p.gender,
        price: p.price,
        image: files[i]?.url ?? null,
        isBestProduct: p.isBestProduct,
        link: p.link,
        sourcePlatform: parseItemLink(p.link)?.platform ?? null,
        sourceItemId: parseItemLink(p.link)?.itemId ?? null,
        row: p.row,
      })),
    );
    await syncProductRowSequence(tx);
    // The starter guides (issue 43), each card naming a demo product by its number.
    const numbers = await tx
      .select({ number: products.number, link: products.link })
      .from(products)
      .where(
        inArray(
          products.link,
          demo.slice(0, 3).map((p) => p.link),
        ),
      );
    const numberOf = (i: number) => numbers.find((n) => n.link === demo[i]?.link)?.number;
    for (const g of DEMO_GUIDES) {
      const id = randomUUID();
      const body = g.body.replace(/\{\{card:(\d+)\}\}/g, (_, i: string) =>
        numberOf(Number(i)) ? `{{product:${numberOf(Number(i))}}}` : '',
      );
      await tx.insert(guides).values({
        id,
        groupId: id,
        lang: 'en',
        slug: g.slug,
        title: g.title,
        description: g.description,
        topic: g.topic,
        tags: g.tags,
        authorName: DEMO_GUIDE_AUTHOR,
        body,
        status: 'published',
        publishedAt: new Date(),
      });
      const cards = [...body.matchAll(/\{\{product:(\d+)\}\}/g)].map((m) => Number(m[1]));
      if (cards.length) await tx.insert(guideProducts).values(cards.map((productNumber) => ({ guideId: id, productNumber })));
    }
    return demo.length;
  });
  if (inserted === 0) await Promise.all(files.map((f) => storage.delete(f.storageKey)));
  options.log?.info({ products: inserted }, 'seeded the demo catalogue');
  return { categories: seededCategories, products: inserted };
}
