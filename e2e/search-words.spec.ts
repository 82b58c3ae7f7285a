// Issue 27's journey at both sizes: the niche's abbreviations (af1, lv as a whole word), a partial answer with its
// way back to every word, colourways as one card, and a summary that tells how many match. The products it needs
// are added to the admin site (its catalogue is the one journeys change; the storefront's demo catalogue is counted
// by other journeys), each run's with a token of its own; the summary is read on the untouched storefront.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ADMIN_ORIGIN, hydrated, signInViaApi, uniqueToken } from './support';

const cards = (page: Page) => page.locator('.grid > li');
const summary = (page: Page) => page.locator('.summary');

/** Adds products through the admin API; returns nothing but fails loudly. */
async function addProducts(page: Page, products: Array<Record<string, unknown>>): Promise<void> {
  await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password, E2E_ADMIN_ORIGIN);
  for (const product of products) {
    const res = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, { data: product, headers: { origin: E2E_ADMIN_ORIGIN } });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test.describe('search in the words of the niche', () => {
  test('af1 and lv find what they abbreviate, a partial answer says what it left out, the summary counts every match', async ({ page }) => {
    const token = uniqueToken(page);
    // Three colourways of one seller item (one link: one group), a Louis Vuitton bag and a velvet jacket (lv must not
    // be found inside "velvet"). Titles keep to their category's words, so the bulk category rules leave them be.
    const shoe = { brand: 'Nike', category: 'Shoes', gender: 'Men', price: 89, link: `https://store.example/af1-${token}` };
    await addProducts(page, [
      { ...shoe, title: `Air Force 1 Low Panda ${token}` },
      { ...shoe, title: `Air Force 1 Low White ${token}` },
      { ...shoe, title: `Air Force 1 Low Black ${token}` },
      {
        title: `Keepall Duffel ${token}`,
        brand: 'Louis Vuitton',
        category: 'Accessories',
        gender: 'Unisex',
        price: 120,
        link: `https://store.example/lv-${token}`,
      },
      {
        title: `Velvet Track Jacket ${token}`,
        brand: 'Velour House',
        category: 'Jackets',
        gender: 'Women',
        price: 70,
        link: `https://store.example/velvet-${token}`,
      },
    ]);

    // af1: the Air Force 1 colourways, one card that says how many other colours match.
    await page.goto(`${E2E_ADMIN_ORIGIN}/products?search=af1`);
    const af1 = cards(page).filter({ hasText: token });
    await expect(af1).toHaveCount(1);
    await expect(af1.locator('.card-title')).toHaveText(new RegExp(`^Air Force 1 Low (Panda|White|Black) ${token}$`));
    await expect(af1.locator('.card-colours')).toHaveText('+2 colours');

    // lv: Louis Vuitton, never the letters inside "Velvet".
    await page.goto(`${E2E_ADMIN_ORIGIN}/products?search=lv`);
    await expect(cards(page).filter({ hasText: `Keepall Duffel ${token}` })).toHaveCount(1);
    await expect(cards(page).filter({ hasText: 'Velvet' })).toHaveCount(0);
    expect(new Set(await cards(page).locator('.card-brand').allTextContents())).toEqual(new Set(['Louis Vuitton']));

    // No product has "dunk": the products with the other words, a line that says so, and the way back.
    await page.goto(`${E2E_ADMIN_ORIGIN}/products?search=${encodeURIComponent(`dunk low panda ${token}`)}`);
    const partial = page.locator('.partial-answer');
    await expect(partial).toContainText(`No results for all words; showing 1 result for low panda ${token}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(`Air Force 1 Low Panda ${token}`);
    // A plain button until React has hydrated it.
    await hydrated(page, '.partial-answer button');
    await partial.getByRole('button', { name: 'Search for all words' }).click();
    await expect(page).toHaveURL(/[?&]allWords=true(&|$)/);
    await expect(cards(page)).toHaveCount(0);
    await expect(partial).toHaveCount(0);

    // The summary on the storefront's demo catalogue: the cards shown of every match, the number the chip says.
    const facets = (await (await page.request.get('/api/products/facets?search=hoodie')).json()) as { total: number };
    await page.goto('/products?search=hoodie');
    const shown = await cards(page).count();
    expect(shown).toBeLessThan(facets.total);
    await expect(summary(page)).toHaveText(`Showing ${shown} items of ${facets.total} matching "hoodie" (scroll to see more)`);
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: `All ${facets.total} products` })).toBeVisible();
  });
});
