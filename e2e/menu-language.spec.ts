/**
 * Menu content in the customer's language: a customer who starts in
 * traditional Chinese, puts a dish in the cart and switches the app to
 * English on the mine page sees the shop, spec names and values, units,
 * add-ons and bundle groups in English (the service answers in the language
 * the app sends), and the cart's lines too; nothing on those screens mixes
 * in Chinese. Run it with --project=plain.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { findGoods } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

const HAN = /\p{Script=Han}/u;

async function startIn(page: Page, language: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', l);
      sessionStorage.setItem('seeded', '1');
    }
  }, language);
}

async function openChooser(page: Page, name: string): Promise<Locator> {
  await (await findGoods(page, name)).getByRole('button').tap();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog.locator('.sheet-body')).toBeVisible();
  return dialog;
}

/** The radio names of a fieldset, by its legend (without what a value adds to the price, issue 23 item 13). */
async function choices(dialog: Locator, legend: string | RegExp): Promise<string[]> {
  const group = dialog.getByRole('group', { name: legend });
  await expect(group).toBeVisible();
  return group.getByRole('radio').evaluateAll((radios) =>
    radios.map((r) => {
      const label = r.closest('label')?.cloneNode(true) as HTMLElement | undefined;
      label?.querySelectorAll('.surcharge').forEach((s) => s.remove());
      return (label?.textContent ?? '').trim();
    }),
  );
}

test('switching to English shows specs, units, add-ons and the cart in English', async ({ page }) => {
  await startIn(page, 'LANGUAGE_ZH_TD');
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await expect(page.getByRole('heading', { level: 1, name: '港灣廚房' })).toBeVisible();
  await page.getByRole('link', { name: '立即點餐' }).tap();

  // Traditional Chinese first: the wonton noodles' spec as the enterprise wrote it.
  const wonton = await openChooser(page, '雲吞麵');
  expect(await choices(wonton, '規格')).toEqual(['細', '大']);
  await wonton.getByRole('radio', { name: '大' }).check();
  await wonton.getByRole('checkbox', { name: /加蛋/ }).check();
  await wonton.getByRole('button', { name: /^加入購物車/ }).tap();
  await expect(wonton).toBeHidden();

  // The customer switches to English on the mine page.
  await page.goto('/#/pages/mine/mine');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('link', { name: 'My Order' })).toBeVisible();

  // Home: the shop's name in English.
  await page.goto('/#/pages/home/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Kitchen' })).toBeVisible();
  await page.getByRole('link', { name: 'Order now' }).tap();

  // Spec names and values, single attribute.
  const noodles = await openChooser(page, 'Wonton Noodles');
  expect(await choices(noodles, 'Size')).toEqual(['Small', 'Large']);
  await expect(noodles.getByRole('checkbox', { name: /Extra egg/ })).toBeVisible();
  await expect(noodles.getByRole('checkbox', { name: /No spring onion/ })).toBeVisible();
  expect(await noodles.innerText()).not.toMatch(HAN);
  await noodles.getByRole('button', { name: 'Close' }).tap();

  const wings = await openChooser(page, 'Fried Chicken Wings');
  expect(await choices(wings, 'Portion')).toEqual(['3 wings', '6 wings']);
  expect(await wings.innerText()).not.toMatch(HAN);
  await wings.getByRole('button', { name: 'Close' }).tap();

  const pudding = await openChooser(page, 'Double-Skin Milk Pudding');
  expect(await choices(pudding, 'Temperature')).toEqual(['Hot', 'Cold']);
  await pudding.getByRole('button', { name: 'Close' }).tap();

  // Two attributes.
  const milkTea = await openChooser(page, 'HK Milk Tea');
  expect(await choices(milkTea, 'Size')).toEqual(['Regular', 'Large']);
  expect(await choices(milkTea, 'Temperature')).toEqual(['Hot', 'Iced']);
  await milkTea.getByRole('button', { name: 'Close' }).tap();

  // Units: priced by weight, and pack units.
  const goose = await openChooser(page, 'Roast Goose by the Catty');
  await expect(goose.getByText('Priced per catty')).toBeVisible();
  expect(await goose.innerText()).not.toMatch(HAN);
  await goose.getByRole('button', { name: 'Close' }).tap();

  const dumplings = await openChooser(page, 'Shrimp Dumplings');
  await expect(dumplings.getByRole('radio', { name: /Single \(piece\)/ })).toBeVisible();
  await expect(dumplings.getByRole('radio', { name: /Box of 12/ })).toBeVisible();
  await dumplings.getByRole('button', { name: 'Close' }).tap();

  // Bundle groups and their parts.
  const set = await openChooser(page, 'Signature Rice Set');
  await expect(set.getByRole('group', { name: 'Main: choose 1' })).toBeVisible();
  await expect(set.getByRole('group', { name: 'Add a snack: up to 2' })).toBeVisible();
  await expect(set.getByRole('checkbox', { name: /BBQ Pork Rice/ })).toBeVisible();
  expect(await set.innerText()).not.toMatch(HAN);
  await set.getByRole('button', { name: 'Close' }).tap();

  // The cart line added in Chinese now reads in English: name, spec and add-on.
  await page.goto('/#/pages/postpayCart/postpayCart');
  const line = page.locator('.cart-line').first();
  await expect(line.getByRole('heading', { name: 'Wonton Noodles' })).toBeVisible();
  await expect(line.locator('.cart-line-details')).toHaveText('Large · Extra egg');
  expect(await page.locator('.cart-line').allInnerTexts()).not.toEqual(expect.arrayContaining([expect.stringMatching(HAN)]));
});
