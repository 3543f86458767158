/**
 * E-receipts (issue 29 section 4): a member pays a pickup order with the
 * balance, asks on the order's page for the receipt by email with a company
 * title, and the mail reaches the service's SMTP sink (the sandbox mailbox,
 * /sandbox/mail.json) with the order's goods and the total the page shows.
 */
import { expect, test } from '@playwright/test';
import { DEMO } from '../src/server/db/seed';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { paidPickupOrder } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

test('a paid order emailed as a receipt, found in the SMTP sink with the right total', async ({ browser, baseURL }) => {
  const goods = await plainGoods(baseURL!, DEMO.shops.main);
  const context = await browser.newContext({ ...test.info().project.use, locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
  expect((await context.request.post('/sandbox/sign-in', { data: { vipId: DEMO.members.chan.vipId } })).ok()).toBe(true);
  const page = await context.newPage();

  await paidPickupOrder(page, codes.qrCodes.quick, String(goods.GoodsName));
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  const total = (await page.locator('.amount-total dd').innerText()).trim();
  expect(total).toMatch(/^MOP\$\d+\.\d\d$/);

  const to = `chan-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Email me the receipt' }).tap();
  await page.getByRole('textbox', { name: 'Email address' }).fill(to);
  await page.getByRole('textbox', { name: 'Company title (optional)' }).fill('Harbour Trading Ltd');
  await page.getByRole('button', { name: 'Send the receipt' }).tap();
  await expect(page.getByText(`The receipt is on its way to ${to}.`)).toBeVisible();

  // The mail worker sends it over SMTP to the sink; the sandbox mailbox shows what arrived.
  let mail: SandboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await context.request.get(`/sandbox/mail.json?to=${encodeURIComponent(to)}`);
        mail = ((await res.json()) as { mails: SandboxMail[] }).mails[0];
        return mail?.subject ?? '';
      },
      { timeout: 15_000 },
    )
    .toMatch(/^Your receipt from .+ \(order \d{6}\)$/);
  expect(mail!.text).toContain(String(goods.GoodsName));
  expect(mail!.text).toContain(`Total: ${total}`);
  expect(mail!.text).toContain('Company: Harbour Trading Ltd');
  expect(mail!.html).toContain(total);
  await context.close();
});
