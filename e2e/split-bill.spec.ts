/**
 * Split the bill at a pay-after San Ma Lo table (issue 28 sections 2 and 3),
 * phones as separate browsers by touch: a bill of MOP 1,552.00 shows its 10 %
 * service charge, 155.20, on the menu's note, the confirm page, the bill, the
 * receipt screen (order details) and the staff's list; three phones split it
 * evenly in 3, each paying its own share (the last one the rest), and the
 * sheet settles on the third payment. Then two phones each pay their own
 * items: the other phone sees the first's line locked while it is being
 * paid, then ticked, live.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, type DemoCodes, clearTableCarts } from './support/gateway';
import { englishPhone, freeTable, staffCall } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const LIVE = { timeout: 5_000 };
/** Its tables, left free after (run in the plain browser's project only, playwright.config.ts). */
const tables = () => ['A05', 'A06'];
/** 9 x 168 + 40 = MOP 1,552.00 (plain dishes: added straight from the menu). */
const SOUP_POT = 'Winter Melon Soup Pot';
const UDON = 'Pork Bone Broth Udon';
const FISH_BALLS = 'Fish Ball Rice Noodles';

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

type Row = Record<string, unknown>;
async function staffSheet(baseURL: string, sheetId: string): Promise<Row> {
  const { sheets } = (await staffCall(
    baseURL,
    'GET',
    `/staff/sheets?baseId=${DEMO.bases.dineIn}&limit=200`,
  )) as { sheets: Row[] };
  return sheets.find((s) => s.sheetId === sheetId)!;
}

/** From the menu: the cart, the confirm page (checked by `onConfirm`), the order placed; leaves the page on the bill. */
async function placeOrder(
  page: Page,
  onConfirm: (page: Page) => Promise<void> = async () => undefined,
): Promise<string> {
  await page.getByRole('link', { name: 'Go to cart' }).tap();
  await page.getByRole('link', { name: 'Confirm order' }).tap();
  await onConfirm(page);
  await page
    .getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })
    .check();
  await page.getByRole('button', { name: 'Place order' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByRole('button', { name: 'Split the bill' })).toBeVisible();
  return new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID')!;
}

async function scan(context: BrowserContext, table: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${codes.byName[table]!}`);
  await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
  return page;
}

/** Pays what the split panel shows with the sandbox provider: its page, then back to this payment's result. */
async function payOnline(page: Page, amount: string) {
  const split = page.getByRole('region', { name: 'Split the bill' });
  await split.getByRole('radio', { name: 'Sandbox Pay' }).check();
  await split.getByRole('button', { name: `Pay ${amount}` }).tap();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: `Pay ${amount}` }).tap();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(`You paid ${amount}`)).toBeVisible();
}

async function phones(browser: Browser, n: number) {
  return Promise.all(Array.from({ length: n }, () => englishPhone(browser)));
}

test('a bill of MOP 1,552.00 carries 155.20 of service everywhere; three phones split it evenly and the third payment settles it', async ({
  browser,
  baseURL,
}) => {
  const [table] = tables();
  await freeTable(baseURL!, table!);
  const contexts = await phones(browser, 3);
  try {
    const [first, second, third] = await Promise.all(contexts.map((c) => scan(c, table!)));
    await first!.getByRole('link', { name: 'Order now' }).tap();
    await expect(first!.getByText('Dine-in prices + 10% service charge')).toBeVisible();
    await addFromMenu(first!, SOUP_POT, { times: 9, tap: true });
    await addFromMenu(first!, UDON, { tap: true });
    const sheetId = await placeOrder(first!, async (page) => {
      await expect(
        page
          .getByText('Service charge 10%', { exact: true })
          .locator('xpath=following-sibling::dd'),
      ).toHaveText('MOP$155.20');
      await expect(page.getByTestId('order-total')).toHaveText('MOP$1,707.20');
    });
    const billUrl = first!.url();

    // The receipt screen (the order's details), the staff's list, and the table's bill agree.
    const amounts = first!.locator('dl.amounts').first();
    await expect(
      amounts.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('MOP$1,552.00');
    await expect(
      amounts.getByText('Service charge', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('MOP$155.20');
    await expect(
      amounts.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('MOP$1,707.20');
    expect(await staffSheet(baseURL!, sheetId)).toMatchObject({
      totalAmo: '1707.2000',
      serviceAmo: '155.2000',
      restAmo: '1707.2000',
    });

    // Three phones, an even split in 3: 569.06, 569.07 and the rest, 569.07.
    await first!.getByRole('button', { name: 'Split the bill' }).tap();
    const split = first!.getByRole('region', { name: 'Split the bill' });
    await expect(
      split.getByText('Service charge', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('MOP$155.20');
    await split.getByRole('radio', { name: 'Split evenly' }).check();
    await split.getByRole('combobox', { name: /Between how many people/ }).selectOption('3');
    await expect(split.getByTestId('split-part')).toContainText('MOP$569.06');
    await payOnline(first!, 'MOP$569.06');
    await expect(first!.getByText('Left to pay at the table: MOP$1,138.14')).toBeVisible();

    for (const [page, left] of [
      [second!, 'Left to pay at the table: MOP$569.07'],
      [third!, 'The table’s bill is paid in full.'],
    ] as const) {
      await page.goto(billUrl);
      await page.getByRole('button', { name: 'Split the bill' }).tap();
      const panel = page.getByRole('region', { name: 'Split the bill' });
      await panel.getByRole('radio', { name: 'Split evenly' }).check();
      await expect(
        panel.getByText(/^Split evenly between 3: [12] of 3 shares paid or being paid\.$/),
      ).toBeVisible();
      await payOnline(page, 'MOP$569.07');
      await expect(page.getByText(left)).toBeVisible();
    }
    expect(await staffSheet(baseURL!, sheetId)).toMatchObject({
      status: 3,
      serviceAmo: '155.2000',
      paidAmo: '1707.2000',
      restAmo: '0.0000',
    });
  } finally {
    await freeTable(baseURL!, table!);
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('two phones each pay their own items; the other sees them locked while paid, then ticked, live', async ({
  browser,
  baseURL,
}) => {
  const [, table] = tables();
  await freeTable(baseURL!, table!);
  const contexts = await phones(browser, 2);
  try {
    const [a, b] = await Promise.all(contexts.map((c) => scan(c, table!)));
    await a!.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(a!, UDON, { tap: true });
    const sheetId = await placeOrder(a!);
    await b!.getByRole('link', { name: 'Order now' }).tap();
    await addFromMenu(b!, FISH_BALLS, { tap: true });
    await placeOrder(b!);
    await b!.getByRole('button', { name: 'Split the bill' }).tap();
    const bSplit = b!.getByRole('region', { name: 'Split the bill' });
    await bSplit.getByRole('radio', { name: 'My items' }).check();

    // A pays their udon (40 of the 75, with its share of the service charge: 44.00); while A is at the provider's page it is locked for B.
    await a!.reload();
    await a!.getByRole('button', { name: 'Split the bill' }).tap();
    const aSplit = a!.getByRole('region', { name: 'Split the bill' });
    await aSplit.getByRole('radio', { name: 'My items' }).check();
    await expect(aSplit.getByRole('combobox', { name: `Pay ${UDON}` })).toHaveValue('1');
    await expect(aSplit.getByRole('combobox', { name: `Pay ${FISH_BALLS}` })).toHaveValue('0');
    await aSplit.getByRole('radio', { name: 'Sandbox Pay' }).check();
    await aSplit.getByRole('button', { name: 'Pay MOP$44.00' }).tap();
    await a!.waitForURL(/\/sandbox\/pay\//);
    await expect(bSplit.getByText(/1 being paid by another diner/)).toBeVisible(LIVE);
    await a!.getByRole('button', { name: 'Pay MOP$44.00' }).tap();
    await expect(a!.getByText('You paid MOP$44.00')).toBeVisible();
    await expect(bSplit.getByText('✓ 1 paid')).toBeVisible(LIVE);

    // B pays their fish ball noodles: the rest, 38.50, and the bill is settled.
    await expect(bSplit.getByTestId('split-part')).toContainText('MOP$38.50');
    await payOnline(b!, 'MOP$38.50');
    await expect(b!.getByText('The table’s bill is paid in full.')).toBeVisible();
    expect(await staffSheet(baseURL!, sheetId)).toMatchObject({
      status: 3,
      totalAmo: '82.5000',
      paidAmo: '82.5000',
    });
  } finally {
    await freeTable(baseURL!, table!);
    await Promise.all(contexts.map((c) => c.close()));
  }
});
