import { sql } from 'drizzle-orm';
import {
  bigint,
  bit,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** A product's texts in other languages, by language code (products.translations). */
export type ProductTranslations = Partial<Record<string, { title?: string; description?: string }>>;
/** A category's names in other languages, by language code (categories.names). */
export type CategoryNames = Partial<Record<string, string>>;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The title and description in the site's other languages (issue 41, migration 0029, decision 0091), by language
     * code: `{"de": {"title": "Daunenjacke", "description": "…"}}`, only non-blank texts, no English (title and
     * description are). A product page in a language whose title is here is indexable in it; else it canonicalises to
     * the English page. Not in search_text: the search reads the English text.
     */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    brand: text('brand').notNull().default(''),
    /** Category name as text (spec section 3); null or blank means uncategorised. */
    category: text('category'),
    /** Canonical spelling only (Men, Women, Kids, Unisex); null means not set. */
    gender: text('gender'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    image: text('image'),
    isBestProduct: boolean('is_best_product').notNull().default(false),
    /** The buy link, stored once whichever spelling it arrived under. */
    link: text('link'),
    /**
     * The marketplace the buy link points at (taobao, weidian, 1688, tmall) and the item's id there, parsed from the
     * link when it is saved or imported, agent links included (issue 16): BUY builds any agent's link from them.
     * Null when the link is a plain store link we cannot read; BUY then opens the link as it is.
     */
    sourcePlatform: text('source_platform'),
    sourceItemId: text('source_item_id'),
    /**
     * The id the product had where it was imported from (the original app's Firestore document id): a later import
     * of the same file matches it again (issue 15). Null for products made here.
     */
    sourceId: text('source_id'),
    /**
     * The product's group (issue 26): the products on one seller item, the colourways of one listing. The marketplace
     * and item id when the link names one (agent links included, so two agents' links to one item are one group),
     * else the link itself; null without a link. An import matches rows to products by it (GROUP_KEY_SQL in
     * server/modules/catalogue/product-groups.ts is the same expression over an import row's values).
     */
    groupKey: text('group_key').generatedAlwaysAs(
      sql`case when source_item_id is not null then source_platform || ':' || source_item_id when link is not null then 'link:' || link end`,
    ),
    /**
     * The admin list's order (spec section 5). Unique, from a sequence: computing max(row) + 1 in the insert gave
     * concurrent creates the same number (issue 13, migration 0006). Inserts that set it themselves (the demo
     * catalogue, the bench data, test factories) move the sequence past it with `syncProductRowSequence`.
     */
    row: integer('row').notNull().generatedByDefaultAsIdentity(),
    /**
     * The product's public number: the last part of its address (/products/<slug>-<number>). Never reused, so an
     * address that once worked answers 410 after a deletion (deleted_products), never another product.
     */
    number: integer('number').notNull().generatedByDefaultAsIdentity(),
    /**
     * Title, brand and description, lower case, joined by the unit separator (chr 31), which a search text never
     * contains: one trigram index answers "substring of any of the three" without matching across two of them, with
     * LIKE on a lowered pattern (ILIKE lowers every row it looks at, four times dearer). The order is the search's
     * ranking order: where a word is first found says whether it is in the title, the brand or the description.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || chr(31) || brand || chr(31) || description)`),
    /**
     * The brand's address part and filter value (/brands/<brand_key>): lower case, runs of anything but letters and
     * digits as one hyphen; null without a brand. Spellings that differ only in case or punctuation are one brand.
     */
    brandKey: text('brand_key').generatedAlwaysAs(sql`nullif(btrim(regexp_replace(lower(brand), '[^[:alnum:]]+', '-', 'g'), '-'), '')`),
    /**
     * Outbound clicks in the 30 whole days before the day it was counted (the Popular order, issue 14): recounted
     * once a day by the analytics sweep, so it stays put while a visitor pages through.
     */
    popularity: integer('popularity').notNull().default(0),
    /**
     * What the link checks (issue 29, decision 0067) made of the buy link: 'ok', 'unavailable' (the marketplace said
     * the item is gone: "may be unavailable" on its card and page) or 'hidden' (gone at LINK_HIDE_AFTER_GONE checks in
     * a row: out of the finder too). Written only when it changes, so a sweep does not touch products otherwise.
     */
    linkState: text('link_state').notNull().default('ok'),
    /** The picture's file is broken or gone and could not be fetched again: cards and pages show the placeholder. */
    pictureBroken: boolean('picture_broken').notNull().default(false),
    /**
     * The address the picture is fetched from (issue 40, migration 0042): an import's external picture, kept whether
     * its fetch succeeded or not, so "Fetch pictures again" can try it again later. Null when the product's picture
     * was uploaded here, given as an address (that address is its own source), or never given.
     */
    pictureSource: text('picture_source'),
    /** Fixed random position in the shuffled catalogue; a visitor's seed picks where in it they start. */
    shuffleKey: integer('shuffle_key')
      .notNull()
      .default(sql`floor(random() * 2147483647)::integer`),
    ...timestamps,
  },
  (t) => [
    check('products_gender_check', sql`${t.gender} in ('Men', 'Women', 'Kids', 'Unisex')`),
    check('products_price_check', sql`${t.price} > 0`),
    check('products_link_state_check', sql`${t.linkState} in ('ok', 'unavailable', 'hidden')`),
    check('products_translations_check', sql`jsonb_typeof(${t.translations}) = 'object'`),
    check(
      'products_source_check',
      sql`(${t.sourcePlatform} is null and ${t.sourceItemId} is null) or (${t.sourcePlatform} in ('taobao', 'weidian', '1688', 'tmall') and ${t.sourceItemId} ~ '^[0-9A-Za-z_-]{1,40}$')`,
    ),
    index('products_shuffle_idx').on(t.shuffleKey, t.id),
    index('products_gender_shuffle_idx').on(t.gender, t.shuffleKey, t.id),
    // No index has the category (migration 0014): a bulk re-filing of products then rewrites them in place (HOT),
    // with no new entry in any index. Its counts and names are kept in category_totals.
    index('products_best_shuffle_idx')
      .on(t.shuffleKey, t.id)
      .where(sql`${t.isBestProduct}`),
    // The brand filter and brand pages in the shuffled order; the brand list walks it one brand at a time.
    index('products_brand_shuffle_idx').on(t.brandKey, t.shuffleKey, t.id),
    // The sort orders' keyset paging (issue 14): each next page is one range scan.
    index('products_price_idx').on(t.price, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_popularity_idx').on(sql`${t.popularity} desc`, t.shuffleKey, t.id),
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('products_row_unique_idx').on(t.row),
    uniqueIndex('products_number_idx').on(t.number),
    // Which products show an image: counted in the gallery, cleared when the image is deleted; by number, an import
    // preview's first product showing a row's picture is one descent (samePicturesStatement, migration 0032).
    index('products_image_number_idx').on(t.image, t.number),
    // An import matches rows by buy link when they carry no id; the item form warns about a repeated link.
    index('products_link_idx').on(t.link),
    // The group's products (product page's other colours, the admin's group filter, an import's matching).
    index('products_group_key_idx').on(t.groupKey),
    uniqueIndex('products_source_id_idx')
      .on(t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

/**
 * How many products there are, kept by statement-level triggers on products (migration 0009), so the admin list's
 * total is one row read instead of a count over the whole table. `changes` grows with every statement that writes
 * products (committed or not: a rolled-back one rolls its increment back too), so a count remembered with the
 * `changes` it was made at is still right while `changes` has not moved, in any process.
 */
export const productTotals = pgTable(
  'product_totals',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    products: integer('products').notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
    /**
     * Grows with every statement that could change how an import's rows match products (migration 0046): an insert,
     * a delete, or an update that sets a column the matching or the "unchanged" comparison reads (the written
     * columns, the source id, the row, the id). A link check's state or a recount of popularity leaves it, so a commit does
     * not match a whole file again in one transaction for them (issue 39).
     */
    matchChanges: bigint('match_changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('product_totals_one_row', sql`${t.id}`)],
);

/**
 * How many statements have written what a product's card shows beside its row: its QC photos (their count) and the
 * categories (the chips' names), kept by statement-level triggers (migration 0028). The search index's state adds it
 * to `productTotals.changes`, so the cards the keeper holds are read again when either moves (decision 0071).
 */
export const cardChanges = pgTable(
  'card_changes',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('card_changes_one_row', sql`${t.id}`)],
);

/**
 * Which products each transaction wrote (migration 0027, decision 0072), by statement triggers on products: the
 * search index's catch-up reads the ids written since it last read instead of comparing every product. `xid` is the
 * writing transaction's id; rows older than a while are pruned, and `productChangeLog.prunedBefore` says from which
 * transaction on the rows are all still there (a TRUNCATE of products moves it as well).
 */
export const productChanges = pgTable(
  'product_changes',
  {
    xid: bigint('xid', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    productId: uuid('product_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_changes_xid_idx').on(t.xid), index('product_changes_at_idx').on(t.at)],
);

export const productChangeLog = pgTable(
  'product_change_log',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    prunedBefore: bigint('pruned_before', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('product_change_log_one_row', sql`${t.id}`)],
);

/**
 * How many products each category has, by lower-cased name (issue 12), kept by statement-level triggers on products
 * (migration 0014) as product_totals keeps the total: the category list's counts and the admin search's category
 * names read it, since no index of products has the category. A category no product has any more keeps its row
 * with 0.
 */
export const categoryTotals = pgTable('category_totals', {
  key: text('key').primaryKey(),
  products: integer('products').notNull(),
});

/**
 * The words of every product's title and brand, each with how many products have it (issue 14): the search reads
 * a typed word's other forms (same English stem) and, for a word no product has, the near spellings from it (a
 * trigram index). Kept by statement triggers on products (migration 0010); a word no product has any more keeps
 * its row with 0.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    /** The English stem (snowball), or the term itself when it has none (a stop word). */
    stem: text('stem').notNull(),
    products: integer('products').notNull(),
    /** Of those, the products with it in the title (a search for a word no title has cannot rank it as a title's). */
    inTitles: integer('in_titles').notNull(),
  },
  (t) => [index('search_terms_stem_idx').on(t.stem), index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

/** The day products.popularity was last counted for (one row): the analytics sweep recounts when the day moves. */
export const popularityState = pgTable(
  'popularity_state',
  {
    id: boolean('id').primaryKey().default(true),
    countedFor: date('counted_for', { mode: 'string' }).notNull(),
  },
  (t) => [check('popularity_state_one_row', sql`${t.id}`)],
);

/**
 * What is left of a deleted product: its address answers 410 Gone (not 404) and the page offers its category.
 * Written by a trigger on products (migration 0005), so every way of deleting leaves one.
 */
export const deletedProducts = pgTable('deleted_products', {
  number: integer('number').primaryKey(),
  id: uuid('id').notNull(),
  title: text('title').notNull(),
  category: text('category'),
  gender: text('gender'),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * The name in the site's other languages (issue 41, migration 0029), by language code: `{"de": "Jacken"}`. The
     * storefront shows it on pages in that language; addresses and products keep `name`.
     */
    names: jsonb('names').$type<CategoryNames>().notNull().default({}),
    relevance: integer('relevance').notNull().default(0),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`),
    check('categories_name_check', sql`btrim(${t.name}) <> ''`),
    check('categories_names_check', sql`jsonb_typeof(${t.names}) = 'object'`),
  ],
);

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Timestamp-prefixed, sanitised original file name; also the file name in storage. */
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The address an import fetched it from: the next import of that address reuses it (issue 15). */
    sourceUrl: text('source_url'),
    /**
     * The picture's perceptual hash (issue 29, migration 0026; sharp-phash: a DCT of the 32 × 32 grey picture, 64
     * bits as '0'/'1'), made when it is stored; null until the picture-hashes job has read a picture stored before.
     * Two pictures within SAME_PHOTO_MAX_DISTANCE bits and SAME_PHOTO_MAX_COLOUR_STEP of colour are the same photo.
     */
    phash: bit('phash', { dimensions: 64 }),
    /** The picture's mean colour, 0xRRGGBB: a colourway drawn the same way has the same grey hash but not this. */
    meanColour: integer('mean_colour'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('images_storage_key_idx').on(t.storageKey),
    index('images_created_idx').on(t.createdAt, t.id),
    index('images_source_url_idx').on(t.sourceUrl),
    // Products name their picture by its address: the product page's same-photo lookup starts from it.
    index('images_url_idx').on(t.url),
    // The hash's four 16-bit quarters, each offset by 65536 × its place (PHASH_BANDS in modules/images/same-photo.ts,
    // which lookups must spell the same): the pictures that share a quarter, or differ from one in one bit (decision
    // 0068), are found without reading every hash. An expression, not a generated column: Undo re-inserts image rows
    // whole (changes.repo.ts), which a generated column refuses. Without fastupdate: new entries go into the index at
    // once, not into a pending list every lookup reads through (PGlite has no autovacuum to merge it; 135 ms a
    // lookup at 100,000 pictures with it, 4 ms without).
    index('images_phash_bands_idx')
      .using(
        'gin',
        sql`(array[substring(phash from 1 for 16)::integer, 65536 + substring(phash from 17 for 16)::integer, 131072 + substring(phash from 33 for 16)::integer, 196608 + substring(phash from 49 for 16)::integer])`,
      )
      .with({ fastupdate: false })
      .where(sql`${t.phash} is not null`),
    // The picture-hashes job's pictures still to read.
    index('images_phash_pending_idx')
      .on(t.id)
      .where(sql`${t.phash} is null`),
  ],
);

/**
 * The niche's vocabulary (issue 27, migration 0021): each row a group of phrases that mean the same (af1, air force
 * 1), searched both ways. Edited by admins; the finder's in-memory index reads them again when they change.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terms: text('terms').array().notNull(),
    ...timestamps,
  },
  (t) => [check('search_synonyms_terms_check', sql`cardinality(${t.terms}) BETWEEN 2 AND 20`)],
);

/**
 * The kept brand list (issue 40): brands and models as titles write them ("Air Force 1") and the brand each names
 * ("Nike"), read by an import to give brandless rows a brand. One row; none means the default list
 * (DEFAULT_BRAND_ALIASES in common/import-derive.ts). Edited beside the synonyms.
 */
export const brandAliases = pgTable(
  'brand_aliases',
  {
    id: integer('id').primaryKey().default(1),
    aliases: jsonb('aliases').notNull(),
    ...timestamps,
  },
  (t) => [
    check('brand_aliases_one_row_check', sql`${t.id} = 1`),
    check('brand_aliases_array_check', sql`jsonb_typeof(${t.aliases}) = 'array'`),
  ],
);

/**
 * The storefront's settings an admin changes in the dashboard (issue 40, migration 0043): one row, absent until first
 * saved (the defaults then). `missing_pictures`: 'show' products without a picture as any other, list them 'last' in
 * every order of the finder (migration 0044), or 'hide' them from every public list (catalogue/visibility.ts reads it
 * in the statement, so every process sees a change at once).
 */
export const storefrontSettings = pgTable(
  'storefront_settings',
  {
    id: integer('id').primaryKey().default(1),
    missingPictures: text('missing_pictures').notNull().default('show'),
    ...timestamps,
  },
  (t) => [
    check('storefront_settings_one_row_check', sql`${t.id} = 1`),
    check('storefront_settings_missing_pictures_check', sql`${t.missingPictures} in ('show', 'last', 'hide')`),
  ],
);
