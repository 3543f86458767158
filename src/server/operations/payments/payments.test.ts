/**
 * Payment operations end to end through the real HTTP server: the shop's
 * payment methods, third-party payment through the sandbox provider, the
 * payment status poll, the provider's user id, the member balance (with the
 * races that must not overdraw it), pay later and the customer's cancel with
 * its refund. Sheets are inserted directly (server/test/fixtures.ts).
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { markSheetPaid } from './settle';
import {
  atTable,
  balanceOf,
  decideOnPage,
  guest,
  insertMember,
  insertSheet,
  ok,
  payAfterSheet,
  payments,
  pollPayment,
  rows,
  sheetRow,
  signIn,
  startSandboxPayment,
} from '../../test/fixtures';

jest.setTimeout(60_000);

let h: Harness;
let chan: GatewayClient;

beforeAll(async () => {
  // The gateway's rate limits (20 payments a minute per member) are not what these tests are about.
  h = await startHarness({ rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 } });
  chan = await signIn(h, DEMO.vips.chan);
});
afterAll(() => h.close());

const refused = (res: { errcode: string; errmsg: string }, errcode: string, errmsg: string | RegExp) => {
  if (typeof errmsg === 'string') expect([res.errcode, res.errmsg]).toEqual([errcode, errmsg]);
  else {
    expect(res.errcode).toBe(errcode);
    expect(res.errmsg).toMatch(errmsg);
  }
};
const BUSINESS = ErrorCode.business;
const NOT_FOUND = 'The order does not exist';
const NOT_LINKED = 'Payment account has not been linked to this shop yet.';

const accountGet = (row: Record<string, unknown>, c = chan) => c.call('Finance_EntShopAccountGet_V2_Get', [row]);
const posPay = (SheetID: string, TotalAmo: unknown, c = chan, PayType: string = 'sandbox') =>
  c.call('Finance_PosPaySubmit_V5_Add', [{ SheetID, PayType, TotalAmo }]);
const acctPay = (SheetID: string, PayAmo: unknown, c: GatewayClient) => c.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID, PayAmo }]);
const payLater = (SheetID: string, c = chan) => c.call('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', [{ SheetID }]);
const closeSheet = (SheetID: string, c = chan) => c.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID }]);
const accountItems = (vipId: string) =>
  h.db.query<{ kind: string; amount: string; balance: string; sheet_id: string }>(
    'SELECT kind, amount, balance, sheet_id FROM vip_account_item WHERE vip_id = $1 ORDER BY seq',
    [vipId],
  );
const scoreItems = (vipId: string) =>
  h.db.query<{ score: string; balance: string; sheet_id: string }>('SELECT score, balance, sheet_id FROM vip_score_item WHERE vip_id = $1 ORDER BY seq', [vipId]);

describe('Finance_EntShopAccountGet_V2_Get', () => {
  const MAIN_METHODS = [
    { PayType: 'balance', Name: '会员余额', NameTW: '會員餘額', NameEN: 'Member balance', Enabled: 1 },
    { PayType: 'sandbox', Name: '沙盒支付', NameTW: '沙盒支付', NameEN: 'Sandbox Pay', Enabled: 1 },
    { PayType: 'paylater', Name: '货到或到店付款', NameTW: '貨到或到店付款', NameEN: 'Pay on delivery or at the counter', Enabled: 1 },
  ];

  test("the main shop's methods, by shop or by one of its outlets (the quick-service one)", async () => {
    expect(ok(await accountGet({ ShopID: DEMO.shops.main }))).toEqual(MAIN_METHODS);
    expect(ok(await accountGet({ BaseID: DEMO.bases.quick }))).toEqual(MAIN_METHODS);
    expect(ok(await accountGet({ ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn }))).toEqual(MAIN_METHODS);
  });

  test("an outlet's own row overrides the shop's", async () => {
    await h.db.query(`INSERT INTO shop_account (shop_id, base_id, pay_type, enabled, sort) VALUES ($1, $2, 'paylater', false, 3)`, [DEMO.shops.main, DEMO.bases.lateNight]);
    try {
      const methods = ok(await accountGet({ BaseID: DEMO.bases.lateNight }));
      expect(methods.map((m) => [m.PayType, m.Enabled])).toEqual([['balance', 1], ['sandbox', 1], ['paylater', 0]]);
      expect(ok(await accountGet({ BaseID: DEMO.bases.quick }))).toEqual(MAIN_METHODS);
    } finally {
      await h.db.query(`DELETE FROM shop_account WHERE base_id = $1`, [DEMO.bases.lateNight]);
    }
  });

  test("the district's external shops have no payment account linked", async () => {
    refused(await accountGet({ ShopID: DEMO.shops.eggTart }), BUSINESS, NOT_LINKED);
    refused(await accountGet({ BaseID: DEMO.bases.noodle }), BUSINESS, NOT_LINKED);
    const zh = new GatewayClient(h.url, 'zh-TW');
    zh.cookie = chan.cookie;
    refused(await accountGet({ ShopID: DEMO.shops.porkChopBun }, zh), BUSINESS, '該店鋪尚未綁定收款帳戶。');
  });

  test('unknown shops and outlets, a payload naming neither, no session', async () => {
    refused(await accountGet({ ShopID: 'nope' }), BUSINESS, 'The shop does not exist');
    refused(await accountGet({ BaseID: 'nope' }), BUSINESS, 'The outlet does not exist');
    refused(await accountGet({ ShopID: DEMO.shops.eggTart, BaseID: DEMO.bases.quick }), BUSINESS, 'The outlet does not exist');
    refused(await accountGet({}), ErrorCode.badRequest, /send ShopID or BaseID/);
    refused(await accountGet({ ShopID: DEMO.shops.main }, new GatewayClient(h.url)), ErrorCode.sessionRequired, 'Operation not allowed without logging-in.');
  });
});

describe('Finance_PosPaySubmit_V5_Add', () => {
  test("starts a pending payment of the server's total and marks the sheet paying", async () => {
    const sheetId = await insertSheet(h);
    const [row] = ok(await posPay(sheetId, '25.50'));
    expect(row).toEqual({
      PayID: expect.stringMatching(/^PAY\d{21}$/),
      SheetID: sheetId,
      PayUrl: `/sandbox/pay/${String(row!.PayID)}?lang=en`,
      Amount: '25.5000',
      Status: 'pending',
    });
    expect(await payments(h, sheetId)).toEqual([
      { pay_id: row!.PayID, pay_type: 'sandbox', amount: '25.5000', status: 'pending', vip_id: DEMO.vips.chan, provider_ref: '' },
    ]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 0, pay_status: 1 });
    // The provider was asked for the same amount.
    expect(await h.db.query('SELECT amount, currency, status FROM sandbox_payment WHERE pay_id = $1', [row!.PayID])).toEqual([
      { amount: '25.5000', currency: 'MOP', status: 'pending' },
    ]);
  });

  test('asked again (a double tap, a retry, coming back), answers the same pending payment', async () => {
    const sheetId = await insertSheet(h);
    const answers = await Promise.all([posPay(sheetId, 25.5), posPay(sheetId, 25.5), posPay(sheetId, '25.5')]);
    const ids = new Set(answers.map((a) => ok(a)[0]!.PayID));
    expect(ids.size).toBe(1);
    expect(ok(await posPay(sheetId, 25.5))[0]!.PayID).toBe([...ids][0]);
    expect(await payments(h, sheetId)).toHaveLength(1);
  });

  test('a total that is not the server\'s is refused with 50010 and nothing is written', async () => {
    const sheetId = await insertSheet(h);
    refused(await posPay(sheetId, 20), ErrorCode.mismatch, 'The amount to pay is MOP$25.50. Please check the order and pay again.');
    refused(await posPay(sheetId, 25.49), ErrorCode.mismatch, /MOP\$25\.50/);
    expect(await payments(h, sheetId)).toEqual([]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ pay_status: 0 });
    refused(await posPay(sheetId, 'abc'), ErrorCode.badRequest, /TotalAmo/);
    refused(await chan.call('Finance_PosPaySubmit_V5_Add', [{ SheetID: sheetId, PayType: 'sandbox' }]), ErrorCode.badRequest, /TotalAmo/);
  });

  test("someone else's or an unknown sheet does not exist for the caller", async () => {
    const lees = await insertSheet(h, { vipId: DEMO.vips.lee });
    refused(await posPay(lees, 25.5), BUSINESS, NOT_FOUND);
    refused(await posPay('no-such-sheet', 25.5), BUSINESS, NOT_FOUND);
    refused(await posPay(await insertSheet(h), 25.5, await guest(h)), BUSINESS, NOT_FOUND);
    expect(await payments(h, lees)).toEqual([]);
  });

  test('a paid, closed or checked-out sheet cannot be paid', async () => {
    refused(await posPay(await insertSheet(h, { status: 1, payStatus: 2 }), 25.5), BUSINESS, 'This order has already been paid.');
    refused(await posPay(await insertSheet(h, { status: 3, payStatus: 2 }), 25.5), BUSINESS, 'This order has already been paid.');
    refused(await posPay(await insertSheet(h, { status: 2 }), 25.5), BUSINESS, 'This order can no longer be paid.');
  });

  test('a shop without a linked account, and methods that are not third-party', async () => {
    const eggTart = await insertSheet(h, { shopId: DEMO.shops.eggTart, baseId: DEMO.bases.eggTart });
    refused(await posPay(eggTart, 25.5), BUSINESS, NOT_LINKED);
    const sheetId = await insertSheet(h);
    refused(await posPay(sheetId, 25.5, chan, 'balance'), BUSINESS, 'This payment method is not available for this shop.');
    await h.db.query(`UPDATE shop_account SET enabled = false WHERE shop_id = $1 AND pay_type = 'sandbox'`, [DEMO.shops.main]);
    try {
      refused(await posPay(sheetId, 25.5), BUSINESS, 'This payment method is not available for this shop.');
    } finally {
      await h.db.query(`UPDATE shop_account SET enabled = true WHERE shop_id = $1 AND pay_type = 'sandbox'`, [DEMO.shops.main]);
    }
  });

  test("a pay-after table sheet may be paid by any session at the table (a guest's too)", async () => {
    const sheetId = await payAfterSheet(h);
    // Not by a session that has not scanned the table's code (issue 16).
    refused(await posPay(sheetId, 92, await guest(h)), BUSINESS, NOT_FOUND);
    const [row] = ok(await posPay(sheetId, 92, await atTable(h, await guest(h))));
    expect(row).toMatchObject({ Amount: '92.0000', Status: 'pending' });
    // ...but not once it is checked out.
    refused(await posPay(await payAfterSheet(h, { status: 3, payStatus: 2 }), 92, await atTable(h, await guest(h))), BUSINESS, NOT_FOUND);
  });

  test('a pay-after table of an outlet that does not settle online: call the staff', async () => {
    const lateNight = await payAfterSheet(h, { baseId: DEMO.bases.lateNight, tableId: DEMO.tables.lateNightB01 });
    refused(await posPay(lateNight, 92, await atTable(h, await guest(h), DEMO.tables.lateNightB01)), BUSINESS, 'Please call our staff to checkout');
    refused(await acctPay(lateNight, 92, await atTable(h, chan, DEMO.tables.lateNightB01)), BUSINESS, 'Please call our staff to checkout');
    expect(await payments(h, lateNight)).toEqual([]);
  });

  test('needs a session', async () => {
    refused(await posPay(await insertSheet(h), 25.5, new GatewayClient(h.url)), ErrorCode.sessionRequired, 'Operation not allowed without logging-in.');
  });
});

describe('Finance_PaySubmit_V2_Update', () => {
  test('pending, then paid once the customer confirms on the provider page', async () => {
    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    expect(ok(await pollPayment(chan, sheetId, payId))).toEqual([
      { PayID: payId, SheetID: sheetId, PayType: 'sandbox', Status: 'pending', Amount: '25.5000', PaidAt: '', SheetStatus: 0, PayStatus: 1, Part: '', ShareN: 0, ShareOf: 0, TipAmo: '0.0000', Units: [] },
    ]);
    expect(await decideOnPage(h, payUrl, 'confirm')).toEqual({ status: 303, location: `/#/pages/paying/paying?SheetID=${sheetId}&PayID=${payId}` });
    // The provider's callback credited it (before any poll).
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'paid' });
    const [row] = ok(await pollPayment(chan, sheetId));
    expect(row).toEqual({
      PayID: payId,
      SheetID: sheetId,
      PayType: 'sandbox',
      Status: 'paid',
      Amount: '25.5000',
      PaidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      SheetStatus: 1,
      PayStatus: 2,
      // What the payment covers (issue 28): the whole sheet, no share, no tip, no units.
      Part: '',
      ShareN: 0,
      ShareOf: 0,
      TipAmo: '0.0000',
      Units: [],
    });
  });

  test('a pending payment whose callback never came is settled by asking the provider', async () => {
    const sheetId = await insertSheet(h);
    const { payId } = await startSandboxPayment(chan, sheetId, 25.5);
    // The customer paid at the provider, but its callback was lost.
    await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1`, [payId]);
    expect(ok(await pollPayment(chan, sheetId, payId))[0]).toMatchObject({ Status: 'paid', SheetStatus: 1, PayStatus: 2 });
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'paid', provider_ref: expect.stringMatching(/^SBX[0-9A-F]{16}$/) });
  });

  test('unknown payments, and sheets that are not the caller\'s', async () => {
    const sheetId = await insertSheet(h);
    refused(await pollPayment(chan, sheetId), BUSINESS, 'The payment does not exist');
    const other = await insertSheet(h);
    const { payId } = await startSandboxPayment(chan, other, 25.5);
    refused(await pollPayment(chan, sheetId, payId), BUSINESS, 'The payment does not exist');
    refused(await pollPayment(await guest(h), other, payId), BUSINESS, NOT_FOUND);
    refused(await pollPayment(chan, 'no-such-sheet'), BUSINESS, NOT_FOUND);
  });
});

describe('Finance_GetUserPayInfo_Get', () => {
  test("the sandbox provider's user id: the same for the same member, another for another", async () => {
    const first = ok(await chan.call('Finance_GetUserPayInfo_Get', [{ Code: 'abc' }]));
    expect(first).toEqual([{ OpenID: expect.stringMatching(/^sbx_[0-9a-f]{28}$/) }]);
    expect(ok(await chan.call('Finance_GetUserPayInfo_Get', [{}]))).toEqual(first);
    const lee = await signIn(h, DEMO.vips.lee);
    expect(ok(await lee.call('Finance_GetUserPayInfo_Get', [{}]))[0]!.OpenID).not.toBe(first[0]!.OpenID);
    refused(await new GatewayClient(h.url).call('Finance_GetUserPayInfo_Get', [{}]), ErrorCode.sessionRequired, /logging-in/);
  });
});

describe('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', () => {
  test('pays from the balance: one debit, an account item with the balance after, points, the sheet paid', async () => {
    const vipId = await insertMember(h, 100);
    const member = await signIn(h, vipId);
    const sheetId = await insertSheet(h, { vipId });
    const [row] = ok(await acctPay(sheetId, 25.5, member));
    expect(row).toEqual({
      SheetID: sheetId,
      PayID: expect.stringMatching(/^PAY\d{21}$/),
      PayAmo: '25.5000',
      Balance: '74.5000',
      Score: 2, // 1 point per MOP$10 paid (the demo enterprise's rule)
      Status: 1,
      PayStatus: 2,
    });
    expect(await balanceOf(h, vipId)).toEqual({ balance: '74.5000', score: '2.0000' });
    expect(await accountItems(vipId)).toEqual([{ kind: 'pay', amount: '-25.5000', balance: '74.5000', sheet_id: sheetId }]);
    expect(await scoreItems(vipId)).toEqual([{ score: '2.0000', balance: '2.0000', sheet_id: sheetId }]);
    expect(await payments(h, sheetId)).toEqual([
      { pay_id: row!.PayID, pay_type: 'balance', amount: '25.5000', status: 'paid', vip_id: vipId, provider_ref: '' },
    ]);
    expect(await sheetRow(h, sheetId)).toEqual({ status: 1, pay_status: 2, is_pay_later: false });
    refused(await acctPay(sheetId, 25.5, member), BUSINESS, 'This order has already been paid.');
  });

  test('a balance that does not cover the amount: refused with the balance, nothing written', async () => {
    const vipId = await insertMember(h, 10);
    const member = await signIn(h, vipId);
    const sheetId = await insertSheet(h, { vipId });
    refused(await acctPay(sheetId, 25.5, member), BUSINESS, 'Your balance of MOP$10.00 is not enough to pay MOP$25.50.');
    expect(await balanceOf(h, vipId)).toEqual({ balance: '10.0000', score: '0.0000' });
    expect(await accountItems(vipId)).toEqual([]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 0, pay_status: 0 });
    expect(await payments(h, sheetId)).toEqual([]);
  });

  test("a PayAmo that is not the server's is refused with 50010", async () => {
    const vipId = await insertMember(h, 100);
    const member = await signIn(h, vipId);
    const sheetId = await insertSheet(h, { vipId });
    refused(await acctPay(sheetId, 1, member), ErrorCode.mismatch, 'The amount to pay is MOP$25.50. Please check the order and pay again.');
    expect(await balanceOf(h, vipId)).toMatchObject({ balance: '100.0000' });
  });

  test("a pay-after table sheet paid from a member's balance is checked out (status 3)", async () => {
    const vipId = await insertMember(h, 100);
    const sheetId = await payAfterSheet(h);
    const [row] = ok(await acctPay(sheetId, 92, await atTable(h, await signIn(h, vipId))));
    expect(row).toMatchObject({ Balance: '8.0000', Score: 9, Status: 3, PayStatus: 2 });
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 3, pay_status: 2 });
  });

  test('refusals: guests, other members\' sheets, a pending third-party payment, a shop without the balance method', async () => {
    const g = await guest(h);
    refused(await acctPay(await insertSheet(h), 25.5, g), ErrorCode.forbidden, 'Please sign in as a member first.');
    const vipId = await insertMember(h, 100);
    const member = await signIn(h, vipId);
    refused(await acctPay(await insertSheet(h), 25.5, member), BUSINESS, NOT_FOUND);

    const sheetId = await insertSheet(h, { vipId });
    await startSandboxPayment(member, sheetId, 25.5);
    refused(await acctPay(sheetId, 25.5, member), BUSINESS, 'A payment for this order is in progress. Please finish or cancel it first.');

    const eggTart = await insertSheet(h, { vipId, shopId: DEMO.shops.eggTart, baseId: DEMO.bases.eggTart });
    refused(await acctPay(eggTart, 25.5, member), BUSINESS, NOT_LINKED);
    expect(await balanceOf(h, vipId)).toMatchObject({ balance: '100.0000' });
  });

  test('20 concurrent payments of 20 sheets against a balance that covers 7: exactly 7 paid, never below zero', async () => {
    const vipId = await insertMember(h, 70);
    const member = await signIn(h, vipId);
    const sheetIds: string[] = [];
    for (let i = 0; i < 20; i += 1) sheetIds.push(await insertSheet(h, { vipId, totalAmo: 10 }));
    const answers = await Promise.all(sheetIds.map((id) => acctPay(id, 10, member)));

    const paid = answers.filter((a) => a.errcode === '0');
    expect(paid).toHaveLength(7);
    for (const a of answers.filter((x) => x.errcode !== '0')) {
      expect([a.errcode, a.errmsg]).toEqual([BUSINESS, expect.stringMatching(/^Your balance of MOP\$\d+\.\d\d is not enough to pay MOP\$10\.00\.$/)]);
    }
    expect(await balanceOf(h, vipId)).toEqual({ balance: '0.0000', score: '7.0000' });

    const statuses = await h.db.query<{ status: number; pay_status: number }>('SELECT status, pay_status FROM sheet WHERE sheet_id = ANY($1)', [sheetIds]);
    expect(statuses.filter((s) => s.status === 1 && s.pay_status === 2)).toHaveLength(7);
    expect(statuses.filter((s) => s.status === 0 && s.pay_status === 0)).toHaveLength(13);

    // The account items: one per paid sheet, each balance the one before less 10, ending at zero.
    const items = await accountItems(vipId);
    expect(items.map((i) => [i.amount, i.balance])).toEqual([60, 50, 40, 30, 20, 10, 0].map((b) => ['-10.0000', `${b}.0000`]));
    const paidSheets = paid.map((a) => rows(a)[0]!.SheetID).sort();
    expect(items.map((i) => i.sheet_id).sort()).toEqual(paidSheets);
    expect(new Set(paidSheets).size).toBe(7);
    // Every answer's balance is one of the running balances.
    expect(paid.map((a) => rows(a)[0]!.Balance).sort()).toEqual(items.map((i) => i.balance).sort());
    const [{ n }] = await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM payment WHERE sheet_id = ANY($1) AND status = 'paid'`, [sheetIds]) as [{ n: string }];
    expect(n).toBe('7');
  });

  test('the same sheet paid twice at once (two phones, a double tap) is charged once', async () => {
    const vipId = await insertMember(h, 100);
    const phones = [await signIn(h, vipId), await signIn(h, vipId)];
    const sheetId = await insertSheet(h, { vipId });
    const answers = await Promise.all([...phones, ...phones].map((p) => acctPay(sheetId, 25.5, p)));
    expect(answers.filter((a) => a.errcode === '0')).toHaveLength(1);
    for (const a of answers.filter((x) => x.errcode !== '0')) expect(a.errmsg).toBe('This order has already been paid.');
    expect(await balanceOf(h, vipId)).toEqual({ balance: '74.5000', score: '2.0000' });
    expect(await accountItems(vipId)).toHaveLength(1);
    expect(await payments(h, sheetId)).toHaveLength(1);
  });
});

describe('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', () => {
  test('an unpaid open prepay sheet of the member is paid later', async () => {
    const sheetId = await insertSheet(h);
    expect(ok(await payLater(sheetId))).toEqual([{ SheetID: sheetId, IsPayLater: 1 }]);
    expect(await sheetRow(h, sheetId)).toEqual({ status: 0, pay_status: 0, is_pay_later: true });
    // Again: still pay later.
    expect(ok(await payLater(sheetId))).toEqual([{ SheetID: sheetId, IsPayLater: 1 }]);
    // Paying online after all clears it.
    const [paid] = ok(await acctPay(sheetId, 25.5, chan));
    expect(paid).toMatchObject({ Status: 1 });
    expect(await sheetRow(h, sheetId)).toEqual({ status: 1, pay_status: 2, is_pay_later: false });
  });

  test('refusals', async () => {
    refused(await payLater(await insertSheet(h, { status: 1, payStatus: 2 })), BUSINESS, 'This order has already been paid.');
    refused(await payLater(await insertSheet(h, { status: 2 })), BUSINESS, 'This order can no longer be paid.');
    refused(await payLater(await insertSheet(h, { vipId: DEMO.vips.lee })), BUSINESS, NOT_FOUND);
    refused(await payLater(await payAfterSheet(h, { vipId: DEMO.vips.chan })), BUSINESS, 'Only an unpaid order can be paid later.');
    const paying = await insertSheet(h);
    await startSandboxPayment(chan, paying, 25.5);
    refused(await payLater(paying), BUSINESS, 'A payment for this order is in progress. Please finish or cancel it first.');
    refused(await payLater(await insertSheet(h, { shopId: DEMO.shops.eggTart, baseId: DEMO.bases.eggTart })), BUSINESS, NOT_LINKED);
  });

  test('not at a table: a dine-in order placed from a table pays online or at the staff checkout (issue 23)', async () => {
    const atQuickTable = await insertSheet(h, { tableId: DEMO.tables.quickC01 });
    refused(await payLater(atQuickTable), BUSINESS, /not offered at a table/);
    expect(await sheetRow(h, atQuickTable)).toEqual({ status: 0, pay_status: 0, is_pay_later: false });
    // Taken away from the same table: pay later as before.
    const takeaway = await insertSheet(h, { tableId: DEMO.tables.quickC01, posType: 7, businessMode: 1 });
    expect(ok(await payLater(takeaway))).toEqual([{ SheetID: takeaway, IsPayLater: 1 }]);
  });
});

describe('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', () => {
  test('an unpaid order is cancelled (closed), nothing to refund', async () => {
    const sheetId = await insertSheet(h);
    expect(ok(await closeSheet(sheetId))).toEqual([{ SheetID: sheetId, Status: 2, PayStatus: 0, RefundAmo: '0.0000', RefundTo: '' }]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 2, pay_status: 0 });
    refused(await closeSheet(sheetId), BUSINESS, 'This order can no longer be cancelled');
  });

  test('a balance-paid order: the money goes back to the balance with an account item, the points are taken back', async () => {
    const vipId = await insertMember(h, 100);
    const member = await signIn(h, vipId);
    const sheetId = await insertSheet(h, { vipId });
    ok(await acctPay(sheetId, 25.5, member));
    expect(ok(await closeSheet(sheetId, member))).toEqual([{ SheetID: sheetId, Status: 2, PayStatus: 3, RefundAmo: '25.5000', RefundTo: 'balance' }]);
    expect(await balanceOf(h, vipId)).toEqual({ balance: '100.0000', score: '0.0000' });
    expect(await accountItems(vipId)).toEqual([
      { kind: 'pay', amount: '-25.5000', balance: '74.5000', sheet_id: sheetId },
      { kind: 'refund', amount: '25.5000', balance: '100.0000', sheet_id: sheetId },
    ]);
    expect((await scoreItems(vipId)).map((s) => [s.score, s.balance])).toEqual([['2.0000', '2.0000'], ['-2.0000', '0.0000']]);
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'refunded' });
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 2, pay_status: 3 });
  });

  test('a sandbox-paid order is refunded through the provider', async () => {
    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    await decideOnPage(h, payUrl, 'confirm');
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 1, pay_status: 2 });
    expect(ok(await closeSheet(sheetId))).toEqual([{ SheetID: sheetId, Status: 2, PayStatus: 3, RefundAmo: '25.5000', RefundTo: 'sandbox' }]);
    expect(await h.db.query('SELECT status, refunded_amount FROM sandbox_payment WHERE pay_id = $1', [payId])).toEqual([{ status: 'refunded', refunded_amount: '25.5000' }]);
    expect(ok(await pollPayment(chan, sheetId, payId))[0]).toMatchObject({ Status: 'refunded', SheetStatus: 2, PayStatus: 3 });
  });

  test('not while a third-party payment is pending, nor once checked out or closed', async () => {
    const paying = await insertSheet(h);
    await startSandboxPayment(chan, paying, 25.5);
    refused(await closeSheet(paying), BUSINESS, 'A payment for this order is in progress. Please finish or cancel it first.');
    refused(await closeSheet(await insertSheet(h, { status: 3, payStatus: 2 })), BUSINESS, 'This order can no longer be cancelled');
    refused(await closeSheet(await insertSheet(h, { status: 2 })), BUSINESS, 'This order can no longer be cancelled');
  });

  test('not once the kitchen has started on it', async () => {
    // sheet.progress comes with the orders migration (003).
    const sheetId = await insertSheet(h);
    await h.db.query(`UPDATE sheet SET progress = 'preparing' WHERE sheet_id = $1`, [sheetId]);
    refused(await closeSheet(sheetId), BUSINESS, 'This order can no longer be cancelled');
  });

  test('the coupon the order used can be used again', async () => {
    const sheetId = await insertSheet(h);
    const cardId = '879000000001'; // Chan's MOP$20 cash coupon
    await h.db.query(`UPDATE vip_card SET status = 1, used_sheet_id = $1, used_at = $2 WHERE card_id = $3`, [sheetId, new Date(), cardId]);
    ok(await closeSheet(sheetId));
    expect(await h.db.query('SELECT status, used_sheet_id, used_at FROM vip_card WHERE card_id = $1', [cardId])).toEqual([{ status: 0, used_sheet_id: '', used_at: null }]);
  });

  test("someone else's or an unknown order does not exist", async () => {
    refused(await closeSheet(await insertSheet(h, { vipId: DEMO.vips.lee })), BUSINESS, NOT_FOUND);
    refused(await closeSheet(await payAfterSheet(h)), BUSINESS, NOT_FOUND);
    refused(await closeSheet('no-such-sheet'), BUSINESS, NOT_FOUND);
  });
});

describe('markSheetPaid', () => {
  test('a prepay sheet becomes paid, a pay-after table sheet checked out; only from unpaid or paying', async () => {
    const now = new Date();
    const prepay = await insertSheet(h);
    const table = await payAfterSheet(h, { payStatus: 1 });
    const closed = await insertSheet(h, { status: 2 });
    const results = await h.db.transaction(async (tx) => [
      await markSheetPaid(tx, prepay, 'counter', now),
      await markSheetPaid(tx, table, 'counter', now),
      await markSheetPaid(tx, closed, 'counter', now),
      await markSheetPaid(tx, prepay, 'counter', now),
      await markSheetPaid(tx, 'no-such-sheet', 'counter', now),
    ]);
    expect(results).toEqual([
      { sheetId: prepay, status: 1, method: 'counter' },
      { sheetId: table, status: 3, method: 'counter' },
      null,
      null,
      null,
    ]);
    expect(await sheetRow(h, table)).toMatchObject({ status: 3, pay_status: 2 });
    expect(await sheetRow(h, closed)).toMatchObject({ status: 2, pay_status: 0 });
  });
});
