// The bench's catalogue pictures (issue 39): each product shows one of STOCK_PICTURES addresses, as stock pictures
// many products share, and an import's rows half with one of them, half with a picture nobody shows. Used by
// scripts/explain-same-pictures.ts and scripts/bench-preview.ts.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

const ROWS = 2000;
export const STOCK_PICTURES = 500;

/** The catalogue's pictures: each product one of STOCK_PICTURES addresses (deterministic). */
export async function givePictures(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(
      `update products set image = 'https://img.example/stock/' || ((hashint4(number * 29) & 2147483647) % ${STOCK_PICTURES}) || '.jpg'`,
    ),
  );
  await database.db.execute(sql`analyze products`);
}

/** 2,000 rows as an import stages them: every other one with a stock picture, the others with a picture nobody shows. */
export function previewRows(count = ROWS) {
  return Array.from({ length: count }, (_, k) => ({
    row: k + 2,
    values: {
      id: null,
      sourceId: null,
      title: `Preview Jacket ${k}`,
      description: '',
      brand: '',
      category: null,
      gender: null,
      price: 20,
      image: k % 2 === 0 ? `https://img.example/stock/${k % STOCK_PICTURES}.jpg` : `https://new.example/p/${k}.jpg`,
      isBestProduct: false,
      link: `https://preview.example/item/${k}`,
      sourcePlatform: null,
      sourceItemId: null,
    },
  }));
}
