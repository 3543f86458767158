/**
 * Trust at the table (issue 22, items 1-3), through the real HTTP gateway and
 * the staff API: ordering at a table needs its scan; a diner withdraws only a
 * round of their own the kitchen has not started, never the whole table; a
 * payment left pending expires after PAYMENT_PENDING_MINUTES (the provider
 * asked first), and staff can cancel it or force-close the sheet.
 */
import { SheetStatus } from '../../shared/domain/orderStates';
import { DEMO } from '../db/seed';
import { ok, startSandboxPayment } from '../test/fixtures';
import { startHarness, type GatewayClient, type Harness } from '../test/harness';
import { demoIds, dineInHeader, guestClient, line, submit, submitWithoutScan } from '../test/orders';

jest.setTimeout(90_000);

const TOKEN = 'staff-token-for-tests';
const BBQ = DEMO.goods.bbqPorkRice;
const base = DEMO.bases.dineIn;
const table = (n: number) => demoIds.table(base, n);
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

type Json = Record<string, unknown>;
async function staff(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

function refused(res: { errcode: string; errmsg: string }, errcode: string, errmsg: string | RegExp) {
  expect(res.errcode).toBe(errcode);
  if (typeof errmsg === 'string') expect(res.errmsg).toBe(errmsg);
  else expect(res.errmsg).toMatch(errmsg);
}

const sheetOf = async (sheetId: string) =>
  (
    await h.db.query<{ status: number; pay_status: number; total_amo: string; round_count: number }>(
      'SELECT status, pay_status, total_amo, round_count FROM sheet WHERE sheet_id = $1',
      [sheetId],
    )
  )[0]!;
const openSheetsAt = (tableId: string) => h.db.query<{ sheet_id: string }>('SELECT sheet_id FROM sheet WHERE table_id = $1 AND status = 0', [tableId]);
const paymentOf = async (payId: string) =>
  (await h.db.query<{ status: string; cancel_reason: string }>('SELECT status, cancel_reason FROM payment WHERE pay_id = $1', [payId]))[0]!;
const providerStatus = async (payId: string) =>
  (await h.db.query<{ status: string }>('SELECT status FROM sandbox_payment WHERE pay_id = $1', [payId]))[0]!.status;
const eventsOf = async (sheetId: string) =>
  (await h.db.query<{ kind: string }>('SELECT kind FROM event_outbox WHERE sheet_id = $1 ORDER BY event_id', [sheetId])).map((e) => e.kind);

/** A round of one BBQ pork rice (MOP$48; the bill MOP$52.80 with San Ma Lo's 10 % service charge) at table n, from a client that scanned it (submit scans first). */
async function round(client: GatewayClient, n: number, sheetId = '') {
  return ok(await submit(client, dineInHeader(base, table(n), { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]))[0]!;
}
/** The provider's confirm form as the customer's page has it now, to press later (after the page has changed). */
async function confirmFormOf(payUrl: string): Promise<() => Promise<number>> {
  const html = await (await fetch(`${h.url}${payUrl}`)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
  const action = /action="([^"]*\/confirm[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  return async () =>
    (await fetch(`${h.url}${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString(), redirect: 'manual' })).status;
}
const withdraw = (client: GatewayClient, sheetId: string, roundNo?: number) =>
  client.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID: sheetId, ...(roundNo === undefined ? {} : { RoundNo: roundNo }) }]);

describe('item 1: ordering at a table needs its scan', () => {
  test("a stranger who did not scan cannot open a table's sheet or add a round, in their language; a diner who scanned can", async () => {
    const empty = table(10);
    const stranger = await guestClient(h, 'en');
    // An empty table: the stranger's round would open its sheet. Refused, nothing written.
    refused(await submitWithoutScan(stranger, dineInHeader(base, empty, { TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'Scan the QR code on your table to order at it.');
    expect(await openSheetsAt(empty)).toEqual([]);
    for (const [lang, text] of [
      ['zh-CN', '请先扫描餐桌上的二维码再点餐。'],
      ['zh-TW', '請先掃描餐桌上的二維碼再點餐。'],
    ] as const) {
      const other = await guestClient(h, lang);
      refused(await submitWithoutScan(other, dineInHeader(base, empty, { TotalAmo: 48 }), [line(BBQ, 48)]), '50000', text);
    }
    // A scan of another table does not count.
    await stranger.scanTable(table(11));
    refused(await submitWithoutScan(stranger, dineInHeader(base, empty, { TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'Scan the QR code on your table to order at it.');

    // The diner who scanned the table opens its sheet.
    const diner = await guestClient(h);
    await diner.scanTable(empty);
    const first = ok(await submitWithoutScan(diner, dineInHeader(base, empty, { TotalAmo: 48 }), [line(BBQ, 48)]))[0]!;
    expect(first).toMatchObject({ RoundNo: 1, TotalAmo: '52.8000' });
    const sheetId = String(first.SheetID);
    // The stranger cannot add a round to it, naming it or not; the bill is untouched.
    for (const SheetID of [sheetId, '']) {
      refused(await submitWithoutScan(stranger, dineInHeader(base, empty, { SheetID, TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'Scan the QR code on your table to order at it.');
    }
    expect(await sheetOf(sheetId)).toMatchObject({ total_amo: '52.8000', round_count: 1 });
    // Once scanned, the second diner adds a round.
    await stranger.scanTable(empty);
    expect(ok(await submitWithoutScan(stranger, dineInHeader(base, empty, { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]))[0]).toMatchObject({ RoundNo: 2, TotalAmo: '105.6000' });
  });

  test('a prepay dine-in order naming a table needs its scan too', async () => {
    const c01 = demoIds.table(DEMO.bases.quick, 1);
    const header = dineInHeader(DEMO.bases.quick, c01, { PayMode: 'prepay', PosType: '4', TotalAmo: 48 });
    const stranger = await guestClient(h);
    refused(await submitWithoutScan(stranger, header, [line(BBQ, 48)]), '50000', 'Scan the QR code on your table to order at it.');
    expect(ok(await submit(stranger, { ...header, LocalSheetID: `${Date.now()}999999` }, [line(BBQ, 48)]))[0]).toMatchObject({ RoundNo: 1 });
  });
});

describe("item 2: a diner withdraws only a round of their own the kitchen has not started; the table's sheet is the staff's", () => {
  test("the first to order cannot cancel the table: their own round goes, the others' stay", async () => {
    const alice = await guestClient(h);
    const bob = await guestClient(h);
    const sheetId = String((await round(alice, 1)).SheetID);
    await round(bob, 1, sheetId);
    await round(bob, 1, sheetId);
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, total_amo: '158.4000', round_count: 3 });

    // Bob's round is not Alice's to withdraw.
    refused(await withdraw(alice, sheetId, 2), '50000', 'You can withdraw only a round you added yourself.');
    // Alice's cancel, as an app that sends only SheetID does: her round 1 is withdrawn, the table's sheet stays open with Bob's.
    expect(ok(await withdraw(alice, sheetId))).toEqual([{ SheetID: sheetId, Status: 0, PayStatus: 0, RefundAmo: '0.0000', RefundTo: '', RoundNo: 1 }]);
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, total_amo: '105.6000' });
    refused(await withdraw(alice, sheetId), '50000', "Only our staff can cancel a table's order. You can withdraw a round you added while the kitchen has not started it.");
    refused(await withdraw(alice, sheetId, 1), '50000', 'Round 1 has already been withdrawn.');
    const detail = await bob.call('PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', [{ SheetID: sheetId }]);
    expect((detail.data.table3 ?? []).map((r) => r.RoundNo)).toEqual([2, 3]);
    expect((detail.data.table2 ?? []).map((i) => i.RoundNo)).toEqual([2, 3]);
    expect(detail.data.table1?.[0]).toMatchObject({ TotalAmo: '105.6000', Status: 0 });
    expect(await eventsOf(sheetId)).toContain('withdrawn');

    // Someone at the table who ordered nothing is told it is the staff's; a stranger that it does not exist.
    const seated = await guestClient(h);
    await seated.scanTable(table(1));
    refused(await withdraw(seated, sheetId), '50000', "Only our staff can cancel a table's order. You can withdraw a round you added while the kitchen has not started it.");
    refused(await withdraw(seated, sheetId, 2), '50000', "Only our staff can cancel a table's order. You can withdraw a round you added while the kitchen has not started it.");
    refused(await withdraw(await guestClient(h), sheetId), '50000', 'The order does not exist');

    // The kitchen starts: Bob's rounds 2 and 3 can no longer be withdrawn; a round added after that can.
    for (const no of [2, 3]) expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing', round: no })).status).toBe(200);
    refused(await withdraw(bob, sheetId), '50000', 'The kitchen has started on round 3, so it can no longer be withdrawn. Please ask our staff.');
    refused(await withdraw(bob, sheetId, 2), '50000', 'The kitchen has started on round 2, so it can no longer be withdrawn. Please ask our staff.');
    await round(bob, 1, sheetId);
    expect(ok(await withdraw(bob, sheetId, 4))[0]).toMatchObject({ Status: 0, RoundNo: 4 });
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, total_amo: '105.6000', round_count: 4 });
    // The next round is numbered after the withdrawn one.
    expect(await round(bob, 1, sheetId)).toMatchObject({ RoundNo: 5, TotalAmo: '158.4000' });
    // Only the staff close the table.
    expect((await staff('POST', `/staff/sheets/${sheetId}/close`, { paidAtCounter: true })).status).toBe(200);
  });

  test("withdrawing the table's last round closes its sheet and frees the table", async () => {
    const diner = await guestClient(h);
    const sheetId = String((await round(diner, 2)).SheetID);
    expect(ok(await withdraw(diner, sheetId))).toEqual([{ SheetID: sheetId, Status: SheetStatus.closed, PayStatus: 0, RefundAmo: '0.0000', RefundTo: '', RoundNo: 1 }]);
    expect(await sheetOf(sheetId)).toMatchObject({ status: 2, total_amo: '0.0000' });
    expect(await eventsOf(sheetId)).toEqual(['placed', 'cancelled']);
    const next = await round(diner, 2);
    expect(next.SheetID).not.toBe(sheetId);
    expect(next).toMatchObject({ RoundNo: 1 });
  });

  test('no round is withdrawn while the bill is being settled or paid', async () => {
    const diner = await guestClient(h);
    const sheetId = String((await round(diner, 7)).SheetID);
    ok(await diner.call('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID: sheetId, TotalAmo: 52.8 }]));
    refused(await withdraw(diner, sheetId), '50000', 'The bill of this table is being settled. No more rounds can be added.');
    await startSandboxPayment(diner, sheetId, 52.8);
    refused(await withdraw(diner, sheetId), '50000', 'A payment for this order is in progress. Please finish or cancel it first.');
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, total_amo: '52.8000' });
    expect((await staff('POST', `/staff/sheets/${sheetId}/close`, { force: true })).status).toBe(200);
  });
});

describe('item 3: a pending payment expires; staff can cancel it or force-close the sheet', () => {
  /** A table sheet with a round, settled and a sandbox payment started and left. */
  async function abandoned(n: number) {
    const diner = await guestClient(h);
    const sheetId = String((await round(diner, n)).SheetID);
    ok(await diner.call('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID: sheetId, TotalAmo: 52.8 }]));
    const pay = await startSandboxPayment(diner, sheetId, 52.8);
    return { diner, sheetId, ...pay };
  }

  test('the table is held until the bound (PAYMENT_PENDING_MINUTES), then the provider is asked and the table released', async () => {
    expect(h.config.paymentPendingMinutes).toBe(10);
    const { sheetId, payId, payUrl } = await abandoned(1);
    const confirmLater = await confirmFormOf(payUrl);
    const other = await guestClient(h);
    const start = Date.now();
    h.setNow(new Date(start + 9 * 60_000));
    refused(await submit(other, dineInHeader(base, table(1), { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'The bill of this table is being settled. No more rounds can be added.');
    expect(await paymentOf(payId)).toEqual({ status: 'pending', cancel_reason: '' });
    // Past the bound, the next round asks the provider (still pending there), closes the payment there, then takes the round.
    h.setNow(new Date(start + 10 * 60_000 + 1000));
    expect(ok(await submit(other, dineInHeader(base, table(1), { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]))[0]).toMatchObject({ RoundNo: 2, TotalAmo: '105.6000' });
    expect(await paymentOf(payId)).toEqual({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await providerStatus(payId)).toBe('cancelled');
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, pay_status: 0 });
    expect(await eventsOf(sheetId)).toEqual(['placed', 'settling', 'payment', 'payment', 'round']);
    // The customer coming back to the provider's page cannot pay the closed payment: no money is taken.
    await confirmLater();
    expect(await providerStatus(payId)).toBe('cancelled');
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, pay_status: 0 });
    expect((await staff('POST', `/staff/sheets/${sheetId}/close`, { paidAtCounter: true })).status).toBe(200);
  });

  test('paid at the provider with the callback lost: at the bound it is recorded as paid, not cancelled', async () => {
    const { diner, sheetId, payId } = await abandoned(7);
    await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1`, [payId]);
    h.setNow(new Date(Date.now() + 11 * 60_000));
    // The sheet's detail (any touch) finds the payment made: the table's bill is settled.
    const detail = await diner.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
    expect(detail.data.table1?.[0]).toMatchObject({ Status: SheetStatus.checkedOut, PayStatus: 2, DisplayState: 'checkedOut' });
    expect(await paymentOf(payId)).toEqual({ status: 'paid', cancel_reason: '' });
    refused(await submit(diner, dineInHeader(base, table(7), { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'This order has been paid and cannot be changed.');
  });

  test('the payment poll and the settle also end an expired payment; a new payment can then start', async () => {
    const { diner, sheetId, payId } = await abandoned(8);
    h.setNow(new Date(Date.now() + 10 * 60_000));
    const poll = ok(await diner.call('Finance_PaySubmit_V2_Update', [{ SheetID: sheetId, PayID: payId }]))[0];
    expect(poll).toMatchObject({ Status: 'cancelled', PayStatus: 0 });
    // The same session may not hold the table again at once (issue 16); someone else at the table may settle and pay.
    const other = await guestClient(h);
    await other.scanTable(table(8));
    ok(await other.call('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID: sheetId, TotalAmo: 52.8 }]));
    const again = await startSandboxPayment(other, sheetId, 52.8);
    expect(again.payId).not.toBe(payId);
    // Left again: the settle of a third diner past the bound ends it first.
    h.setNow(new Date(Date.now() + 25 * 60_000));
    const third = await guestClient(h);
    await third.scanTable(table(8));
    expect(ok(await third.call('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID: sheetId, TotalAmo: 52.8 }]))[0]).toMatchObject({ Settling: 1, PayStatus: 0 });
    expect(await paymentOf(again.payId)).toEqual({ status: 'cancelled', cancel_reason: 'expired' });
  });

  test('staff cancel a pending payment at once (the provider asked first); the table orders again', async () => {
    const { sheetId, payId, payUrl } = await abandoned(9);
    const confirmLater = await confirmFormOf(payUrl);
    const res = await staff('POST', `/staff/sheets/${sheetId}/cancel-payment`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ payment: 'cancelled', sheet: { sheetId, status: 0, payStatus: 0 } });
    expect(await paymentOf(payId)).toEqual({ status: 'cancelled', cancel_reason: 'staff' });
    expect(await providerStatus(payId)).toBe('cancelled');
    expect(await eventsOf(sheetId)).toEqual(['placed', 'settling', 'payment', 'payment']);
    expect((await staff('POST', `/staff/sheets/${sheetId}/cancel-payment`)).status).toBe(409);
    await confirmLater();
    expect(await providerStatus(payId)).toBe('cancelled');
    expect(await sheetOf(sheetId)).toMatchObject({ status: 0, pay_status: 0 });
    expect(await round(await guestClient(h), 9, sheetId)).toMatchObject({ RoundNo: 2 });
    expect((await staff('POST', '/staff/sheets/no-such-sheet/cancel-payment')).status).toBe(404);
  });

  test('staff cancelling a payment the customer had paid records it as paid', async () => {
    const { sheetId, payId } = await abandoned(11);
    await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1`, [payId]);
    const res = await staff('POST', `/staff/sheets/${sheetId}/cancel-payment`);
    expect(res.json).toMatchObject({ payment: 'paid', sheet: { status: SheetStatus.checkedOut, payStatus: 2 } });
    expect(await paymentOf(payId)).toEqual({ status: 'paid', cancel_reason: '' });
  });

  test('the staff close answers 409 while a payment is pending; {"force": true} ends the payment first, then closes', async () => {
    const { sheetId, payId } = await abandoned(12);
    const plain = await staff('POST', `/staff/sheets/${sheetId}/close`, {});
    expect(plain.status).toBe(409);
    expect(plain.json.error).toMatch(/in progress.*force/);
    expect(await paymentOf(payId)).toEqual({ status: 'pending', cancel_reason: '' });
    const forced = await staff('POST', `/staff/sheets/${sheetId}/close`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.json).toMatchObject({ payment: 'cancelled', sheet: { status: SheetStatus.closed, payStatus: 0 } });
    expect(await paymentOf(payId)).toEqual({ status: 'cancelled', cancel_reason: 'staff' });
    expect(await providerStatus(payId)).toBe('cancelled');
    expect((await eventsOf(sheetId)).slice(-2)).toEqual(['payment', 'closed']);
    // The table is free: the next diner opens a new sheet.
    expect((await round(await guestClient(h), 12)).SheetID).not.toBe(sheetId);

    // Forced while the customer had paid at the provider: recorded as paid, the table's bill settled, not closed unpaid.
    const paid = await abandoned(1);
    await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1`, [paid.payId]);
    const res = await staff('POST', `/staff/sheets/${paid.sheetId}/close`, { force: true });
    expect(res.json).toMatchObject({ payment: 'paid', sheet: { status: SheetStatus.checkedOut, payStatus: 2 } });
  });

  test('without a provider to ask, nothing is released (no money can be lost) and staff are told', async () => {
    const { sheetId, payId } = await abandoned(7);
    const secret = h.config.paymentSecret;
    h.config.paymentSecret = '';
    try {
      h.setNow(new Date(Date.now() + 60 * 60_000));
      refused(await submit(await guestClient(h), dineInHeader(base, table(7), { SheetID: sheetId, TotalAmo: 48 }), [line(BBQ, 48)]), '50000', 'The bill of this table is being settled. No more rounds can be added.');
      const res = await staff('POST', `/staff/sheets/${sheetId}/close`, { force: true });
      expect(res.status).toBe(502);
      expect(await paymentOf(payId)).toEqual({ status: 'pending', cancel_reason: '' });
    } finally {
      h.config.paymentSecret = secret;
    }
  });
});
