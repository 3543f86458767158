/**
 * The journeys run in every engine, written once against the driver (driver.ts),
 * finding elements by role and name as the Chromium journeys do
 * (e2e/order-pay-follow.spec.ts, e2e/live-orders.spec.ts):
 *
 * - dine-in: scan a table's QR link, order a first round, order a second one,
 *   settle the bill through the sandbox provider; the sheet reads "Checked out"
 *   with both rounds and no way left to settle it;
 * - pickup: scan the quick outlet's link, order for pickup as a guest and pay
 *   in the sandbox; the order reads "Paid" with its number and goods;
 * - kitchen: sign in on the kitchen screen (/staff/) and choose the outlet; the
 *   board is live with its columns, and shows the engine's pickup order.
 */
import type { Page, Target } from './driver';

export interface JourneyContext {
  /** The demo table's QR code (its own table in each engine: both run against one service). */
  tableCode: string;
  /** The quick outlet's QR code (pickup and delivery). */
  quickCode: string;
  /** The English name of a goods added straight from the menu (no options). */
  goodsName: string;
  /** The demo's kitchen account (src/server/db/seed/staff.ts): the screen's sign-in. */
  staffAccount: { login: string; password: string };
  /** The quick outlet's English name, as the kitchen screen lists it. */
  quickOutletName: string;
  /** What one journey leaves for another in the same engine (the pickup order's number). */
  state: { pickupSheetId?: string; pickupNo?: string };
}

export interface Journey {
  name: string;
  run(page: Page, ctx: JourneyContext): Promise<void>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (s: string) => new RegExp(escape(s));

/** The windowed menu renders only the rows in view: scroll it from the top until the goods is there, then tap its add button. */
async function addFromMenu(page: Page, name: string): Promise<void> {
  const goods: Target = { role: 'article', name };
  await page.waitFor('the menu', () => !!document.querySelector('.vlist'));
  await page.run(() => document.querySelector('.vlist')!.scrollTo(0, 0));
  for (let i = 0; i < 40; i += 1) {
    await new Promise((r) => setTimeout(r, 150)); // the list re-renders on the next frame
    if ((await page.count(goods)) > 0) {
      await page.click({ role: 'button', within: goods });
      return;
    }
    await page.run(() => document.querySelector('.vlist')!.scrollBy(0, 400));
  }
  throw new Error(`goods ${name} not found in the menu`);
}

async function addToCart(
  page: Page,
  qrCode: string,
  goodsName: string,
  takeout = false,
): Promise<void> {
  // The table's QR link: opening it is the scan.
  await page.goto(`/#/?QRCode=${qrCode}`);
  if (takeout) await page.check({ role: 'radio', name: 'Pickup or delivery' });
  await page.click({ role: 'link', name: 'Order now' });
  await addFromMenu(page, goodsName);
  await page.expectVisible({ role: 'region', name: 'Cart', text: /\b1 item\b/ });
  await page.click({ role: 'link', name: 'Go to cart' });
  await page.click({ role: 'link', name: 'Confirm order' });
}

async function placeOrder(page: Page): Promise<void> {
  await page.check({
    role: 'checkbox',
    name: 'I have read and agree to the privacy policy and terms of use',
  });
  await page.click({ role: 'button', name: 'Place order' });
  await page.click({ role: 'button', name: 'Confirm', within: { role: 'alertdialog' } });
}

/** The provider's page (the sandbox), then back in the app. */
async function payInSandbox(page: Page): Promise<void> {
  await page.click({ role: 'button', name: /^Pay MOP\$/ });
  await page.expectVisible({ role: 'heading', name: 'Payment successful' });
  await page.click({ role: 'link', name: 'View order details' });
}

async function sheetIdOf(page: Page): Promise<string> {
  const url = await page.url();
  const id = new URL(url.replace('/#/', '/')).searchParams.get('SheetID');
  if (!id) throw new Error(`no SheetID in ${url}`);
  return id;
}

export const JOURNEYS: Journey[] = [
  {
    name: 'dine-in: two rounds at a table, then settle in the sandbox',
    async run(page, ctx) {
      await addToCart(page, ctx.tableCode, ctx.goodsName);
      await placeOrder(page);
      await page.expectVisible({ role: 'heading', name: 'Round 1' });
      const sheetId = await sheetIdOf(page);

      // A second round: scan again, order again; it joins the same sheet.
      await addToCart(page, ctx.tableCode, ctx.goodsName);
      await placeOrder(page);
      await page.expectVisible({ role: 'heading', name: 'Round 2' });
      if ((await sheetIdOf(page)) !== sheetId)
        throw new Error('the second round made another sheet');

      await page.click({ role: 'button', name: 'Settle the bill' });
      await page.check({ role: 'radio', name: 'Sandbox Pay' });
      await page.click({ role: 'button', name: /^Settle and pay/ });
      await payInSandbox(page);

      // The sheet is settled: checked out, both rounds on it, nothing left to settle.
      if ((await sheetIdOf(page)) !== sheetId)
        throw new Error('the settled sheet is not the table sheet');
      await page.expectVisible({ role: 'heading', name: 'Checked out' });
      await page.expectVisible({
        role: 'heading',
        name: 'Round 1',
        within: { role: 'region', name: 'Items' },
      });
      await page.expectVisible({
        role: 'heading',
        name: 'Round 2',
        within: { role: 'region', name: 'Items' },
      });
      await page.expectNone({ role: 'button', name: 'Settle the bill' });
    },
  },
  {
    name: 'pickup: a guest orders and pays in the sandbox',
    async run(page, ctx) {
      await addToCart(page, ctx.quickCode, ctx.goodsName, true);
      await page.check({ role: 'radio', name: 'Pickup' });
      await page.fill({ role: 'textbox', name: 'Recipient' }, 'Chan');
      await page.fill({ role: 'textbox', name: 'Mobile phone' }, '66123456');
      await page.check({ role: 'radio', name: 'Sandbox Pay' });
      await placeOrder(page);
      await payInSandbox(page);

      // The order is placed, paid and shown: its state, its number and its goods.
      const sheetId = await sheetIdOf(page);
      await page.expectVisible({ role: 'heading', name: 'Paid' });
      await page.waitFor(
        `the text "Order number ${sheetId}"`,
        (text: string) => document.body.innerText.includes(text),
        `Order number ${sheetId}`,
      );
      await page.expectVisible({ role: 'region', name: 'Items', text: containing(ctx.goodsName) });
      ctx.state.pickupSheetId = sheetId;
      // Its pickup number of the day, large on the page (issue 26 section 4): the kitchen's card is headed by it.
      ctx.state.pickupNo = await page.waitFor('the pickup number', () => /Your pickup number\s*(\d{3,})/.exec(document.body.innerText)?.[1] ?? null);
    },
  },
  {
    name: "kitchen: the staff screen's sign-in and its live board",
    async run(page, ctx) {
      await page.goto('/staff/');
      await page.fill({ role: 'textbox', name: 'Login name' }, ctx.staffAccount.login);
      await page.fill({ role: 'textbox', name: 'Password' }, ctx.staffAccount.password);
      await page.click({ role: 'button', name: 'Sign in' });
      await page.click({ role: 'button', name: ctx.quickOutletName });
      await page.expectVisible({ role: 'heading', name: containing(ctx.quickOutletName) });
      await page.expectVisible({ role: 'status', text: 'Live' });
      for (const column of ['New', 'Preparing', 'Ready']) {
        await page.expectVisible({ role: 'region', name: new RegExp(`^${column}\\b`) });
      }
      // The pickup order this engine placed (if that journey got so far) is on the board.
      const pickupNo = ctx.state.pickupNo;
      if (pickupNo)
        await page.expectVisible({
          role: 'article',
          name: new RegExp(`^Order ${pickupNo}, Pickup`),
        });
      // The screen names its icon, as the app does (no request for a missing /favicon.ico).
      await page.waitFor(
        'the icon link',
        () => document.querySelector('link[rel~="icon"]')?.getAttribute('href') || null,
      );
    },
  },
];
