/**
 * Sign-in in every host browser: the chat app (its consent page, then back on
 * the page the customer was on, with the cart), the Macau payment app and
 * Alipay (the auth code the host app hands over), the food app (its host
 * object); a plain browser orders as a guest and signs in by phone code
 * without losing the cart; a member edits the profile and uploads an avatar,
 * and a 6 MB file and a non-image are refused. Each journey sets its host's
 * user agent itself, so this file runs in the plain project only.
 */
import {
  expect,
  request as apiRequest,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { DEMO } from '../src/server/db/seed';
import { DEMO_IDENTITY_USERS } from '../src/server/providers/identity';
import { demoCodes, plainGoods as plainMenuGoods, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';
import { signInWithSmsCode } from './support/signIn';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The San Ma Lo outlet's table A01 (its code is random: asked of the running service). */
let QR = '';
test.beforeAll(async () => {
  QR = (await demoCodes()).qrCodes.dineIn;
});
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const UA = {
  chat: `${IPHONE} MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN`,
  mpay: `${IPHONE} MPay/3.8.0`,
  alipay: `${IPHONE} AlipayClient/10.6.0 Language/zh-Hant`,
  foodapp: `${IPHONE} mFood/2.4.1`,
  plain: `${IPHONE} Version/17.5 Safari/604.1`,
};

type Row = Record<string, unknown>;

async function newPhone(browser: Browser, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent,
    locale: 'en-US',
  });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language'))
      window.localStorage.setItem('language', 'LANGUAGE_EN');
  });
  return context;
}

/** The member's name as the service keeps it (read back through the sandbox, not hard-coded). */
async function memberName(baseURL: string, vipId: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL });
  const res = await api.post('/sandbox/sign-in', { data: { vipId } });
  const body = (await res.json()) as Row;
  await api.dispose();
  return String(body.VipName);
}

const plainGoods = (baseURL: string) => plainMenuGoods(baseURL, DEMO.shops.main);

async function openMine(page: Page) {
  await page.goto('/#/pages/mine/mine');
}

/** A small valid PNG of w x h pixels. */
function png(w = 2, h = 2): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h, 0x80);
  for (let y = 0; y < h; y += 1) raw[y * (w * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('chat app: the consent page, then back on the page the customer was on, with the cart', async ({
  browser,
  baseURL,
}) => {
  const goods = await plainGoods(baseURL!);
  const context = await newPhone(browser, UA.chat);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  // The provider's consent page: a new customer allows.
  await page.getByRole('radio', { name: /NewDiner/ }).check();
  await page.getByRole('button', { name: 'Allow' }).tap();
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  expect(page.url()).not.toContain('code=');
  await openMine(page);
  await expect(page.getByText('NewDiner')).toBeVisible();

  // On the menu with a cart, the session ends (cookies gone, a new browser session):
  await page.goto('/#/pages/goodsList/goodsList');
  await addFromMenu(page, String(goods.GoodsName), { tap: true });
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
  await context.clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  // ...the provider asks again; this time the existing member allows.
  await page
    .getByRole('radio', { name: new RegExp(DEMO_IDENTITY_USERS.chat.member.nickname) })
    .check();
  await page.getByRole('button', { name: 'Allow' }).tap();
  await expect(page).toHaveURL(/#\/pages\/goodsList\/goodsList$/);
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
  await openMine(page);
  await expect(
    page.getByText(await memberName(baseURL!, DEMO.members.chan.vipId), { exact: true }),
  ).toBeVisible();
  await context.close();
});

test('chat app: declining asks to authorize again; no orders as a guest', async ({ browser }) => {
  const context = await newPhone(browser, UA.chat);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await page.getByRole('button', { name: 'Deny' }).tap();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Authorization is required. Do you want to authorize this again?',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await openMine(page);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await context.close();
});

for (const host of ['mpay', 'alipay'] as const) {
  test(`${host}: the app's auth code signs the member in silently`, async ({
    browser,
    baseURL,
  }) => {
    const context = await newPhone(browser, UA[host]);
    // The host app hands the page a one-time code (Alipay answers "busy" once first).
    const res = await context.request.post(`/sandbox/identity/${host}/code`, {
      data: { user: 'member', ...(host === 'alipay' ? { flaky: 1 } : {}) },
    });
    const { code } = (await res.json()) as { code: string };
    const page = await context.newPage();
    await page.goto(`/?code=${code}#/?QRCode=${QR}`);
    await expect(page.getByRole('navigation')).toBeVisible();
    expect(page.url()).not.toContain(code);
    await openMine(page);
    // A payment app shows traditional Chinese.
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(
      page.getByText(await memberName(baseURL!, DEMO.members.chan.vipId), { exact: true }),
    ).toBeVisible();
    await context.close();
  });
}

test('food app: the host object signs a new customer in and registers them', async ({
  browser,
  baseURL,
}) => {
  const context = await newPhone(browser, UA.foodapp);
  await context.addCookies([{ name: 'sandbox_foodapp_user', value: 'new', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await openMine(page);
  await expect(
    page.getByText(DEMO_IDENTITY_USERS.foodapp.new.nickname, { exact: true }),
  ).toBeVisible();
  await context.close();
});

test("food app: a host that gives no token: 'Failed to get access token', then a guest", async ({
  browser,
  baseURL,
}) => {
  const context = await newPhone(browser, UA.foodapp);
  await context.addCookies([{ name: 'sandbox_foodapp_fail', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Failed to get access token' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await context.close();
});

test('a plain browser orders as a guest, then signs in by phone code without losing the cart', async ({
  browser,
  baseURL,
}) => {
  const goods = await plainGoods(baseURL!);
  const context = await newPhone(browser, UA.plain);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, String(goods.GoodsName), { tap: true });
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');

  await openMine(page);
  await signInWithSmsCode(page, DEMO.members.lee.phone);
  await expect(page).toHaveURL(/#\/pages\/mine\/mine/);
  await expect(
    page.getByText(await memberName(baseURL!, DEMO.members.lee.vipId), { exact: true }),
  ).toBeVisible();

  await page.goto('/#/pages/goodsList/goodsList');
  await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
  await context.close();
});

test('a member edits the profile and uploads an avatar; a 6 MB file and a non-image are refused', async ({
  browser,
}) => {
  const context = await newPhone(browser, UA.plain);
  expect(
    (
      await context.request.post('/sandbox/sign-in', { data: { vipId: DEMO.members.lee.vipId } })
    ).ok(),
  ).toBe(true);
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  await page.goto('/#/pages/vipDetailsEdit/vipDetailsEdit');

  const avatarInput = page.getByLabel('Change profile picture');
  await avatarInput.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([png(), Buffer.alloc(6 * 1024 * 1024)]),
  });
  await expect(page.getByText('The file is larger than 5 MB')).toBeVisible();
  await avatarInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('This file is not a picture.', { exact: false })).toBeVisible();
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(4, 4) });
  await expect(page.getByText('Your new profile picture is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: /profile picture/ })).toHaveAttribute(
    'src',
    /UserHeadImg\//,
  );

  await page.getByRole('textbox', { name: 'Name' }).fill('Lee Siu Ling!');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Name contains invalid characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Lee Siu Ling');
  await page.getByRole('button', { name: 'Save' }).tap();
  await openMine(page);
  await expect(page.getByText('Lee Siu Ling', { exact: true })).toBeVisible();
  await context.close();
});
