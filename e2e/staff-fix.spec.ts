/**
 * Staff fix an order, end to end (issue 26 section 5): a customer at a San
 * Ma Lo table orders two dishes; the manager, at the kitchen and counter
 * screen, voids one of them with a reason and their PIN; the customer's order
 * page (a second browser context) shows it struck through with the reason,
 * and the total re-priced by the service.
 */
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_STAFF } from '../src/server/db/seed';
import { callGateway, demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { englishPhone, freeTable, openKitchen } from './support/kitchen';
import { addFromMenu, sendFirstRound } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const TABLE = 'A07';
const LIVE = { timeout: 5_000 };
type Row = Record<string, unknown>;

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});


test("a manager voids a line with a reason and PIN: the customer's page strikes it through and the total is re-priced", async ({ browser, baseURL }) => {
  await freeTable(baseURL!, TABLE);
  // Two plain dishes of different prices (no specs, packs, bundles or add-ons).
  const list = (await callGateway(baseURL!, 'HBBPos_GoodsClass_GoodsList_V9_Get', 1, { ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 }, 'en')).table1 as Row[];
  const plain = list.filter(
    (r) => r.Skus === '0' && Number(r.PUnitCount) === 0 && Number(r.HasBom) === 0 && Number(r.HasCharging) === 0 && r.GoodsTypeID === '0' && Number(r.SoldOut) === 0 && Number(r.BagCount) === 0,
  );
  const voided = plain[0]!;
  const kept = plain.find((g) => Number(g.SalesPrice) !== Number(voided.SalesPrice))!;
  const manager = DEMO_STAFF.find((s) => s.login === 'manager')!;

  const board = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, undefined, 'manager');
  const customer = await englishPhone(browser);
  const page = await customer.newPage();
  try {
    await page.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
    await page.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(page, String(voided.GoodsName), { tap: true });
    await addFromMenu(page, String(kept.GoodsName), { tap: true });
    const sheetId = await sendFirstRound(page);
    const number = sheetId.slice(-4);
    const both = (Number(voided.SalesPrice) + Number(kept.SalesPrice)).toFixed(2);
    await expect(page.getByText(both).last()).toBeVisible();

    // The manager opens the ticket's fix panel and voids the first dish: out of stock, with their own PIN.
    const ticket = board.getByRole('article', { name: `Order ${number}, Table ${TABLE}` });
    await expect(ticket).toBeVisible(LIVE);
    await ticket.getByRole('button', { name: 'Fix order' }).tap();
    const panel = board.getByRole('dialog', { name: `Fix order ${number}` });
    await panel.getByRole('button', { name: `Void ${String(voided.GoodsName)}` }).tap();
    await panel.getByRole('radio', { name: 'Out of stock' }).check();
    await panel.getByRole('textbox', { name: "Manager's login" }).fill(manager.login);
    await panel.getByLabel('PIN').fill(manager.pin);
    await panel.getByRole('button', { name: 'Void line' }).tap();
    await expect(panel.getByText('Voided: Out of stock')).toBeVisible(LIVE);
    await expect(panel.getByRole('button', { name: `Void ${String(voided.GoodsName)}` })).toBeHidden();
    // What is left, and San Ma Lo's 10 % service charge on it (issue 28): the bill the service re-priced.
    const left = (Math.round(Number(kept.SalesPrice) * 110) / 100).toFixed(2);
    await expect(panel.getByText(`Total ${left}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).tap();

    // The customer's page, live: the dish struck through with its reason, the total re-priced by the service.
    const items = page.getByRole('region', { name: 'Round 1' });
    await expect(items.getByText('Voided: Out of stock')).toBeVisible(LIVE);
    await expect(items.locator('s', { hasText: String(voided.GoodsName) })).toBeVisible();
    await expect(items.locator('s', { hasText: String(kept.GoodsName) })).toHaveCount(0);
    const amounts = page.getByRole('region', { name: 'Amounts' });
    await expect(amounts.locator('.amount-total')).toContainText(left);
  } finally {
    await freeTable(baseURL!, TABLE);
    await board.context().close();
    await customer.close();
  }
});
