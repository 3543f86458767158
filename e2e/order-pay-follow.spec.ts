/**
 * Order, pay and follow: a pickup order paid with the member balance and
 * moved by staff to picked up; a delivery order paid through the sandbox
 * provider with the customer leaving and coming back mid-payment; a dine-in
 * table where two phones order two rounds and one settles; a cancel; a double
 * tap and a network cut each making exactly one order.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { encodeForm } from '../src/shared/protocol/envelope';
import { callGateway, demoCodes, plainGoods as plainMenuGoods, tableCode, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const STAFF = { Authorization: 'Bearer demo-staff-token' };
type Row = Record<string, unknown>;

const plainGoods = (baseURL: string) => plainMenuGoods(baseURL, DEMO.shops.main);
/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

/** Calls the gateway with the browser context's cookie (the customer's session). */
async function asCustomer(request: APIRequestContext, op: string, service: number, row: Row) {
  const res = await request.post('/HBBAPI/GetData', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: encodeForm({
      HBBWSType: String(service),
      strKeyName: op,
      strJsonData: JSON.stringify({
        tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, ...row }],
      }),
      strAuthorizationCode: 'hbb',
      IsRSA: '0',
    }),
  });
  return (await res.json()) as { errcode: string; errmsg: string; data: Record<string, Row[]> };
}

async function orderCount(request: APIRequestContext): Promise<number> {
  const res = await asCustomer(request, 'PosSalSheet_PosSalSheetListByPage_V4_Get', 7, {
    PageIndex: 1,
    PageSize: 50,
  });
  return Number(res.data.table2?.[0]?.TotalCount ?? 0);
}

async function phone(
  browser: Browser,
  options: { member?: string; geo?: { latitude: number; longitude: number } } = {},
) {
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'en-US',
    ...(options.geo ? { geolocation: options.geo, permissions: ['geolocation'] } : {}),
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  if (options.member) {
    const res = await context.request.post('/sandbox/sign-in', { data: { vipId: options.member } });
    expect(res.ok()).toBe(true);
  }
  return context;
}

async function addToCart(page: Page, qrCode: string, goods: Row, takeout = false, times = 1) {
  await page.goto(`/#/?QRCode=${qrCode}`);
  if (takeout) await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, String(goods.GoodsName), { times });
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText(
    times === 1 ? '1 item' : `${times} items`,
  );
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
}

async function placeOrder(page: Page) {
  await page
    .getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })
    .check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
}

/** Pickup and delivery orders carry a contact (SPEC section 5). */
async function fillContact(page: Page) {
  await page.getByRole('textbox', { name: 'Recipient' }).fill('Chan');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('66123456');
}

async function staffProgress(request: APIRequestContext, sheetId: string, progress: string) {
  const res = await request.post(`/staff/sheets/${sheetId}/progress`, {
    headers: STAFF,
    data: { progress },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

function sheetIdFrom(page: Page): string {
  const id = new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID');
  if (!id) throw new Error(`no SheetID in ${page.url()}`);
  return id;
}

test('a pickup order paid with the balance, followed as staff move it', async ({
  browser,
  baseURL,
  request,
}) => {
  const goods = await plainGoods(baseURL!);
  const context = await phone(browser, { member: DEMO.members.chan.vipId });
  const page = await context.newPage();
  await addToCart(page, codes.qrCodes.quick, goods, true);
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await fillContact(page);
  await page.getByRole('radio', { name: 'Member balance' }).check();
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'View order details' }).tap();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  const sheetId = sheetIdFrom(page);
  await staffProgress(request, sheetId, 'preparing');
  await page.reload();
  await expect(page.getByText('Preparing', { exact: true })).toBeVisible();
  await staffProgress(request, sheetId, 'completed');
  await page.reload();
  await expect(page.getByText('Picked up', { exact: true })).toBeVisible();
  await context.close();
});

test('a delivery order paid through the provider, leaving and coming back mid-payment', async ({
  browser,
  baseURL,
}) => {
  const goods = await plainGoods(baseURL!);
  const context: BrowserContext = await phone(browser, {
    geo: { latitude: 22.1932, longitude: 113.5412 },
  });
  const page = await context.newPage();
  // Above the outlet's delivery minimum.
  const freight = (
    await callGateway(baseURL!, 'FreightRule_FreightRuleGet_Get', 7, { BaseID: DEMO.bases.quick })
  ).table1![0]!;
  const times = Math.ceil((Number(freight.MinAmount) + 1) / Number(goods.SalesPrice));
  await addToCart(page, codes.qrCodes.quick, goods, true, times);
  await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
  if (test.info().project.name === 'chat') {
    // The chat app signs a member in: delivery goes to the default address of their address book.
    await expect(page.getByRole('group', { name: 'Delivery address' }).getByRole('button', { name: 'Choose another address' })).toBeVisible();
  } else {
    // A guest types the address.
    await page.getByRole('textbox', { name: 'Recipient' }).fill('Wong');
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('66345678');
    await page.getByRole('textbox', { name: 'Region / district' }).fill('大堂區');
    await page
      .getByRole('textbox', { name: 'Detailed address (street and building)' })
      .fill('澳門新馬路 88 號');
    await page.getByRole('textbox', { name: 'House number (floor and flat)' }).fill('12樓A座');
    // Choosing delivery asks for the position once (the phone allows it).
    await expect(page.getByText('Your location is set for the delivery.')).toBeVisible();
  }
  await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await placeOrder(page);
  // The provider's own page.
  await expect(page.getByRole('button', { name: /^Pay MOP\$/ })).toBeVisible();
  const payUrl = page.url();
  // The customer leaves for the app and comes back: a payment is in progress.
  await page.goto('/#/pages/home/home');
  await expect(page.getByText('You have a payment in progress')).toBeVisible();
  await page.goto(payUrl);
  await page.getByRole('button', { name: /^Pay MOP\$/ }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await context.close();
});

test('two phones at one table order two rounds and one settles', async ({ browser, baseURL }) => {
  const goods = await plainGoods(baseURL!);
  const qr = await tableCode('A07');
  const a = await phone(browser);
  const b = await phone(browser);
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await addToCart(pageA, qr, goods);
  await placeOrder(pageA);
  await expect(pageA.getByRole('heading', { name: 'Round 1' }).first()).toBeVisible();
  await addToCart(pageB, qr, goods);
  await placeOrder(pageB);
  await expect(pageB.getByRole('heading', { name: 'Round 2' }).first()).toBeVisible();
  await pageA.reload();
  await expect(pageA.getByRole('heading', { name: 'Round 2' }).first()).toBeVisible();
  await pageA.getByRole('button', { name: 'Settle the bill' }).tap();
  await pageA.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await pageA.getByRole('button', { name: /Settle and pay/ }).tap();
  await pageA.getByRole('button', { name: /^Pay MOP\$/ }).tap();
  await expect(pageA.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await a.close();
  await b.close();
});

test('a cancel, with confirmation', async ({ browser, baseURL }) => {
  const goods = await plainGoods(baseURL!);
  const context = await phone(browser, { member: DEMO.members.lee.vipId });
  const page = await context.newPage();
  await addToCart(page, codes.qrCodes.quick, goods, true);
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay on delivery or at the counter' }).check();
  await placeOrder(page);
  await page.getByRole('link', { name: 'View order details' }).tap();
  await page.getByRole('button', { name: 'Cancel order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the order' }).tap();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await context.close();
});

test('a double tap and a network cut each make exactly one order', async ({ browser, baseURL }) => {
  const goods = await plainGoods(baseURL!);
  const context = await phone(browser, { member: DEMO.members.chan.vipId });
  const page = await context.newPage();
  const before = await orderCount(context.request);

  // Double tap on the dialog's confirm.
  await addToCart(page, codes.qrCodes.quick, goods, true);
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay on delivery or at the counter' }).check();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' });
  // Two taps in the same instant: the second must not make a second order.
  await confirm.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('heading', { name: /Order placed/ })).toBeVisible();
  expect(await orderCount(context.request)).toBe(before + 1);

  // A network cut: the submit fails, the cart stays, a retry makes one order.
  await addToCart(page, codes.qrCodes.quick, goods, true);
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay on delivery or at the counter' }).check();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  // Offline before the tap (issue 29 section 5): the submit is disabled, with the offline note.
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  // The cut between the tap and the answer.
  await page.getByRole('button', { name: 'Place order' }).tap();
  await context.setOffline(true);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(
    page.getByRole('status').filter({ hasText: 'Network connection error' }),
  ).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByRole('heading', { name: /Order placed/ })).toBeVisible();
  expect(await orderCount(context.request)).toBe(before + 2);
  await context.close();
});
