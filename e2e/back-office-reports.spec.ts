/**
 * The back office's reports and coupon plans, end to end (issue 27 sections
 * 3 and 4): a customer orders at a San Ma Lo table through the app and pays
 * at the counter; the owner signs in, opens Reports for today at San Ma Lo,
 * sees the order's total in today's sales and in the table of the day, and
 * exports the CSV. Then the owner creates a coupon plan and generates 5 codes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO, DEMO_STAFF } from '../src/server/db/seed';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { STAFF_TOKEN } from './support/kitchen';
import { addFromMenu, sendFirstRound } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const TABLE = 'A11';
type Row = Record<string, unknown>;

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

async function staff(baseURL: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as Row;
}

/** Today's sales at San Ma Lo as the service counts them (its JSON answer). */
async function todaysReport(baseURL: string) {
  const zone = 'Asia/Macau';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return { today, report: (await staff(baseURL, 'GET', `/staff/reports/sales?baseId=${DEMO.bases.dineIn}&from=${today}&to=${today}`)) as { totals: { orders: number; sales: string } } };
}

async function signIn(browser: Browser, baseURL: string, login: 'owner'): Promise<Page> {
  const account = DEMO_STAFF.find((s) => s.login === login)!;
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US', acceptDownloads: true, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/staff/');
  await page.getByLabel('Login name').fill(account.login);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Harbour Kitchen San Ma Lo' }).click();
  return page;
}

test('the owner sees a paid order in today’s sales at San Ma Lo and exports the CSV', async ({ browser, baseURL }) => {
  // The table starts afresh: its open sheet (if any) closed at the counter.
  const open = (await staff(baseURL!, 'GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0&limit=200`)) as { sheets: Row[] };
  for (const s of open.sheets.filter((x) => x.tableName === TABLE)) await staff(baseURL!, 'POST', `/staff/sheets/${String(s.sheetId)}/close`, { paidAtCounter: true });
  const before = (await todaysReport(baseURL!)).report.totals;

  // A customer orders at the table through the app...
  const plain = await plainGoods(baseURL!, DEMO.shops.main);
  const customer = await browser.newContext({ ...test.info().project.use, userAgent: USER_AGENTS.plain, storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  await customer.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  const phone = await customer.newPage();
  await phone.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
  await phone.getByRole('link', { name: 'Order now' }).click();
  await addFromMenu(phone, String(plain.GoodsName));
  const sheetId = await sendFirstRound(phone);
  await customer.close();

  // ...and pays at the counter.
  const closed = (await staff(baseURL!, 'POST', `/staff/sheets/${sheetId}/close`, { paidAtCounter: true })) as { sheet: { totalAmo: string } };
  const total = Number(closed.sheet.totalAmo);
  expect(total).toBeGreaterThan(0);
  const { today, report } = await todaysReport(baseURL!);
  expect(report.totals.orders).toBe(before.orders + 1);
  expect(Number(report.totals.sales) - Number(before.sales)).toBeCloseTo(total, 2);
  const sales = Number(report.totals.sales).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  // The owner opens Reports: today at San Ma Lo.
  const page = await signIn(browser, baseURL!, 'owner');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByRole('table', { name: 'Summary' });
  await expect(summary.getByRole('row', { name: /^Sales/ })).toContainText(sales);
  await expect(summary.getByRole('row', { name: /^Sales/ })).toContainText(String(report.totals.orders));
  const day = page.getByRole('table', { name: 'Sales by day' }).getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(day).toContainText(sales);
  await expect(page.getByRole('table', { name: 'Sales by goods' }).getByRole('row', { name: new RegExp(String(plain.GoodsName)) })).toBeVisible();
  await expect(page.getByRole('img', { name: /Chart of sales by hour/ })).toBeVisible();

  // The CSV export holds the same total.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(`total,sales,Asia/Macau,${report.totals.orders},,${report.totals.sales}`);
  await page.context().close();
});

test('the owner creates a coupon plan and generates 5 codes', async ({ browser, baseURL }) => {
  const page = await signIn(browser, baseURL!, 'owner');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Loyalty' }).click();
  const name = `Journey ${Date.now()}`;
  const form = page.getByRole('form', { name: 'Create plan' });
  await form.getByLabel('Name (simplified Chinese)').fill(name);
  await form.getByLabel('Name (English)').fill(name);
  await form.getByLabel('Type').selectOption({ label: 'Cash' });
  // A negative value is refused in the screen's language before anything is sent.
  await form.getByLabel('Value (amount, or percent paid for a discount)').fill('-5');
  await form.getByRole('button', { name: 'Create plan' }).click();
  await expect(form.getByText('An amount like 12.50, never negative.')).toBeVisible();
  await form.getByLabel('Value (amount, or percent paid for a discount)').fill('15');
  await form.getByLabel('Minimum spend').fill('100');
  await form.getByLabel('Stock (empty: no limit)').fill('50');
  await form.getByRole('checkbox', { name: 'Harbour Kitchen San Ma Lo' }).check();
  await form.getByRole('button', { name: 'Create plan' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  const row = page.getByRole('table', { name: 'Coupon plans' }).getByRole('row', { name: new RegExp(name) });
  await row.getByLabel('Number of codes').fill('5');
  await row.getByRole('button', { name: 'Generate codes' }).click();
  const fresh = page.getByRole('list', { name: `5 new codes for ${name}` });
  await expect(fresh.getByRole('listitem')).toHaveCount(5);
  await expect(row.getByRole('cell').nth(5)).toHaveText('5');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Export codes' }).click()]);
  const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(lines).toHaveLength(6);
  for (const code of await fresh.getByRole('listitem').allTextContents()) expect(lines.some((l) => l.startsWith(`${code.trim()},`))).toBe(true);
  await page.context().close();
});
