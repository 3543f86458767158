/**
 * Issue 26 section 5, staff fix an order, through the real HTTP server (on
 * PGlite, or PostgreSQL with DATABASE_URL): voids (reason, approver's PIN
 * and its back-off, roles and outlets, twice, audit, totals re-priced, the
 * customer's detail), refunds of a paid line (balance ledger, the sandbox
 * provider), items added at the screen (priced as a customer's round), a
 * sheet moved to another table, and the live events on the customer's sheet
 * stream and the staff stream.
 */
import type { ResultTables } from '../../shared/protocol/envelope';
import { DEMO, DEMO_STAFF } from '../db/seed';
import { atTable, decideOnPage, insertMember, signIn as memberSignIn, startSandboxPayment } from '../test/fixtures';
import { dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { openSse } from '../test/sseClient';

jest.setTimeout(120_000);

const TOKEN = 'staff-token-for-fix-tests';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, trustProxy: true, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
const demo = (login: string) => DEMO_STAFF.find((s) => s.login === login)!;
const MANAGER = { login: 'manager', pin: demo('manager').pin };
const OWNER = { login: 'owner', pin: demo('owner').pin };
const BBQ = DEMO.goods.bbqPorkRice;
let ipSeq = 20;
const freshIp = () => `198.51.100.${(ipSeq += 1)}`;

async function call(method: string, path: string, opts: { cookie?: string; token?: string; body?: unknown; ip?: string; lang?: string } = {}) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': opts.ip ?? '192.0.2.30',
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, headers: res.headers };
}
async function staffSignIn(login: string): Promise<string> {
  const res = await call('POST', '/staff/session', { body: { login, password: demo(login).password }, ip: freshIp() });
  expect([login, res.status]).toEqual([login, 200]);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
const rows = (res: { data: ResultTables }, t: keyof ResultTables = 'table1') => res.data[t] ?? [];

/** A free table of San Ma Lo (no open sheet): its id. */
async function freeTable(): Promise<string> {
  const [t] = await h.db.query<{ table_id: string }>(
    `SELECT t.table_id FROM dining_table t WHERE t.base_id = $1 AND NOT EXISTS (SELECT 1 FROM sheet s WHERE s.table_id = t.table_id AND s.status = 0)
      ORDER BY t.table_id LIMIT 1`,
    [DEMO.bases.dineIn],
  );
  return t!.table_id;
}

/** A guest at a free San Ma Lo table orders BBQ pork rice x1 and x2 (MOP 144): the open table sheet. */
async function tableOrder(): Promise<{ client: GatewayClient; sheetId: string; tableId: string }> {
  const tableId = await freeTable();
  const client = await atTable(h, await guestClient(h), tableId);
  const res = await submit(client, dineInHeader(DEMO.bases.dineIn, tableId, { TotalAmo: 144 }), [line(BBQ, 48), line(BBQ, 96, { MQua: 2 })]);
  expect(res.errmsg).toBe('');
  return { client, sheetId: String(rows(res)[0]!.SheetID), tableId };
}
const detail = async (client: GatewayClient, sheetId: string) => {
  const res = await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
  expect(res.errcode).toBe('0');
  return { head: rows(res)[0]!, items: rows(res, 'table2'), rounds: rows(res, 'table3') };
};
const itemsOf = (sheetId: string) =>
  h.db.query<{ item_id: number; amo: string; voided_at: Date | null; void_reason: string; voided_by: string | null }>(
    'SELECT item_id, amo::text AS amo, voided_at, void_reason, voided_by FROM sheet_item WHERE sheet_id = $1 ORDER BY item_id',
    [sheetId],
  );
const totalOf = async (sheetId: string) => (await h.db.query<{ total_amo: string }>('SELECT total_amo::text AS total_amo FROM sheet WHERE sheet_id = $1', [sheetId]))[0]!.total_amo;
const voidPath = (sheetId: string, itemId: number) => `/staff/sheets/${sheetId}/lines/${itemId}/void`;

describe('void a line', () => {
  test('a manager voids with a reason and their PIN: struck through for the customer, totals re-priced, audited, 409 twice', async () => {
    const { client, sheetId } = await tableOrder();
    const manager = await staffSignIn('manager');
    const res = await call('POST', voidPath(sheetId, 2), { cookie: manager, body: { reason: 'outOfStock', approver: MANAGER } });
    expect(res.status).toBe(200);
    // 48 left, and San Ma Lo's 10 % service charge on it (issue 28): 52.80.
    expect(res.json).toMatchObject({ itemId: 2, voidReason: 'Out of stock', refund: null, sheet: { sheetId, totalAmo: '52.8000' } });
    const items = await itemsOf(sheetId);
    expect(items.map((i) => [i.item_id, i.voided_at !== null, i.void_reason])).toEqual([
      [1, false, ''],
      [2, true, 'outOfStock'],
    ]);
    expect(items[1]!.voided_by).toBe(DEMO_STAFF.find((s) => s.login === 'manager')!.accountId);
    // The round's amount is re-priced with the sheet (a table's round: its own lines not voided).
    const { head, items: lines, rounds } = await detail(client, sheetId);
    expect(head.TotalAmo).toBe('52.8000');
    expect(head.SalesAmo).toBe('48.0000');
    expect(rounds[0]!.RoundAmo).toBe('48.0000');
    expect(lines.map((l) => [l.ItemID, l.IsVoid, l.VoidReason])).toEqual([
      [1, 0, ''],
      [2, 1, 'Out of stock'],
    ]);
    // In the reader's language.
    const zhClient = Object.assign(new GatewayClient(h.url, 'zh-TW'), { cookie: client.cookie });
    const zh = await zhClient.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
    expect(rows(zh, 'table2')[1]!.VoidReason).toBe('缺貨');
    // The staff's list carries it too.
    const list = await call('GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&status=0`, { cookie: manager });
    const listed = (list.json.sheets as { sheetId: string; items: { itemId: number; voided: boolean; voidReason: string }[] }[]).find((s) => s.sheetId === sheetId)!;
    expect(listed.items.map((i) => [i.itemId, i.voided, i.voidReason])).toEqual([
      [1, false, ''],
      [2, true, 'Out of stock'],
    ]);
    // Twice: 409, nothing changed.
    const again = await call('POST', voidPath(sheetId, 2), { cookie: manager, body: { reason: 'wrongDish', approver: MANAGER } });
    expect(again.status).toBe(409);
    expect(await totalOf(sheetId)).toBe('52.8000');
    expect((await call('POST', voidPath(sheetId, 9), { cookie: manager, body: { reason: 'wrongDish', approver: MANAGER } })).status).toBe(404);
    // The audit: who, the approver, before and after.
    const audit = await call('GET', `/staff/audit?action=sheet.void&target=${sheetId}`, { token: TOKEN });
    const entries = audit.json.entries as { actor: string; before: Json; after: Json }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ itemId: 2, amo: '96.0000', totalAmo: '158.4000' });
    expect(entries[0]!.after).toMatchObject({ itemId: 2, voided: true, reason: 'outOfStock', totalAmo: '52.8000', approver: { login: 'manager' }, refund: null });
  });

  test('a reason is required; "other" needs a note, which is shown as written', async () => {
    const { client, sheetId } = await tableOrder();
    const cashier = await staffSignIn('cashier');
    expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { approver: MANAGER } })).status).toBe(400);
    expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'tooSalty', approver: MANAGER } })).status).toBe(400);
    const noNote = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'other', note: '  ', approver: MANAGER } });
    expect(noNote.status).toBe(400);
    expect(String(noNote.json.error)).toMatch(/note/);
    // No approver at all: 400.
    expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish' } })).status).toBe(400);
    expect((await itemsOf(sheetId)).every((i) => i.voided_at === null)).toBe(true);
    // A cashier voids with the manager's login and PIN.
    const ok = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'other', note: 'Too salty', approver: MANAGER } });
    expect(ok.status).toBe(200);
    expect(ok.json.voidReason).toBe('Other: Too salty');
    expect((await detail(client, sheetId)).items[0]).toMatchObject({ IsVoid: 1, VoidReason: 'Other: Too salty' });
    // 96 left and the 10 % service charge.
    expect(await totalOf(sheetId)).toBe('105.6000');
  });

  test('roles and outlets: the kitchen cannot void (403); a cashier cannot approve; another outlet is 403; a wrong PIN is 403 and audited', async () => {
    const { sheetId } = await tableOrder();
    const kitchen = await staffSignIn('kitchen');
    expect((await call('POST', voidPath(sheetId, 1), { cookie: kitchen, body: { reason: 'wrongDish', approver: MANAGER } })).status).toBe(403);
    const cashier = await staffSignIn('cashier');
    // The cashier's own PIN is right, but a cashier does not approve voids.
    const selfApproved = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: { login: 'cashier', pin: demo('cashier').pin } } });
    expect(selfApproved.status).toBe(403);
    const wrongPin = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: { login: 'manager', pin: '0000' } } });
    expect(wrongPin.status).toBe(403);
    expect(String(wrongPin.json.error)).toMatch(/PIN/);
    // A manager of San Ma Lo only: a sheet of Horta e Costa is not theirs (the route's outlet scope).
    const guest = await guestClient(h);
    const pickup = await submit(guest, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
    const quickSheet = String(rows(pickup)[0]!.SheetID);
    const manager = await staffSignIn('manager');
    expect((await call('POST', voidPath(quickSheet, 1), { cookie: manager, body: { reason: 'wrongDish', approver: MANAGER } })).status).toBe(403);
    // ...nor may the manager approve a cashier's void there.
    expect((await call('POST', voidPath(quickSheet, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: MANAGER } })).status).toBe(403);
    expect((await itemsOf(sheetId)).every((i) => i.voided_at === null)).toBe(true);
    expect((await itemsOf(quickSheet)).every((i) => i.voided_at === null)).toBe(true);
    const refused = await h.db.query<{ after: Json | string }>(`SELECT after FROM staff_audit WHERE action = 'pin.check' AND base_id = $1 ORDER BY audit_id`, [DEMO.bases.dineIn]);
    const parsed = refused.map((r) => (typeof r.after === 'string' ? (JSON.parse(r.after) as Json) : r.after));
    expect(parsed).toEqual(expect.arrayContaining([expect.objectContaining({ approved: false, action: 'sheet.void', reason: 'pin' }), expect.objectContaining({ approved: false, reason: 'not-allowed' })]));
  });
});

describe('refund of a paid line', () => {
  test('a balance-paid order: the difference goes back to the balance (a ledger row and a refund row), never a silent edit', async () => {
    const vipId = await insertMember(h, 500);
    const member = await memberSignIn(h, vipId);
    const placed = await submit(member, pickupHeader({ TotalAmo: 147 }), [line(BBQ, 48), line(BBQ, 96, { MQua: 2 })]);
    expect(placed.errmsg).toBe('');
    const sheetId = String(rows(placed)[0]!.SheetID);
    const paid = await member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: 147 }]);
    expect(paid.errmsg).toBe('');
    const cashier = await staffSignIn('cashier');
    const res = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'outOfStock', approver: OWNER } });
    expect(res.status).toBe(200);
    // The line and its bag (MOP 1 a bag, a pickup's): the re-priced total's difference.
    expect(res.json.refund).toEqual({ method: 'balance', amount: '49.0000' });
    expect(await totalOf(sheetId)).toBe('98.0000');
    const ledger = await h.db.query<{ kind: string; amount: string }>(`SELECT kind, amount::text AS amount FROM vip_account_item WHERE vip_id = $1 AND sheet_id = $2 ORDER BY seq`, [vipId, sheetId]);
    expect(ledger.map((r) => [r.kind, Number(r.amount)])).toEqual([
      ['pay', -147],
      ['refund', 49],
    ]);
    const [balance] = await h.db.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE vip_id = $1', [vipId]);
    expect(Number(balance!.balance)).toBe(500 - 147 + 49);
    expect(await h.db.query('SELECT method, amount::text AS amount, item_id FROM payment_refund WHERE sheet_id = $1', [sheetId])).toEqual([{ method: 'balance', amount: '49.0000', item_id: 1 }]);
    // The customer then cancels the order: what is left of the payment comes back, not the whole of it again.
    const cancelled = await member.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID: sheetId }]);
    expect(cancelled.errmsg).toBe('');
    expect(rows(cancelled)[0]).toMatchObject({ RefundAmo: '98.0000', RefundTo: 'balance' });
    const [after] = await h.db.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE vip_id = $1', [vipId]);
    expect(Number(after!.balance)).toBe(500);
  });

  test("a member's paid order: a voided line takes back its share of the points the payment earned, a ledger row with its reason", async () => {
    const vipId = await insertMember(h, 500);
    const member = await memberSignIn(h, vipId);
    const placed = await submit(member, pickupHeader({ TotalAmo: 147 }), [line(BBQ, 48), line(BBQ, 96, { MQua: 2 })]);
    const sheetId = String(rows(placed)[0]!.SheetID);
    expect((await member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: 147 }])).errmsg).toBe('');
    const points = async () => {
      const [v] = await h.db.query<{ score: string }>('SELECT score::text AS score FROM vip WHERE vip_id = $1', [vipId]);
      return Number(v!.score);
    };
    const before = await points();
    const ledger = () =>
      h.db.query<{ score: string; balance: string; remark: string }>(
        'SELECT score::text AS score, balance::text AS balance, remark FROM vip_score_item WHERE vip_id = $1 AND sheet_id = $2 ORDER BY seq',
        [vipId, sheetId],
      );
    // One point per MOP 10 paid: 147 earns 14.
    expect((await ledger()).map((r) => Number(r.score))).toEqual([14]);
    const cashier = await staffSignIn('cashier');
    // MOP 49 of 147 refunded: 98 still paid keeps floor(14 x 98 / 147) = 9 points; 5 go back.
    expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'outOfStock', approver: OWNER } })).status).toBe(200);
    expect(await points()).toBe(before - 5);
    const afterOne = await ledger();
    expect(afterOne.map((r) => [Number(r.score), r.remark])).toEqual([
      [14, 'Points for order'],
      [-5, 'Points returned: line 1 voided'],
    ]);
    expect(Number(afterOne[1]!.balance)).toBe(before - 5);
    // The audit row says so too.
    const [audited] = await h.db.query<{ after: Json }>(`SELECT after FROM staff_audit WHERE action = 'sheet.void' AND target = $1 ORDER BY audit_id DESC LIMIT 1`, [sheetId]);
    expect(audited!.after).toMatchObject({ pointsReturned: 5 });
    // The other line too: nothing is still paid, so none of the 14 points is kept.
    expect((await call('POST', voidPath(sheetId, 2), { cookie: cashier, body: { reason: 'outOfStock', approver: OWNER } })).status).toBe(200);
    expect((await ledger()).map((r) => Number(r.score))).toEqual([14, -5, -9]);
    expect(await points()).toBe(before - 14);
  });

  test('a sandbox payment partly refunded by a void, then cancelled by its customer: the provider gives back the rest, once', async () => {
    const guest = await guestClient(h);
    const placed = await submit(guest, pickupHeader({ TotalAmo: 147 }), [line(BBQ, 48), line(BBQ, 96, { MQua: 2 })]);
    const sheetId = String(rows(placed)[0]!.SheetID);
    const { payId, payUrl } = await startSandboxPayment(guest, sheetId, 147);
    await decideOnPage(h, payUrl, 'confirm');
    const cashier = await staffSignIn('cashier');
    expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'outOfStock', approver: OWNER } })).status).toBe(200);
    const cancelled = await guest.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID: sheetId }]);
    expect(cancelled.errmsg).toBe('');
    expect(rows(cancelled)[0]).toMatchObject({ RefundAmo: '98.0000', RefundTo: 'sandbox' });
    expect(await h.db.query('SELECT status, refunded_amount::text AS refunded_amount FROM sandbox_payment WHERE pay_id = $1', [payId])).toEqual([{ status: 'refunded', refunded_amount: '147.0000' }]);
  });

  test('a sandbox-paid order: refunded through the provider (its ledger shows the part given back)', async () => {
    const guest = await guestClient(h);
    const placed = await submit(guest, pickupHeader({ TotalAmo: 147 }), [line(BBQ, 48), line(BBQ, 96, { MQua: 2 })]);
    const sheetId = String(rows(placed)[0]!.SheetID);
    const { payId, payUrl } = await startSandboxPayment(guest, sheetId, 147);
    await decideOnPage(h, payUrl, 'confirm');
    const [s] = await h.db.query<{ pay_status: number }>('SELECT pay_status FROM sheet WHERE sheet_id = $1', [sheetId]);
    expect(s!.pay_status).toBe(2);
    const manager = await staffSignIn('cashier');
    const res = await call('POST', voidPath(sheetId, 2), { cookie: manager, body: { reason: 'changedMind', approver: OWNER } });
    expect(res.status).toBe(200);
    expect(res.json.refund).toEqual({ method: 'sandbox', amount: '98.0000' });
    expect(await h.db.query('SELECT status, refunded_amount::text AS refunded_amount FROM sandbox_payment WHERE pay_id = $1', [payId])).toEqual([{ status: 'paid', refunded_amount: '98.0000' }]);
    expect(await h.db.query('SELECT count(*)::int AS n FROM sandbox_refund WHERE pay_id = $1', [payId])).toEqual([{ n: 1 }]);
    expect(await h.db.query('SELECT method, pay_id, amount::text AS amount FROM payment_refund WHERE sheet_id = $1', [sheetId])).toEqual([{ method: 'sandbox', pay_id: payId, amount: '98.0000' }]);
    // The provider refuses more than was paid: the void is undone with it (502), nothing changed.
    await h.db.query('UPDATE sandbox_payment SET refunded_amount = amount WHERE pay_id = $1', [payId]);
    const refused = await call('POST', voidPath(sheetId, 1), { cookie: manager, body: { reason: 'changedMind', approver: OWNER } });
    expect(refused.status).toBe(502);
    expect((await itemsOf(sheetId))[0]!.voided_at).toBeNull();
    expect(await totalOf(sheetId)).toBe('49.0000');
  });
});

describe('add items at the screen', () => {
  test('priced by the service as a customer round (specs, add-ons); sold out refused; the customer sees the round', async () => {
    const { client, sheetId } = await tableOrder();
    const cashier = await staffSignIn('cashier');
    const menu = await call('GET', `/staff/chooser?baseId=${DEMO.bases.dineIn}`, { cookie: cashier });
    expect(menu.status).toBe(200);
    type G = { goodsId: string; price: string; skus: { skuId: string; price: string }[]; addOns: { optionId: string; price: string }[] };
    const goods = menu.json.goods as G[];
    const wonton = goods.find((g) => g.goodsId === DEMO.goods.wontonNoodles)!;
    const large = wonton.skus.find((k) => k.skuId === DEMO.skus.wontonNoodlesLarge)!;
    const withAddOn = goods.find((g) => g.addOns.length > 0 && g.skus.length === 0)!;
    const addOn = withAddOn.addOns[0]!;
    const res = await call('POST', `/staff/sheets/${sheetId}/lines`, {
      cookie: cashier,
      body: { lines: [{ goodsId: wonton.goodsId, skuId: large.skuId, mQua: 2 }, { goodsId: withAddOn.goodsId, mQua: 1, options: [addOn.optionId], remarks: ['No ice'] }], remark: 'From the counter' },
    });
    expect(res.status).toBe(200);
    const expected = 2 * Number(large.price) + Number(withAddOn.price) + Number(addOn.price);
    expect(res.json.roundNo).toBe(2);
    expect(Number(res.json.roundAmo)).toBeCloseTo(expected, 4);
    // Both rounds' goods and the outlet's 10 % service charge on them, rounded once at the bill.
    expect(Number(await totalOf(sheetId))).toBeCloseTo(Math.round((144 + expected) * 110) / 100, 4);
    const seen = await detail(client, sheetId);
    expect(seen.rounds.map((r) => [r.RoundNo, Number(r.RoundAmo)])).toEqual([
      [1, 144],
      [2, expected],
    ]);
    // Not the diner's own round.
    expect(seen.items.filter((i) => i.RoundNo === 2).map((i) => i.Mine)).toEqual([0, 0]);
    const [round] = await h.db.query<{ vip_id: string | null; staff_id: string }>('SELECT vip_id, staff_id FROM sheet_round WHERE sheet_id = $1 AND round_no = 2', [sheetId]);
    expect(round).toEqual({ vip_id: null, staff_id: DEMO_STAFF.find((s) => s.login === 'cashier')!.accountId });
    // Sold out (the goods, or a spec of it): 409, nothing added.
    const soldOut = await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: DEMO.goods.soldOut, mQua: 1 }] } });
    expect(soldOut.status).toBe(409);
    expect(String(soldOut.json.error)).toMatch(/Sold out/);
    const skuSoldOut = await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: DEMO.goods.coffee, skuId: DEMO.skus.coffeeLargeIcedSoldOut, mQua: 1 }] } });
    expect(skuSoldOut.status).toBe(409);
    // A spec the goods has to have, missing: refused too.
    expect((await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: wonton.goodsId, mQua: 1 }] } })).status).toBe(409);
    expect((await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: BBQ, mQua: 0 }] } })).status).toBe(400);
    expect(Number(await totalOf(sheetId))).toBeCloseTo(Math.round((144 + expected) * 110) / 100, 4);
    // The kitchen may not add; a pickup order is not a table's sheet.
    const kitchen = await staffSignIn('kitchen');
    expect((await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: kitchen, body: { lines: [{ goodsId: BBQ, mQua: 1 }] } })).status).toBe(403);
    const pickup = await submit(await guestClient(h), pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
    expect((await call('POST', `/staff/sheets/${String(rows(pickup)[0]!.SheetID)}/lines`, { cookie: cashier, body: { lines: [{ goodsId: BBQ, mQua: 1 }] } })).status).toBe(409);
    const audit = await h.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE target = $1 AND action = 'sheet.addLines'`, [sheetId]);
    expect(audit).toHaveLength(1);
  });
});

describe('add items at the screen: what is switched off at the outlet (issue 27)', () => {
  test('a goods or a bundle part switched off at the sheet\'s outlet is not offered in the chooser and is refused in the staff member\'s language', async () => {
    const { sheetId } = await tableOrder();
    const cashier = await staffSignIn('cashier');
    type G = { goodsId: string; bomGroups: { bomClassId: string; selectMin: number; selectQua: number; parts: { goodsId: string }[] }[] };
    const chooser = async () => (await call('GET', `/staff/chooser?baseId=${DEMO.bases.dineIn}`, { cookie: cashier })).json.goods as G[];
    const set = DEMO.goods.riceSet;
    const offered = await chooser();
    const main = offered.find((g) => g.goodsId === set)!.bomGroups[0]!;
    const yuenyeung = offered.find((g) => g.goodsId === set)!.bomGroups[1]!.parts[0]!.goodsId;
    expect(offered.map((g) => g.goodsId)).toContain(BBQ);
    // The groups say their limits: Main "choose 1", Drink "choose 1", Add a snack "up to 2".
    expect(offered.find((g) => g.goodsId === set)!.bomGroups.map((c) => [c.selectMin, c.selectQua])).toEqual([[1, 1], [1, 1], [0, 2]]);
    await h.db.query('INSERT INTO goods_outlet_off (goods_id, base_id) VALUES ($1, $2), ($3, $2)', [BBQ, DEMO.bases.dineIn, yuenyeung]);
    try {
      const now = await chooser();
      expect(now.map((g) => g.goodsId)).not.toContain(BBQ);
      expect(now.find((g) => g.goodsId === set)!.bomGroups[1]!.parts.map((p) => p.goodsId)).not.toContain(yuenyeung);
      // BBQ pork rice is the set's first main: gone from its parts too.
      expect(now.find((g) => g.goodsId === set)!.bomGroups[0]!.parts.map((p) => p.goodsId)).not.toContain(BBQ);
      const total = await totalOf(sheetId);
      const goods = await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: BBQ, mQua: 1 }] } });
      expect([goods.status, goods.json.error]).toEqual([409, 'Not sold at this outlet: BBQ Pork Rice']);
      const tw = await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, lang: 'zh-TW', body: { lines: [{ goodsId: BBQ, mQua: 1 }] } });
      expect([tw.status, tw.json.error]).toEqual([409, '本門店不供應：叉燒飯']);
      const otherMain = main.parts.find((p) => p.goodsId !== BBQ)!.goodsId;
      const part = await call('POST', `/staff/sheets/${sheetId}/lines`, {
        cookie: cashier,
        lang: 'zh-CN',
        body: { lines: [{ goodsId: set, mQua: 1, bom: [{ bomClassId: main.bomClassId, goodsId: otherMain }, { bomClassId: offered.find((g) => g.goodsId === set)!.bomGroups[1]!.bomClassId, goodsId: yuenyeung }] }] },
      });
      expect([part.status, part.json.error]).toEqual([409, '本门店不供应：鸳鸯']);
      expect(await totalOf(sheetId)).toBe(total);
    } finally {
      await h.db.query('DELETE FROM goods_outlet_off WHERE goods_id = ANY ($1::text[]) AND base_id = $2', [[BBQ, yuenyeung], DEMO.bases.dineIn]);
    }
    // Switched on again: added.
    expect((await call('POST', `/staff/sheets/${sheetId}/lines`, { cookie: cashier, body: { lines: [{ goodsId: BBQ, mQua: 1 }] } })).status).toBe(200);
  });
});

describe('move a sheet', () => {
  test('to a free table of the same outlet; a table with its own open sheet, or of another outlet, is refused', async () => {
    const { sheetId, tableId } = await tableOrder();
    const other = await tableOrder();
    const cashier = await staffSignIn('cashier');
    const busy = await call('POST', `/staff/sheets/${sheetId}/move`, { cookie: cashier, body: { tableId: other.tableId } });
    expect(busy.status).toBe(409);
    expect((await call('POST', `/staff/sheets/${sheetId}/move`, { cookie: cashier, body: { tableId: DEMO.tables.quickC01 } })).status).toBe(409);
    expect((await call('POST', `/staff/sheets/${sheetId}/move`, { cookie: cashier, body: { tableId } })).status).toBe(409);
    const target = await freeTable();
    const moved = await call('POST', `/staff/sheets/${sheetId}/move`, { cookie: cashier, body: { tableId: target } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ fromTableId: tableId, sheet: { sheetId, tableId: target } });
    const [s] = await h.db.query<{ table_id: string }>('SELECT table_id FROM sheet WHERE sheet_id = $1', [sheetId]);
    expect(s!.table_id).toBe(target);
    const [a] = await h.db.query<{ before: Json | string; after: Json | string }>(`SELECT before, after FROM staff_audit WHERE target = $1 AND action = 'sheet.move'`, [sheetId]);
    const j = (v: Json | string) => (typeof v === 'string' ? (JSON.parse(v) as Json) : v);
    expect([j(a!.before).tableId, j(a!.after).tableId]).toEqual([tableId, target]);
  });
});

describe('live events', () => {
  test("a void, a round added and a move reach the customer's sheet stream and the staff stream", async () => {
    const { client, sheetId } = await tableOrder();
    const customer = await openSse(`${h.url}/events/sheets/${sheetId}`, { cookie: client.cookie });
    const staff = await openSse(`${h.url}/staff/events?baseId=${DEMO.bases.dineIn}`, { authorization: `Bearer ${TOKEN}` });
    expect([customer.status, staff.status]).toEqual([200, 200]);
    try {
      const kindOf = (f: { data: string }) => (f.data ? (JSON.parse(f.data) as { kind?: string; sheetId?: string }) : {});
      const heard = (kind: string) => (f: { data: string }) => kindOf(f).kind === kind && kindOf(f).sheetId === sheetId;
      expect((await call('POST', voidPath(sheetId, 1), { token: TOKEN, body: { reason: 'wrongDish', approver: MANAGER } })).status).toBe(200);
      await customer.next(heard('voided'), 10_000);
      await staff.next(heard('voided'), 10_000);
      expect((await call('POST', `/staff/sheets/${sheetId}/lines`, { token: TOKEN, body: { lines: [{ goodsId: BBQ, mQua: 1 }] } })).status).toBe(200);
      await customer.next(heard('linesAdded'), 10_000);
      await staff.next(heard('linesAdded'), 10_000);
      expect((await call('POST', `/staff/sheets/${sheetId}/move`, { token: TOKEN, body: { tableId: await freeTable() } })).status).toBe(200);
      await staff.next(heard('tableMoved'), 10_000);
    } finally {
      customer.close();
      staff.close();
    }
  });
});

describe('PIN back-off', () => {
  test('wrong PINs are counted as the accounts PIN checks are: past the limit, 429 with Retry-After, a right PIN too', async () => {
    const { sheetId } = await tableOrder();
    const cashier = await staffSignIn('cashier');
    const limit = h.config.staffAccounts.accountFailuresPerMinute;
    // The counters are per minute of the service's clock (rateLimit.ts, fixed windows): held still, so the
    // wrong PINs and the backed-off one fall in one window however slowly they run (as in staffBackoff.test.ts).
    h.setNow(h.clock.now());
    try {
      for (let i = 0; i < limit; i += 1) {
        const res = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: { login: 'owner', pin: '9999' } }, ip: freshIp() });
        expect(res.status).toBe(403);
      }
      const backedOff = await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: OWNER }, ip: freshIp() });
      expect(backedOff.status).toBe(429);
      expect(Number(backedOff.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same counters as POST /staff/pin-check: it is backed off for this login too.
      expect((await call('POST', '/staff/pin-check', { cookie: cashier, body: { login: 'owner', pin: OWNER.pin }, ip: freshIp() })).status).toBe(429);
      expect((await itemsOf(sheetId))[0]!.voided_at).toBeNull();
      // A minute later the right PIN is taken.
      h.setNow(new Date(h.clock.now().getTime() + 61_000));
      expect((await call('POST', voidPath(sheetId, 1), { cookie: cashier, body: { reason: 'wrongDish', approver: OWNER }, ip: freshIp() })).status).toBe(200);
    } finally {
      h.setNow(null);
    }
  });
});
