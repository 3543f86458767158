/** The kitchen screen (/staff/) as its journeys open it. */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { USER_AGENTS } from '../../playwright.config';
import { DEMO, DEMO_STAFF } from '../../src/server/db/seed';

/** The demo's staff token (STAFF_TOKEN's default outside production): the automation key, for the journeys' own API calls. */
export const STAFF_TOKEN = 'demo-staff-token';

/** Who signs in at the screen: the demo's staff accounts (src/server/db/seed/staff.ts). */
export type DemoStaffLogin = 'owner' | 'manager' | 'cashier' | 'kitchen';

/**
 * The kitchen screen in a browser of its own, on a tablet in landscape unless told, signed in as a demo
 * staff account (the kitchen's unless told: closing a bill takes a cashier, a force close a manager) at the
 * outlet `baseId`, live.
 */
export async function openKitchen(
  browser: Browser,
  baseURL: string,
  baseId: string,
  viewport = { width: 1280, height: 800 },
  as: DemoStaffLogin = 'kitchen',
): Promise<Page> {
  const account = DEMO_STAFF.find((s) => s.login === as)!;
  const outlets = (await (await fetch(`${baseURL}/staff/outlets`, { headers: { authorization: `Bearer ${STAFF_TOKEN}` } })).json()) as {
    outlets: { baseId: string; nameEn: string }[];
  };
  const outlet = outlets.outlets.find((o) => o.baseId === baseId)!;
  const context = await browser.newContext({ baseURL, viewport, hasTouch: true, locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/staff/');
  await page.getByLabel('Login name').fill(account.login);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await page.getByRole('button', { name: outlet.nameEn }).tap();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  return page;
}

/**
 * A ticket of the kitchen's board, scrolled to as a cook would and drawn in full: on a long board a ticket far
 * down its column is a stand-in (its name, about its height) until it comes within half a screen of view
 * (src/staff/kitchen/nearView.ts). A ticket that came while the screen was open is drawn at once.
 */
export async function scrolledTo(ticket: Locator): Promise<Locator> {
  await ticket.scrollIntoViewIfNeeded();
  await expect(ticket).not.toHaveAttribute('data-far');
  return ticket;
}

type Row = Record<string, unknown>;

/** A staff API call with the automation key, in English; its JSON answer. */
export async function staffCall(baseURL: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<Row> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Row;
}

/** Closes San Ma Lo's table's open sheet (paid at the counter), so each run starts the table afresh. */
export async function freeTable(baseURL: string, table: string): Promise<void> {
  const { sheets } = (await staffCall(baseURL, 'GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0&limit=200`)) as { sheets: Row[] };
  for (const s of sheets.filter((x) => x.tableName === table)) {
    await staffCall(baseURL, 'POST', `/staff/sheets/${String(s.sheetId)}/close`, { paidAtCounter: true });
  }
}

/** A customer's phone of its own: a plain browser, no cookies, the app in English. */
export async function englishPhone(browser: Browser) {
  const context = await browser.newContext({ ...test.info().project.use, userAgent: USER_AGENTS.plain, storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  return context;
}
