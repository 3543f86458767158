/**
 * The address book in Chromium, by role and name: from the confirm page a
 * member adds an address by pasting a text, picks it on the map (the
 * service's own tiles, the pin dragged, the street read back), saves it and
 * orders a delivery to it, paid through the sandbox provider; the address
 * list shows it, and can delete it after a confirmation.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { callGateway, demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

/** No sideways panning on a 390 px wide phone (house rule). */
async function fitsWidth(page: Page) {
  // Once the page's slide-in (a transform) has finished.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function memberPhone(browser: Browser, vipId: string) {
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'en-US',
    geolocation: { latitude: 22.1932, longitude: 113.5412 },
    permissions: ['geolocation'],
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const res = await context.request.post('/sandbox/sign-in', { data: { vipId } });
  expect(res.ok()).toBe(true);
  return context;
}

/** A takeout cart above the delivery outlet's minimum, on its confirm page. */
async function deliveryCart(page: Page, baseURL: string) {
  const goods = await plainGoods(baseURL, DEMO.shops.main);
  const freight = (await callGateway(baseURL, 'FreightRule_FreightRuleGet_Get', 7, { BaseID: DEMO.bases.quick })).table1![0]!;
  const times = Math.ceil((Number(freight.MinAmount) + 1) / Number(goods.SalesPrice));
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, String(goods.GoodsName), { times });
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
}

test('add an address by pasting a text, pick it on the map, and order a delivery to it', async ({ browser, baseURL }) => {
  const context = await memberPhone(browser, DEMO.members.lee.vipId);
  const page = await context.newPage();
  await deliveryCart(page, baseURL!);
  await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
  // The member's default address is preselected.
  const delivery = page.getByRole('group', { name: 'Delivery address' });
  await expect(delivery).toContainText('Lee Siu Ling');

  // A new one: pasted, recognised.
  await delivery.getByRole('button', { name: 'Add a new address' }).tap();
  await page.getByRole('textbox', { name: 'Paste an address to recognise it' }).fill('陳大文 66123456 澳門新馬路123號2樓A');
  await page.getByRole('button', { name: 'Recognise' }).tap();
  await expect(page.getByText('The fields were filled in from the text. Please check them.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Recipient' })).toHaveValue('陳大文');
  await expect(page.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('66123456');
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('820000');
  await expect(page.getByRole('textbox', { name: 'Detailed address (street and number)' })).toHaveValue('新馬路123號');
  await expect(page.getByRole('textbox', { name: 'House number (building, floor and flat)' })).toHaveValue('2樓A');
  // The street was found: the pin starts on it.
  await expect(page.getByText('The location is set.')).toBeVisible();
  await fitsWidth(page);

  // Picked on the map: the service's own tiles, the pin dragged along the street.
  await page.getByRole('button', { name: 'Change the location on the map' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Pick the location on the map' });
  await expect(dialog.getByRole('application', { name: 'Map: drag the pin or tap the map to move it' })).toBeVisible();
  await expect(dialog.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Here:' })).toContainText('Avenida de Almeida Ribeiro');
  await fitsWidth(page);
  await expect(dialog.getByRole('button', { name: 'Use this location' })).toBeInViewport();
  const pin = dialog.getByRole('button', { name: 'Delivery location' });
  const box = (await pin.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height - 4];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 20, y - 5, { steps: 5 });
  await page.mouse.move(x + 40, y - 10, { steps: 5 });
  await page.mouse.up();
  const moved = (await pin.boundingBox())!;
  expect(moved.x - box.x).toBeGreaterThan(20);
  await expect(dialog.getByRole('status').filter({ hasText: 'Here:' })).toContainText('Avenida de Almeida Ribeiro, Sé, Macau');
  await dialog.getByRole('button', { name: 'Use this location' }).tap();
  await expect(dialog).toBeHidden();
  // The detailed address already names the street: kept with its number.
  await expect(page.getByRole('textbox', { name: 'Detailed address (street and number)' })).toHaveValue('新馬路123號');
  await expect(page.getByRole('combobox', { name: 'District' })).toHaveValue('820103');

  // Saved, it is the delivery's address, back on the confirm page.
  await page.getByRole('button', { name: 'Save the address' }).tap();
  await expect(delivery).toContainText('陳大文');
  // As its reader reads it (issue 23 item 7): small to big in English.
  await expect(delivery).toContainText('2樓A, 新馬路123號, Sé, Macau');
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await page.getByRole('button', { name: /^Pay MOP\$/ }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'View order details' }).tap();
  await expect(page.getByText('2樓A, 新馬路123號, Sé, Macau')).toBeVisible();

  // The address book has it; deleting asks first.
  await page.goto('/#/pages/addressList/addressList');
  const list = page.getByRole('list', { name: 'Shipping addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await fitsWidth(page);
  await list.getByRole('button', { name: 'Delete 2樓A, 新馬路123號, Sé, Macau' }).tap();
  await page.getByRole('alertdialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Confirm' }).tap();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await context.close();
});
