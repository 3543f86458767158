/**
 * Issue 14, the first screen of a table link: no waterfall. The shop's
 * first requests go out together (the code and the shop page before either
 * is answered), the home page's goods are asked for before the home page's
 * own code has loaded, the head preloads the locale and the chunks the
 * first screen needs, luxon is not downloaded, and the first pictures are
 * neither lazy nor low priority.
 */
import { expect, test, type Request } from '@playwright/test';
import { tableCode, clearTableCarts } from './support/gateway';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

interface Seen {
  op: string;
  at: number;
  answeredAt?: number;
}

test('a table link asks for what its first screen needs at once, in parallel', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'LANGUAGE_EN'));
  const ops: Seen[] = [];
  const scripts: { url: string; at: number }[] = [];
  const start = Date.now();
  const opOf = (r: Request) => new URLSearchParams(r.postData() ?? '').get('strKeyName') ?? '';
  page.on('request', (r) => {
    if (r.url().includes('/HBBAPI/GetData')) ops.push({ op: opOf(r), at: Date.now() - start });
    if (r.resourceType() === 'script') scripts.push({ url: r.url(), at: Date.now() - start });
  });
  page.on('requestfinished', (r) => {
    if (!r.url().includes('/HBBAPI/GetData')) return;
    const seen = ops.find((o) => o.op === opOf(r) && o.answeredAt === undefined);
    if (seen) seen.answeredAt = Date.now() - start;
  });

  // The demo's first table (its code is random at seeding).
  await page.goto(`/#/?QRCode=${await tableCode('A01')}`);
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  const picture = page.locator('.home-goods img').first();
  await expect(picture).toBeVisible();

  // The head preloads the shell, the entry's chunks and English messages.
  const preloads = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.flatMap((l) => (l.getAttribute('data-chunk') ?? '').split(' ')));
  for (const chunk of ['shell', 'page-entry', 'enter-shop', 'page-home', 'locale-en']) {
    expect(preloads, `${chunk} preloaded`).toContain(chunk);
  }
  expect(preloads.filter((c) => c.startsWith('locale-zh'))).toEqual([]);

  // The code and the shop page went out together: neither waited for the other's answer.
  const resolve = ops.find((o) => o.op === 'Enterprise_EntIDByIDGet_Get')!;
  const shopPage = ops.find((o) => o.op === 'EShop_EShopShopPageGet_Get')!;
  expect(resolve).toBeDefined();
  expect(shopPage).toBeDefined();
  expect(shopPage.at).toBeLessThanOrEqual(resolve.answeredAt!);
  expect(resolve.at).toBeLessThanOrEqual(shopPage.answeredAt!);
  // Each asked once (the boot's prefetch and the entry page share the requests).
  expect(ops.filter((o) => o.op === 'Enterprise_EntIDByIDGet_Get')).toHaveLength(1);
  expect(ops.filter((o) => o.op === 'EShop_EShopShopPageGet_Get')).toHaveLength(1);
  expect(ops.filter((o) => o.op === 'Goods_GoodsShopHomeGoodsByPage_Get')).toHaveLength(1);
  // The home goods were asked for with the parameters, as soon as the code was resolved: not after
  // the entry had finished (parameters answered, home page loaded), as before.
  const homeGoods = ops.find((o) => o.op === 'Goods_GoodsShopHomeGoodsByPage_Get')!;
  const entParams = ops.find((o) => o.op === 'SysParm_EntSysParmGet_Get')!;
  expect(homeGoods.at).toBeLessThanOrEqual(entParams.answeredAt!);

  // Opening hours are checked without luxon: no script of the first screen carries it.
  for (const s of scripts) {
    const body = await (await page.request.get(s.url)).text();
    expect(body.includes('toISOWeekDate'), `${s.url} carries luxon`).toBe(false);
  }

  // Above the fold: not lazy, high priority.
  await expect(picture).not.toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('fetchpriority', 'high');
});
