// Every storefront and account page in the tests' pseudo-language (issue 41): Lingui's pseudo-localised catalogue
// turns each message into accented English ("Ƥŕōďũćţ Ƒĩńďēŕ"), so any run of plain ASCII letters left on a page is
// English that did not go through the library: a word written into a component, an attribute, a page title.
// The pages are the server's own (its data, its head), rendered from the sources (server/test/front-end.ts) while
// every text reads the pseudo-language.
import { eq } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../common/catalogues';
import { CURRENCIES } from '../common/currency';
import { LANGUAGES, setI18nScope } from '../common/i18n';
import { productPath } from '../common/product-urls';
import { changePasswordSchema, emailChangeInputSchema, resetPasswordSchema, signUpNameSchema } from '../common/schemas/account';
import { signInSchema, signUpSchema } from '../common/schemas/auth';
import { convertInputSchema } from '../common/schemas/convert';
import { itemRequestInputSchema, linkReportInputSchema } from '../common/schemas/requests';
import { fieldErrors } from '../common/schemas/fields';
import { agents, images, products } from './db/schema/index';
import { storeImageWithThumbnails } from './modules/images/image-files';
import { send, signedInAs } from './test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from './test/factories';
import { sourceFrontEnd } from './test/front-end';
import { createTestApp, TEST_SITE, type TestContext } from './test/test-app';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
/** The attributes a reader or a screen reader gets as words. */
const WORDY_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext'];
/** Elements whose text is not the page's words: code, and a cookie's or file's name written as code. */
const SKIPPED = new Set(['script', 'style', 'svg', 'code']);
/** The searches the pages echo back. */
const SEARCHES = ['jacket', 'zzzzqqqq'];
/**
 * The pseudo-language formats dates and numbers as English does (Intl has no pseudo-locale): its month names are
 * allowed; that every date goes through Intl in the page's language is the code's part (intlLocale).
 */
const MONTHS = Array.from({ length: 12 }, (_, m) =>
  (['long', 'short'] as const).map((month) => new Date(Date.UTC(2026, m, 14)).toLocaleDateString('en-US', { month, timeZone: 'UTC' })),
).flat();

const CATEGORIES = [{ name: 'Jackets', description: 'Bombers, puffers and shells.' }, { name: 'Shoes' }];
const PRODUCTS = [
  { title: 'Corduroy Trucker Jacket', category: 'Jackets', brand: 'Northfold', price: 59, description: 'Warm and soft.' },
  { title: 'Field Jacket', category: 'Jackets', brand: 'Northfold', image: 'https://cdn.example/field.jpg' },
  { title: 'Suede Loafer', category: 'Shoes', gender: 'Men' },
  { title: 'Canvas Sneaker', category: 'Shoes', gender: 'Women' },
  { title: 'Rain Boot', category: 'Shoes' },
  { title: 'Wool Beanie', category: null },
  { title: 'Gone Shoe', category: 'Shoes' },
];

let ctx: TestContext;
/** The words that are data, not the site's texts: the fixtures', the agents' names, the site's name and codes. */
let allowedPattern: RegExp | undefined;
let restoreScope: () => void = () => undefined;
/** What the fixtures give the pages' addresses: the product's path, the removed product's number, a visitor. */
const fixture = { productPath: '', goneNumber: 0, visitor: '' };

/** Each page type: its name, its address, the status it answers, whether a visitor is signed in. */
const PAGES: Array<{ name: string; url: () => string; status: number; signedIn?: boolean }> = [
  { name: 'finder', url: () => '/', status: 200 },
  { name: 'category', url: () => '/products?category=Jackets', status: 200 },
  { name: 'search', url: () => '/products?q=jacket&sort=price-asc', status: 200 },
  { name: 'search with nothing found', url: () => '/products?q=zzzzqqqq', status: 200 },
  { name: 'product', url: () => fixture.productPath, status: 200 },
  { name: 'product not found', url: () => '/products/nothing-999999', status: 404 },
  { name: 'product removed', url: () => `/products/gone-shoe-${fixture.goneNumber}`, status: 410 },
  { name: 'brand', url: () => '/brands/northfold', status: 200 },
  { name: 'brand not found', url: () => '/brands/nobody', status: 404 },
  { name: 'favourites', url: () => '/favorites', status: 200 },
  { name: 'favourites signed in', url: () => '/favorites', status: 200, signedIn: true },
  { name: 'shared favourites not found', url: () => '/favorites/shared/nobody-has-this-token', status: 404 },
  { name: 'login', url: () => '/login', status: 200 },
  { name: 'register', url: () => '/register', status: 200 },
  { name: 'forgot password', url: () => '/forgot-password', status: 200 },
  { name: 'reset password', url: () => '/reset-password?token=abc', status: 200 },
  { name: 'reset password without a token', url: () => '/reset-password', status: 200 },
  { name: 'home', url: () => '/home', status: 200 },
  { name: 'home signed in', url: () => '/home', status: 200, signedIn: true },
  { name: 'account', url: () => '/account', status: 200, signedIn: true },
  { name: 'converter', url: () => '/convert', status: 200 },
  { name: 'privacy policy', url: () => '/privacy-policy', status: 200 },
  { name: 'cookies policy', url: () => '/cookies-policy', status: 200 },
  { name: 'data security', url: () => '/data-security', status: 200 },
  { name: 'disclaimer', url: () => '/disclaimer', status: 200 },
  { name: 'not found', url: () => '/no/such/page', status: 404 },
];

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, CATEGORIES);
  const picture = async (name: string) => {
    const body = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#5b3df5' } })
      .jpeg()
      .toBuffer();
    const [row] = await ctx.database.db
      .insert(images)
      .values(await storeImageWithThumbnails(ctx.storage, name, body))
      .returning();
    if (!row) throw new Error('no image row');
    return row;
  };
  const main = await picture('1700000000_jacket.jpg');
  const qc = await picture('1700000001_qc.jpg');
  const [jacket] = await insertProducts(
    ctx.database,
    PRODUCTS.map((p, i) => (i === 0 ? { ...p, image: main.url, isBestProduct: true } : p)),
  );
  if (!jacket) throw new Error('no product');
  const admin = await signedInAs(ctx.app, 'pseudo-admin@example.com', { isAdmin: true });
  const saved = await send(ctx.app, 'PUT', `/api/admin/products/${jacket.id}/qc-photos`, {
    cookie: admin,
    body: { items: [{ imageId: qc.id, takenOn: '2026-03-14' }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [gone] = await ctx.database.db.select().from(products).where(eq(products.title, 'Gone Shoe'));
  await ctx.database.db.delete(products).where(eq(products.title, 'Gone Shoe'));
  Object.assign(fixture, {
    productPath: productPath(jacket),
    goneNumber: gone?.number ?? 0,
    visitor: await signedInAs(ctx.app, 'pseudo-visitor@example.com'),
  });

  const agentNames = (await ctx.database.db.select({ name: agents.name }).from(agents)).map((a) => a.name);
  const allowed = [
    ...PRODUCTS.flatMap((p) => [p.title, p.brand ?? '', p.description ?? '']),
    ...CATEGORIES.flatMap((c) => [c.name, c.description ?? '']),
    ...agentNames,
    // The language switcher names each language in itself.
    ...LANGUAGES.map((l) => l.name),
    // The products the factories make without a brand of their own.
    'Testbrand',
    ...SEARCHES,
    ...MONTHS,
    ...CURRENCIES,
    TEST_SITE.discountCode,
    'Finder',
    'QC',
  ]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const escaped = allowed.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  allowedPattern = new RegExp(`(?<![A-Za-z])(?:${escaped.join('|')})(?![A-Za-z])`, 'g');

  // Every text in the pseudo-language from here on: the server's (titles, descriptions) and the render's.
  await Promise.all([loadCatalogue('pseudo', 'first'), loadCatalogue('pseudo', 'pages'), loadCatalogue('pseudo', 'admin')]);
  restoreScope = setI18nScope(() => 'pseudo');
}, 120_000);

afterAll(async () => {
  restoreScope();
  await ctx?.close();
});

/** `text` without the data it may hold (fixtures, addresses, e-mail addresses, the site's name). */
function withoutData(text: string): string {
  const rest = text
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b[\w-]+(?:\.[a-z]{2,})+(?:\/\S*)?/g, ' ');
  return allowedPattern ? rest.replace(allowedPattern, ' ') : rest;
}

/** The English left in `text`: each run of three or more plain ASCII letters. */
function english(text: string): string[] {
  return withoutData(text).match(/[A-Za-z]{3,}/g) ?? [];
}

const attribute = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** What a reader of the page meets in English: text nodes, wordy attributes, the title and the description. */
function englishOn(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node, path: string) => {
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterMap['textNode']).value;
      if (english(text).length) found.push(`${path}: ${JSON.stringify(text.trim())}`);
      return;
    }
    if (!('tagName' in node)) return;
    const el = node as Element;
    if (SKIPPED.has(el.tagName)) return;
    const here = `${path} > ${el.tagName}${attribute(el, 'class') ? `.${attribute(el, 'class')?.split(' ')[0]}` : ''}`;
    const words = [...WORDY_ATTRIBUTES];
    if (
      el.tagName === 'meta' &&
      /^(description|og:title|og:description|twitter:image:alt|og:image:alt)$/.test(
        attribute(el, 'name') ?? attribute(el, 'property') ?? '',
      )
    )
      words.push('content');
    for (const name of words) {
      const value = attribute(el, name);
      if (value && english(value).length) found.push(`${here}[${name}]: ${JSON.stringify(value)}`);
    }
    for (const child of el.childNodes) walk(child, here);
    if (el.tagName === 'template') for (const child of (el as DefaultTreeAdapterMap['template']).content.childNodes) walk(child, here);
  };
  for (const child of parse(html).childNodes) walk(child, '');
  return found;
}

describe('the pages in the pseudo-language', () => {
  it('sees English when a page holds some (the check can fail)', () => {
    expect(englishOn('<p>Ƥŕōďũćţ Ƒĩńďēŕ</p>')).toEqual([]);
    expect(englishOn('<p title="Open menu">Ƥŕōďũćţ</p>')).toHaveLength(1);
    expect(englishOn('<p>Ƥŕōďũćţ <b>Skip</b> to</p>')).toHaveLength(1);
    expect(englishOn('<p>Corduroy Trucker Jacket · USD 59 · https://example.com/x help@example.com</p>')).toEqual([]);
  });

  it.each(PAGES)('renders the $name page with no English left', async (page) => {
    const url = page.url();
    const res = await ctx.app.inject({
      url,
      headers: { 'user-agent': DESKTOP_UA, ...(page.signedIn ? { cookie: fixture.visitor } : {}) },
    });
    expect(res.statusCode, url).toBe(page.status);
    expect(englishOn(res.body)).toEqual([]);
  });

  it.each([
    ['sign-in', () => signInSchema.safeParse({ email: '', password: '' })],
    ['sign-in with a bad address', () => signInSchema.safeParse({ email: 'not-an-address', password: 'x'.repeat(200) })],
    ['sign-up', () => signUpSchema.safeParse({ email: 'a@example.com', password: 'short', confirmPassword: 'other' })],
    ['sign-up without confirmation', () => signUpSchema.safeParse({ email: 'a@example.com', password: 'x', confirmPassword: '' })],
    ['display name', () => signUpNameSchema.safeParse({ name: 'x'.repeat(200) })],
    ['reset password', () => resetPasswordSchema.safeParse({ password: 'long enough one', confirmPassword: 'another one' })],
    ['change password', () => changePasswordSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' })],
    ['change email', () => emailChangeInputSchema.safeParse({ newEmail: 'a\u0000@example.com', currentPassword: 'x' })],
    ['item request', () => itemRequestInputSchema.safeParse({ query: 'x', link: 'ftp://nowhere' })],
    ['link report', () => linkReportInputSchema.safeParse({ note: 'x'.repeat(5000), agent: 'Not An Agent' })],
    ['converter', () => convertInputSchema.safeParse({ text: '' })],
  ])("gives the %s form's validation messages in the language of the moment", (_name, parse) => {
    const parsed = parse();
    expect(parsed.success).toBe(false);
    const messages = parsed.success ? [] : Object.values(fieldErrors(parsed.error));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(english(message), message).toEqual([]);
  });
});
