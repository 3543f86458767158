/**
 * What the order operations share: an outlet with everything an order needs
 * to know about it, money as the enterprise formats it, ids, dates, and the
 * state a customer sees of a sheet (src/shared/domain/orderStates.ts).
 */
import { randomInt } from 'node:crypto';
import { minorToString } from '../../../shared/domain/numbers';
import { displayState, PayStatus, SheetStatus, type DisplayState } from '../../../shared/domain/orderStates';
import { resolveOpeningHours, type ParsedOpeningHours } from '../../../shared/domain/openingHours';
import type { Queryable } from '../../db/driver';

export interface Formats {
  AmoPoint: number;
  PricePoint: number;
}

/** An outlet (base) as an order sees it. */
export interface Outlet {
  baseId: string;
  shopId: string;
  entId: string;
  /** '0' all, '1' takeout, '2' dine-in. */
  businessMode: string;
  cyType: string;
  webOrderDuration: number;
  payMode: 'prepay' | 'postpay';
  gpsLng: number | null;
  gpsLat: number | null;
  hours: ParsedOpeningHours;
  /** IsPayLaterOnlineCheckout is '1': a postpay table may settle online. */
  onlineCheckout: boolean;
  timeZone: string;
  formats: Formats;
  currencySymbol: string;
}

export type OutletRow = {
  base_id: string;
  shop_id: string;
  ent_id: string;
  business_mode: number;
  cy_type: string;
  web_order_duration: number;
  pay_mode: string;
  gps_lng: number | null;
  gps_lat: number | null;
  begin_time: string;
  end_time: string;
  opening_hours: string | null;
  online_checkout: string | null;
  time_zone: string;
  amo_point: number;
  price_point: number;
  currency_symbol: string;
};

/** The columns of an outlet (OutletRow) from base `b` joined with its enterprise `e`. */
export const OUTLET_COLUMNS = `b.base_id, b.shop_id, b.ent_id, b.business_mode, b.cy_type, b.web_order_duration, b.pay_mode,
            b.gps_lng, b.gps_lat, b.begin_time, b.end_time,
            (SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND p.parm_id = 'OpeningHours') AS opening_hours,
            (SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND p.parm_id = 'IsPayLaterOnlineCheckout') AS online_checkout,
            e.time_zone, e.amo_point, e.price_point, e.currency_symbol`;

export async function loadOutlet(tx: Queryable, baseId: string): Promise<Outlet | null> {
  const [row] = await tx.query<OutletRow>(
    `SELECT ${OUTLET_COLUMNS}
       FROM base b JOIN enterprise e ON e.ent_id = b.ent_id
      WHERE b.base_id = $1`,
    [baseId],
  );
  return row ? outletOf(row) : null;
}

/** An outlet from the OUTLET_COLUMNS of a row. */
export function outletOf(row: OutletRow): Outlet {
  return {
    baseId: row.base_id,
    shopId: row.shop_id,
    entId: row.ent_id,
    businessMode: String(row.business_mode),
    cyType: row.cy_type,
    webOrderDuration: row.web_order_duration,
    payMode: row.pay_mode === 'postpay' ? 'postpay' : 'prepay',
    gpsLng: row.gps_lng,
    gpsLat: row.gps_lat,
    hours: resolveOpeningHours({ openingHours: row.opening_hours, BeginTime: row.begin_time, EndTime: row.end_time }),
    onlineCheckout: row.online_checkout === '1',
    timeZone: row.time_zone || 'Asia/Macau',
    formats: { AmoPoint: row.amo_point, PricePoint: row.price_point },
    currencySymbol: row.currency_symbol,
  };
}

/** An amount in minor units at AmoPoint as a customer reads it: 'MOP$12.50'. */
export function showMoney(minor: number, outlet: Pick<Outlet, 'formats' | 'currencySymbol'>): string {
  return `${outlet.currencySymbol}${minorToString(minor, outlet.formats.AmoPoint)}`;
}

/** Minor units at `scale` as the protocol's four-place decimal string. */
export function minorToDecimal4(minor: number, scale: number): string {
  return Number(minorToString(minor, scale)).toFixed(4);
}

/** A new sheet id: 876, the time in milliseconds and 6 random digits. */
export function newSheetId(now: Date): string {
  return `876${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** ISO date-time in UTC to the second, as the other sheet reads send it; '' for none. */
export function isoSeconds(d: unknown): string {
  if (d === null || d === undefined || d === '') return '';
  const date = d instanceof Date ? d : new Date(String(d));
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * How long an unpaid prepay order is shown as waiting for payment before it
 * is shown as expired (the displayed state only: see orderStates.ts).
 */
export const UNPAID_ORDER_MINUTES = 30;

/**
 * How long an online settle of a postpay table sheet holds the sheet (no
 * more rounds) while no payment has started; a payment in progress holds it
 * until it ends.
 */
export const SETTLE_HOLD_MINUTES = 10;

/** The sheet columns the displayed state and the guards need, selected from `s`. */
export const SHEET_STATE_COLUMNS = `s.status, s.pay_status, s.progress, s.is_pay_later, s.business_mode, s.take_type,
  s.pay_mode, s.created_at, s.settle_started_at`;

export type SheetStateRow = {
  status: number;
  pay_status: number;
  progress: string;
  is_pay_later: boolean;
  business_mode: number;
  take_type: string;
  pay_mode: string;
  created_at: Date;
  settle_started_at: Date | null;
};

/** The state a customer sees of a sheet at `now`. */
export function sheetDisplayState(row: SheetStateRow, now: Date): DisplayState {
  const expired =
    row.pay_mode === 'prepay' &&
    row.status === SheetStatus.open &&
    row.pay_status === PayStatus.unpaid &&
    !row.is_pay_later &&
    now.getTime() - new Date(row.created_at).getTime() > UNPAID_ORDER_MINUTES * 60_000;
  return displayState({
    status: row.status,
    payStatus: row.pay_status,
    progress: row.progress,
    isPayLater: row.is_pay_later,
    businessMode: String(row.business_mode),
    takeType: row.take_type,
    payMode: row.pay_mode,
    expired,
  });
}

/** Whether a postpay sheet is being settled at `now` (no more rounds). */
export function isSettling(row: Pick<SheetStateRow, 'pay_status' | 'settle_started_at'>, now: Date): boolean {
  if (row.pay_status === PayStatus.paying) return true;
  if (!row.settle_started_at) return false;
  return now.getTime() - new Date(row.settle_started_at).getTime() < SETTLE_HOLD_MINUTES * 60_000;
}

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Inserts rows that all have the same keys (column names) in one statement. */
export async function insertMany(tx: Queryable, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  await tx.query(insertSql(table, rows, params), params);
}

/**
 * The INSERT of rows that all have the same keys (column names), its values
 * appended to `params` (so several can go in one statement, as CTEs).
 */
export function insertSql(table: string, rows: readonly Record<string, unknown>[], params: unknown[]): string {
  const columns = Object.keys(rows[0]!);
  const tuples = rows.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(', ')})`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`;
}
