// The bulk database operations of spec section 2 and their keyword rules, written once: the server builds its SQL
// from this table, the dashboard its buttons, and the tests their expectations (decision 0017).

/** Title keywords per category (spec section 2; "Bulk keyword sets" in section 9), in the order rules apply. */
export const CATEGORY_RULES = [
  { operation: 'update-pants', name: 'Update Pants Category', category: 'Pants', keywords: ['jeans', 'pants', 'cargo', 'pant'] },
  { operation: 'update-shirts', name: 'Update Shirt Category', category: 'Shirts', keywords: ['shirt', 'tee', 't-shirt', 'polo'] },
  { operation: 'update-shoes', name: 'Update Shoe Category', category: 'Shoes', keywords: ['shoe', 'sneaker', 'boot'] },
  { operation: 'update-jackets', name: 'Update Jacket Category', category: 'Jackets', keywords: ['jacket', 'coat', 'hoodie'] },
  { operation: 'update-accessories', name: 'Update Accessories', category: 'Accessories', keywords: ['bag', 'wallet', 'belt', 'hat'] },
] as const;
export type CategoryRule = (typeof CATEGORY_RULES)[number];

export const WOMEN_OPERATION = { operation: 'update-women', name: 'Update Women Categories' } as const;
export const GENDER_OPERATION = { operation: 'add-gender', name: 'Add Gender Property', gender: 'Men' } as const;
export const REFRESH_STATS_NAME = 'Refresh Stats';

export const BULK_OPERATIONS = [...CATEGORY_RULES.map((r) => r.operation), WOMEN_OPERATION.operation, GENDER_OPERATION.operation] as const;
export type BulkOperation = CategoryRule['operation'] | typeof WOMEN_OPERATION.operation | typeof GENDER_OPERATION.operation;

export const BULK_OPERATION_NAMES: Record<BulkOperation, string> = {
  ...(Object.fromEntries(CATEGORY_RULES.map((r) => [r.operation, r.name])) as Record<CategoryRule['operation'], string>),
  [WOMEN_OPERATION.operation]: WOMEN_OPERATION.name,
  [GENDER_OPERATION.operation]: GENDER_OPERATION.name,
};

/** Sample updates an operation returns (spec section 9: 10 in the console, 5 on screen). */
export const BULK_SAMPLE_LIMIT = 10;
export const BULK_SAMPLES_ON_SCREEN = 5;

/**
 * A keyword matches a whole word, in any case, with an optional plural ending: "Sneakers" is a sneaker, but
 * "bootcut" is not a boot, "baggy" not a bag and "what" not a hat. Words are letters, digits and underscores, as
 * PostgreSQL's \m and \M see them; "t-shirt" is two words, so 'shirt' alone already matches it.
 */
const PLURAL = '(?:s|es)?';
const alternatives = (keywords: readonly string[]) => keywords.join('|');

/** The rule's pattern in PostgreSQL's regular-expression syntax, for `title ~* pattern`. */
export function postgresPattern(keywords: readonly string[]): string {
  return `\\m(?:${alternatives(keywords)})${PLURAL}\\M`;
}

/** The same rule as a JavaScript regular expression (tests and previews). */
export function keywordRegExp(keywords: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives(keywords)})${PLURAL}(?![\\p{L}\\p{N}_])`, 'iu');
}

/** The category a title names by the first rule that matches it, or null (the women's rule, spec section 5). */
export function categoryFromTitle(title: string): CategoryRule['category'] | null {
  return CATEGORY_RULES.find((rule) => keywordRegExp(rule.keywords).test(title))?.category ?? null;
}
