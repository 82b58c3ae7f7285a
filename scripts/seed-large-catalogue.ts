// Deterministic large catalogue for benchmarks: the same n always gives the same rows.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { DEMO_BRANDS } from '../server/db/demo-catalogue';
import { syncProductRowSequence } from '../server/modules/catalogue/catalogue.repo';

const ADJECTIVES = [
  'Relaxed',
  'Slim',
  'Vintage',
  'Oversized',
  'Cropped',
  'Heavyweight',
  'Washed',
  'Technical',
  'Classic',
  'Utility',
  'Quilted',
  'Ribbed',
];
const NOUNS: Record<string, string[]> = {
  Shoes: ['Sneaker', 'Runner', 'Boot', 'Loafer', 'High-Top Shoe'],
  Hoodies: ['Hoodie', 'Zip Hoodie', 'Pullover Hoodie'],
  Jackets: ['Jacket', 'Bomber Jacket', 'Puffer Coat', 'Denim Jacket'],
  Pants: ['Cargo Pants', 'Jeans', 'Chino Pants', 'Track Pants'],
  'T-Shirts': ['Tee', 'Graphic T-Shirt', 'Pocket Tee'],
  Accessories: ['Tote Bag', 'Card Wallet', 'Leather Belt', 'Bucket Hat'],
  Shorts: ['Mesh Shorts', 'Denim Shorts', 'Cargo Shorts'],
  Sweaters: ['Knit Sweater', 'Cardigan', 'Crewneck Sweater'],
};
const COLOURS = ['Black', 'Olive', 'Navy', 'Cream', 'Charcoal', 'Sand', 'Burgundy', 'Sky', 'Forest', 'Rust'];
const GENDERS = ['Men', 'Men', 'Women', 'Women', 'Unisex', 'Kids'];

const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** Inserts n products in one set-based statement per batch; returns after every row is in. */
export async function seedLargeCatalogue(database: Database, n: number): Promise<void> {
  const categories = Object.keys(NOUNS);
  const nouns = categories.map((c) => NOUNS[c] ?? []);
  const maxNouns = Math.max(...nouns.map((l) => l.length));
  // A rectangular table of nouns per category, padded by repeating, for one SQL array lookup.
  const flat = nouns.flatMap((list) => Array.from({ length: maxNouns }, (_, i) => list[i % list.length] ?? ''));
  const BATCH = 25_000;
  for (let start = 1; start <= n; start += BATCH) {
    const end = Math.min(n, start + BATCH - 1);
    await database.db.execute(sql`
      insert into products (title, description, brand, category, gender, price, image, is_best_product, link, row, shuffle_key)
      select
        c.colour || ' ' || a.adjective || ' ' || c.noun,
        'A ' || lower(a.adjective) || ' ' || lower(c.noun) || ' in ' || lower(c.colour) || ', item ' || i || '.',
        (${arr(DEMO_BRANDS)})[1 + (hashint4(i * 7) & 2147483647) % ${DEMO_BRANDS.length}],
        c.category,
        (${arr(GENDERS)})[1 + (hashint4(i * 11) & 2147483647) % ${GENDERS.length}],
        round((9 + ((hashint4(i * 13) & 2147483647) % 23000) / 100.0)::numeric, 2),
        null,
        (hashint4(i * 17) & 2147483647) % 5 = 0,
        'https://cnfans.com/product/?id=bench-' || i,
        -- After any product already there (rows are unique).
        base.max_row + i,
        hashint4(i) & 2147483647
      from generate_series(${start}::int, ${end}::int) as i
      cross join (select coalesce(max(row), 0) as max_row from products) base
      cross join lateral (
        select (${arr(ADJECTIVES)})[1 + (hashint4(i * 3) & 2147483647) % ${ADJECTIVES.length}] as adjective
      ) a
      cross join lateral (
        select
          (${arr(categories)})[1 + k] as category,
          (${arr(flat)})[1 + k * ${maxNouns} + (hashint4(i * 5) & 2147483647) % ${maxNouns}] as noun,
          (${arr(COLOURS)})[1 + (hashint4(i * 19) & 2147483647) % ${COLOURS.length}] as colour
        from (select (hashint4(i * 23) & 2147483647) % ${categories.length} as k) kk
      ) c`);
  }
  await syncProductRowSequence(database.db);
  await database.db.execute(sql`analyze products`);
}
