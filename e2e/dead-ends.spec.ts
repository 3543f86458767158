/**
 * Issue 23, pages with a way out, by role and accessible name:
 * - a bogus QR code says why, asks for a scan again, and leaves the tab bar
 *   and the outlets of the shop the customer had open;
 * - a closed outlet says so on its home page (today's hours, no "Order now",
 *   no menu) and offers the enterprise's outlets open now, each with its
 *   hours, as the outlet list does;
 * - a table's bill paid, "Back to the menu" starts a new order;
 * - the phone's Back closes a confirm dialog; the header's Back of a top-up's
 *   result page does not walk back into the payment provider's page.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, tableCode, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

/** A phone in English; signed in as `member` if given. `guest`: a plain browser's guest (the chat project's signs in its member). */
async function phone(browser: Browser, member?: string, { guest = false } = {}) {
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'en-US',
    ...(guest ? { userAgent: USER_AGENTS.plain, storageState: undefined } : {}),
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  if (member) expect((await context.request.post('/sandbox/sign-in', { data: { vipId: member } })).ok()).toBe(true);
  return context;
}

async function english(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
}

test('a bogus QR code: why, scan again, the tab bar; with a shop open, its outlets', async ({ page }) => {
  await english(page);
  await page.goto('/#/?QRCode=HBK-not-a-table');
  await expect(page.getByRole('alert')).toHaveText('Invalid QR Code');
  await expect(page.getByText('Scan the QR code on your table again, or ask our staff for help.')).toBeVisible();
  // The tab bar: the customer's orders and account are one tap away.
  const tabs = page.getByRole('navigation', { name: 'Main sections' });
  await expect(tabs).toBeVisible();
  await tabs.getByRole('link', { name: 'My Order' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();

  // Scanned a good table first, then a bogus code: the outlets of that shop to choose from.
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await page.goto('/#/?QRCode=HBK-not-a-table');
  await expect(page.getByRole('alert')).toHaveText('Invalid QR Code');
  await page.getByRole('link', { name: 'Choose an outlet of Harbour Kitchen' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an outlet' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Harbour Kitchen San Ma Lo.*Open now · Open 24 hours/ })).toBeVisible();
});

test('a closed outlet says so on its home page, with its hours and the outlets open now', async ({ page }) => {
  await english(page);
  await page.goto(`/#/?QRCode=${codes.qrCodes.closed}`);
  // Said on the home page before any tap, not after "Order now".
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Kitchen' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Store is not opened now.');
  await expect(page).toHaveURL(/pages\/home\/home/);
  await expect(page.getByText('Closed today', { exact: true })).toBeVisible();
  await expect(page.getByText('It has no opening hours in the coming days.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order now' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recommended' })).toHaveCount(0);

  // The enterprise's outlets open now, each with its hours; one tap opens one.
  const open = page.getByRole('region', { name: 'Open now' });
  const sanMaLo = open.getByRole('link', { name: /Harbour Kitchen San Ma Lo/ });
  await expect(sanMaLo).toContainText('Open now · Open 24 hours');
  await expect(open.getByRole('link', { name: /Coloane/ })).toHaveCount(0);
  await sanMaLo.tap();
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await expect(page.getByText('Harbour Kitchen San Ma Lo', { exact: true })).toBeVisible();
  await expect(page.getByText('Open 24 hours', { exact: true })).toBeVisible();

  // The outlet list: every outlet, open or closed now, with its hours of the day.
  await page.getByRole('link', { name: 'Other outlets' }).tap();
  await expect(page.getByRole('link', { name: /Coloane/ })).toContainText('Closed now · Closed today');
  await expect(page.getByRole('link', { name: /Taipa Late Night/ })).toContainText('Today 18:00–02:00');
});

test("a table's bill paid: 'Back to the menu' starts a new order", async ({ browser, baseURL }) => {
  const goods = String((await plainGoods(baseURL!, DEMO.shops.main)).GoodsName);
  // A table of its own in each project: the kitchen and trust journeys order at A08-A12 meanwhile.
  const table = await tableCode(test.info().project.name === 'chat' ? 'A14' : 'A13');
  const order = async (page: Page) => {
    await page.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(page, goods);
    await page.getByRole('link', { name: 'Go to cart' }).tap();
    await page.getByRole('link', { name: 'Confirm order' }).tap();
    await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
    await page.getByRole('button', { name: 'Place order' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  };
  // A guest at the table orders a round; settling, they are offered the provider only
  // (no balance, no paying on delivery or at the counter at a table).
  const guestPhone = await phone(browser, undefined, { guest: true });
  const guest = await guestPhone.newPage();
  await guest.goto(`/#/?QRCode=${table}`);
  await order(guest);
  await guest.getByRole('button', { name: 'Settle the bill' }).tap();
  const methods = guest.getByRole('group', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: 'Sandbox Pay' })).toBeVisible();
  await expect(methods.getByRole('radio')).toHaveCount(1);
  await guestPhone.close();

  // A member at the same table orders too and pays the bill from the balance (no provider, no reload).
  const context = await phone(browser, DEMO.members.chan.vipId);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${table}`);
  await order(page);
  await page.getByRole('button', { name: 'Settle the bill' }).tap();
  await page.getByRole('radio', { name: 'Member balance' }).check();
  await page.getByRole('button', { name: /Settle and pay/ }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the menu' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Order food' })).toBeVisible();
  await addFromMenu(page, goods);
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await expect(page.getByText('This order has been paid and cannot be changed.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  // A new sheet: its first round, to settle again.
  await expect(page.getByRole('heading', { name: 'Round 1' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Round 2' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settle the bill' })).toBeVisible();
  await context.close();
});

test("the phone's Back closes a confirm dialog and stays on the page", async ({ browser, baseURL }) => {
  const goods = String((await plainGoods(baseURL!, DEMO.shops.main)).GoodsName);
  const context = await phone(browser);
  const page = await context.newPage();
  // A pay-before counter's own cart, which has Clear cart (a pay-after table's cart is the table's: each diner removes their own lines).
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, goods);
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('button', { name: 'Clear cart' }).tap();
  await expect(page.getByRole('alertdialog', { name: 'Clear the cart?' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // Still the cart, still full.
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear cart' })).toBeVisible();
  // And the dialog's buttons still work, once each.
  await page.getByRole('button', { name: 'Clear cart' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByRole('button', { name: 'Clear cart' })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Order food' })).toBeVisible();
  await context.close();
});

test("a top-up's result page: the header's Back goes to the account, never into the provider's page", async ({ browser }) => {
  const context = await phone(browser, DEMO.members.lee.vipId);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('link', { name: 'Me', exact: true }).tap();
  await page.getByRole('link', { name: 'My account' }).tap();
  await page.getByRole('link', { name: 'Top up' }).tap();
  await page.getByRole('radio', { name: /^Pay MOP\$100\.00/ }).check();
  await page.getByRole('button', { name: 'Top up' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await page.getByRole('button', { name: 'Pay MOP$100.00' }).tap();
  await expect(page.getByRole('heading', { name: /Top-up of MOP\$100\.00 received/ })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText('This payment is complete.')).toHaveCount(0);
  expect(new URL(page.url()).pathname).not.toMatch(/sandbox/);
  await context.close();
});
