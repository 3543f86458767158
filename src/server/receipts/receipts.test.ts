/**
 * E-receipts end to end (issue 29 section 4): a member orders and pays through
 * the real HTTP gateway, asks for the receipt, and the service's mail worker
 * sends it over a real SMTP conversation to the sandbox's mail sink
 * (mail/sink.ts), which parses it into sandbox_mail; the test reads it there,
 * as a customer's mailbox would hold it. Also: the refusals, the rate bound,
 * a member's automatic receipts, and every paid sheet of the demo adding up.
 */
import { loadConfig } from '../config';
import { DEMO } from '../db/seed';
import { startHarness, type Harness } from '../test/harness';
import { guestClient, line, newMember, pickupHeader, submit, demoIds } from '../test/orders';
import { ok, rows } from '../test/fixtures';
import { RECEIPT_MAILS_PER_HOUR } from '../operations/orders/receiptMail';
import { buildReceipt } from './receipt';
import { sandboxMails, type SandboxMail } from '../mail/sink';
import { receiptText } from './texts';

jest.setTimeout(60_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 },
    // The sink on a free port of 127.0.0.1, and this instance's worker sending to it.
    mail: { ...loadConfig({ NODE_ENV: 'test' }).mail, sink: true, worker: true, pollMs: 100, retryMs: 100 },
  });
});
afterAll(() => h.close());

const g = demoIds.goods;

/** Waits for `n` mails to `to` in the sink. */
async function mailsTo(to: string, n = 1, timeoutMs = 10_000): Promise<SandboxMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await sandboxMails(h.db, to);
    if (mails.length >= n || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const money = (n: number) => `MOP$${n.toFixed(2)}`;

/** A member's paid pickup order of Horta e Costa: goods 336 + 4 bags = 340 (orders.test.ts prices the same lines). */
async function paidOrder(lang = 'en') {
  const member = await newMember(h, lang);
  await h.db.query('UPDATE vip SET balance = 1000 WHERE vip_id = $1', [member.vipId]);
  const lines = [
    line(g('0111'), 102, { SkuID: DEMO.skus.wontonNoodlesLarge, MQua: 2, Qua: 2, Price: 51, Attachments: JSON.stringify([DEMO.options.egg]) }),
    line(g('0135'), 89, {
      Price: 89,
      Bom: [
        { BOMClassID: demoIds.bomClass('0135', 1), GoodsID: g('0102') },
        { BOMClassID: demoIds.bomClass('0135', 2), GoodsID: g('0141') },
        { BOMClassID: demoIds.bomClass('0135', 3), GoodsID: g('0125') },
      ],
      Remarks: 'no spring onion',
    }),
    line(g('0102'), 49),
    line(g('0151'), 16, { MQua: 2, Qua: 2, Price: 8 }),
    line(g('0142'), 80, { SkuID: demoIds.sku('0142', 3), PUnit: '6樽装', PQua: 1, MQua: 0, Qua: 6, Ref: 6, PUnitPrice: 80, Price: 20 }),
  ];
  const placed = ok(await submit(member, pickupHeader({ TotalAmo: 340, BagAmo: 4 }), lines, 'PosSalSheet_PosSalSheetSubmit_V9_Add'))[0]!;
  const sheetId = String(placed.SheetID);
  ok(await member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: '340' }]));
  return { member, sheetId };
}

describe('PosSalSheet_ReceiptMailSubmit_Add', () => {
  test('the paid order is mailed over SMTP, itemised in the order language, equal to the bill, with the company details', async () => {
    const { member, sheetId } = await paidOrder('zh-TW');
    const to = `receipt-${sheetId}@example.com`;
    const answer = ok(await member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: ` ${to} `, Title: '海港貿易有限公司', TaxNo: '12345678' }]));
    expect(answer).toEqual([{ SheetID: sheetId, Email: to, Auto: 0 }]);

    const [mail] = await mailsTo(to);
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(new RegExp(`^.+ 的收據（訂單 ${sheetId.slice(-6)}）$`));
    // Every line of the order, by its traditional Chinese name as the order page shows it, and its amount.
    const detail = await member.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
    const items = rows(detail, 'table2');
    expect(items).toHaveLength(5);
    for (const item of items) expect(mail!.text).toContain(String(item.GoodsName));
    // Add-ons, bundle parts and remarks under their lines.
    expect(mail!.text).toContain('no spring onion');
    // The figures: goods 336, bag fee 4, total 340, paid 340 from the balance.
    expect(mail!.text).toContain(`小計: ${money(336)}`);
    expect(mail!.text).toContain(`膠袋費: ${money(4)}`);
    expect(mail!.text).toContain(`合計: ${money(340)}`);
    expect(mail!.text).toMatch(new RegExp(`會員餘額 · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  ${money(340).replace('$', '\\$')}`));
    expect(mail!.text).toContain('抬頭: 海港貿易有限公司');
    expect(mail!.text).toContain('稅號: 12345678');
    // The HTML body carries the same total, escaped and in the order's language.
    expect(mail!.html).toContain('<html lang="zh-TW">');
    expect(mail!.html).toContain(money(340));

    // The line amounts as mailed add up to the total with the bag fee.
    const receipt = await h.db.transaction((tx) => buildReceipt(tx, sheetId, 'en'));
    if (typeof receipt === 'string') throw new Error(receipt);
    expect(receipt.lines.reduce((s, l) => s + l.amountMinor, 0) + receipt.bagMinor).toBe(receipt.totalMinor);
    expect(receipt.totalMinor).toBe(34_000);
    // Sent once: the outbox row is marked sent with the message id the sink saw.
    const outbox = await h.db.query<{ sent_at: Date | null; attempts: number }>('SELECT sent_at, attempts FROM mail_outbox WHERE sheet_id = $1', [sheetId]);
    expect(outbox).toEqual([{ sent_at: expect.any(Date), attempts: 1 }]);
  });

  test('refused: a bad address and an unpaid order in the caller language; a stranger is told the order does not exist', async () => {
    const member = await newMember(h, 'zh-CN');
    const placed = ok(await submit(member, pickupHeader({ TotalAmo: 50, BagAmo: 1 }), [line(g('0102'), 49)], 'PosSalSheet_PosSalSheetSubmit_V9_Add'))[0]!;
    const sheetId = String(placed.SheetID);
    const bad = await member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: 'chan@example' }]);
    expect([bad.errcode, bad.errmsg]).toEqual(['50000', '请输入有效的电邮地址，例如 name@example.com。']);
    const unpaid = await member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: 'chan@example.com' }]);
    expect([unpaid.errcode, unpaid.errmsg]).toEqual(['50000', '订单付款后才能发送收据。']);

    const paid = await paidOrder();
    const stranger = await guestClient(h, 'en');
    const res = await stranger.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: paid.sheetId, Email: 'thief@example.com' }]);
    expect([res.errcode, res.errmsg]).toEqual(['50000', 'The order does not exist']);
    expect(await h.db.query('SELECT 1 FROM mail_outbox WHERE to_addr = $1', ['thief@example.com'])).toEqual([]);
  });

  test(`at most ${RECEIPT_MAILS_PER_HOUR} mails of one receipt an hour`, async () => {
    const { member, sheetId } = await paidOrder();
    const ask = () => member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: `again-${sheetId}@example.com` }]);
    const answers = await Promise.all(Array.from({ length: RECEIPT_MAILS_PER_HOUR + 2 }, ask));
    expect(answers.filter((a) => a.errcode === '0')).toHaveLength(RECEIPT_MAILS_PER_HOUR);
    const refused = answers.filter((a) => a.errcode !== '0');
    expect(refused).toHaveLength(2);
    expect(refused[0]!.errmsg).toBe(`This receipt has been sent ${RECEIPT_MAILS_PER_HOUR} times in the last hour. Please try again later.`);
  });

  test("a member's automatic receipts: on with Auto=1, mailed when the next order is paid, off with Auto=0; a guest has none", async () => {
    const first = await paidOrder('en');
    const to = `auto-${first.sheetId}@example.com`;
    expect(ok(await first.member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: first.sheetId, Email: to, Auto: 1 }]))).toEqual([
      { SheetID: first.sheetId, Email: to, Auto: 1 },
    ]);
    expect(ok(await first.member.call('PosSalSheet_ReceiptMailPrefGet_Get', [{}]))).toEqual([{ Email: to, Auto: 1, Title: '', TaxNo: '' }]);

    // The same member's next order, paid: its receipt comes without asking.
    const placed = ok(await submit(first.member, pickupHeader({ TotalAmo: 50, BagAmo: 1 }), [line(g('0102'), 49)], 'PosSalSheet_PosSalSheetSubmit_V9_Add'))[0]!;
    ok(await first.member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: placed.SheetID, PayAmo: '50' }]));
    const mails = await mailsTo(to, 2);
    expect(mails).toHaveLength(2);
    // The order the worker sends them in is not the point: find the automatic one by its order number.
    const auto = mails.find((m) => m.subject.includes(String(placed.SheetID).slice(-6)));
    expect(auto?.text).toContain(receiptText('footerAuto', 'en'));
    expect(auto?.text).toContain(`Total: ${money(50)}`);

    ok(await first.member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: first.sheetId, Email: to, Auto: 0 }]));
    const third = ok(await submit(first.member, pickupHeader({ TotalAmo: 50, BagAmo: 1 }), [line(g('0102'), 49)], 'PosSalSheet_PosSalSheetSubmit_V9_Add'))[0]!;
    ok(await first.member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: third.SheetID, PayAmo: '50' }]));
    expect(await h.db.query('SELECT 1 FROM mail_outbox WHERE sheet_id = $1', [third.SheetID])).toEqual([]);

    const guest = await guestClient(h);
    expect(ok(await guest.call('PosSalSheet_ReceiptMailPrefGet_Get', [{}]))).toEqual([{ Email: '', Auto: 0, Title: '', TaxNo: '' }]);
  });

  test("the sandbox's mailbox shows what the sink received", async () => {
    const { member, sheetId } = await paidOrder();
    const to = `box-${sheetId}@example.com`;
    ok(await member.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: to }]));
    await mailsTo(to);
    const json = (await (await fetch(`${h.url}/sandbox/mail.json?to=${encodeURIComponent(to)}`)).json()) as { mails: SandboxMail[] };
    expect(json.mails).toHaveLength(1);
    const page = await (await fetch(`${h.url}/sandbox/mail`)).text();
    expect(page).toContain(to);
    const html = await fetch(`${h.url}/sandbox/mail/${json.mails[0]!.mailNo}.html`);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain(money(340));
  });
});

describe('buildReceipt', () => {
  test("every paid or checked-out sheet of the demo adds up: the receipt equals the bill", async () => {
    const paid = await h.db.query<{ sheet_id: string }>('SELECT sheet_id FROM sheet WHERE status IN (1, 3) AND pay_status = 2');
    expect(paid.length).toBeGreaterThan(0);
    for (const { sheet_id } of paid) {
      const receipt = await h.db.transaction((tx) => buildReceipt(tx, sheet_id, 'en'));
      expect([sheet_id, typeof receipt === 'string' ? receipt : 'ok']).toEqual([sheet_id, 'ok']);
    }
  });
});
