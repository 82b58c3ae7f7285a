import { expect, test, type Page } from '@playwright/test';
import { pictureFile, randomColour } from './images';
import { E2E_ADMIN_ORIGIN, openAdmin, toast, uniqueToken } from './support';

const gallery = (page: Page) => page.locator('.image-grid > li');
const chooser = (page: Page) => page.getByLabel('Choose images');
const cardNamed = (page: Page, stem: string) => gallery(page).filter({ hasText: stem });
const settled = (page: Page) => expect(page.locator('section.gallery')).toHaveAttribute('aria-busy', 'false');

/**
 * This journey's own tile, on the gallery's first page as a rule. Journeys of the other worker upload to the same
 * site meanwhile: when five of theirs landed after this one's, it is on a later page, and the pager finds it.
 */
async function ownCard(page: Page, stem: string) {
  const card = cardNamed(page, stem);
  const next = page.getByRole('navigation', { name: 'Image pages' }).getByRole('button', { name: 'Next' });
  await settled(page);
  for (let pages = 0; pages < 5 && !(await card.isVisible()) && (await next.isEnabled()); pages++) {
    await next.click();
    await settled(page);
  }
  await expect(card).toBeVisible();
  return card;
}

/** Choosing the files sends them (issue 28). */
async function upload(page: Page, files: Array<Awaited<ReturnType<typeof pictureFile>>>) {
  await chooser(page).setInputFiles(files);
  await expect(toast(page, `Successfully uploaded ${files.length} image(s)`)).toBeVisible();
}

/** The same code at both sizes: the phone project runs only the journeys whose layout differs there. */
const ONE_SIZE = 'layout-independent: desktop only';

test.describe('image management', () => {
  test('uploads images as they are chosen, with a progress bar each; they open the gallery, newest first', async ({ page }) => {
    await openAdmin(page);
    const token = uniqueToken(page);
    // Held back a moment, so the uploading state can be seen.
    await page.route('**/api/admin/images', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await chooser(page).setInputFiles([
      await pictureFile(`red ${token}.png`, randomColour()),
      await pictureFile(`blue ${token}.jpg`, randomColour(), 'jpeg'),
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expect(chosen).toHaveCount(2);
    await expect(chosen.first().locator('img')).toHaveJSProperty('complete', true);
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(page.getByRole('progressbar')).toHaveCount(2);
    await expect(toast(page, 'Successfully uploaded 2 image(s)')).toBeVisible();
    await expect(chosen).toHaveCount(0);

    for (const stem of [`red-${token}.png`, `blue-${token}.jpg`]) {
      const card = await ownCard(page, stem);
      const img = card.locator('img');
      await expect(img).toHaveAttribute('src', /^\/media\/thumbs\/320\/\d{13}_[0-9a-f]{6}_.+\.webp$/);
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });

  test('checks files before sending them, in the words of the spec', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/images')) posts.push(r.url());
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Please select at least one image')).toBeVisible();
    await expect(page.locator('.uploader').getByText('Please select at least one image')).toBeVisible();

    const png = await pictureFile('real.png', randomColour());
    await chooser(page).setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a picture') },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png.buffer, Buffer.alloc(5_242_881 - png.buffer.length)]) },
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expect(chosen.filter({ hasText: 'notes.png' })).toContainText('Please select a valid image file (JPEG, PNG, or WebP)');
    await expect(chosen.filter({ hasText: 'huge.png' })).toContainText('Image size must be less than 5MB');
    await page.getByRole('button', { name: /^Upload/ }).click();
    await expect(toast(page, 'Please select a valid image file (JPEG, PNG, or WebP)')).toBeVisible();
    expect(posts).toEqual([]);
    await page.getByRole('button', { name: 'Remove notes.png' }).click();
    await expect(chosen).toHaveCount(1);
  });

  test('makes an item from an uploaded image, and the storefront shows it', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    // Upload, the form's messages, save and the storefront: longer than one screen's journey.
    test.slow();
    await openAdmin(page);
    const token = uniqueToken(page);
    await upload(page, [await pictureFile(`scarf ${token}.png`, randomColour())]);
    const card = await ownCard(page, `scarf-${token}.png`);
    await card.getByRole('button', { name: 'Add Item' }).click();
    await expect(toast(page, 'Please fill in all required fields including category')).toBeVisible();

    await expect(card.getByLabel('Item name')).toBeFocused();
    await expect(card.getByLabel('Item name')).toHaveAccessibleDescription('Required');

    const title = `Wool Scarf ${token}`;
    await card.getByLabel('Item name').fill(title);
    await card.getByLabel('Price (USD)').fill('19.999');
    await card.getByLabel('Category').selectOption('Accessories');
    await card.getByLabel('Buy link').fill('javascript:alert(1)');
    // Gender, brand, description and best wait behind More fields; every gender of the spec, Men first.
    const more = card.getByRole('button', { name: 'More fields' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByLabel('Gender')).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByLabel('Gender')).toHaveValue('Men');
    await expect(card.getByLabel('Gender').locator('option')).toHaveText(['Men', 'Women', 'Kids', 'Unisex']);
    await card.getByLabel('Gender').selectOption('Women');
    await card.getByRole('button', { name: 'Add Item' }).click();
    await expect(toast(page, 'link must be an http(s) address')).toBeVisible();
    await expect(card.getByLabel('Buy link')).toBeFocused();
    await expect(card.getByLabel('Buy link')).toHaveAccessibleDescription(/^link must be an http\(s\) address/);
    await card.getByLabel('Buy link').fill('https://store.example/scarf');
    await card.getByRole('button', { name: 'Add Item' }).click();
    await expect(toast(page, 'Item added successfully!')).toBeVisible();
    await expect(card.getByRole('link', { name: `View ${title}` })).toBeVisible();
    await expect(card.locator('.image-used-by')).toHaveText(`Used by ${title}`);

    await page.goto(`/products?search=${encodeURIComponent(token)}`);
    const product = page.locator('.grid > li');
    await expect(product).toHaveCount(1);
    await expect(product.locator('.card-title')).toHaveText(title);
    await expect(product.locator('.card-price')).toHaveText('$20.00');
    await expect(product.getByRole('link', { name: /^BUY / })).toHaveAttribute('href', 'https://store.example/scarf');
    await expect(product.locator('img')).toHaveAttribute('src', /^\/media\/thumbs\/320\/.+\.webp$/);
    await page
      .getByRole('group', { name: 'Gender' })
      .getByRole('button', { name: /^Women\b/ })
      .click();
    await expect(product).toHaveCount(1);
  });

  test('the 6-action product: from a picture to a saved, visible product, then its link and Add another', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    // Upload, save, the storefront's answer and the product page: longer than one screen's journey.
    test.slow();
    // The gallery's first page is read before the picture is sent and arrives after (a slow first load): the new tile
    // must come all the same (a CI run's did not, TanStack/query#8530: web/lib/query-client.ts).
    let firstPageRead = false;
    let releaseFirstPage!: () => void;
    const firstPageHeld = new Promise<void>((resolve) => (releaseFirstPage = resolve));
    await page.route(
      (url) => url.pathname === '/api/admin/images',
      async (route) => {
        const response = await route.fetch();
        firstPageRead = true;
        await firstPageHeld;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await openAdmin(page);
    await expect.poll(() => firstPageRead).toBe(true);
    const token = uniqueToken(page);
    const title = `Canvas Tote ${token}`;
    // Every step a person takes is counted: at most 6 from a picture to a complete product (issue 28).
    let actions = 0;
    const act = async (step: Promise<unknown>) => {
      await step;
      actions += 1;
    };

    // 1. Choose the picture: it is uploaded at once, and its tile's form takes the focus.
    await act(chooser(page).setInputFiles([await pictureFile(`tote ${token}.png`, randomColour())]));
    await expect(toast(page, 'Successfully uploaded 1 image(s)')).toBeVisible();
    releaseFirstPage();
    const card = cardNamed(page, `tote-${token}.png`);
    await expect(card.getByLabel('Item name')).toBeFocused();
    // 2. Paste the link: its source is recognised.
    await act(card.getByLabel('Buy link').fill('https://weidian.com/item.html?itemID=7232290099'));
    await expect(card.getByLabel('Buy link')).toHaveAccessibleDescription(/^Source: Weidian · 7232290099\./);
    // 3 and 4. Title and price; 5. the category; 6. save. Gender is Men unless changed.
    await act(card.getByLabel('Item name').fill(title));
    await act(card.getByLabel('Price (USD)').fill('24.50'));
    await act(card.getByLabel('Category').selectOption('Accessories'));
    await act(card.getByRole('button', { name: 'Add Item' }).click());
    expect(actions).toBeLessThanOrEqual(6);

    await expect(toast(page, 'Item added successfully!')).toBeVisible();
    const notice = card.locator('.item-saved p');
    await expect(notice).toBeFocused();
    const view = card.getByRole('link', { name: `View ${title}` });
    await expect(view).toHaveAttribute('href', new RegExp(`^/products/canvas-tote-${token}-\\d+$`));
    const href = await view.getAttribute('href');
    // The tile now says which item shows its picture, with the same link.
    await expect(card.locator('.image-used-by').getByRole('link', { name: title })).toHaveAttribute('href', href!);

    const storefront = async () =>
      (await (await page.request.get(`${E2E_ADMIN_ORIGIN}/api/products?search=${encodeURIComponent(token)}`)).json()).items;
    await expect.poll(storefront).toEqual([
      expect.objectContaining({
        title,
        price: 24.5,
        category: 'Accessories',
        gender: 'Men',
        sourcePlatform: 'weidian',
        sourceItemId: '7232290099',
      }),
    ]);

    // Add another: an empty form, the focus on its first field, the picture still the tile's.
    await card.getByRole('button', { name: 'Add another' }).click();
    await expect(card.getByLabel('Item name')).toBeFocused();
    await expect(card.getByLabel('Item name')).toHaveValue('');
    await expect(card.getByLabel('Buy link')).toHaveValue('');

    // The link to the item opens its page.
    await card.locator('.image-used-by').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('copies an image URL and deletes an image with its files', async ({ page, context, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_ADMIN_ORIGIN });
    await openAdmin(page);
    const token = uniqueToken(page);
    await upload(page, [await pictureFile(`gone ${token}.webp`, randomColour(), 'webp')]);
    const card = await ownCard(page, `gone-${token}.webp`);
    await card.getByRole('button', { name: 'Copy URL' }).click();
    await expect(toast(page, 'Image URL copied to clipboard')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${E2E_ADMIN_ORIGIN}/media/items/\\d{13}_[0-9a-f]{6}_gone-${token}\\.webp$`));
    expect((await page.request.get(url)).status()).toBe(200);

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete image?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Image deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('pages through the gallery, five at a time, newest or oldest first', async ({ page }) => {
    await openAdmin(page);
    const pager = page.getByRole('navigation', { name: 'Image pages' });
    await expect(gallery(page)).toHaveCount(5);
    await expect(pager.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await expect(pager.getByText('…')).toBeVisible();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^Showing 6–10 of \d+ images$/)).toBeVisible();
    await pager.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect(page.getByText(/^Showing 11–15 of/)).toBeVisible();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 21–25 of/)).toBeVisible();
    // First, gap, 4 5 6, gap, last.
    await expect(pager.getByText('…')).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Page 4', exact: true })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 6', exact: true })).toBeVisible();

    await page.getByRole('group', { name: 'Order' }).getByRole('button', { name: 'Oldest' }).click();
    await expect(pager.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    // Until the oldest page arrives the previous page stays on screen, marked busy.
    await expect(page.locator('section.gallery')).toHaveAttribute('aria-busy', 'false');
    // The demo catalogue's pictures were stored first, at the first start.
    await expect(gallery(page).first()).toContainText('_demo_');
    const names = await gallery(page).locator('.image-name').allTextContents();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(gallery(page).locator('.image-name')).toHaveText(names);
  });

  test("shows 'Failed to load' for an image that cannot display", async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await page.route('**/media/thumbs/**', (route) => route.fulfill({ status: 404, body: '' }));
    await openAdmin(page);
    await expect(gallery(page).first().getByText('Failed to load')).toBeVisible();
  });
});
