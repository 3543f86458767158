/**
 * Test fixtures for the payment tests (operations/payments.test.ts,
 * http/payments.test.ts): sheets and members inserted straight into the
 * database (only columns of migrations/001_init.sql, so the tests do not
 * depend on the orders migration), members signed in through the sandbox,
 * and the steps of the sandbox provider's flow over HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { Envelope, ResultTables } from '../../shared/protocol/envelope';
import { DEMO } from '../db/seed';
import { GatewayClient, type Harness } from './harness';

export type Row = Record<string, unknown>;

export interface SheetFields {
  shopId: string;
  baseId: string;
  tableId: string | null;
  vipId: string | null;
  posType: number;
  businessMode: number;
  status: number;
  payStatus: number;
  isPayLater: boolean;
  totalAmo: number | string;
}

/** A prepay quick-service sheet of Chan Tai Man, MOP$25.50, open and unpaid (override any field). */
export async function insertSheet(h: Harness, fields: Partial<SheetFields> = {}): Promise<string> {
  const f: SheetFields = {
    shopId: DEMO.shops.main,
    baseId: DEMO.bases.quick,
    tableId: null,
    vipId: DEMO.vips.chan,
    posType: 4,
    businessMode: 2,
    status: 0,
    payStatus: 0,
    isPayLater: false,
    totalAmo: 25.5,
    ...fields,
  };
  const sheetId = `T${Date.now()}${randomBytes(4).toString('hex')}`;
  const now = h.clock.now();
  await h.db.query(
    `INSERT INTO sheet (sheet_id, ent_id, shop_id, base_id, table_id, vip_id, pos_type, business_mode, status, pay_status,
                        is_pay_later, sales_amo, total_amo, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13)`,
    [sheetId, DEMO.entId, f.shopId, f.baseId, f.tableId, f.vipId, f.posType, f.businessMode, f.status, f.payStatus, f.isPayLater, f.totalAmo, now],
  );
  return sheetId;
}

/** A pay-after sheet: dine-in at table A01 of the San Ma Lo outlet ('postpay'), nobody's own. */
export const payAfterSheet = (h: Harness, fields: Partial<SheetFields> = {}) =>
  insertSheet(h, { baseId: DEMO.bases.dineIn, tableId: DEMO.tables.dineInA01, vipId: null, posType: 2, totalAmo: 92, ...fields });

/** The client scans the table's code (as the app does on entry): it is then at that table (issue 16). */
export async function atTable<C extends GatewayClient>(h: Harness, client: C, tableId: string = DEMO.tables.dineInA01): Promise<C> {
  const [t] = await h.db.query<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE table_id = $1', [tableId]);
  await client.scan(t!.qr_code);
  return client;
}

/** A registered member of the demo enterprise with the given balance and no points. */
export async function insertMember(h: Harness, balance: number | string, name = 'Test Member'): Promise<string> {
  const vipId = `VIPT${randomBytes(5).toString('hex')}`;
  await h.db.query(
    `INSERT INTO vip (vip_id, ent_id, vip_name, is_guest, balance, score, vip_code) VALUES ($1, $2, $3, false, $4, 0, $5)`,
    [vipId, DEMO.entId, name, balance, vipId.slice(3)],
  );
  return vipId;
}

/** A client signed in as the member through POST /sandbox/sign-in. */
export async function signIn(h: Harness, vipId: string): Promise<GatewayClient> {
  const res = await fetch(`${h.url}/sandbox/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vipId }),
  });
  if (res.status !== 200) throw new Error(`sandbox sign-in: HTTP ${res.status}`);
  const client = new GatewayClient(h.url);
  client.cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return client;
}

/** A client signed in as a new guest of the demo enterprise. */
export async function guest(h: Harness): Promise<GatewayClient> {
  const client = new GatewayClient(h.url);
  const res = await client.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
  if (res.errcode !== '0') throw new Error(`guest sign-in: ${res.errmsg}`);
  return client;
}

export const rows = (res: { data: ResultTables }, table: keyof ResultTables = 'table1'): Row[] => res.data[table] ?? [];

export function ok(res: Envelope): Row[] {
  if (res.errcode !== '0') throw new Error(`expected success, got ${res.errcode}: ${res.errmsg}`);
  return rows(res);
}

export const sheetRow = async (h: Harness, sheetId: string) =>
  (await h.db.query<{ status: number; pay_status: number; is_pay_later: boolean }>('SELECT status, pay_status, is_pay_later FROM sheet WHERE sheet_id = $1', [sheetId]))[0]!;

export const payments = (h: Harness, sheetId: string) =>
  h.db.query<{ pay_id: string; pay_type: string; amount: string; status: string; vip_id: string | null; provider_ref: string }>(
    'SELECT pay_id, pay_type, amount, status, vip_id, provider_ref FROM payment WHERE sheet_id = $1 ORDER BY created_at, pay_id',
    [sheetId],
  );

export const balanceOf = async (h: Harness, vipId: string) =>
  (await h.db.query<{ balance: string; score: string }>('SELECT balance, score FROM vip WHERE vip_id = $1', [vipId]))[0]!;

/** Starts a sandbox payment of the sheet for the client; its PayID and PayUrl. */
export async function startSandboxPayment(client: GatewayClient, sheetId: string, totalAmo: number | string) {
  const [row] = ok(await client.call('Finance_PosPaySubmit_V5_Add', [{ SheetID: sheetId, PayType: 'sandbox', TotalAmo: totalAmo }]));
  return { payId: String(row!.PayID), payUrl: String(row!.PayUrl) };
}

/** Opens the provider's page and presses a button there (posting its form to the form's action); the redirect's status and Location. */
export async function decideOnPage(h: Harness, payUrl: string, decision: 'confirm' | 'cancel') {
  const html = await (await fetch(`${h.url}${payUrl}`)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no token on the pay page: ${html.slice(0, 200)}`);
  const action = new RegExp(`action="([^"]*/${decision}[^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no ${decision} form on the pay page`);
  const res = await fetch(`${h.url}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** The payment status the app polls. */
export async function pollPayment(client: GatewayClient, sheetId: string, payId?: string) {
  return client.call('Finance_PaySubmit_V2_Update', [{ SheetID: sheetId, ...(payId ? { PayID: payId } : {}) }]);
}
