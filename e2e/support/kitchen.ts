/** The kitchen screen (/staff/) as its journeys open it. */
import { expect, type Browser, type Page } from '@playwright/test';

/** The demo's staff token (STAFF_TOKEN's default outside production). */
export const STAFF_TOKEN = 'demo-staff-token';

/** The kitchen screen in a browser of its own, on a tablet in landscape unless told, signed in with the staff token at the outlet `baseId`, live. */
export async function openKitchen(browser: Browser, baseURL: string, baseId: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const outlets = (await (await fetch(`${baseURL}/staff/outlets`, { headers: { authorization: `Bearer ${STAFF_TOKEN}` } })).json()) as {
    outlets: { baseId: string; nameEn: string }[];
  };
  const outlet = outlets.outlets.find((o) => o.baseId === baseId)!;
  const context = await browser.newContext({ baseURL, viewport, hasTouch: true, locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/staff/');
  await page.getByLabel('Staff token').fill(STAFF_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await page.getByRole('button', { name: outlet.nameEn }).tap();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  return page;
}
