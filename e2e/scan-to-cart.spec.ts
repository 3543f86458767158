/**
 * Scan to cart: scan a table link, choose a two-attribute sku in a pack unit,
 * a bundle with its required and optional groups, add-ons and a remark;
 * reload and find the cart intact; set a line to zero; reach the cart page
 * with the right totals; order by item number. And the ordering guard: a
 * closed shop (said on its home page), an expired order window, a paid sheet
 * and a bad code. Run in
 * the three languages under a plain and a chat-app user agent (projects).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { callGateway, demoCodes, type DemoCodes, type Lang, clearTableCarts } from './support/gateway';
import { findGoods } from './support/menu';
import zhCN from '../src/client/i18n/locales/zh-CN.json';
import zhTW from '../src/client/i18n/locales/zh-TW.json';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const MAIN = DEMO.shops.main;
/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

type Row = Record<string, unknown>;
async function menu(baseURL: string, lang: Lang = 'en') {
  const list = await callGateway(
    baseURL,
    'HBBPos_GoodsClass_GoodsList_V9_Get',
    1,
    { ShopID: MAIN, PageIndex: 1, PageSize: 1000 },
    lang,
  );
  return (list.table1 ?? []) as Row[];
}
const byCode = (goods: Row[], code: string) => {
  const g = goods.find((r) => r.GoodsCode === code);
  if (!g) throw new Error(`no goods ${code}`);
  return g;
};
const current = (g: Row) =>
  g.PromotePrice !== '' && Number(g.PromotePrice) < Number(g.SalesPrice)
    ? Number(g.PromotePrice)
    : Number(g.SalesPrice);

const LANGS = {
  en: { language: 'LANGUAGE_EN' },
  'zh-CN': { language: 'LANGUAGE_ZH', messages: zhCN },
  'zh-TW': { language: 'LANGUAGE_ZH_TD', messages: zhTW },
} as const;

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', l);
      sessionStorage.setItem('seeded', '1');
    }
  }, language);
}

async function tapAdd(page: Page, name: string) {
  await (await findGoods(page, name)).getByRole('button').tap();
}

test('English: choose specs, packs, bundles, add-ons and remarks; reload; zero a line; totals', async ({
  page,
  baseURL,
}) => {
  const goods = await menu(baseURL!);
  const lemonTea = byCode(goods, '142');
  const riceSet = byCode(goods, '135');
  const bbqRice = byCode(goods, '101');
  const detail = await callGateway(baseURL!, 'EShop_GoodsDetailGet_V2_Get', 1, {
    GoodsID: lemonTea.GoodsID,
  });
  const pack = (detail.table3 ?? [])[0]!;
  const bom = await callGateway(baseURL!, 'HBBPos_GoodsBomList_V3_Get', 1, {
    GoodsID: riceSet.GoodsID,
  });
  const items = (bom.table2 ?? []) as Row[];
  const item = (en: string) => items.find((i) => i.GoodsName === en)!;
  const addOns = (
    await callGateway(baseURL!, 'Cust_GmGoodsChargingListGet_V1_Get', 1, {
      GoodsID: bbqRice.GoodsID,
    })
  ).table1 as Row[];
  const egg = addOns.find((a) => a.Value === 'Extra egg')!;

  await useLanguage(page, 'LANGUAGE_EN');
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await page.getByRole('link', { name: 'Order now' }).tap();

  // A two-attribute sku in a pack unit.
  await tapAdd(page, String(lemonTea.GoodsName));
  const chooser = page.getByRole('dialog', { name: String(lemonTea.GoodsName) });
  await chooser.getByRole('radio', { name: '500ml' }).check();
  await chooser.getByRole('radio', { name: 'Less Sugar' }).check();
  await chooser.getByRole('radio', { name: /Pack of 6/ }).check();
  await chooser.getByRole('button', { name: /Add to cart/ }).tap();
  await expect(chooser).toBeHidden();

  // A bundle: required main and drink (defaults), a different main, two optional snacks, a remark.
  await tapAdd(page, String(riceSet.GoodsName));
  const set = page.getByRole('dialog', { name: String(riceSet.GoodsName) });
  await set.getByRole('checkbox', { name: /Roast Goose Rice/ }).check();
  await set.getByRole('checkbox', { name: /Curry Fish Balls/ }).check();
  await set.getByRole('checkbox', { name: /Spring Rolls/ }).check();
  // The optional group allows two: a third is refused with the limit message.
  const third = items.find(
    (i) =>
      i.BOMClassID === item('Curry Fish Balls').BOMClassID &&
      !['Curry Fish Balls', 'Spring Rolls'].includes(String(i.GoodsName)),
  )!;
  await set
    .getByRole('checkbox', { name: new RegExp(String(third.GoodsName)) })
    .check({ force: true })
    .catch(() => undefined);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'The alternative 2, please cancel other products first' }),
  ).toBeVisible();
  await set.getByRole('textbox', { name: 'Remarks' }).fill('less spicy');
  await set.getByRole('button', { name: /Add to cart/ }).tap();
  await expect(set).toBeHidden();

  // An add-on with a price.
  await tapAdd(page, String(bbqRice.GoodsName));
  const rice = page.getByRole('dialog', { name: String(bbqRice.GoodsName) });
  await rice.getByRole('checkbox', { name: /Extra egg/ }).check();
  await rice.getByRole('button', { name: 'One more' }).tap();
  await rice.getByRole('button', { name: /Add to cart/ }).tap();

  // A reload keeps the cart.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('4 items');
  await page.getByRole('link', { name: 'Go to cart' }).tap();

  const setPrice =
    current(riceSet) +
    Number(item('Roast Goose Rice').BOMAmo) +
    Number(item('Curry Fish Balls').BOMAmo) +
    Number(item('Spring Rolls').BOMAmo);
  const ricePrice = (current(bbqRice) + Number(egg.Value3)) * 2;
  const packPrice = Number(pack.SalesPrice);
  const money = (n: number) => `MOP$${n.toFixed(2)}`;
  await expect(page.getByTestId('cart-total')).toHaveText(money(packPrice + setPrice + ricePrice));
  await expect(page.getByText('less spicy')).toBeVisible();

  // Set the pack line to zero: it goes, and the total follows.
  await page.getByRole('button', { name: `One less ${lemonTea.GoodsName}` }).tap();
  await expect(page.getByRole('button', { name: `One less ${lemonTea.GoodsName}` })).toHaveCount(
    0,
  );
  await expect(page.getByTestId('cart-total')).toHaveText(money(setPrice + ricePrice));
});

for (const locale of ['zh-CN', 'zh-TW'] as const) {
  test(`${locale}: a goods added from the menu is in the cart after a reload`, async ({
    page,
    baseURL,
  }) => {
    const goods = await menu(baseURL!, locale);
    const wonton = byCode(goods, '111');
    const name = String(wonton.GoodsName);
    await useLanguage(page, LANGS[locale].language);
    const { messages } = LANGS[locale];
    await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn2}`);
    // The app's link, by its name: the head's drawing of the home page is hidden from roles. Its link
    // keeps a tap for the app, but a tap the moment a chat app's sign-in leaves for its provider lands
    // between two pages and is lost (CI, 2026-11-29); the app's home page comes after the sign-in.
    await page.getByRole('link', { name: messages['home.orderNow'] }).tap();
    await tapAdd(page, name);
    const chooser = page.getByRole('dialog', { name });
    await chooser.getByRole('radio').nth(1).check();
    await chooser.getByRole('button', { name: messages['chooser.add'].replace(' · {amount}', '') }).tap();
    await page.reload();
    await expect((await findGoods(page, name)).locator('.badge')).toHaveText('1');
  });
}

test('order by item number', async ({ page, baseURL }) => {
  const goods = await menu(baseURL!);
  const coke = byCode(goods, '143');
  await useLanguage(page, 'LANGUAGE_EN');
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await page.getByRole('link', { name: 'Order by item number' }).tap();
  await page.getByRole('searchbox', { name: 'Item number or name' }).fill('143');
  await expect(page.getByRole('article', { name: String(coke.GoodsName) })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Item number or name' }).fill('999');
  await expect(
    page.getByRole('status').filter({ hasText: 'Nothing on the menu matches 999.' }),
  ).toBeVisible();
});

test('a closed shop says so on its home page (issue 23; e2e/dead-ends.spec.ts has the rest)', async ({ page }) => {
  await useLanguage(page, 'LANGUAGE_EN');
  await page.goto(`/#/?QRCode=${codes.qrCodes.closed}`);
  await expect(page.getByRole('alert')).toHaveText('Store is not opened now.');
  await expect(page).toHaveURL(/pages\/home\/home/);
  await expect(page.getByRole('link', { name: 'Order now' })).toHaveCount(0);
});

test('an expired order window lands on orderEntry', async ({ page }) => {
  await useLanguage(page, 'LANGUAGE_EN');
  await page.goto(`/#/?QRCode=${codes.sheetQrCodes.expired}`);
  await expect(page.getByRole('alert')).toHaveText(
    'The ordering time for this table has ended. Please ask our staff for help.',
  );
});

test('a paid sheet lands on orderEntry', async ({ page }) => {
  await useLanguage(page, 'LANGUAGE_ZH_TD');
  await page.goto(`/#/?QRCode=${codes.sheetQrCodes.checkedOut}&SheetID=${DEMO.sheets.checkedOut}`);
  await expect(page.getByRole('alert')).toHaveText('此訂單已付款，不能再修改。');
});

test('a bad QR code shows its message in Chinese', async ({ page }) => {
  await useLanguage(page, 'LANGUAGE_ZH');
  await page.goto('/#/?QRCode=NOPE');
  await expect(page.getByRole('alert')).toHaveText('无效的二维码');
});
