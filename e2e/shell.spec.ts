/**
 * The app shell's journeys: a printed table link shows the shop in each of the
 * three languages, every route opens, an unknown route is handled, and a dead
 * service shows the network error toast. Run under a plain and a chat-app
 * user agent (playwright.config.ts projects).
 */
import { expect, test } from '@playwright/test';
import { routes } from '../src/client/app/routes';
import { demoCodes, shopNames, clearTableCarts } from './support/gateway';
import { startService } from './support/service';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The San Ma Lo outlet's table A01: its code is random, asked of the running service. */
let QR = '';
test.beforeAll(async () => {
  QR = (await demoCodes()).qrCodes.dineIn;
});
const LANGUAGE_OF = {
  'zh-CN': 'LANGUAGE_ZH',
  'zh-TW': 'LANGUAGE_ZH_TD',
  en: 'LANGUAGE_EN',
} as const;

for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
  test(`a table link shows the shop's name in ${locale}`, async ({ browser, baseURL }) => {
    const names = await shopNames(baseURL!, QR);
    const context = await browser.newContext({ locale, ...test.info().project.use });
    await context.addInitScript(
      (language) => window.localStorage.setItem('language', language),
      LANGUAGE_OF[locale],
    );
    const page = await context.newPage();
    await page.goto(`/#/?QRCode=${QR}`);
    await expect(page.getByRole('heading', { level: 1, name: names[locale] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('navigation')).toBeVisible();
    await context.close();
  });
}

const DEVICE_CASES = [
  // A tourist's phone: its language beats the enterprise's AppLanguage (the demo's is LANGUAGE_ZH_TD).
  { device: 'en-US', locale: 'en', tab: 'My Order' },
  { device: 'zh-CN', locale: 'zh-CN', tab: '我的订单' },
  // A device in none of the app's languages: the enterprise's.
  { device: 'fr-FR', locale: 'zh-TW', tab: '我的訂單' },
] as const;

for (const { device, locale, tab } of DEVICE_CASES) {
  test(`without a stored choice a ${device} phone reads ${locale}`, async ({ browser, baseURL }) => {
    const names = await shopNames(baseURL!, QR);
    const context = await browser.newContext({ ...test.info().project.use, locale: device });
    const page = await context.newPage();
    await page.goto(`/#/?QRCode=${QR}`);
    await expect(page.getByRole('heading', { level: 1, name: names[locale] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('link', { name: tab })).toBeVisible();
    await context.close();
  });
}

test('the language switch on the mine page changes the language and is remembered', async ({
  page,
}) => {
  await page.goto('/#/pages/mine/mine');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('link', { name: 'My Order' })).toBeVisible();
  await page.getByRole('radio', { name: '简体中文' }).check();
  await expect(page.getByRole('link', { name: '我的订单' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: '简体中文' })).toBeChecked();
});

test('every route opens with its title, never a blank screen', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  for (const route of routes) {
    if (route.path === '/') continue;
    await page.goto(`/#${route.path}`);
    const title = route.title.defaultMessage as string;
    await expect(page, route.path).toHaveTitle(title);
    await expect(page.locator('main'), route.path).not.toBeEmpty();
    if (route.tab) {
      await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'page');
      // Home's heading is the shop's name; the other tabs are titled.
      if (route.name !== 'home') await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    } else {
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    }
  }
});

test('an unknown route logs and offers a way home', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto('/#/pages/nowhere/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(errors.some((e) => e.includes('找不到路由'))).toBe(true);
  await page.getByRole('link', { name: 'Go to the home page' }).tap();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('a bad QR code shows its message', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  await page.goto('/#/?QRCode=NO-SUCH-CODE');
  await expect(page.getByRole('alert')).toHaveText('Invalid QR Code');
});

test('hideTabBar hides the tab bar', async ({ page }) => {
  await page.goto(`/#/?QRCode=${QR}&hideTabBar=1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('the network error toast when the service is down', async ({ page }) => {
  const service = await startService();
  try {
    await page.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
    // The entry page without a code: its chunk and the English messages are loaded.
    await page.goto(`${service.url}/#/`);
    await expect(page.getByText('Scan the QR code on your table to order.')).toBeVisible();
  } finally {
    await service.close();
  }
  await page.evaluate(() => {
    window.location.hash = '#/?QRCode=HBK-anytablecode0001';
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Network connection error' }),
  ).toBeVisible();
});

test('a payment-app browser forces traditional Chinese over a stored choice', async ({
  browser,
  baseURL,
}) => {
  const names = await shopNames(baseURL!, QR);
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: 'en-US',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 MPay/3.2.1',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${QR}`);
  await expect(page.getByRole('heading', { level: 1, name: names['zh-TW'] })).toBeVisible();
  await expect(page.getByRole('link', { name: '我的訂單' })).toBeVisible();
  await context.close();
});
