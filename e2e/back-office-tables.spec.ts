/**
 * The back office's outlets and tables (issue 27 section 2), on a 1024x768
 * tablet: the owner signs in, adds a table at San Ma Lo, downloads the QR
 * sheet through the page's link, and the decoded code of the new table opens
 * the app at that table (the customer's page shows its name). The owner sets
 * a 10% service charge and the outlet's form shows it after a reload. A new
 * code for the table makes the old link say the code is invalid and to scan
 * again. What the journey changed is put back at the end (other journeys
 * share the outlet).
 */
import { expect, test, type Browser } from '@playwright/test';
import { USER_AGENTS } from '../playwright.config';
import { DEMO } from '../src/server/db/seed';
import { openKitchen, STAFF_TOKEN } from './support/kitchen';
import { decodeQrSheet } from './support/qrSheet';
import { clearTableCarts } from './support/gateway';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const BASE = DEMO.bases.dineIn;

async function automation(baseURL: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ ...test.info().project.use, userAgent: USER_AGENTS.plain, storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  return context;
}

test('the owner adds a table, prints its code, the code opens the app at it; a 10% service charge stays after a reload; a new code stops the old one', async ({ browser, baseURL }) => {
  const name = `J${String(Date.now()).slice(-5)}`;
  const before = (await automation(baseURL!, 'GET', `/staff/outlets/${BASE}`)).outlet;
  const page = await openKitchen(browser, baseURL!, BASE, { width: 1024, height: 768 }, 'owner');
  const customer = await phone(browser);
  try {
    await page.getByRole('navigation').getByRole('button', { name: 'Outlets' }).tap();
    await expect(page.getByRole('heading', { name: 'Outlets', level: 2 })).toBeVisible();

    // A table added.
    await page.getByRole('textbox', { name: 'Table name' }).fill(name);
    await page.getByRole('button', { name: 'Add table' }).tap();
    await expect(page.getByRole('status').filter({ hasText: `Table ${name} added.` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Rename ${name}` })).toBeVisible();

    // The QR sheet, fetched through the page's own link (as the signed-in owner).
    const href = await page.getByRole('link', { name: 'QR sheet to print (PDF)' }).getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const links = await decodeQrSheet(await res.body());
    const { tables } = await automation(baseURL!, 'GET', `/staff/tables?baseId=${BASE}`);
    const mine = (tables as { name: string; link: string }[]).find((t) => t.name === name)!;
    expect(links).toContain(mine.link);
    const decoded = links.find((l) => l === mine.link)!;

    // The decoded link opens the app at the table.
    const diner = await customer.newPage();
    await diner.goto(decoded);
    await expect(diner.getByText(`Table ${name}`)).toBeVisible();

    // A 10% service charge, still there after a reload.
    const charge = page.getByRole('textbox', { name: 'Service charge (%)' });
    await charge.fill('10');
    await page.getByRole('button', { name: 'Save outlet settings' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Service charge (%)' })).toHaveValue('10');

    // A form that does not make sense is refused in place, nothing sent.
    await page.getByRole('textbox', { name: 'Service charge (%)' }).fill('31');
    await page.getByRole('button', { name: 'Save outlet settings' }).tap();
    await expect(page.getByRole('alert')).toHaveText('Please correct the marked fields.');
    await expect(page.getByText('From 0 to 30, with at most 2 decimals.')).toBeVisible();

    // A new code: the old link now says the code is invalid, and to scan again.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `New code for ${name}` }).tap();
    await expect(page.getByRole('status').filter({ hasText: `${name} has a new code: print it.` })).toBeVisible();
    const again = await customer.newPage();
    await again.goto(decoded);
    await expect(again.getByRole('alert')).toHaveText('Invalid QR Code');
    await expect(again.getByText('Scan the QR code on your table again, or ask our staff for help.')).toBeVisible();
  } finally {
    await customer.close();
    await page.context().close();
    // Put back what the journey changed: the service charge and the table.
    const now = (await automation(baseURL!, 'GET', `/staff/outlets/${BASE}`)).outlet;
    await automation(baseURL!, 'PATCH', `/staff/outlets/${BASE}`, { ...now, baseId: undefined, name: undefined, serviceChargePercent: before.serviceChargePercent });
    const { tables } = await automation(baseURL!, 'GET', `/staff/tables?baseId=${BASE}`);
    for (const t of (tables as { tableId: string; name: string }[]).filter((x) => x.name === name)) await automation(baseURL!, 'DELETE', `/staff/tables/${t.tableId}`);
  }
});
