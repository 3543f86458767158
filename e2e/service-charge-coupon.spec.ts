/**
 * Issue 28's "Done when": a bill of MOP 1,552.00 with a MOP 100 coupon
 * carries a service charge of 145.20 (10 % of 1,452.00), equal on the
 * confirm page, the bill (the order's details), the receipt and the staff
 * screen. Coupons are not taken on a pay-after table's rounds (split-bill.spec.ts
 * covers 155.20 there), so this runs at the pay-before dine-in outlet the
 * `quick` demo code opens (Horta e Costa, table C01), where the service charge
 * applies to every dine-in bill too.
 *
 * The owner, through the staff API (their own signed-in session): sets a 10 %
 * service charge on the outlet (with the version read; put back at the end),
 * creates a MOP 100 cash coupon plan with a minimum spend of 1,000 usable
 * there only, and generates its code. A signed-in member on a phone orders
 * MOP 1,552.00 of the outlet's menu (goods and quantities worked out from the
 * menu the gateway answers), types the code at checkout, and pays with the
 * sandbox provider; the cashier's screen at the outlet shows the same bill.
 */
import { expect, request as apiRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_STAFF } from '../src/server/db/seed';
import { callGateway, clearTableCarts, demoCodes, type DemoCodes } from './support/gateway';
import { openKitchen, scrolledTo } from './support/kitchen';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

const BASE = DEMO.bases.quick;
const TABLE = 'C01';
/** The bill's subtotal, in minor units (MOP, 2 decimals). */
const SUBTOTAL_MINOR = 155_200;
type Row = Record<string, unknown>;

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

/** The owner signed in to the staff API (POST /staff/session: the hbb_staff cookie), answering in English. */
async function ownerApi(baseURL: string): Promise<APIRequestContext> {
  const owner = DEMO_STAFF.find((s) => s.login === 'owner')!;
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } });
  const res = await api.post('/staff/session', { data: { login: owner.login, password: owner.password } });
  expect(res.ok(), `POST /staff/session: ${res.status()}`).toBe(true);
  return api;
}

async function call(api: APIRequestContext, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown): Promise<Row> {
  const res = await api.fetch(path, { method, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Row;
}

/**
 * Goods of the outlet's menu (as the gateway answers it) added straight from the menu (no spec, pack,
 * bundle, add-on or promotion), and how many of each make `targetMinor`: the dearest goods as many times
 * as leaves a rest one other goods makes in at most 5 taps.
 */
async function goodsMaking(baseURL: string, targetMinor: number): Promise<{ name: string; times: number }[]> {
  const list = (await callGateway(baseURL, 'HBBPos_GoodsClass_GoodsList_V9_Get', 1, { ShopID: DEMO.shops.main, BaseID: BASE, PageIndex: 1, PageSize: 1000 })).table1 as Row[];
  const plain = list
    .filter(
      (r) =>
        r.Skus === '0' &&
        Number(r.PUnitCount) === 0 &&
        Number(r.HasBom) === 0 &&
        Number(r.HasCharging) === 0 &&
        Number(r.SoldOut) === 0 &&
        !r.PromotePlanID &&
        (r.GoodsTypeID === '0' || r.GoodsTypeID === '5'),
    )
    .map((r) => ({ name: String(r.GoodsName), minor: Math.round(Number(r.SalesPrice) * 100) }))
    .filter((g) => g.minor > 0)
    .sort((a, b) => b.minor - a.minor);
  for (const a of plain) {
    for (let n = Math.floor(targetMinor / a.minor); n >= 1; n -= 1) {
      const rest = targetMinor - n * a.minor;
      if (rest === 0) return [{ name: a.name, times: n }];
      const b = plain.find((g) => g.name !== a.name && rest % g.minor === 0 && rest / g.minor <= 5);
      if (b) return [{ name: a.name, times: n }, { name: b.name, times: rest / b.minor }];
    }
  }
  throw new Error(`no goods of the menu make ${targetMinor / 100}`);
}

/** An amount row's value (`<dt>` label, `<dd>` value) in a list of amounts. */
const amount = (scope: Locator, label: string) => scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

test('MOP 1,552.00 with a MOP 100 coupon at a pay-before dine-in table: 145.20 of service on the confirm page, the bill, the receipt and the staff screen', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const owner = await ownerApi(baseURL!);
  const before = (await call(owner, 'GET', `/staff/outlets/${BASE}`)).outlet as Row;
  const phone = await browser.newContext({ ...test.info().project.use, locale: 'en-US' });
  let planId: string | null = null;
  let counter: Page | null = null;
  try {
    // The owner: 10 % service at Horta e Costa (saved on the version read), a MOP 100 coupon plan usable there, and its code.
    const saved = (await call(owner, 'PATCH', `/staff/outlets/${BASE}`, { ...before, baseId: undefined, name: undefined, serviceChargePercent: 10 })).outlet as Row;
    expect(saved.serviceChargePercent).toBe(10);
    const planName = `MOP 100 off ${run}`;
    const plan = (
      await call(owner, 'POST', '/staff/loyalty/plans', {
        name: `立减 100 ${run}`,
        nameTw: `立減 100 ${run}`,
        nameEn: planName,
        cardType: 1,
        faceValue: '100',
        minAmount: '1000',
        validDays: 30,
        stock: 1,
        perMemberLimit: 1,
        canClaim: true,
        outlets: [BASE],
      })
    ).plan as Row;
    planId = String(plan.planId);
    const [code] = (await call(owner, 'POST', `/staff/loyalty/plans/${planId}/codes`, { count: 1 })).codes as string[];
    expect(code).toBeTruthy();
    const lines = await goodsMaking(baseURL!, SUBTOTAL_MINOR);

    // A signed-in member at table C01: the menu says the service charge, the cart comes to 1,552.00.
    await phone.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
    expect((await phone.request.post('/sandbox/sign-in', { data: { vipId: DEMO.members.chan.vipId } })).ok()).toBe(true);
    const page = await phone.newPage();
    await page.goto(`/#/?QRCode=${codes.byName[TABLE]!}`);
    await expect(page.getByText(`Table ${TABLE}`)).toBeVisible();
    await page.getByRole('link', { name: 'Order now' }).tap();
    await expect(page.getByText('Dine-in prices + 10% service charge')).toBeVisible();
    for (const { name, times } of lines) await addFromMenu(page, name, { times, tap: true });
    await page.getByRole('link', { name: 'Go to cart' }).tap();
    await page.getByRole('link', { name: 'Confirm order' }).tap();

    // The confirm page: the code typed in, the coupon -100.00, the service charge 145.20 and the total 1,597.20.
    const summary = page.getByRole('region', { name: 'Amounts' });
    await expect(amount(summary, 'Subtotal')).toHaveText('MOP$1,552.00');
    await expect(amount(summary, 'Service charge 10%')).toHaveText('MOP$155.20');
    await page.getByRole('button', { name: /Choose a coupon/ }).tap();
    await page.getByRole('textbox', { name: 'Coupon code' }).fill(code!);
    await page.getByRole('button', { name: 'Use this code' }).tap();
    await expect(page.getByRole('button', { name: `Coupon ${planName}: −MOP$100.00` })).toBeVisible();
    await expect(amount(summary, 'Coupon')).toHaveText('−MOP$100.00');
    await expect(amount(summary, 'Service charge 10%')).toHaveText('MOP$145.20');
    await expect(page.getByTestId('order-total')).toHaveText('MOP$1,597.20');

    // Paid with the sandbox provider: exactly the total.
    await page.getByRole('radio', { name: 'Sandbox Pay' }).check();
    await page.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }).check();
    await page.getByRole('button', { name: 'Place order' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Pay MOP$1,597.20' }).tap();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByText('Total MOP$1,597.20')).toBeVisible();

    // The bill: the order's details.
    await page.getByRole('link', { name: 'View order details' }).tap();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    const sheetId = new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID')!;
    expect(sheetId).toBeTruthy();
    const bill = page.getByRole('region', { name: 'Amounts' });
    await expect(amount(bill, 'Subtotal')).toHaveText('MOP$1,552.00');
    await expect(amount(bill, 'Coupon')).toHaveText('−MOP$100.00');
    await expect(amount(bill, 'Service charge')).toHaveText('MOP$145.20');
    await expect(amount(bill, 'Total')).toHaveText('MOP$1,597.20');

    // The receipt, by mail: the same figures.
    const to = `coupon-${run.toLowerCase()}@example.com`;
    await page.getByRole('button', { name: 'Email me the receipt' }).tap();
    await page.getByRole('textbox', { name: 'Email address' }).fill(to);
    await page.getByRole('button', { name: 'Send the receipt' }).tap();
    await expect(page.getByText(`The receipt is on its way to ${to}.`)).toBeVisible();
    let text = '';
    await expect
      .poll(
        async () => {
          const res = await phone.request.get(`/sandbox/mail.json?to=${encodeURIComponent(to)}`);
          text = ((await res.json()) as { mails: { text: string }[] }).mails[0]?.text ?? '';
          return text;
        },
        { timeout: 15_000 },
      )
      .toContain('Total: MOP$1,597.20');
    expect(text).toContain('Coupon: -MOP$100.00');
    expect(text).toContain('Service charge: MOP$145.20');

    // The staff: the sheet as the staff API lists it, and the bill on the cashier's screen at the outlet.
    const { sheets } = (await call(owner, 'GET', `/staff/sheets?baseId=${BASE}&limit=200`)) as { sheets: Row[] };
    expect(sheets.find((s) => s.sheetId === sheetId)).toMatchObject({
      salesAmo: '1552.0000',
      couponAmo: '100.0000',
      serviceAmo: '145.2000',
      totalAmo: '1597.2000',
      paidAmo: '1597.2000',
      restAmo: '0.0000',
    });
    counter = await openKitchen(browser, baseURL!, BASE, undefined, 'cashier');
    const ticket = await scrolledTo(counter.getByRole('article', { name: `Order ${sheetId.slice(-4)}, Table ${TABLE}` }));
    await ticket.getByRole('button', { name: 'Fix order' }).tap();
    const panel = counter.getByRole('dialog', { name: `Fix order ${sheetId.slice(-4)}` });
    const staffBill = panel.getByRole('region', { name: 'Bill' });
    const figure = (label: string | RegExp) => staffBill.getByRole('row', { name: label }).getByRole('cell');
    await expect(figure(/^Subtotal/)).toHaveText('1,552.00');
    await expect(figure(/^Coupon/)).toHaveText('−100.00');
    await expect(figure(/^Service charge 10%/)).toHaveText('145.20');
    await expect(figure(/^Total/)).toHaveText('1,597.20');
    await expect(figure(/^Left to pay/)).toHaveText('0.00');
  } finally {
    await phone.close();
    await counter?.context().close();
    // Put back what the journey changed: the outlet's service charge (on the version read now), and the plan no longer claimable.
    const now = (await call(owner, 'GET', `/staff/outlets/${BASE}`)).outlet as Row;
    const restored = (await call(owner, 'PATCH', `/staff/outlets/${BASE}`, { ...now, baseId: undefined, name: undefined, serviceChargePercent: before.serviceChargePercent })).outlet as Row;
    expect(restored.serviceChargePercent).toBe(before.serviceChargePercent);
    if (planId) {
      const { plans } = (await call(owner, 'GET', '/staff/loyalty/plans')) as { plans: Row[] };
      const p = plans.find((x) => x.planId === planId)!;
      await call(owner, 'PUT', `/staff/loyalty/plans/${planId}`, {
        name: p.name,
        nameTw: p.nameTw,
        nameEn: p.nameEn,
        cardType: p.cardType,
        faceValue: Number(p.faceValue).toFixed(2),
        minAmount: Number(p.minAmount).toFixed(2),
        validDays: p.validDays,
        stock: p.stock,
        perMemberLimit: p.perMemberLimit,
        canClaim: false,
        beginDate: p.beginDate,
        endDate: p.endDate,
        outlets: p.outlets,
        version: p.version,
      });
    }
    await owner.dispose();
  }
});
