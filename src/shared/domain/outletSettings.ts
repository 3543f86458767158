/**
 * The rules of an outlet's settings as the back office edits them (issue 27
 * section 2): the staff program checks a form with them before sending (its
 * texts in the screen's language), the service again before saving (its
 * texts in messages.ts). Each problem names its field and a code; the words
 * are the caller's.
 *
 * - Time ranges: "HH:mm" each ("24:00" as an end), begin different from the
 *   end; an end before the begin runs past midnight (18:00-02:00); a day's
 *   ranges may not overlap (an overnight one counted into the next morning).
 * - Closed dates: real dates "YYYY-MM-DD".
 * - The delivery zone (when the outlet delivers): a radius above 0 (at most 50 km), or a polygon of at
 *   least 3 distinct points (latitude -90..90, longitude -180..180) that
 *   closes: the last point is joined to the first, so a drawing whose last
 *   point repeats the first is the same polygon.
 * - Percentages 0-30 with at most 2 decimals; money never negative (at most
 *   2 decimals); the web order window 0-1440 whole minutes.
 */
import { parseClock } from './openingHours/clock';

export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_SERVICE_CHARGE_PERCENT = 30;
export const MAX_RADIUS_KM = 50;
export const MAX_WEB_ORDER_MINUTES = 1440;

export type OutletProblemCode =
  | 'timeFormat'
  | 'timeEmpty'
  | 'timeOverlap'
  | 'dateFormat'
  | 'radius'
  | 'polygonPoints'
  | 'coordinates'
  | 'percent'
  | 'money'
  | 'minutes'
  | 'timeZone';

export interface OutletProblem {
  /** The form's field: 'hours.3.1' (Wednesday's second range), 'delivery.zone', 'serviceChargePercent'... */
  field: string;
  code: OutletProblemCode;
}

interface RangeInput {
  begin: string;
  end: string;
}

export interface OutletRulesInput {
  lat: number | null;
  lng: number | null;
  timeZone: string;
  hours: { days: Record<string, RangeInput[]>; closedDates: string[] };
  webOrderMinutes: number;
  delivery: { enabled: boolean; zone: { kind: 'radius'; km: number } | { kind: 'polygon'; points: [number, number][] }; fee: number; minAmount: number; freeAbove: number | null };
  serviceChargePercent: number;
}

const CLOCK = /^\d{2}:\d{2}$/;
const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A range as minutes [begin, end) from the day's midnight, an overnight one running past 1440; null when malformed or empty. */
export function rangeMinutes(r: RangeInput): { begin: number; end: number } | 'format' | 'empty' {
  if (!CLOCK.test(r.begin) || !CLOCK.test(r.end)) return 'format';
  const begin = parseClock(r.begin);
  const end = parseClock(r.end);
  if (begin === null || end === null || begin === 1440) return 'format';
  if (begin === end) return 'empty';
  return { begin, end: end < begin ? end + 1440 : end };
}

/** A real calendar date "YYYY-MM-DD". */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function isTimeZone(zone: string): boolean {
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The polygon's distinct points, the closing repeat of the first dropped. */
export function polygonPoints(points: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lat, lng] of points) if (!out.some(([a, b]) => a === lat && b === lng)) out.push([lat, lng]);
  return out;
}

const validLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const validLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/** Every problem of a form (none: it may be saved). */
export function outletProblems(input: OutletRulesInput): OutletProblem[] {
  const problems: OutletProblem[] = [];
  const add = (field: string, code: OutletProblemCode) => problems.push({ field, code });

  if ((input.lat === null) !== (input.lng === null) || (input.lat !== null && !validLat(input.lat)) || (input.lng !== null && !validLng(input.lng))) add('position', 'coordinates');
  if (!isTimeZone(input.timeZone)) add('timeZone', 'timeZone');

  for (const day of WEEK_DAYS) {
    const ranges = input.hours.days[String(day)] ?? [];
    const spans: { begin: number; end: number; i: number }[] = [];
    ranges.forEach((r, i) => {
      const m = rangeMinutes(r);
      if (m === 'format') add(`hours.${day}.${i}`, 'timeFormat');
      else if (m === 'empty') add(`hours.${day}.${i}`, 'timeEmpty');
      else spans.push({ ...m, i });
    });
    spans.sort((a, b) => a.begin - b.begin);
    for (let k = 1; k < spans.length; k += 1) if (spans[k]!.begin < spans[k - 1]!.end) add(`hours.${day}.${spans[k]!.i}`, 'timeOverlap');
  }
  input.hours.closedDates.forEach((d, i) => {
    if (!isCalendarDate(d)) add(`closedDates.${i}`, 'dateFormat');
  });

  if (!Number.isInteger(input.webOrderMinutes) || input.webOrderMinutes < 0 || input.webOrderMinutes > MAX_WEB_ORDER_MINUTES) add('webOrderMinutes', 'minutes');

  if (input.delivery.enabled) {
    const zone = input.delivery.zone;
    if (zone.kind === 'radius') {
      if (!Number.isFinite(zone.km) || zone.km <= 0 || zone.km > MAX_RADIUS_KM) add('delivery.zone', 'radius');
    } else if (zone.points.some(([lat, lng]) => !validLat(lat) || !validLng(lng))) add('delivery.zone', 'coordinates');
    else if (polygonPoints(zone.points).length < 3) add('delivery.zone', 'polygonPoints');

    const money = (field: string, n: number | null) => {
      if (n !== null && (!(n >= 0) || !twoDecimals(n) || n > 1_000_000)) add(field, 'money');
    };
    money('delivery.fee', input.delivery.fee);
    money('delivery.minAmount', input.delivery.minAmount);
    money('delivery.freeAbove', input.delivery.freeAbove);
  }

  const p = input.serviceChargePercent;
  if (!(p >= 0 && p <= MAX_SERVICE_CHARGE_PERCENT) || !twoDecimals(p)) add('serviceChargePercent', 'percent');
  return problems;
}

/** A percentage (up to 2 decimals) as basis points: 10 -> 1000, 12.5 -> 1250. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/** Is a point [lat, lng] inside the polygon (ray casting; the last point joins the first)? */
export function insidePolygon(point: readonly [number, number], polygon: readonly (readonly [number, number])[]): boolean {
  const [y, x] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
