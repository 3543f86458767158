/**
 * The kitchen's stations, end to end (issue 26 section 2): a table orders a
 * wok dish, a drink and a dessert; a cook signs in on a 1024x768 tablet,
 * picks the wok's screen and sees only the wok's line, taps it done, bumps
 * the ticket, recalls it; with the sandbox clock 6 minutes on, the ticket is
 * amber after a reload, which keeps the chosen station.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO } from '../src/server/db/seed';
import { callGateway, demoCodes, clearTableCarts } from './support/gateway';
import { openKitchen, STAFF_TOKEN } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const LIVE = { timeout: 10_000 };
const STAFF = { authorization: `Bearer ${STAFF_TOKEN}`, 'accept-language': 'en' };
/** Run in the plain browser's project only (playwright.config.ts): one table. */
const tableName = () => 'A12';
const CLASS = { wok: ['885000000101', '885000000102', '885000000103', '885000000104'], drinks: ['885000000106'], desserts: ['885000000107'] };

async function freeTable(baseURL: string, name: string) {
  const res = await fetch(`${baseURL}/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0&limit=200`, { headers: STAFF });
  const { sheets } = (await res.json()) as { sheets: { sheetId: string; tableName: string }[] };
  for (const s of sheets.filter((x) => x.tableName === name)) {
    await fetch(`${baseURL}/staff/sheets/${s.sheetId}/close`, { method: 'POST', headers: { ...STAFF, 'content-type': 'application/json' }, body: '{"force":true}' });
  }
}

async function setClock(baseURL: string, now: Date | null) {
  const res = await fetch(`${baseURL}/sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: now && now.toISOString() }) });
  expect(res.ok).toBe(true);
}

/** A goods of the classes that the menu adds with one tap (no specs, parts or add-ons). */
async function oneTapGoods(baseURL: string, classes: string[]): Promise<string> {
  const list = await callGateway(baseURL, 'HBBPos_GoodsClass_GoodsList_V9_Get', 1, { ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 });
  const g = (list.table1 ?? []).find(
    (r) =>
      classes.includes(String(r.ClassID)) &&
      r.Skus === '0' &&
      Number(r.PUnitCount) === 0 &&
      Number(r.HasBom) === 0 &&
      Number(r.HasCharging) === 0 &&
      r.GoodsTypeID === '0' &&
      Number(r.SoldOut) === 0,
  );
  if (!g) throw new Error(`no one-tap goods in ${classes.join(', ')}`);
  return String(g.GoodsName);
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ ...test.info().project.use, userAgent: USER_AGENTS.plain, storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  return context;
}

async function placeOrder(page: Page) {
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
}

test("a cook sees only the wok's lines of a three-station order, marks one done, bumps, recalls; the ticket turns amber with the clock", async ({ browser, baseURL }) => {
  const name = tableName();
  await freeTable(baseURL!, name);
  const [wokDish, drink, dessert] = await Promise.all([oneTapGoods(baseURL!, CLASS.wok), oneTapGoods(baseURL!, CLASS.drinks), oneTapGoods(baseURL!, CLASS.desserts)]);
  const codes = await demoCodes(baseURL!);
  const customer = await phone(browser);
  const page = await customer.newPage();
  const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, { width: 1024, height: 768 });
  try {
    await page.goto(`/#/?QRCode=${codes.byName[name]!}`);
    await page.getByRole('link', { name: 'Order now' }).tap();
    for (const goods of [wokDish, drink, dessert]) await addFromMenu(page, goods, { tap: true });
    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();
    const sheetId = new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID')!;
    const ticketName = `Order ${sheetId.slice(-4)}, Table ${name}`;

    // The expo: the whole ticket with each station's progress.
    const expo = board.getByRole('article', { name: ticketName });
    await expect(expo).toBeVisible(LIVE);
    await expect(expo).toContainText('Wok: 0 of 1 done');
    await expect(expo).toContainText('Drinks: 0 of 1 done');
    await expect(expo).toContainText('Dessert: 0 of 1 done');

    // The wok's screen: only its line.
    await board.getByRole('group', { name: 'Screen' }).getByRole('button', { name: 'Wok', exact: true }).tap();
    const tickets = board.getByRole('region', { name: 'Tickets' });
    const ticket = tickets.getByRole('article', { name: ticketName });
    await expect(ticket).toBeVisible(LIVE);
    await expect(ticket).toContainText(wokDish);
    await expect(ticket).not.toContainText(drink);
    await expect(ticket).not.toContainText(dessert);
    await expect(board.getByRole('complementary', { name: 'All day' })).toContainText(wokDish);

    // Tap the line: done (kept by the service).
    const line = ticket.getByRole('button', { name: new RegExp(wokDish) });
    await expect(line).toHaveAttribute('aria-pressed', 'false');
    await line.tap();
    await expect(line).toHaveAttribute('aria-pressed', 'true', LIVE);

    // Bump: off the wok's screen; recall: back in its place.
    await ticket.getByRole('button', { name: `Bump ${ticketName}` }).tap();
    await expect(ticket).toBeHidden(LIVE);
    await board.getByText('Recall', { exact: true }).tap();
    await board.getByRole('button', { name: new RegExp(`^Recall Table ${name}, round 1`) }).tap();
    await expect(ticket).toBeVisible(LIVE);
    await expect(ticket).toHaveAttribute('data-timer', 'normal');

    // Six minutes on (the sandbox clock): amber (5:00 by default); a reload keeps the station and the timer.
    await setClock(baseURL!, new Date(Date.now() + 6 * 60_000));
    await board.reload();
    await expect(board.getByRole('group', { name: 'Screen' }).getByRole('button', { name: 'Wok', exact: true })).toHaveAttribute('aria-pressed', 'true', LIVE);
    await expect(ticket).toHaveAttribute('data-timer', 'amber', LIVE);
    await expect(ticket.getByRole('button', { name: new RegExp(wokDish) })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await setClock(baseURL!, null);
    await freeTable(baseURL!, name);
    await board.context().close();
    await customer.close();
  }
});
