/** The windowed menu (a virtual list): only the rows in view are rendered, so a goods is found by scrolling. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Scrolls the menu from its top until the goods named `name` is rendered; fails the journey if it never is. */
export async function findGoods(page: Page, name: string): Promise<Locator> {
  const list = page.locator('.vlist');
  await expect(list).toBeVisible();
  await list.evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(100); // the windowed list re-renders on the next frame
  for (let i = 0; i < 40; i += 1) {
    const goods = page.getByRole('article', { name, exact: true });
    if ((await goods.count()) > 0) return goods;
    await list.evaluate((el) => el.scrollBy(0, 400));
    await page.waitForTimeout(100);
  }
  throw new Error(`goods ${name} not found in the menu`);
}

/** Adds the goods named `name` from the menu `times` times with its add button (clicked, or tapped as on a phone). */
export async function addFromMenu(page: Page, name: string, { times = 1, tap = false }: { times?: number; tap?: boolean } = {}): Promise<void> {
  const row = await findGoods(page, name);
  for (let t = 0; t < times; t += 1) {
    if (tap) await row.getByRole('button').tap();
    else await row.getByRole('button').click();
  }
}

/**
 * A pickup order at Horta e Costa (the demo's quick outlet: pay before), from
 * its QR link to the paid order's page: one `goodsName`, a contact, paid with
 * the member balance (the page's context must be signed in as a member).
 * Leaves the page on the order's details.
 */
export async function paidPickupOrder(page: Page, qrCode: string, goodsName: string): Promise<void> {
  await page.goto(`/#/?QRCode=${qrCode}`);
  await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
  await page.getByRole('link', { name: 'Order now' }).tap();
  await addFromMenu(page, goodsName);
  await checkoutPickupWithBalance(page);
  await page.getByRole('link', { name: 'View order details' }).tap();
}

/** From a filled cart: a pickup for Chan Tai Man, paid with the member's balance, to "Payment successful". */
export async function checkoutPickupWithBalance(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('textbox', { name: 'Recipient' }).fill('Chan Tai Man');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('66123456');
  await page.getByRole('radio', { name: 'Member balance' }).check();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

/** From the menu of a pay-after table: the cart, the confirm page, Place order, confirmed; the first round is shown. Answers its SheetID. */
export async function sendFirstRound(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByRole('heading', { name: 'Round 1' })).toBeVisible();
  return new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID')!;
}
