/**
 * Issue 23, a customer's evening without a stumble, the menu's part:
 * - item 10: the coffee's sold-out combination (Large + Iced) says "Large,
 *   Iced is sold out" with Add disabled, in the screen's language, and
 *   neither Large nor Iced is tagged "Sold out" (each is sold with the
 *   other value); a spec value shows what it adds ("+MOP$5.00", item 13);
 * - item 16: a new member names themselves "Tom O'Brien" on the profile;
 * - item 19: tapping a dish's name opens its details (a large picture with
 *   alt text, the description, the price, the specs), from which it is
 *   added; the phone's Back closes them; the search finds a dish by name.
 * By role and accessible name, in Chromium (plain and chat-app projects).
 */
import { expect, test, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { findGoods } from './support/menu';
import { signInWithSmsCode } from './support/signIn';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

async function startIn(page: Page, language: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', l);
      sessionStorage.setItem('seeded', '1');
    }
  }, language);
}

async function openMenu(page: Page, orderNow: string) {
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await page.getByRole('link', { name: orderNow }).tap();
}

test('a sold-out combination of specs says so and disables Add; a value shows its extra cost (items 10, 13)', async ({ page }) => {
  await startIn(page, 'LANGUAGE_EN');
  await openMenu(page, 'Order now');
  await (await findGoods(page, 'Coffee')).getByRole('button', { name: 'Choose options for Coffee' }).tap();
  const coffee = page.getByRole('dialog', { name: 'Coffee' });
  const add = coffee.getByRole('button', { name: /Add to cart/ });
  await expect(add).toBeEnabled();
  await expect(coffee.getByRole('radio', { name: 'Large +MOP$5.00' })).toBeVisible();

  await coffee.getByRole('radio', { name: /^Large/ }).check();
  await coffee.getByRole('radio', { name: /^Iced/ }).check();
  await expect(coffee.getByRole('alert')).toHaveText('Large, Iced is sold out. Please choose another option.');
  await expect(add).toBeDisabled();
  await expect(coffee.getByText('Sold out', { exact: true })).toHaveCount(0);
  await expect(coffee.getByText('Please make the required choices')).toHaveCount(0);

  await coffee.getByRole('radio', { name: /^Hot/ }).check();
  await expect(coffee.getByRole('alert')).toHaveCount(0);
  await add.tap();
  await expect(coffee).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
});

test('the sold-out combination in traditional Chinese names its values in Chinese (item 10)', async ({ page }) => {
  await startIn(page, 'LANGUAGE_ZH_TD');
  await openMenu(page, '立即點餐');
  await (await findGoods(page, '咖啡')).getByRole('button').tap();
  const coffee = page.getByRole('dialog', { name: '咖啡' });
  await coffee.getByRole('radio', { name: /^大杯/ }).check();
  await coffee.getByRole('radio', { name: /^凍/ }).check();
  await expect(coffee.getByRole('alert')).toHaveText('大杯、凍 已售罄，請選擇其他規格。');
  await expect(coffee.getByRole('button', { name: /加入購物車/ })).toBeDisabled();
});

test("a dish's name opens its details, it is added from there, Back closes them; the search finds dishes by name (item 19)", async ({ page }) => {
  await startIn(page, 'LANGUAGE_EN');
  await openMenu(page, 'Order now');
  await (await findGoods(page, 'HK Milk Tea')).getByRole('link', { name: 'HK Milk Tea' }).tap();
  const details = page.getByRole('dialog', { name: 'HK Milk Tea' });
  await expect(details.getByRole('img', { name: 'HK Milk Tea' })).toBeVisible();
  const picture = await details.getByRole('img', { name: 'HK Milk Tea' }).boundingBox();
  expect(picture!.width).toBeGreaterThan(300);
  await expect(details.getByText('Silk-stocking milk tea')).toBeVisible();
  await expect(details.getByRole('group', { name: 'Size' })).toBeVisible();
  await expect(details.getByRole('group', { name: 'Temperature' })).toBeVisible();
  // The phone's Back closes the details and stays on the menu.
  await page.goBack();
  await expect(details).toBeHidden();
  await expect(page.getByRole('list', { name: 'Menu' })).toBeVisible();

  // Opened again, the dish is added from its details.
  await (await findGoods(page, 'HK Milk Tea')).getByRole('link', { name: 'HK Milk Tea' }).tap();
  await details.getByRole('button', { name: /Add to cart/ }).tap();
  await expect(details).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');

  // The search: by name in the screen's language, then its details.
  await page.goto('/#/pages/search/search');
  await page.getByRole('searchbox', { name: 'Item number or name' }).fill('wonton');
  const results = page.getByRole('list', { name: 'Items found' });
  await expect(results.getByRole('article', { name: 'Wonton Noodles' })).toBeVisible();
  await results.getByRole('link', { name: 'Wonton Noodles' }).tap();
  const noodles = page.getByRole('dialog', { name: 'Wonton Noodles' });
  await expect(noodles.getByRole('img', { name: 'Wonton Noodles' })).toBeVisible();
  await expect(noodles.getByRole('radio', { name: 'Large +MOP$8.00' })).toBeVisible();
  await noodles.getByRole('button', { name: 'Close' }).tap();
  await expect(noodles).toBeHidden();
  await expect(results.getByRole('article', { name: 'Wonton Noodles' })).toBeVisible();
});

test("a new member names themselves with a space and an apostrophe: Tom O'Brien (item 16)", async ({ browser }) => {
  // A plain browser of its own (the chat app's project signs its customer in silently).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent: USER_AGENTS.plain,
  });
  const page = await context.newPage();
  await startIn(page, 'LANGUAGE_EN');
  await openMenu(page, 'Order now');
  const phone = `6${String(Date.now()).slice(-7)}`;
  await page.goto('/#/pages/mine/mine');
  await signInWithSmsCode(page, phone);
  await expect(page).toHaveURL(/#\/pages\/mine\/mine/);

  await page.goto('/#/pages/vipDetailsEdit/vipDetailsEdit');
  const name = page.getByRole('textbox', { name: 'Name' });
  // Two spaces in a row are still refused.
  await name.fill('Tom  Tourist');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Name contains invalid characters.')).toBeVisible();
  await name.fill("Tom O'Brien");
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByText('Name contains invalid characters.')).toHaveCount(0);
  await page.goto('/#/pages/mine/mine');
  await expect(page.getByText("Tom O'Brien", { exact: true })).toBeVisible();
  await context.close();
});
