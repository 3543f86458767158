/**
 * Issue 29 sections 2 and 3, a customer's journeys on the demo menu (seeded
 * with allergens: peanuts in the curry fish balls and the curry brisket rice,
 * and through a required option in the Set for Two, whose required mains
 * offer the curry brisket rice; "not stated" for the soups...; the fish ball
 * noodles go with the milk tea and the chrysanthemum tea):
 * - filtering out peanuts leaves no dish containing them on the menu,
 *   including the set through its required option; a dish that does not say
 *   is shown marked; the filter is remembered on the phone;
 * - after adding the noodles, the suggestions sheet offers the teas; one tap
 *   adds the chrysanthemum tea.
 * By role and accessible name, in Chromium.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu, findGoods } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

async function openMenu(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', 'LANGUAGE_EN');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  await expect(page.locator('.vlist')).toBeVisible();
}

/** Every dish on the (windowed) menu, by scrolling it from the top to the bottom. */
async function menuNames(page: Page): Promise<Set<string>> {
  const list = page.locator('.vlist');
  await list.evaluate((el) => el.scrollTo(0, 0));
  const names = new Set<string>();
  for (let i = 0; i < 60; i += 1) {
    await page.waitForTimeout(100);
    for (const n of await page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) names.add(n);
    const end = await list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    if (end) break;
    await list.evaluate((el) => el.scrollBy(0, 400));
  }
  return names;
}

const PEANUT_DISHES = ['Curry Fish Balls', 'Curry Beef Brisket Rice', 'Set for Two'];

test('filtering out peanuts leaves no dish containing them, through a required option too; remembered on the phone', async ({ page }) => {
  await openMenu(page);
  const before = await menuNames(page);
  for (const dish of PEANUT_DISHES) expect(before).toContain(dish);
  // The icons say what they mean.
  await expect((await findGoods(page, 'Curry Fish Balls')).getByRole('img', { name: 'Contains Peanuts' })).toBeVisible();

  await page.getByRole('button', { name: 'Allergens & diets' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Allergens & diets' });
  await expect(sheet.getByRole('heading', { name: 'What the icons mean' })).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'Peanuts' }).check();
  await sheet.getByRole('button', { name: 'Done' }).tap();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /dishes hidden/ })).toBeVisible();

  const after = await menuNames(page);
  for (const dish of PEANUT_DISHES) expect(after).not.toContain(dish);
  // Still there: dishes free of peanuts, and one that does not say, marked.
  expect(after).toContain('Fish Ball Rice Noodles');
  await expect(await findGoods(page, 'Soup of the Day')).toContainText('Not stated: Peanuts');

  // Remembered on the phone: a new visit (the table's link scanned again) starts filtered.
  await page.goto('about:blank');
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  await expect(page.getByRole('button', { name: 'Allergens & diets (1 on)' })).toBeVisible();
  const again = await menuNames(page);
  for (const dish of PEANUT_DISHES) expect(again).not.toContain(dish);
});

test('after adding the noodles, the teas are suggested; one tap adds one', async ({ page }) => {
  await openMenu(page);
  await addFromMenu(page, 'Fish Ball Rice Noodles');
  const suggestions = page.getByRole('dialog', { name: 'Goes well with Fish Ball Rice Noodles' });
  await expect(suggestions.getByRole('button', { name: 'Choose options for HK Milk Tea' }).or(suggestions.getByRole('button', { name: 'Add HK Milk Tea' }))).toBeVisible();
  await suggestions.getByRole('button', { name: 'Add Chrysanthemum Tea' }).tap();
  await expect(suggestions).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('2 items');
  await expect((await findGoods(page, 'Chrysanthemum Tea')).getByLabel('1 in cart')).toBeVisible();
});
