/**
 * The ready board at the pickup counter (issue 26 section 4), end to end: a
 * manager's board link opens the board on a TV (no sign-in); a customer's
 * pickup order shows its number large on their order page and, once paid,
 * under Preparing on the board; the kitchen marks it ready on its screen and
 * the board shows it ready, largest, within 2 s, with a chime; a revoked link
 * stops the board.
 */
import { expect, test, type Browser } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { openKitchen, STAFF_TOKEN } from './support/kitchen';
import { paidPickupOrder } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

const LIVE = { timeout: 2_000 };

async function staff(baseURL: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${STAFF_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** The board on a TV: landscape, no session, the link as the manager handed it out. */
async function openBoard(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 }, locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test("a pickup order's number shows ready on the board within 2 s of the kitchen marking it ready, and large on the customer's page", async ({ browser, baseURL }) => {
  const made = await staff(baseURL!, 'POST', '/staff/board-links', { baseId: DEMO.bases.quick, name: 'Journey TV' });
  const tv = await openBoard(browser, baseURL!, String(made.path));
  await expect(tv.getByRole('heading', { name: 'Ready for pickup' })).toBeVisible();
  await tv.getByRole('button', { name: 'Turn on sound' }).click();
  await expect(tv.getByRole('button', { name: 'Turn on sound' })).toHaveCount(0);

  const kitchen = await openKitchen(browser, baseURL!, DEMO.bases.quick);

  // A customer orders a pickup and pays with their balance.
  const goods = await plainGoods(baseURL!, DEMO.shops.main);
  const customer = await browser.newContext({ ...test.info().project.use, userAgent: USER_AGENTS.plain, storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  await customer.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  expect((await customer.request.post('/sandbox/sign-in', { data: { vipId: DEMO.members.chan.vipId } })).ok()).toBe(true);
  const page = await customer.newPage();
  await paidPickupOrder(page, codes.qrCodes.quick, String(goods.GoodsName));
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();

  // The number, large on the customer's page.
  const label = page.getByText('Your pickup number');
  await expect(label).toBeVisible();
  const big = label.locator('strong');
  const number = (await big.textContent())!;
  expect(number).toMatch(/^\d{3,}$/);
  expect(parseFloat(await big.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(48);

  // On the board: preparing (numbers only: never the customer's name).
  const preparing = tv.getByRole('region', { name: 'Preparing' });
  const ready = tv.getByRole('region', { name: 'Ready for pickup' });
  await expect(preparing.getByRole('listitem').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible(LIVE);
  await expect(tv.locator('body')).not.toContainText('Chan Tai Man');
  const chimes = await tv.evaluate(() => window.__boardChimes ?? 0);

  // The kitchen makes it and marks it ready on its screen; the board follows within 2 s.
  const card = kitchen.getByRole('article', { name: new RegExp(`^Order ${number}, Pickup`) });
  await card.getByRole('button', { name: 'Start preparing' }).tap();
  await kitchen.getByRole('region', { name: /^Preparing/ }).getByRole('article', { name: new RegExp(`^Order ${number},`) }).getByRole('button', { name: 'Mark ready' }).tap();
  const shown = ready.getByRole('listitem').filter({ hasText: new RegExp(`^${number}$`) });
  await expect(shown).toBeVisible(LIVE);
  // The newest ready number is the largest.
  await expect(ready.getByRole('listitem').first()).toHaveText(number);
  expect(parseFloat(await shown.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThan(parseFloat(await preparing.getByRole('heading').evaluate((el) => getComputedStyle(el).fontSize)) * 3);
  await expect(preparing.getByRole('listitem').filter({ hasText: new RegExp(`^${number}$`) })).toHaveCount(0);
  await expect.poll(() => tv.evaluate(() => window.__boardChimes ?? 0), LIVE).toBeGreaterThan(chimes);

  // Collected: it leaves the board.
  await kitchen.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: new RegExp(`^Order ${number},`) }).getByRole('button', { name: /Picked up/ }).tap();
  await expect(shown).toHaveCount(0, LIVE);

  // The manager revokes the link: the board says so.
  await staff(baseURL!, 'DELETE', `/staff/board-links/${String((made.link as { linkId: string }).linkId)}`);
  await expect(tv.getByRole('alert')).toContainText('This board link is not valid', LIVE);

  await tv.context().close();
  await kitchen.context().close();
  await customer.close();
});
