/**
 * Issue 23 item 3: a reload mid-checkout keeps the checkout's choices.
 * Delivery, the remark and the payment method chosen on the confirm page are
 * still chosen after the page is reloaded (they were dropped before: delivery
 * fell back to pickup).
 */
import { expect, test } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

test('a reload on the confirm page keeps delivery, the remark and the payment method', async ({ browser, baseURL }) => {
  const goods = await plainGoods(baseURL!, DEMO.shops.main);
  const { qrCodes } = await demoCodes();
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'en-US',
    geolocation: { latitude: 22.1932, longitude: 113.5412 },
    permissions: ['geolocation'],
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${qrCodes.quick}`);
  await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, String(goods.GoodsName));
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();

  await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
  await page.getByRole('textbox', { name: 'Remark' }).fill('Ring the bell twice');
  await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await page.reload();

  await expect(page.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Pickup', exact: true })).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Remark' })).toHaveValue('Ring the bell twice');
  await expect(page.getByRole('radio', { name: 'Sandbox Pay' })).toBeChecked();
  await context.close();
});
