/** The windowed menu (a virtual list): only the rows in view are rendered, so a goods is found by scrolling. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Scrolls the menu from its top until the goods named `name` is rendered; fails the journey if it never is. */
export async function findGoods(page: Page, name: string): Promise<Locator> {
  const list = page.locator('.vlist');
  await expect(list).toBeVisible();
  await list.evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(100); // the windowed list re-renders on the next frame
  for (let i = 0; i < 40; i += 1) {
    const goods = page.getByRole('article', { name, exact: true });
    if ((await goods.count()) > 0) return goods;
    await list.evaluate((el) => el.scrollBy(0, 400));
    await page.waitForTimeout(100);
  }
  throw new Error(`goods ${name} not found in the menu`);
}

/** Adds the goods named `name` from the menu `times` times with its add button (clicked, or tapped as on a phone). */
export async function addFromMenu(page: Page, name: string, { times = 1, tap = false }: { times?: number; tap?: boolean } = {}): Promise<void> {
  const row = await findGoods(page, name);
  for (let t = 0; t < times; t += 1) {
    if (tap) await row.getByRole('button').tap();
    else await row.getByRole('button').click();
  }
}
