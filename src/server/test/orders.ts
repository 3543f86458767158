/**
 * Test helpers of the order tests (orders.test.ts, http/staff.test.ts,
 * http/rateLimit.test.ts): demo ids, signed-in clients, and order submits
 * shaped like PROTOCOL.md's.
 */
import { DEMO } from '../db/seed';
import { createSession, SESSION_COOKIE } from '../http/session';
import { GatewayClient, type Harness } from './harness';

/** Demo ids by picture number (db/seed/demo.ts, "Id scheme"). */
export const demoIds = {
  goods: (no: string) => `886000${no.padStart(6, '0')}`,
  sku: (no: string, n: number) => `8870000${no}${n}`,
  bomClass: (no: string, n: number) => `8840000${no}${n}`,
  table: (baseId: string, n: number) => `006${baseId.slice(-7)}${String(n).padStart(2, '0')}`,
};

let sequence = 0;
/** A LocalSheetID as the app makes it: the time and 6 digits. */
export function localSheetId(): string {
  sequence += 1;
  return `${Date.now()}${String(sequence % 1_000_000).padStart(6, '0')}`;
}

/** A client signed in as a guest of the demo enterprise. */
export async function guestClient(h: Harness, lang = 'en'): Promise<GatewayClient & { vipId: string }> {
  const client = new GatewayClient(h.url, lang);
  const res = await client.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
  if (res.errcode !== '0') throw new Error(`guest login: ${res.errmsg}`);
  return Object.assign(client, { vipId: String(res.data.table1?.[0]?.VipID) });
}

/** A client with a member session of `vipId` (what the sign-in issue's flows end with). */
export async function memberClient(h: Harness, vipId: string, lang = 'en'): Promise<GatewayClient & { vipId: string }> {
  const { secret } = await h.db.transaction((tx) =>
    createSession(tx, { entId: DEMO.entId, vipId, role: 'member' }, new Date(), 30),
  );
  const client = new GatewayClient(h.url, lang);
  client.cookie = `${SESSION_COOKIE}=${secret}`;
  return Object.assign(client, { vipId });
}

let members = 0;
/** A new registered member of the demo enterprise, signed in. */
export async function newMember(h: Harness, lang = 'en'): Promise<GatewayClient & { vipId: string }> {
  members += 1;
  const vipId = `VIPT${Date.now()}${String(members).padStart(4, '0')}`;
  await h.db.query(
    `INSERT INTO vip (vip_id, ent_id, vip_name, is_guest, vip_code, created_at) VALUES ($1, $2, $3, false, $4, now())`,
    [vipId, DEMO.entId, `Member ${members}`, vipId.slice(4)],
  );
  return memberClient(h, vipId, lang);
}

/** Gives a member (or nobody: unclaimed) a coupon of a plan; returns its id. */
export async function giveCard(
  h: Harness,
  vipId: string | null,
  planId: string,
  code: string,
  options: { status?: number; beginDays?: number; endDays?: number } = {},
): Promise<string> {
  const cardId = `879T${code}`;
  const day = 86_400_000;
  const now = Date.now();
  await h.db.query(
    `INSERT INTO vip_card (card_id, card_code, plan_id, vip_id, status, begin_at, end_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [cardId, code, planId, vipId, options.status ?? 0, new Date(now + (options.beginDays ?? -1) * day), new Date(now + (options.endDays ?? 30) * day)],
  );
  return cardId;
}

export type Line = Record<string, unknown>;

/** An Item1 line: one loose unit of a goods unless told otherwise. */
export function line(goodsId: string, amo: number | string, extra: Line = {}): Line {
  const mQua = (extra.MQua as number | undefined) ?? 1;
  return { ItemID: 1, GoodsID: goodsId, SkuID: '', PUnit: '', Qua: mQua, PQua: 0, MQua: mQua, Ref: 1, Price: amo, SalesPrice: amo, Amo: amo, DisAmo: 0, SalType: '0', ...extra };
}

/** The header of a pickup order at the Horta e Costa outlet (prepay, always open, delivers). */
export function pickupHeader(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    UserName: 'test',
    ShopID: DEMO.shops.main,
    ShopName: 'Harbour Kitchen',
    BaseID: DEMO.bases.quick,
    BaseCode: 'HBK03',
    VipID: 'VIP-of-someone-else',
    TableID: '',
    SheetID: '',
    BusinessMode: '1',
    TakeType: 'pickup',
    TakeTime: '',
    CustName: '',
    CustPhone: '',
    Remark: '',
    Count: 1,
    Qua: 1,
    SalesAmo: 0,
    DisAmo: 0,
    FeeAmo: 0,
    BagAmo: 0,
    CouponAmo: 0,
    LocalSheetID: localSheetId(),
    PosType: '7',
    PayMode: 'prepay',
    ...overrides,
  };
}

/** A delivery to Lee Siu Ling's address (50 m from the Horta e Costa outlet). */
export function deliveryHeader(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return pickupHeader({
    TakeType: 'delivery',
    CustName: 'Lee Siu Ling',
    CustPhone: '66234567',
    CustProvince: '澳門',
    CustCity: '澳門半島',
    CustDistrict: '花地瑪堂區',
    CustMainAddress: '澳門高士德大馬路 66 號',
    CustHouseNumber: '3樓B座',
    GPS_Lng: 113.5449,
    GPS_Lat: 22.2045,
    ...overrides,
  });
}

/** A dine-in header at a table of an outlet. */
export function dineInHeader(baseId: string, tableId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return pickupHeader({ BaseID: baseId, TableID: tableId, BusinessMode: '2', TakeType: 'dinein', PosType: '2', PayMode: 'postpay', ...overrides });
}

export const SUBMIT = 'PosSalSheet_NewCYSendSheetSubmit_Add';

/**
 * Submits an order as the app does. An order at a table needs the table's
 * scan (issue 22): the client scans its code first, as a diner does from the
 * table's QR link, unless it already has.
 */
export async function submit(client: GatewayClient, header: Record<string, unknown>, lines: Line[], op: string = SUBMIT) {
  const tableId = String(header.TableID ?? '');
  if (tableId && !client.scannedTables.has(tableId)) await client.scanTable(tableId);
  return submitWithoutScan(client, header, lines, op);
}

/** The submit alone: a stranger's, who never scanned the table's code. */
export function submitWithoutScan(client: GatewayClient, header: Record<string, unknown>, lines: Line[], op: string = SUBMIT) {
  return client.call(op, [header], { Item1: lines.map((l, i) => ({ ...l, ItemID: i + 1 })) });
}
