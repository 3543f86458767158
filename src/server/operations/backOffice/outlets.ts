/**
 * The back office's outlet settings (issue 27 section 2): read and save what
 * the outlet's form edits, in one transaction with its audit row.
 *
 * Where each setting lives:
 * - address (three languages), map position, ways of ordering
 *   (business_mode), pay before or after (pay_mode), the web order window
 *   (web_order_duration), the service charge (service_charge_bp, basis
 *   points: 10% is 1000), the time zone (time_zone, '' the enterprise's),
 *   the delivery polygon (delivery_zone; NULL: a radius), whether a tip is
 *   offered at payment (tip_enabled, migration 019): columns of base;
 * - the opening hours: the base parameter OpeningHours, the JSON the
 *   customer app and the service read (shared/domain/openingHours.ts), with
 *   per-week-day ranges ("days") and closed dates ("closedDates"); date
 *   windows already there ("dateRanges") are kept;
 * - the freight rule (fee, minimum, radius, free above): freight_rule.
 *
 * A save names the version it was made from (base.version); a save made
 * from an older one is refused (409) with the fresh values, so the second
 * of two managers editing the same outlet sees what the first saved.
 */
import { resolveOpeningHours } from '../../../shared/domain/openingHours';
import { isAlwaysOpenRange } from '../../../shared/domain/openingHours/clock';
import { bpToPercent, outletProblems, percentToBp, polygonPoints, WEEK_DAYS, type OutletProblem } from '../../../shared/domain/outletSettings';
import type { OutletHours, OutletSettingsInput, OutletSettingsJson } from '../../../shared/protocol/staffOutlets';
import type { Queryable } from '../../db/driver';
import type { AuditRecord } from '../orders/kitchen';
import { BackOfficeRefusal } from './tables';

type BaseRow = {
  base_id: string;
  base_name: string;
  version: number;
  address: string;
  address_tw: string;
  address_en: string;
  gps_lat: number | null;
  gps_lng: number | null;
  time_zone: string;
  begin_time: string;
  end_time: string;
  opening_hours: string | null;
  business_mode: number;
  pay_mode: string;
  web_order_duration: number;
  service_charge_bp: number;
  tip_enabled: boolean;
  delivery_zone: { points?: [number, number][] } | string | null;
  fee: string | null;
  min_amount: string | null;
  range_km: string | null;
  free_above: string | null;
};

const READ_SQL = `SELECT b.base_id, b.base_name, b.version, b.address, b.address_tw, b.address_en, b.gps_lat, b.gps_lng, b.time_zone,
        b.begin_time, b.end_time, b.business_mode, b.pay_mode, b.web_order_duration, b.service_charge_bp, b.tip_enabled, b.delivery_zone,
        (SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND p.parm_id = 'OpeningHours') AS opening_hours,
        f.fee, f.min_amount, f.range_km, f.free_above
   FROM base b LEFT JOIN freight_rule f ON f.base_id = b.base_id WHERE b.base_id = $1`;

/** The stored opening hours as the form's week days (older shapes read as the app reads them). */
export function hoursOfStored(text: string | null, beginTime: string, endTime: string): OutletHours {
  const stored = resolveOpeningHours({ openingHours: text, BeginTime: beginTime, EndTime: endTime });
  const asRange = (r: { begin: string; end: string }) =>
    isAlwaysOpenRange(r.begin, r.end) ? { begin: '00:00', end: '24:00' } : { begin: r.begin || '00:00', end: r.end || '24:00' };
  const days = {} as OutletHours['days'];
  for (const d of WEEK_DAYS) {
    const own = stored.days?.[d];
    if (stored.days) days[String(d) as keyof OutletHours['days']] = (own ?? []).map(asRange);
    else if (stored.weekDays.length && !stored.weekDays.includes(d)) days[String(d) as keyof OutletHours['days']] = [];
    else days[String(d) as keyof OutletHours['days']] = stored.times.length ? stored.times.map(asRange) : [{ begin: '00:00', end: '24:00' }];
  }
  return { days, closedDates: [...(stored.closedDates ?? [])] };
}

function settingsOf(row: BaseRow): OutletSettingsJson {
  const zone = typeof row.delivery_zone === 'string' ? (JSON.parse(row.delivery_zone) as { points?: [number, number][] }) : row.delivery_zone;
  const money = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 100) / 100);
  return {
    baseId: row.base_id,
    name: row.base_name,
    version: Number(row.version),
    address: row.address,
    addressTw: row.address_tw,
    addressEn: row.address_en,
    lat: row.gps_lat === null ? null : Number(row.gps_lat),
    lng: row.gps_lng === null ? null : Number(row.gps_lng),
    timeZone: row.time_zone,
    hours: hoursOfStored(row.opening_hours, row.begin_time, row.end_time),
    businessMode: ([0, 1, 2].includes(Number(row.business_mode)) ? Number(row.business_mode) : 0) as 0 | 1 | 2,
    payMode: row.pay_mode === 'postpay' ? 'postpay' : 'prepay',
    webOrderMinutes: Number(row.web_order_duration),
    delivery: {
      enabled: row.fee !== null,
      zone: zone?.points ? { kind: 'polygon', points: zone.points } : { kind: 'radius', km: money(row.range_km) },
      fee: money(row.fee),
      minAmount: money(row.min_amount),
      freeAbove: row.free_above === null ? null : money(row.free_above),
    },
    serviceChargePercent: bpToPercent(Number(row.service_charge_bp)),
    tipEnabled: Boolean(row.tip_enabled),
  };
}

export async function readOutletSettings(db: Queryable, baseId: string, lock = false): Promise<OutletSettingsJson | null> {
  const [row] = await db.query<BaseRow>(`${READ_SQL}${lock ? ' FOR UPDATE OF b' : ''}`, [baseId]);
  return row ? settingsOf(row) : null;
}

/** The problems of a form, or none (shared/domain/outletSettings.ts). */
export const problemsOf = (input: OutletSettingsInput): OutletProblem[] => outletProblems(input);

export interface OutletDeps {
  tx: Queryable;
  record: AuditRecord;
}

/** Saves the outlet's settings made from `version`; refuses a stale version (409, with the fresh values) and an invalid form (400). */
export async function saveOutletSettings({ tx, record }: OutletDeps, baseId: string, input: OutletSettingsInput & { version: number }): Promise<OutletSettingsJson> {
  const before = await readOutletSettings(tx, baseId, true);
  if (!before) throw new BackOfficeRefusal(404, 'baseNotFound');
  if (before.version !== input.version) throw new BackOfficeRefusal(409, 'boOutletChanged', {}, { outlet: before });
  const problems = problemsOf(input);
  if (problems.length) throw new BackOfficeRefusal(400, 'boOutletInvalid', {}, { problems });

  const [stored] = await tx.query<{ parm_value: string }>(`SELECT parm_value FROM base_parm WHERE base_id = $1 AND parm_id = 'OpeningHours'`, [baseId]);
  let keptDateRanges: unknown = undefined;
  try {
    const old = stored ? (JSON.parse(stored.parm_value) as { dateRanges?: unknown }) : null;
    if (old && Array.isArray(old.dateRanges) && old.dateRanges.length) keptDateRanges = old.dateRanges;
  } catch {
    // unreadable: replaced
  }
  const hours = {
    days: Object.fromEntries(WEEK_DAYS.map((d) => [String(d), input.hours.days[String(d) as keyof OutletHours['days']] ?? []])),
    closedDates: [...new Set(input.hours.closedDates)].sort(),
    ...(keptDateRanges ? { dateRanges: keptDateRanges } : {}),
  };
  await tx.query(
    `INSERT INTO base_parm (base_id, parm_id, parm_value) VALUES ($1, 'OpeningHours', $2)
     ON CONFLICT (base_id, parm_id) DO UPDATE SET parm_value = EXCLUDED.parm_value`,
    [baseId, JSON.stringify(hours)],
  );
  const zone = input.delivery.zone;
  await tx.query(
    `UPDATE base SET version = version + 1, address = $2, address_tw = $3, address_en = $4, gps_lat = $5, gps_lng = $6, time_zone = $7,
            business_mode = $8, pay_mode = $9, web_order_duration = $10, service_charge_bp = $11,
            delivery_zone = CASE WHEN $13 THEN $12::jsonb ELSE delivery_zone END,
            tip_enabled = COALESCE($14::boolean, tip_enabled)
      WHERE base_id = $1`,
    [
      baseId,
      input.address.trim(),
      input.addressTw.trim(),
      input.addressEn.trim(),
      input.lat,
      input.lng,
      input.timeZone,
      input.businessMode,
      input.payMode,
      input.webOrderMinutes,
      percentToBp(input.serviceChargePercent),
      zone.kind === 'polygon' ? JSON.stringify({ points: polygonPoints(zone.points) }) : null,
      input.delivery.enabled,
      input.tipEnabled ?? null,
    ],
  );
  // The radius stays the freight rule's (0 with a polygon: the polygon decides); no rule: no delivery.
  if (!input.delivery.enabled) await tx.query('DELETE FROM freight_rule WHERE base_id = $1', [baseId]);
  else await tx.query(
    `INSERT INTO freight_rule (base_id, fee, min_amount, range_km, free_above) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (base_id) DO UPDATE SET fee = EXCLUDED.fee, min_amount = EXCLUDED.min_amount, range_km = EXCLUDED.range_km, free_above = EXCLUDED.free_above`,
    [baseId, input.delivery.fee, input.delivery.minAmount, zone.kind === 'radius' ? zone.km : 0, input.delivery.freeAbove],
  );
  const after = (await readOutletSettings(tx, baseId))!;
  const { version: _bv, ...beforeValues } = before;
  const { version: _av, ...afterValues } = after;
  await record('outlet.update', baseId, beforeValues, afterValues);
  return after;
}
