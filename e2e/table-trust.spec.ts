/**
 * Trust at the table (issue 22), end to end: a diner scans a table's QR code
 * and orders; a second phone that did not scan (it opened the table by its
 * id, which the public table list gives anyone) cannot add to the table's
 * bill and is told why; a diner starts paying the bill and abandons the
 * payment, which holds the table until the bound (PAYMENT_PENDING_MINUTES,
 * 10 minutes: the sandbox clock is moved past it), then the table orders
 * again; the kitchen screen shows the payment in progress and force-closes
 * the sheet by touch, with a confirm.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO } from '../src/server/db/seed';
import { callGateway, plainGoods, tableCode, clearTableCarts } from './support/gateway';
import { openKitchen, scrolledTo, STAFF_TOKEN } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const STAFF = { authorization: `Bearer ${STAFF_TOKEN}` };
const LIVE = { timeout: 2_000 };

/** Its table (run in the plain browser's project only, playwright.config.ts); every journey that uses it leaves it free (checked out or closed). */
const tableName = () => 'A08';

async function phone(browser: Browser) {
  const context = await browser.newContext({
    ...test.info().project.use,
    userAgent: USER_AGENTS.plain,
    storageState: { cookies: [], origins: [] },
    locale: 'en-US',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  return context;
}

/** From the outlet's home page (a table link), one goods into the cart and on to the order's confirmation. */
async function orderOneFrom(page: Page, entry: string, goodsName: string) {
  await page.goto(entry);
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, goodsName);
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
}

async function setClock(baseURL: string, now: Date | null) {
  const res = await fetch(`${baseURL}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: now && now.toISOString() }),
  });
  expect(res.ok).toBe(true);
}

/** Whatever is still open at the table (a journey that failed half-way) is closed, so the table is free for the next. */
async function freeTable(baseURL: string, name: string) {
  const res = await fetch(`${baseURL}/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0`, { headers: STAFF });
  const { sheets } = (await res.json()) as { sheets: { sheetId: string; tableName: string }[] };
  for (const s of sheets.filter((x) => x.tableName === name)) {
    await fetch(`${baseURL}/staff/sheets/${s.sheetId}/close`, { method: 'POST', headers: { ...STAFF, 'content-type': 'application/json' }, body: '{"force":true}' });
  }
}

test("a table is its diners': a phone that did not scan cannot add to it, an abandoned payment holds it only until the bound, staff force-close it", async ({
  browser,
  baseURL,
}) => {
  const name = tableName();
  await freeTable(baseURL!, name);
  const goods = String((await plainGoods(baseURL!, DEMO.shops.main)).GoodsName);
  const qr = await tableCode(name);
  // The table's id, as anyone can read it from the public table list.
  const tables = await callGateway(baseURL!, 'Table_BaseTablesListByPage_Get', 7, { BaseID: DEMO.bases.dineIn, PageIndex: 1, PageSize: 50 });
  const tableId = String(tables.table1!.find((t) => t.TableName === name)!.TableID);

  const diner = await phone(browser);
  const stranger = await phone(browser);
  try {
    // The diner scans the table's QR code and orders: the table's bill opens.
    const page = await diner.newPage();
    await orderOneFrom(page, `/#/?QRCode=${qr}`, goods);
    await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();
    const billUrl = page.url();

    // A second phone opens the same table by its id, without scanning its code: it cannot add to the bill.
    // Its add is refused at once (a pay-after table's cart is the table's, issue 28): nothing to send.
    const other = await stranger.newPage();
    await other.goto(`/#/?TableID=${tableId}`);
    await other.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(other, goods);
    await expect(other.getByText('Scan the QR code on your table to order at it.')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Cart' })).toContainText('Your cart is empty');
    await expect(other.getByRole('heading', { name: 'Round 2' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Round 2' })).toHaveCount(0);

    // The diner starts paying the bill and leaves the provider's page: the payment is left pending.
    await page.getByRole('button', { name: 'Settle the bill' }).tap();
    await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
    await page.getByRole('button', { name: /Settle and pay/ }).tap();
    await expect(page.getByRole('button', { name: /^Pay MOP\$/ })).toBeVisible();
    const paidAt = Date.now();

    // The kitchen screen sees the payment in progress, and could cancel it.
    // A manager: a force close is a manager's.
    const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, undefined, 'manager');
    const card = await scrolledTo(board.getByRole('article', { name: new RegExp(`Table ${name}$`) }));
    await expect(card.getByText('Payment in progress')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel payment' })).toBeVisible();

    // Before the bound, the table takes no more rounds: it is being settled.
    await orderOneFrom(page, `/#/?QRCode=${qr}`, goods);
    await expect(page.getByText('The bill of this table is being settled. No more rounds can be added.')).toBeVisible();

    // Past the bound (the sandbox clock moved on), the payment expires and the table orders again.
    await setClock(baseURL!, new Date(paidAt + 10 * 60_000 + 30_000));
    await page.getByRole('button', { name: 'Place order' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.getByRole('heading', { name: 'Round 2' })).toBeVisible();
    // Each round is a card of its own now ("Order …, Table A08, round 2"), every one of them with the table's tools.
    const cards = board.getByRole('article', { name: new RegExp(`Table ${name}(, round \\d+)?$`) });
    await expect(cards).toHaveCount(2, LIVE);
    await expect(cards.getByText('Payment in progress')).toHaveCount(0, LIVE);

    // The kitchen force-closes the table's sheet, by touch, after a confirm; the diners' bill shows it closed.
    board.once('dialog', (d) => {
      expect(d.message()).toBe(`Close table ${name} without payment? A payment in progress is cancelled first (one already made is kept).`);
      void d.accept();
    });
    await cards.last().getByRole('button', { name: 'Force close' }).tap();
    await expect(cards).toHaveCount(0);
    await page.goto(billUrl);
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await board.context().close();
  } finally {
    await setClock(baseURL!, null);
    await freeTable(baseURL!, name);
    await diner.close();
    await stranger.close();
  }
});
