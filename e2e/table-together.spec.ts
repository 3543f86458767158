/**
 * The table together (issue 28 sections 1 and 4), two phones at one
 * pay-after table and the kitchen screen: the table's cart shows another
 * phone's line and who added it within a second; both phones sending the
 * round at the same moment make one round; "Call staff" reaches the staff
 * screen, and the phone shows who is on the way once it is taken; a
 * waiter changes a diner's line in the table's cart from the staff screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { englishPhone, freeTable, openKitchen, staffCall } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const CART_TABLE = 'A02';
const CALL_TABLE = 'A11';
type Row = Record<string, unknown>;

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

async function openSheetsOf(baseURL: string, table: string): Promise<Row[]> {
  const { sheets } = (await staffCall(baseURL, 'GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0&limit=200`)) as { sheets: Row[] };
  return sheets.filter((s) => s.tableName === table);
}

/** A phone of its own (a browser context: its own cookies and storage) at the table's menu. */
async function phoneAt(browser: Browser, table: string): Promise<Page> {
  const page = await (await englishPhone(browser)).newPage();
  await page.goto(`/#/?QRCode=${codes.byName[table]!}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  return page;
}

async function toConfirm(page: Page) {
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
}

test("the table's cart shows another phone's line and who added it within a second; two phones sending at once make one round", async ({ browser, baseURL }) => {
  await freeTable(baseURL!, CART_TABLE);
  const plain = await plainGoods(baseURL!, DEMO.shops.main);
  const name = String(plain.GoodsName);
  const first = await phoneAt(browser, CART_TABLE);
  const second = await phoneAt(browser, CART_TABLE);
  try {
    // The second phone waits on the table's cart page.
    await second.getByRole('button', { name: /Call staff/ }).waitFor();
    await second.goto(`${new URL(second.url()).origin}/#/pages/postpayCart/postpayCart`);
    await expect(second.getByText('Nothing in the table’s cart yet: everyone at the table adds here.')).toBeVisible();

    // The first phone adds a dish: the second sees it, and who added it, within a second of it being in the table's cart.
    await addFromMenu(first, name, { tap: true });
    await expect(first.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    const lines = second.getByRole('list', { name: "The table's cart" });
    await expect(lines.getByRole('listitem').filter({ hasText: name })).toBeVisible({ timeout: 1_000 });
    await expect(lines.getByRole('listitem').filter({ hasText: name })).toContainText(/Added by Guest \d/);

    // The table's cart survives a reload, and a phone joining late sees it too.
    await second.reload();
    await expect(second.getByRole('list', { name: "The table's cart" }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
    const late = await phoneAt(browser, CART_TABLE);
    try {
      await late.goto(`${new URL(late.url()).origin}/#/pages/postpayCart/postpayCart`);
      await expect(late.getByRole('list', { name: "The table's cart" }).getByRole('listitem').filter({ hasText: name })).toContainText(/Added by Guest \d/);
    } finally {
      await late.context().close();
    }

    // The first phone's cart page: the same line, marked as its own.
    await first.getByRole('link', { name: 'Go to cart' }).tap();
    const firstLines = first.getByRole('list', { name: "The table's cart" });
    await expect(firstLines.getByRole('listitem')).toHaveCount(1);
    await expect(firstLines.getByRole('listitem').first()).toContainText('Added by you');

    // Another diner adds a line while this phone looks at the cart: "Confirm order" stays where it was
    // (the cart's foot is the page's), so a finger on its way to it does not land on the new line.
    const send = first.getByRole('link', { name: 'Confirm order' });
    const before = await send.boundingBox();
    await second.goto(`${new URL(second.url()).origin}/#/pages/goodsList/goodsList`);
    await addFromMenu(second, name, { tap: true });
    await expect(firstLines.getByRole('listitem')).toHaveCount(2);
    expect(await send.boundingBox()).toEqual(before);
    await second.goto(`${new URL(second.url()).origin}/#/pages/postpayCart/postpayCart`);

    // Both phones send the round at the same moment: one round.
    await toConfirm(first);
    await toConfirm(second);
    await Promise.all([first, second].map((p) => p.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap()));
    const sent = await Promise.race([
      first.getByRole('heading', { name: 'Round 1' }).waitFor().then(() => ({ sender: first, other: second })),
      second.getByRole('heading', { name: 'Round 1' }).waitFor().then(() => ({ sender: second, other: first })),
    ]);
    // The other phone's send was refused (its page says so, or its cart is already empty): no second round.
    await expect(sent.other.getByRole('heading', { name: /^Round/ })).toHaveCount(0);
    await expect(sent.sender.getByRole('heading', { name: 'Round 2' })).toHaveCount(0);
    const sheets = await openSheetsOf(baseURL!, CART_TABLE);
    expect(sheets).toHaveLength(1);
    expect((sheets[0]!.rounds as Row[]).length).toBe(1);
    // The round sent, the table's cart is empty again.
    await sent.other.goto(`${new URL(sent.other.url()).origin}/#/pages/postpayCart/postpayCart`);
    await expect(sent.other.getByText('Nothing in the table’s cart yet: everyone at the table adds here.')).toBeVisible();
  } finally {
    await freeTable(baseURL!, CART_TABLE);
    await first.context().close();
    await second.context().close();
  }
});

test('"Call staff" reaches the staff screen with a chime, and the phone shows who is on the way once it is taken', async ({ browser, baseURL }) => {
  const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn);
  const phone = await phoneAt(browser, CALL_TABLE);
  try {
    await phone.getByRole('button', { name: 'Call staff (once every 2 min)' }).tap();
    await expect(phone.getByRole('status').filter({ hasText: 'Staff have been called.' })).toBeVisible();
    await expect(phone.getByRole('button', { name: /Called: again in \d+ s/ }).first()).toBeDisabled();

    const calls = board.getByRole('region', { name: 'Table calls' });
    await expect(calls.getByText(`Table ${CALL_TABLE} calls for staff`)).toBeVisible({ timeout: 2_000 });
    expect(await board.evaluate(() => window.__staffCallCues ?? 0)).toBeGreaterThan(0);
    await calls.getByRole('button', { name: `On my way: table ${CALL_TABLE}` }).tap();
    await expect(calls.getByText('Kitchen tablet is on the way')).toBeVisible();
    await expect(phone.getByRole('status').filter({ hasText: 'Kitchen tablet is on the way.' })).toBeVisible({ timeout: 2_000 });
  } finally {
    await board.context().close();
    await phone.context().close();
  }
});

test("a waiter changes a diner's line in the table's cart on a 1024x768 tablet; the phone sees it at once", async ({ browser, baseURL }) => {
  const table = 'A09';
  const plain = await plainGoods(baseURL!, DEMO.shops.main);
  const name = String(plain.GoodsName);
  const phone = await phoneAt(browser, table);
  // The cashier serves tables (the kitchen's role does not see the button, and the service refuses it).
  const screen = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, { width: 1024, height: 768 }, 'cashier');
  try {
    await addFromMenu(phone, name, { tap: true });
    await phone.getByRole('button', { name: 'Call staff (once every 2 min)' }).tap();
    await phone.goto(`${new URL(phone.url()).origin}/#/pages/postpayCart/postpayCart`);
    const phoneLine = phone.getByRole('list', { name: "The table's cart" }).getByRole('listitem').filter({ hasText: name });
    const phoneCount = phoneLine.getByRole('group', { name: `Quantity of ${name}` }).locator('output');
    await expect(phoneCount).toHaveText('1');

    const calls = screen.getByRole('region', { name: 'Table calls' });
    await calls.getByRole('button', { name: `Table ${table}'s cart` }).tap();
    const dialog = screen.getByRole('dialog', { name: `Table ${table}'s cart` });
    const line = dialog.getByRole('listitem').filter({ hasText: name });
    await expect(line).toContainText(/Added by Guest \d/);
    // It fits the tablet: the dialog and its buttons within the screen, nothing to scroll sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

    await dialog.getByRole('button', { name: `One more ${name}` }).tap();
    await expect(line).toContainText(`2× ${name}`);
    await expect(phoneCount).toHaveText('2', { timeout: 1_000 });
    await dialog.getByRole('button', { name: `Remove ${name}` }).tap();
    await expect(dialog.getByText("Nothing in the table's cart.")).toBeVisible();
    await expect(phone.getByText('Nothing in the table’s cart yet: everyone at the table adds here.')).toBeVisible({ timeout: 1_000 });
  } finally {
    await screen.context().close();
    await phone.context().close();
  }
});

declare global {
  interface Window {
    __staffCallCues?: number;
  }
}
