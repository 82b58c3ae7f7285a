import { expect, test } from '@playwright/test';
import type { SetupStatus } from '../common/schemas/setup';
import { SETUP_ITEM_TEXTS, SETUP_TEXTS } from '../common/texts/setup';
import { SETUP_ITEMS } from '../common/setup';
import { E2E_ADMIN_ORIGIN, openAdmin } from './support';

// Issue 28's leftover: on a phone the setup checklist was over 1,300 px tall; issue 40: on a desktop it filled the first
// screen too. At both sizes each open item folds to its title (its text a tap away) and the done ones fold behind one
// line; the rest of the desktop journey is admin-setup.spec.ts.
test('the setup checklist is its open items by title, each opening to its text, and one line for the done ones', async ({
  page,
  isMobile,
}) => {
  await openAdmin(page);
  const checklist = page.getByRole('region', { name: new RegExp(SETUP_TEXTS.title) });
  await expect(checklist).toBeVisible();
  const status = (await (await page.request.get(`${E2E_ADMIN_ORIGIN}/api/admin/setup`)).json()) as SetupStatus;
  const done = SETUP_ITEMS.filter((item) => !status.pending.includes(item));
  // Written out: the test process formats no messages with values (Lingui is not activated here).
  await expect(checklist.getByRole('heading', { level: 2 })).toContainText(`(${done.length} of ${SETUP_ITEMS.length} done)`);
  await expect(checklist.getByRole('heading', { level: 3 })).toHaveText(status.pending.map((item) => SETUP_ITEM_TEXTS[item].title));
  // Folded: a part of the first screen, not all of it (one line per item).
  const height = (await checklist.boundingBox())?.height ?? 0;
  expect(height).toBeLessThan(isMobile ? 560 : 420);
  await page.screenshot({ path: test.info().outputPath(`setup-checklist-${page.viewportSize()?.width ?? 0}.png`) });

  const demo = SETUP_ITEM_TEXTS['demo-catalogue'];
  await expect(checklist.getByText(demo.cost)).toBeHidden();
  await checklist.getByRole('heading', { level: 3, name: demo.title }).click();
  await expect(checklist.getByText(demo.cost)).toBeVisible();
  await expect(checklist.getByRole('button', { name: SETUP_TEXTS.removeDemo })).toBeVisible();
  if (done.length > 0) {
    await checklist.getByText(`Done (${done.length})`).click();
    await expect(checklist.getByText(SETUP_ITEM_TEXTS[done[0]!].cost)).toBeVisible();
  }
});
