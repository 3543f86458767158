/**
 * Live orders, end to end: the kitchen screen (/staff/) sees a customer's
 * order within 2 s with a sound cue, the cook moves it, and the customer's
 * order page follows without a reload; two phones at one table see each
 * other's rounds and who added them, and a settle by one closes the bill for
 * both; a sold-out mark on the kitchen screen greys the goods out on an open
 * menu. Every context uses the plain browser's user agent, so the journeys
 * are the same in every project.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { loadConfig } from '../src/server/config';
import { DEMO } from '../src/server/db/seed';
import { issueMemberCode } from '../src/server/operations/auth/memberCode';
import { demoCodes, plainGoods as plainMenuGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { openKitchen, scrolledTo } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

const LIVE = { timeout: 2_000 };
type Row = Record<string, unknown>;

async function phone(browser: Browser, member?: string) {
  const context = await browser.newContext({
    ...test.info().project.use,
    userAgent: USER_AGENTS.plain,
    storageState: { cookies: [], origins: [] },
    locale: 'en-US',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  if (member) {
    const res = await context.request.post('/sandbox/sign-in', { data: { vipId: member } });
    expect(res.ok()).toBe(true);
  }
  return context;
}

async function addToCart(page: Page, qrCode: string, goods: Row, takeout = false) {
  await page.goto(`/#/?QRCode=${qrCode}`);
  if (takeout) await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, String(goods.GoodsName));
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
}

async function placeOrder(page: Page) {
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
}

const cues = (page: Page) => page.evaluate(() => window.__staffCues ?? 0);

test('the kitchen sees a new order with a sound, the cook moves it, the customer follows live', async ({ browser, baseURL }) => {
  const goods = await plainMenuGoods(baseURL!, DEMO.shops.main);
  const board = await openKitchen(browser, baseURL!, DEMO.bases.quick);
  const cuesBefore = await cues(board);

  const customer = await phone(browser, DEMO.members.chan.vipId);
  const page = await customer.newPage();
  await addToCart(page, codes.qrCodes.quick, goods, true);
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('textbox', { name: 'Recipient' }).fill('Chan');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('66123456');
  await page.getByRole('radio', { name: 'Member balance' }).check();
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'View order details' }).tap();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  // Its pickup number of the day (issue 26 section 4), large on the page: the kitchen's card is headed by it.
  const number = (await page.locator('.pickup-no strong').textContent())!;
  expect(number).toMatch(/^\d{3,}$/);

  // On the kitchen screen: a new card in New, highlighted, with a sound cue.
  const newColumn = board.getByRole('region', { name: /^New/ });
  const card = newColumn.getByRole('article', { name: new RegExp(`^Order ${number}, Pickup`) });
  await expect(card).toBeVisible(LIVE);
  // The kitchen reads the goods' own (Chinese) name, as the order recorded it.
  await expect(card).toContainText(String(goods.GoodsName));
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => cues(board), LIVE).toBeGreaterThan(cuesBefore);

  // The cook taps it forward; the customer's page follows without a reload.
  await card.getByRole('button', { name: 'Start preparing' }).tap();
  await expect(page.getByRole('heading', { name: 'Preparing' })).toBeVisible(LIVE);
  await expect(page.getByText('Your order is being prepared')).toBeVisible(LIVE);
  const preparing = board.getByRole('region', { name: /^Preparing/ }).getByRole('article', { name: new RegExp(`^Order ${number},`) });
  await preparing.getByRole('button', { name: 'Mark ready' }).tap();
  await expect(page.getByText('Your order is ready')).toBeVisible(LIVE);
  await expect(board.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: new RegExp(`^Order ${number},`) })).toBeVisible();

  await board.context().close();
  await customer.close();
});

test("two phones at one table: each sees the other's round and who added it; a settle closes the bill for both", async ({ browser, baseURL }) => {
  const goods = await plainMenuGoods(baseURL!, DEMO.shops.main);
  const qr = codes.byName.A08!;
  const b = await phone(browser);
  const a = await phone(browser, DEMO.members.chan.vipId);
  const pageB = await b.newPage();
  const pageA = await a.newPage();

  await addToCart(pageB, qr, goods);
  await placeOrder(pageB);
  await expect(pageB.getByRole('heading', { name: 'Round 1' })).toBeVisible();
  await expect(pageB.getByText('Added by Guest 1')).toBeVisible();

  await addToCart(pageA, qr, goods);
  await placeOrder(pageA);
  await expect(pageA.getByRole('heading', { name: 'Round 2' })).toBeVisible();
  // Phone B, untouched, sees phone A's round and A's name.
  await expect(pageB.getByRole('heading', { name: 'Round 2' })).toBeVisible(LIVE);
  await expect(pageB.getByText('Added by Chan Tai Man')).toBeVisible(LIVE);
  await expect(pageB.getByText('Chan Tai Man added round 2')).toBeVisible(LIVE);

  // A settles the table's bill: B's page shows it closed.
  await pageA.getByRole('button', { name: 'Settle the bill' }).tap();
  await pageA.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await pageA.getByRole('button', { name: /Settle and pay/ }).tap();
  await pageA.getByRole('button', { name: /^Pay MOP\$/ }).tap();
  await expect(pageA.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(pageB.getByRole('heading', { name: 'Checked out' })).toBeVisible(LIVE);
  await expect(pageB.getByRole('button', { name: 'Settle the bill' })).toHaveCount(0);
  await a.close();
  await b.close();
});

test('a goods marked sold out on the kitchen screen greys out on an open menu', async ({ browser, baseURL }) => {
  const customer = await phone(browser);
  const page = await customer.newPage();
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  const first = page.locator('article.goods').first();
  await expect(first).toBeVisible();
  const name = (await first.getAttribute('aria-label'))!;
  const row = page.getByRole('article', { name, exact: true });
  await expect(row).not.toHaveClass(/sold-out/);

  const board = await openKitchen(browser, baseURL!, DEMO.bases.quick);
  await board.getByRole('button', { name: 'Sold out', exact: true }).tap();
  await board.getByRole('searchbox', { name: 'Find goods by name or number' }).fill(name);
  const mark = board.getByRole('checkbox', { name: `Sold out: ${name}`, exact: true });
  try {
    await mark.check();
    await expect(row).toHaveClass(/sold-out/, LIVE);
    await expect(row.getByText('Sold out')).toBeVisible(LIVE);
  } finally {
    // Back in stock for the other journeys.
    await mark.uncheck();
  }
  await expect(row).not.toHaveClass(/sold-out/, LIVE);
  await board.context().close();
  await customer.close();
});

test('the kitchen screen on a phone: no sideways panning, three languages, a table closed as paid at the counter, a member found by code', async ({
  browser,
  baseURL,
}) => {
  const goods = await plainMenuGoods(baseURL!, DEMO.shops.main);
  const customer = await phone(browser);
  const page = await customer.newPage();
  await addToCart(page, codes.byName.A09!, goods);
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();

  // A cashier: the counter closes the bill and finds the member.
  const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, { width: 390, height: 844 }, 'cashier');
  const card = await scrolledTo(board.getByRole('article', { name: /Table A09$/ }));
  await expect(card).toBeVisible();
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  board.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Paid at the counter: close' }).tap();
  await expect(card).toHaveCount(0);
  // The customer's bill is closed for them too.
  await expect(page.getByRole('heading', { name: 'Checked out' })).toBeVisible(LIVE);

  await board.getByRole('button', { name: 'Member', exact: true }).tap();
  const code = issueMemberCode(loadConfig({ NODE_ENV: 'test' }).memberCodeSecret, { vipId: DEMO.members.chan.vipId, vipCode: '8530000001' }, new Date())!;
  await board.getByRole('textbox', { name: 'Member code' }).fill(code.MemberCode);
  await board.getByRole('button', { name: 'Look up' }).tap();
  await expect(board.getByText('Chan Tai Man')).toBeVisible();
  await board.getByRole('textbox', { name: 'Member code' }).fill('8530000001-000000');
  await board.getByRole('button', { name: 'Look up' }).tap();
  await expect(board.getByRole('alert')).toHaveText(/No member has this code/);

  await board.getByRole('combobox', { name: 'Language' }).selectOption('zh-TW');
  await expect(board.getByRole('heading', { name: /廚房與櫃台/ })).toBeVisible();
  await expect(board.getByRole('button', { name: '訂單' })).toBeVisible();
  await board.getByRole('combobox', { name: '語言' }).selectOption('zh-CN');
  await expect(board.getByRole('heading', { name: /厨房与柜台/ })).toBeVisible();
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await board.context().close();
  await customer.close();
});
