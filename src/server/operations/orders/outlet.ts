/** An outlet (base) with everything an order needs to know about it, and money as its enterprise formats it. */
import { outletZone, type ParsedOpeningHours, resolveOpeningHours } from '../../../shared/domain/openingHours';
import type { Queryable } from '../../db/driver';
import { minorToString } from '../../../shared/domain/numbers';

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
  /** The zone its rules run in: its own, else its enterprise's (outletZone). */
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
  /** The outlet's own zone ('' its enterprise's). */
  base_time_zone: string;
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
            b.time_zone AS base_time_zone, e.time_zone, e.amo_point, e.price_point, e.currency_symbol`;

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
    // The outlet's own zone (issue 27), else the enterprise's: its hours, order window, pickup times and day.
    timeZone: outletZone(row.base_time_zone, row.time_zone),
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
