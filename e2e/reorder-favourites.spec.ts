/**
 * Issue 29 section 1, by touch on a phone-sized window:
 * - "Order again" from a paid pickup order: meanwhile one of its goods was
 *   marked sold out and the other re-priced (the staff API with the automation
 *   key); the re-priced one goes to the cart at today's price, noted with both
 *   prices, the sold-out one is listed; two taps from the order list to the cart.
 * - A member's heart on a goods: after a reload it is in the Favourites class at
 *   the top of the menu, and the member's other phone shows it too.
 * - "Order again" at a pay-after table: the past order's lines join the
 *   table's live cart (marked "Added by you"), and another phone at the table
 *   sees them within a second.
 * The goods are this run's own (a class and two goods made through the staff
 * API), so no other journey's menu changes.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { englishPhone, freeTable, staffCall } from './support/kitchen';
import { addFromMenu, checkoutPickupWithBalance, findGoods } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

interface MenuGoods {
  goodsId: string;
  version: number;
}

/** A class of this run's at every outlet of the demo shop, with two plain goods in it. */
async function runMenu(baseURL: string, run: string) {
  const names = (en: string, zh: string) => ({ zh, tw: zh, en });
  const { class: cls } = (await staffCall(baseURL, 'POST', '/staff/classes', { shopId: DEMO.shops.main, names: names(`Again ${run}`, `再来 ${run}`) })) as {
    class: { classId: string };
  };
  expect(cls?.classId).toBeTruthy();
  const goods = async (code: string, en: string, zh: string, price: string) => {
    const res = (await staffCall(baseURL, 'POST', '/staff/goods', { shopId: DEMO.shops.main, classId: cls.classId, code, names: names(en, zh), price, salesPrice: price })) as {
      goods: MenuGoods;
    };
    expect(res.goods?.goodsId, JSON.stringify(res)).toBeTruthy();
    return res.goods;
  };
  return {
    soup: await goods(`RS${run}`, `Pumpkin soup ${run}`, `南瓜汤 ${run}`, '30'),
    pie: await goods(`RP${run}`, `Apple pie ${run}`, `苹果批 ${run}`, '40'),
  };
}

/** A phone signed in as the demo member Chan, in English, at Horta e Costa's menu for pickup. */
async function chansPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...test.info().project.use, locale: 'en-US', storageState: { cookies: [], origins: [] } });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  expect((await context.request.post('/sandbox/sign-in', { data: { vipId: DEMO.members.chan.vipId } })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  return page;
}

test('order again from a past order: the sold-out goods listed, the re-priced one noted and in the cart at today\'s price', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const { soup, pie } = await runMenu(baseURL!, run);
  const page = await chansPhone(browser);

  // The past order: a soup and a pie, paid with the balance.
  await addFromMenu(page, `Pumpkin soup ${run}`, { tap: true });
  await addFromMenu(page, `Apple pie ${run}`, { tap: true });
  await checkoutPickupWithBalance(page);

  // Meanwhile the soup sells out and the pie goes up from 40 to 42.50.
  expect(await staffCall(baseURL!, 'POST', `/staff/goods/${soup.goodsId}/sold-out`, { soldOut: true })).toMatchObject({ soldOut: true });
  const repriced = await staffCall(baseURL!, 'PATCH', `/staff/goods/${pie.goodsId}`, { version: pie.version, price: '42.5', salesPrice: '42.5' });
  expect(repriced, JSON.stringify(repriced)).toHaveProperty('goods');

  // Two taps from the order list to the cart (the list reached from the paid order's page).
  await page.getByRole('link', { name: 'View order details' }).tap();
  await page.getByRole('link', { name: 'My orders', exact: true }).tap();
  await page.getByRole('button', { name: /^Order again: / }).first().tap();
  const dialog = page.getByRole('dialog', { name: 'Order again' });
  await expect(dialog.getByRole('status')).toHaveText("1 item was added to your cart at today's prices.");
  await expect(dialog.getByRole('region', { name: 'Prices changed since this order' }).getByRole('listitem')).toHaveText([
    `Apple pie ${run}: now MOP$42.50, was MOP$40.00`,
  ]);
  await expect(dialog.getByRole('region', { name: 'Not added' }).getByRole('listitem')).toHaveText([`Pumpkin soup ${run}: sold out`]);
  await dialog.getByRole('link', { name: 'View cart' }).tap();

  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByText(`Apple pie ${run}`).first()).toBeVisible();
  await expect(page.getByText(`Pumpkin soup ${run}`)).toHaveCount(0);
  await expect(page.getByText('MOP$42.50').first()).toBeVisible();
  await page.context().close();
});

test('a favourite goods is in Favourites at the top of the menu after a reload, and on the member\'s other phone', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  await runMenu(baseURL!, run);
  const name = `Apple pie ${run}`;
  const page = await chansPhone(browser);
  await findGoods(page, name);
  const menuList = page.getByRole('list', { name: 'Menu' });
  await menuList.getByRole('button', { name: `Add ${name} to favourites` }).tap();
  await expect(menuList.getByRole('button', { name: `Remove ${name} from favourites` })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const rail = page.getByRole('navigation', { name: 'Categories' });
  // The rail's first class (after the allergen filter's button, issue 29 section 2).
  await expect(rail.getByRole('button').filter({ hasNotText: 'Allergens & diets' }).first()).toHaveText('Favourites');
  await rail.getByRole('button', { name: 'Favourites' }).tap();
  const menu = page.getByRole('list', { name: 'Menu' });
  await expect(menu.getByRole('heading', { name: 'Favourites' })).toBeVisible();
  // The Favourites class's first row is the goods, its heart pressed.
  await expect(menu.getByRole('listitem').nth(1).getByRole('article')).toHaveAccessibleName(name);
  const heart = menu.getByRole('listitem').nth(1).getByRole('button', { name: `Remove ${name} from favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The member's other phone: the same favourites, from the service.
  const other = await chansPhone(browser);
  await expect(other.getByRole('navigation', { name: 'Categories' }).getByRole('button').filter({ hasNotText: 'Allergens & diets' }).first()).toHaveText('Favourites');
  await expect(other.getByRole('list', { name: 'Menu' }).getByRole('article', { name, exact: true }).first()).toBeVisible();
  await other.context().close();

  // Removed again, it leaves the Favourites class.
  await heart.tap();
  await expect(menu.getByRole('heading', { name: 'Favourites' })).toHaveCount(0);
  await page.context().close();
});

test("order again at a pay-after table: the past order's lines join the table's cart, and another phone at the table sees them within a second", async ({ browser, baseURL }) => {
  const TABLE = 'A02';
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  await runMenu(baseURL!, run);
  await freeTable(baseURL!, TABLE);
  const page = await chansPhone(browser);
  // Another diner's phone at the table, waiting on the table's cart page.
  const other = await (await englishPhone(browser)).newPage();
  try {
    // The past order: a pickup of a soup and two pies, paid with the balance.
    await addFromMenu(page, `Pumpkin soup ${run}`, { tap: true });
    await addFromMenu(page, `Apple pie ${run}`, { tap: true, times: 2 });
    await checkoutPickupWithBalance(page);

    await other.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
    await other.getByRole('link', { name: 'Order now' }).tap();
    await other.getByRole('button', { name: /Call staff/ }).waitFor();
    await other.goto(`${new URL(other.url()).origin}/#/pages/postpayCart/postpayCart`);
    await expect(other.getByText('Nothing in the table’s cart yet: everyone at the table adds here.')).toBeVisible();

    // The member sits down at the pay-after table: scans its code, then orders the past order again from the order list.
    await page.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
    await page.getByRole('link', { name: 'Order now' }).tap();
    await page.getByRole('button', { name: /Call staff/ }).waitFor();
    // The order list opened afresh (a bookmark, the app reopened at the table): the table's part of the app is not loaded yet.
    await page.goto('/#/pages/orderList/orderList');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
    await page.getByRole('button', { name: /^Order again: / }).first().tap();
    const dialog = page.getByRole('dialog', { name: 'Order again' });
    await expect(dialog.getByRole('status')).toHaveText("2 items were added to your cart at today's prices.");

    // The other phone sees both lines, and who added them, within a second.
    const otherLines = other.getByRole('list', { name: "The table's cart" });
    await expect(otherLines.getByRole('listitem').filter({ hasText: `Pumpkin soup ${run}` })).toBeVisible({ timeout: 1_000 });
    await expect(otherLines.getByRole('listitem').filter({ hasText: `Apple pie ${run}` })).toBeVisible({ timeout: 1_000 });
    await expect(otherLines.getByRole('listitem')).toHaveCount(2);
    await expect(otherLines.getByRole('listitem').filter({ hasText: `Pumpkin soup ${run}` })).toContainText('Added by Chan');

    // "View cart" opens the table's cart: the same lines, the member's own.
    await dialog.getByRole('link', { name: 'View cart' }).tap();
    const lines = page.getByRole('list', { name: "The table's cart" });
    await expect(lines.getByRole('listitem')).toHaveCount(2);
    await expect(lines.getByRole('listitem').filter({ hasText: `Pumpkin soup ${run}` })).toContainText('Added by you');
    const pies = lines.getByRole('listitem').filter({ hasText: `Apple pie ${run}` });
    await expect(pies).toContainText('Added by you');
    await expect(pies.getByRole('group', { name: `Quantity of Apple pie ${run}` })).toHaveText(/^\D*2\D*$/);
  } finally {
    await freeTable(baseURL!, TABLE);
    await other.context().close();
    await page.context().close();
  }
});
