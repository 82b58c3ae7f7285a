import { expect, test } from '@playwright/test';
import { pictureFile, randomColour } from './images';
import { E2E_ADMIN_ORIGIN, hydrated, openAdmin, toast, uniqueToken } from './support';

// Issue 16: an admin adds QC photos to an item in its form (uploaded on the spot, a day on one, reordered); the
// product page shows them and its viewer works by keyboard.
test.describe('QC photos', () => {
  test('an admin adds QC photos to an item; the product page shows them in a viewer that works by keyboard', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 1280) <= 768, 'one size is enough for this journey');
    test.slow();
    const token = uniqueToken(page);
    await openAdmin(page, 'items');
    const title = `QC Parka ${token}`;
    const created = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, {
      data: { title, price: 80, category: 'Jackets', link: `https://store.example/${token}` },
      headers: { origin: E2E_ADMIN_ORIGIN },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { path } = (await created.json()) as { path: string };

    await page.getByRole('searchbox', { name: 'Search items' }).fill(token);
    const card = page.locator('.item-grid > li');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /^Edit / }).click();
    const form = page.getByRole('dialog', { name: 'Edit Item' });
    const qc = form.getByRole('group', { name: /^QC photos/ });
    await expect(qc.getByText('No QC photos yet.')).toBeVisible();

    // Two photos uploaded at once from the form; each joins the list as it is stored.
    await qc.getByRole('button', { name: 'Add QC photos from the gallery or upload' }).click();
    await qc
      .getByLabel('Upload new images (JPEG, PNG or WebP, up to 5 MB each)')
      .setInputFiles([
        await pictureFile(`qc-front-${token}.png`, randomColour()),
        await pictureFile(`qc-label-${token}.png`, randomColour()),
      ]);
    await expect(qc.locator('.qc-field-item')).toHaveCount(2);
    await qc.getByLabel('Day photo 1 was taken (optional)').fill('2026-03-14');
    // The first photo moves down by keyboard; the focus stays on its button.
    const down = qc.getByRole('button', { name: 'Move photo 1 down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(qc.getByRole('img').first()).toHaveAccessibleName(new RegExp(`qc-label-${token}`));
    await expect(qc.getByLabel('Day photo 2 was taken (optional)')).toHaveValue('2026-03-14');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Item updated successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    // The storefront: the card's badge, the gallery and its viewer.
    const found = await page.request.get(`${E2E_ADMIN_ORIGIN}/api/products?search=${encodeURIComponent(token)}`);
    expect((await found.json()).items[0]).toMatchObject({ title, qcCount: 2 });
    await page.goto(path);
    const gallery = page.getByRole('region', { name: 'QC photos (2)' });
    await expect(gallery).toBeVisible();
    await expect(gallery.getByText('Taken 14 Mar 2026')).toBeVisible();
    await hydrated(page, '.qc-thumb');
    const first = gallery.getByRole('button', { name: 'Open QC photo 1 of 2' });
    await first.click();
    const viewer = page.getByRole('dialog', { name: `QC photos: ${title}` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 of 2')).toBeVisible();
    await expect(viewer.getByRole('img')).toHaveAccessibleName(`QC photo 1 of 2 of ${title}`);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('2 of 2')).toBeVisible();
    await expect(viewer.getByText('Taken 14 Mar 2026')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(viewer.getByText('1 of 2')).toBeVisible();
    // A finger's swipe to the left shows the next photo (pointer events; a mouse drag does not swipe).
    const stage = viewer.locator('.qc-stage');
    const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true };
    await stage.dispatchEvent('pointerdown', { ...touch, clientX: 300, clientY: 200 });
    await stage.dispatchEvent('pointerup', { ...touch, clientX: 180, clientY: 210 });
    await expect(viewer.getByText('2 of 2')).toBeVisible();
    await stage.dispatchEvent('pointerdown', { ...touch, clientX: 180, clientY: 200 });
    await stage.dispatchEvent('pointerup', { ...touch, clientX: 320, clientY: 190 });
    await expect(viewer.getByText('1 of 2')).toBeVisible();
    await page.keyboard.press('End');
    await expect(viewer.getByText('2 of 2')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Focus comes back to the thumbnail of the photo shown last.
    await expect(gallery.getByRole('button', { name: 'Open QC photo 2 of 2, taken 14 Mar 2026' })).toBeFocused();
  });
});
