/**
 * The back office's menu, end to end (issue 27 section 1): the owner signs in
 * at the staff program on a laptop, creates a class and a goods with a spec,
 * a picture (a PNG made here) and names in three languages, sold at San Ma Lo
 * only; a customer whose menu at a San Ma Lo table is already open sees it
 * within 2 s (the menu's live event and the menu cache's invalidation), with
 * its picture, and orders its large size with the add-on the owner gave it.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, clearTableCarts } from './support/gateway';
import { addClass, fillSizedGoods } from './support/goodsForm';
import { englishPhone, freeTable, openKitchen, staffCall } from './support/kitchen';
import { sendFirstRound } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const TABLE = 'A12';


test('an owner adds a goods with a spec, a picture, three names and an add-on at one outlet; an open menu there shows it within 2 s and orders it with the add-on', async ({ browser, baseURL }) => {
  const codes = await demoCodes(baseURL);
  const qr = codes.byName[TABLE];
  expect(qr, `demo table ${TABLE}`).toBeTruthy();
  await freeTable(baseURL!, TABLE);
  const run = Date.now().toString(36).slice(-4).toUpperCase();
  const className = `Chef's specials ${run}`;
  const goodsName = `Lobster noodles ${run}`;
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 90, b: 40 } } }).png().toBuffer();
  const { outlets } = (await staffCall(baseURL!, 'GET', '/staff/outlets')) as { outlets: { baseId: string; nameEn: string }[] };
  const sanMaLo = outlets.find((o) => o.baseId === DEMO.bases.dineIn)!.nameEn;

  // The customer's menu at a San Ma Lo table is open first.
  const customer = await englishPhone(browser);
  const page = await customer.newPage();
  const owner = await openKitchen(browser, baseURL!, DEMO.bases.dineIn, { width: 1280, height: 800 }, 'owner');
  try {
    await page.goto(`/#/?QRCode=${qr!}`);
    await page.getByRole('link', { name: 'Order now' }).tap();
    const rail = page.getByRole('navigation', { name: 'Categories' });
    await expect(rail.getByRole('button').first()).toBeVisible();

    // The owner: Menu, a new class in three languages.
    await owner.getByRole('button', { name: 'Menu' }).click();
    await addClass(owner, { zhCN: `主厨推荐 ${run}`, zhTW: `主廚推薦 ${run}`, en: className });

    // A goods in it: three names, a price, a spec of two sizes, a picture, sold at San Ma Lo only.
    await owner.getByRole('button', { name: 'New goods' }).click();
    const form = owner.getByRole('region', { name: 'New goods' });
    await form.getByLabel('Code').fill(`L${run}`);
    await form.getByLabel('Name (simplified Chinese)').fill(`龙虾面 ${run}`);
    // The enterprise's own language (traditional Chinese) is required: saying so before anything is sent.
    await form.getByLabel('Name (English)').fill(goodsName);
    await form.getByLabel('Price', { exact: true }).fill('-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('The name in traditional Chinese is required.');
    await expect(form.getByRole('alert')).toContainText('Price: enter an amount of at most 2 decimals, not negative.');
    await form.getByLabel(/^Name \(traditional Chinese\)/).fill(`龍蝦麵 ${run}`);
    await fillSizedGoods(form, { goodsName, price: '88', largePrice: '108', outlet: sanMaLo, picture: { name: 'noodles.png', buffer: png } });
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = owner.getByRole('region', { name: `Edit ${goodsName}` });
    await expect(saved.getByRole('alert')).toHaveText('Saved.');

    // An add-on for it, below the goods form: names in the enterprise's language (required) and English, a price.
    await saved.getByRole('button', { name: 'Add-ons', exact: true }).click();
    const addOns = saved.getByRole('region', { name: 'Add-ons' });
    await addOns.getByRole('button', { name: 'New add-on' }).click();
    await addOns.getByLabel(/^Add-on 1 \(traditional Chinese\)/).fill(`加芝士 ${run}`);
    await addOns.getByLabel(/^Add-on 1 \(English\)/).fill(`Extra cheese ${run}`);
    await addOns.getByLabel('Add-on 1 · Price').fill('12');
    await addOns.getByRole('button', { name: 'Save add-ons' }).click();
    await expect(addOns.getByRole('status')).toHaveText('Saved.');
    const savedAt = Date.now();

    // The open menu: the class and the goods show within 2 s, with the picture.
    await expect(rail.getByRole('button', { name: className })).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - savedAt).toBeLessThan(2_000);
    await rail.getByRole('button', { name: className }).tap();
    const row = page.getByRole('article', { name: goodsName, exact: true });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img')).toHaveAttribute('src', /GoodsPic\//);

    // And orders its large size with the add-on (the chooser offers it once the open menu has read the add-on's save).
    const chooser = page.getByRole('dialog', { name: goodsName });
    const cheese = chooser.getByRole('checkbox', { name: new RegExp(`Extra cheese ${run}`) });
    await expect(async () => {
      if (!(await chooser.isVisible())) await row.getByRole('button').tap();
      try {
        await expect(cheese).toBeVisible({ timeout: 1_000 });
      } catch (err) {
        await chooser.getByRole('button', { name: 'Close' }).tap();
        throw err;
      }
    }).toPass({ timeout: 10_000 });
    await chooser.getByRole('radio', { name: /Large/ }).check();
    await cheese.check();
    await chooser.getByRole('button', { name: /Add to cart/ }).tap();
    await expect(chooser).toBeHidden();
    await sendFirstRound(page);
    await expect(page.getByText(goodsName).first()).toBeVisible();
  } finally {
    await freeTable(baseURL!, TABLE);
    await owner.context().close();
    await customer.close();
  }
});
