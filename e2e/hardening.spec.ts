/**
 * Issue 16 in the browser: the security headers' Content-Security-Policy
 * blocks nothing the app uses (the built page, its chunks, the pictures, the
 * data endpoint, the sandbox payment and the food-app host object), a table
 * link works with its random code, and a page of another site cannot frame
 * the app. Every page records CSP violations (the securitypolicyviolation
 * event and the console's CSP errors); none may occur.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

/** Records CSP violations of every page of the context. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  context.on('page', (page) => watchConsole(page, violations));
  return violations;
}

function watchConsole(page: Page, violations: string[]) {
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
}

test('a table link with its random code, the menu with pictures, a pickup order paid in the sandbox: no CSP violation', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...test.info().project.use, locale: 'en-US' });
  const violations = await watchCsp(context);
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const page = await context.newPage();
  const response = await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');

  await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  const goods = await plainGoods(baseURL!, DEMO.shops.main);
  await addFromMenu(page, String(goods.GoodsName));
  // A goods picture really loaded (img-src).
  await expect
    .poll(() => page.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
    .toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('textbox', { name: 'Recipient' }).fill('Chan');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('66123456');
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await page.getByRole('button', { name: /^Pay MOP\$/ }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  expect(violations).toEqual([]);
  await context.close();
});

test("the food app's host object and a table's open sheet: no CSP violation", async ({ browser }) => {
  const context = await browser.newContext({ ...test.info().project.use, locale: 'en-US' });
  const violations = await watchCsp(context);
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const page = await context.newPage();
  await page.goto(`/?host=foodapp#/?QRCode=${codes.sheetQrCodes.open}`);
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { mFoodJSBridge?: unknown }).mFoodJSBridge)).toBe('object');
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  expect(violations).toEqual([]);
  await context.close();
});

test('no page can frame the app', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...test.info().project.use });
  const page = await context.newPage();
  // A page framing a table link (served here as if from this very origin: 'none' refuses even that).
  await page.route(`${baseURL}/framer.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL}/#/?QRCode=${codes.qrCodes.dineIn}"></iframe>` }),
  );
  await page.goto(`${baseURL}/framer.html`);
  await page.waitForTimeout(2000);
  const child = page.frames().find((f) => f !== page.mainFrame());
  expect(child).toBeDefined();
  // Blocked: the frame never gets the app (Chromium shows its error page instead).
  const rendered = await child!.locator("#root").count().catch(() => 0);
  expect(rendered).toBe(0);
  await context.close();
});
