/**
 * The staff HTTP API through the real server: the token, moving orders
 * through their states (and what the customer then sees), sold-out goods
 * and skus, closing a table's sheet, the counter's list, finding a member
 * by the member code the vipQrCode page shows.
 */
import Fastify from 'fastify';
import type { ResultTables } from '../../shared/protocol/envelope';
import { loadConfig } from '../config';
import { DEMO } from '../db/seed';
import { deliveryHeader, demoIds, dineInHeader, giveCard, guestClient, line, newMember, pickupHeader, submit } from '../test/orders';
import { issueMemberCode } from '../operations/auth/memberCode';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { signedInAsChan } from '../test/signIn';
import { staffRoutes } from './staff';

jest.setTimeout(60_000);

const TOKEN = 'staff-token-for-tests';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
async function staff(method: 'GET' | 'POST', path: string, body?: unknown, token: string | null = TOKEN) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}
const rows = (res: { data: ResultTables }, t: keyof ResultTables = 'table1') => res.data[t] ?? [];
const BBQ = DEMO.goods.bbqPorkRice;

async function pickupOrder() {
  const client = await guestClient(h);
  const res = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
  expect(res.errcode).toBe('0');
  return { client, sheetId: String(rows(res)[0]!.SheetID) };
}
const displayed = async (client: Awaited<ReturnType<typeof guestClient>>, sheetId: string) =>
  rows(await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]))[0]!.DisplayState;

describe('the staff token', () => {
  test('no token, a wrong token, a malformed header: 401 with a JSON error', async () => {
    for (const token of [null, 'wrong', '', `${TOKEN}x`]) {
      const res = await staff('GET', `/staff/sheets?baseId=${DEMO.bases.quick}`, undefined, token);
      expect([token, res.status]).toEqual([token, 401]);
      expect(res.json.error).toMatch(/staff token/);
    }
    const basic = await fetch(`${h.url}/staff/sheets?baseId=x`, { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
    // Nothing was changed by a refused call.
    const refused = await staff('POST', `/staff/goods/${BBQ}/sold-out`, { soldOut: true }, 'wrong');
    expect(refused.status).toBe(401);
    const [goods] = await h.db.query<{ sold_out: boolean }>('SELECT sold_out FROM goods WHERE goods_id = $1', [BBQ]);
    expect(goods!.sold_out).toBe(false);
  });

  test('without a staff token (the production default) the automation key is off: only staff accounts get in (issue 26)', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).staffToken).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', STAFF_TOKEN: 'Vq3xT9mL2pK7wZ4nR8sB1cYd' }).staffToken).toBe('Vq3xT9mL2pK7wZ4nR8sB1cYd');
    expect(loadConfig({ NODE_ENV: 'test' }).staffToken).toBe('demo-staff-token');
    for (const staffToken of [null, 'on']) {
      const app = Fastify({ trustProxy: true });
      await app.register(staffRoutes, { db: h.db, config: { ...h.config, staffToken, trustProxy: true }, clock: h.clock });
      await app.ready();
      // The routes are there for people's sessions; a bearer is let in only when it is the configured key.
      expect(app.hasRoute({ method: 'GET', url: '/staff/outlets' }) || app.hasRoute({ method: 'GET', url: '/staff/sheets' })).toBe(true);
      const statuses = [];
      for (const bearer of ['null', 'on', 'demo-staff-token']) {
        const res = await app.inject({ method: 'GET', url: `/staff/sheets?baseId=${DEMO.bases.quick}`, headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': '192.0.2.200' } });
        statuses.push(res.statusCode);
      }
      expect([staffToken, statuses]).toEqual([staffToken, staffToken === null ? [401, 401, 401] : [401, 200, 401]]);
      await app.close();
    }
  });
});

describe('POST /staff/sheets/:id/progress', () => {
  test('forward only; the customer sees each state', async () => {
    const { client, sheetId } = await pickupOrder();
    expect(await displayed(client, sheetId)).toBe('unpaid');
    const preparing = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing' });
    expect(preparing.status).toBe(200);
    expect(preparing.json).toMatchObject({ changed: true, sheet: { sheetId, progress: 'preparing', displayState: 'preparing', takeType: 'pickup' } });
    expect(await displayed(client, sheetId)).toBe('preparing');
    // The same state again changes nothing.
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing' })).json).toMatchObject({ changed: false });
    // Ready is told as ready, not as preparing.
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'ready' })).json).toMatchObject({ sheet: { displayState: 'ready' } });
    expect(await displayed(client, sheetId)).toBe('ready');
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'completed' })).status).toBe(200);
    expect(await displayed(client, sheetId)).toBe('pickedUp');
    const back = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'ready' });
    expect(back.status).toBe(409);
    expect(back.json.error).toMatch(/only moves forward/);
    // A pickup is never delivering.
    const { sheetId: other } = await pickupOrder();
    expect((await staff('POST', `/staff/sheets/${other}/progress`, { progress: 'delivering' })).status).toBe(409);
  });

  test('a delivery order: delivering, then completed, in the delivery details and the list', async () => {
    const member = await newMember(h);
    const res = await submit(member, deliveryHeader({ TotalAmo: 106 }), [line(BBQ, 96, { MQua: 2, Qua: 2 })]);
    const sheetId = String(rows(res)[0]!.SheetID);
    const moved = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'delivering' });
    expect(moved.status).toBe(200);
    // The card's address as its reader reads it (issue 23 item 7): English here; the list in the staff's language.
    expect((moved.json.sheet as Json).address).toBe('3樓B座, 高士德大馬路 66 號, Fátima, Macau');
    const tw = await fetch(`${h.url}/staff/sheets?baseId=${DEMO.bases.quick}&limit=50`, { headers: { authorization: `Bearer ${TOKEN}`, 'accept-language': 'zh-TW' } });
    const card = ((await tw.json()) as { sheets: Json[] }).sheets.find((s) => s.sheetId === sheetId);
    expect(card?.address).toBe('澳門花地瑪堂區高士德大馬路 66 號3樓B座');
    const express = await member.call('ExpressDtbSheet_ExpressDtbSheetDetailGet_Get', [{ SheetID: sheetId }]);
    expect(rows(express)[0]).toMatchObject({ Progress: 'delivering', DisplayState: 'delivering' });
    await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'completed' });
    const list = rows(await member.call('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: 1 }]));
    expect(list[0]).toMatchObject({ SheetID: sheetId, Progress: 'completed', DisplayState: 'completed' });
  });

  test('bad input, an unknown sheet, a closed sheet', async () => {
    const { sheetId } = await pickupOrder();
    for (const body of [{ progress: 'cooking' }, {}, { progress: 1 }]) {
      const res = await staff('POST', `/staff/sheets/${sheetId}/progress`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.json.error).toMatch(/progress/);
    }
    const notJson = await fetch(`${h.url}/staff/sheets/${sheetId}/progress`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as Json).error).toEqual(expect.any(String));
    expect((await staff('POST', '/staff/sheets/nope/progress', { progress: 'preparing' })).status).toBe(404);
    expect((await staff('POST', `/staff/sheets/${DEMO.sheets.closed}/progress`, { progress: 'preparing' })).status).toBe(409);
    expect((await staff('POST', `/staff/sheets/${DEMO.sheets.checkedOut}/progress`, { progress: 'preparing' })).status).toBe(409);
  });
});

describe('sold out', () => {
  test('a goods and a sku: the menu shows it, submits are refused, and back', async () => {
    const client = await guestClient(h);
    const poll = async () => rows(await client.call('HBBPos_ShopGoodsBaseGet_Get', [{ ShopID: DEMO.shops.main }]));
    const rice = DEMO.goods.roastGooseByCatty;
    expect((await staff('POST', `/staff/goods/${rice}/sold-out`, { soldOut: true })).json).toEqual({ goodsId: rice, soldOut: true });
    expect(await poll()).toContainEqual({ GoodsID: rice, SkuID: '', SoldOut: 1 });
    const refused = await submit(client, pickupHeader({ TotalAmo: 180 }), [line(rice, 180)]);
    expect([refused.errcode, refused.errmsg]).toEqual(['50000', 'Sold out: Roast Goose by the Catty']);
    expect((await staff('POST', `/staff/goods/${rice}/sold-out`, { soldOut: false })).json).toEqual({ goodsId: rice, soldOut: false });
    expect((await submit(client, pickupHeader({ TotalAmo: 180 }), [line(rice, 180)])).errcode).toBe('0');

    const milkTea = DEMO.skus.milkTeaRegularHot;
    expect((await staff('POST', `/staff/skus/${milkTea}/sold-out`, { soldOut: true })).json).toEqual({ skuId: milkTea, goodsId: DEMO.goods.milkTea, soldOut: true });
    expect(await poll()).toContainEqual({ GoodsID: DEMO.goods.milkTea, SkuID: milkTea, SoldOut: 1 });
    const tea = await submit(client, pickupHeader({ TotalAmo: 18 }), [line(DEMO.goods.milkTea, 18, { SkuID: milkTea })]);
    expect(tea.errmsg).toBe('Sold out: HK Milk Tea Regular;Hot');
    await staff('POST', `/staff/skus/${milkTea}/sold-out`, { soldOut: false });
    expect((await submit(client, pickupHeader({ TotalAmo: 18 }), [line(DEMO.goods.milkTea, 18, { SkuID: milkTea })])).errcode).toBe('0');
  });

  test('bad input and unknown ids', async () => {
    expect((await staff('POST', `/staff/goods/${BBQ}/sold-out`, { soldOut: 'yes' })).status).toBe(400);
    expect((await staff('POST', `/staff/goods/${BBQ}/sold-out`, undefined)).status).toBe(400);
    expect((await staff('POST', '/staff/goods/nope/sold-out', { soldOut: true })).status).toBe(404);
    expect((await staff('POST', '/staff/skus/nope/sold-out', { soldOut: true })).status).toBe(404);
  });
});

describe('POST /staff/sheets/:id/close', () => {
  const base = DEMO.bases.dineIn;

  test("a table's sheet: closed unpaid (2), or checked out when paid at the counter (3); the table then starts a new sheet", async () => {
    const table = demoIds.table(base, 8);
    const client = await guestClient(h);
    const first = String(rows(await submit(client, dineInHeader(base, table, { TotalAmo: 48 }), [line(BBQ, 48)]))[0]!.SheetID);
    const paid = await staff('POST', `/staff/sheets/${first}/close`, { paidAtCounter: true });
    expect(paid.status).toBe(200);
    expect(paid.json.sheet).toMatchObject({ sheetId: first, status: 3, payStatus: 2, displayState: 'checkedOut', tableName: 'A08' });
    expect(await displayed(client, first)).toBe('checkedOut');
    expect((await staff('POST', `/staff/sheets/${first}/close`, {})).status).toBe(409);

    const second = rows(await submit(client, dineInHeader(base, table, { TotalAmo: 48 }), [line(BBQ, 48)]))[0]!;
    expect(second).toMatchObject({ RoundNo: 1 });
    expect(second.SheetID).not.toBe(first);
    const closed = await staff('POST', `/staff/sheets/${String(second.SheetID)}/close`);
    expect(closed.json.sheet).toMatchObject({ status: 2, payStatus: 0, displayState: 'cancelled' });
    expect((await staff('POST', `/staff/sheets/${String(second.SheetID)}/progress`, { progress: 'preparing' })).status).toBe(409);
    const late = await submit(client, dineInHeader(base, table, { SheetID: second.SheetID, TotalAmo: 48 }), [line(BBQ, 48)]);
    expect(late.errmsg).toBe('This order has been closed and cannot be changed.');
  });

  test("an unpaid order's coupon is given back; bad input", async () => {
    const member = await newMember(h);
    const cardId = await giveCard(h, member.vipId, DEMO.cardPlans.cash20, `STAFF${Date.now()}`);
    const res = await submit(member, pickupHeader({ CardID: cardId, TotalAmo: 127 }), [line(BBQ, 144, { MQua: 3, Qua: 3 })]);
    const sheetId = String(rows(res)[0]!.SheetID);
    await staff('POST', `/staff/sheets/${sheetId}/close`);
    const [card] = await h.db.query<{ status: number; used_sheet_id: string }>('SELECT status, used_sheet_id FROM vip_card WHERE card_id = $1', [cardId]);
    expect(card).toEqual({ status: 0, used_sheet_id: '' });
    expect((await staff('POST', `/staff/sheets/${sheetId}/close`, { paidAtCounter: 'yes' })).status).toBe(400);
    expect((await staff('POST', '/staff/sheets/nope/close')).status).toBe(404);
  });
});

describe('GET /staff/sheets', () => {
  test("the counter's list of an outlet, by status, with the lines", async () => {
    const { sheetId } = await pickupOrder();
    const res = await staff('GET', `/staff/sheets?baseId=${DEMO.bases.quick}&status=0`);
    expect(res.status).toBe(200);
    const sheets = res.json.sheets as Json[];
    expect(sheets.every((s) => s.status === 0 && s.baseId === DEMO.bases.quick)).toBe(true);
    expect(sheets[0]).toMatchObject({
      sheetId,
      takeType: 'pickup',
      payMode: 'prepay',
      progress: 'placed',
      totalAmo: '49.0000',
      items: [expect.objectContaining({ goodsName: 'BBQ Pork Rice', qua: '1.0000', amo: '48.0000', roundNo: 1 })],
    });
    // The lines in the staff screen's language.
    for (const [lang, name] of [['zh-CN', '叉烧饭'], ['zh-TW', '叉燒飯']] as const) {
      const local = await fetch(`${h.url}/staff/sheets?baseId=${DEMO.bases.quick}&status=0`, { headers: { authorization: `Bearer ${TOKEN}`, 'accept-language': lang } });
      const found = ((await local.json()) as Json).sheets as Json[];
      expect(found.find((s) => s.sheetId === sheetId)).toMatchObject({ items: [expect.objectContaining({ goodsName: name })] });
    }
    const demo = await staff('GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&status=2&limit=5`);
    expect((demo.json.sheets as Json[]).map((s) => s.sheetId)).toContain(DEMO.sheets.closed);
    for (const query of ['', 'baseId=', `baseId=${DEMO.bases.quick}&status=9`, `baseId=${DEMO.bases.quick}&limit=0`, `baseId=${DEMO.bases.quick}&status=x`]) {
      const bad = await staff('GET', `/staff/sheets?${query}`);
      expect([query, bad.status]).toEqual([query, 400]);
    }
  });
});

describe('GET /staff/members/by-code/:code', () => {
  afterEach(() => h.setNow(null));
  const memberCode = async (client: GatewayClient) => {
    const res = await client.call('EntVip_EntVipDetailGet_V1_Get', [{}]);
    return String(rows(res)[0]!.MemberCode ?? '');
  };
  const byCode = (code: string, token?: string | null) => staff('GET', `/staff/members/by-code/${encodeURIComponent(code)}`, undefined, token);

  test("the member's code of this minute and of the previous minute finds the member; two minutes old does not", async () => {
    const chan = await signedInAsChan(h);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    h.setNow(new Date(minute + 50_000));
    const code = await memberCode(chan);
    expect(code).toMatch(/^8530000001-\d{6}$/);

    const now = await byCode(code);
    expect(now.status).toBe(200);
    expect(now.json).toEqual({
      member: {
        VipID: DEMO.members.chan.vipId,
        VipName: 'Chan Tai Man',
        VipCode: '8530000001',
        // Masked (issue 23: the screen names a member without a name by it).
        Phone: expect.stringMatching(/^\d{2}\*+\d{2}$/),
        Balance: expect.stringMatching(/^\d+\.\d{4}$/),
        Score: expect.stringMatching(/^\d+\.\d{4}$/),
      },
    });
    // Scanned at the turn of the minute: still good.
    h.setNow(new Date(minute + 60_000 + 59_000));
    expect((await byCode(code)).status).toBe(200);
    expect(await memberCode(chan)).not.toBe(code);
    // A screenshot two minutes old is stale.
    h.setNow(new Date(minute + 120_000));
    const stale = await byCode(code);
    expect(stale.status).toBe(404);
    expect(stale.json.error).toMatch(/no member with this code/);
    // Nor does a code from the future work.
    h.setNow(new Date(minute - 60_000));
    expect((await byCode(code)).status).toBe(404);
  });

  test('forged, malformed and guest codes are not found; the token is required', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    h.setNow(new Date(minute + 5_000));
    const good = await memberCode(await signedInAsChan(h));
    const digits = good.slice(-6);
    const forged = `8530000001-${String((Number(digits) + 1) % 1_000_000).padStart(6, '0')}`;
    for (const code of [forged, '8530000001', `8530000002-${digits}`, `${good}0`, 'x'.repeat(80)]) {
      expect([code, (await byCode(code)).status]).toEqual([code, 404]);
    }
    // A guest has no code, and a code made for a guest's row is refused all the same.
    const guest = new GatewayClient(h.url);
    await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
    const guestRow = rows(await guest.call('EntVip_EntVipDetailGet_V1_Get', [{}]))[0]!;
    expect(guestRow.MemberCode).toBeUndefined();
    const made = issueMemberCode(h.config.memberCodeSecret, { vipId: String(guestRow.VipID), vipCode: String(guestRow.VipCode) }, h.clock.now());
    expect((await byCode(made!.MemberCode)).status).toBe(404);
    expect((await byCode(good, null)).status).toBe(401);
    expect((await byCode(good)).status).toBe(200);
  });

  test('without MEMBER_CODE_SECRET (the production default) no code is issued', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).memberCodeSecret).toBe('');
    expect(loadConfig({ NODE_ENV: 'production', MEMBER_CODE_SECRET: 'k' }).memberCodeSecret).toBe('k');
    expect(issueMemberCode('', { vipId: 'V1', vipCode: '1' }, new Date())).toBeNull();
  });
});
