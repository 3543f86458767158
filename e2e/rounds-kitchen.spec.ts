/**
 * Rounds in the kitchen, end to end (issue 22 item 4, issue 23 items 2 and
 * 4): a table orders round 1, the kitchen marks it ready; the table orders
 * round 2 with a remark and an add-on, and the kitchen screen shows round 2
 * as its own new card with its remark and the add-on in English, while the
 * customer's page shows round 1 ready and round 2 new.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { callGateway, demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { englishPhone, freeTable, openKitchen } from './support/kitchen';
import { addFromMenu, findGoods } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const TABLE = 'A10';
const LIVE = { timeout: 5_000 };
type Row = Record<string, unknown>;

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});


async function placeOrder(page: Page, remark: string) {
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('textbox', { name: 'Remark' }).fill(remark);
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
}

test('a round added after the kitchen marked the first ready is a new card of its own, with its remark and add-on in English', async ({ browser, baseURL }) => {
  await freeTable(baseURL!, TABLE);
  const plain = await plainGoods(baseURL!, DEMO.shops.main);
  const list = (await callGateway(baseURL!, 'HBBPos_GoodsClass_GoodsList_V9_Get', 1, { ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 }, 'en')).table1 as Row[];
  const bbqRice = list.find((g) => g.GoodsID === DEMO.goods.bbqPorkRice)!;
  const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn);
  const customer = await englishPhone(browser);
  const page = await customer.newPage();
  try {
    // Round 1: the table's code, a plain dish, a remark.
    await page.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
    await page.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(page, String(plain.GoodsName), { tap: true });
    await placeOrder(page, 'No chilli');
    await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();
    const sheetId = new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID')!;
    const number = sheetId.slice(-4);

    // The kitchen makes it and marks it ready.
    const first = board.getByRole('region', { name: /^New/ }).getByRole('article', { name: `Order ${number}, Table ${TABLE}` });
    await expect(first).toBeVisible(LIVE);
    await expect(first).toContainText('Remark: No chilli');
    await first.getByRole('button', { name: 'Start preparing' }).tap();
    await board.getByRole('region', { name: /^Preparing/ }).getByRole('article', { name: `Order ${number}, Table ${TABLE}` }).getByRole('button', { name: 'Mark ready' }).tap();
    await expect(board.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: `Order ${number}, Table ${TABLE}` })).toBeVisible(LIVE);
    await expect(page.getByRole('region', { name: 'Round 1' }).getByText('Ready', { exact: true })).toBeVisible(LIVE);

    // Round 2: BBQ pork rice with an extra egg, and an allergy note.
    await page.getByRole('link', { name: 'Back to the menu' }).tap();
    await (await findGoods(page, String(bbqRice.GoodsName))).getByRole('button').tap();
    const chooser = page.getByRole('dialog', { name: String(bbqRice.GoodsName) });
    await chooser.getByRole('checkbox', { name: /Extra egg/ }).check();
    await chooser.getByRole('button', { name: /Add to cart/ }).tap();
    await expect(chooser).toBeHidden();
    await placeOrder(page, 'Peanut allergy');
    await expect(page.getByRole('heading', { name: 'Round 2' })).toBeVisible();

    // The kitchen: round 2 is a new card of its own, its remark and its add-on in English; round 1 stays ready.
    const second = board.getByRole('region', { name: /^New/ }).getByRole('article', { name: `Order ${number}, Table ${TABLE}, round 2` });
    await expect(second).toBeVisible(LIVE);
    await expect(second).toContainText('Remark: Peanut allergy');
    await expect(second).toContainText('+ Extra egg');
    await expect(second).not.toContainText('加蛋');
    await expect(second).not.toContainText('No chilli');
    const readyFirst = board.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: `Order ${number}, Table ${TABLE}, round 1` });
    await expect(readyFirst).toBeVisible();
    await expect(readyFirst).toContainText('Remark: No chilli');

    // The customer's page: round 1 ready, round 2 new, each with its own remark; the add-on in English.
    const round1 = page.getByRole('region', { name: 'Round 1' });
    const round2 = page.getByRole('region', { name: 'Round 2' });
    await expect(round1.getByText('Ready', { exact: true })).toBeVisible();
    await expect(round2.getByText('New', { exact: true })).toBeVisible();
    await expect(round2).toContainText('Remark: Peanut allergy');
    await expect(round2).toContainText('Extra egg');
    await expect(page.getByText(/Table A10/)).toBeVisible();

    // The kitchen starts round 2: the customer's page follows, round 1 still ready.
    await second.getByRole('button', { name: 'Start preparing' }).tap();
    await expect(round2.getByText('Preparing', { exact: true })).toBeVisible(LIVE);
    await expect(round1.getByText('Ready', { exact: true })).toBeVisible();
  } finally {
    await freeTable(baseURL!, TABLE);
    await board.context().close();
    await customer.close();
  }
});
