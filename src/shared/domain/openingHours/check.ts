/** Checking: open at an instant, the order window, the order-placement guard, the next opening. The rules: ../openingHours.ts. */
import { ALL_DAY, type Span, coveringDay, spanOf } from './clock';
import { type DateTimeRange, NEXT_OPENING_HORIZON_DAYS, type OpeningHours } from './types';
import { SheetStatus } from '../sheetStatus';
import { type WallTime, addDays, instantOf, wallTimeAt } from '../zonedTime';
import { dateRangeBounds, parseShopDateTime } from './shopDateTime';
import { readClosedDates, readDateRanges, readDays, readTimes, readWeekDays } from './read';

export interface Compiled {
  spans: Span[];
  weekDays: ReadonlySet<number> | null;
  dateRanges: DateTimeRange[];
  /** Each week day's own spans (OpeningHours.days): when set, `spans` and `weekDays` are not used. */
  perDay: ReadonlyMap<number, Span[]> | null;
  /** Closed dates as numbers (20261225): a span beginning on one does not open. */
  closedDates: ReadonlySet<number>;
}

/** The spans that begin on a week day (none: closed that day). */
export function spansOfDay(c: Compiled, weekday: number): Span[] {
  if (c.perDay) return c.perDay.get(weekday) ?? [];
  return c.weekDays === null || c.weekDays.has(weekday) ? c.spans : [];
}

/** Whether the shop's date is one of its closed dates. */
export const closedOn = (c: Compiled, d: { year: number; month: number; day: number }): boolean => c.closedDates.has(d.year * 1e4 + d.month * 100 + d.day);

export function compile(hours: OpeningHours | null | undefined): Compiled {
  if (!hours) return { spans: [ALL_DAY], weekDays: null, dateRanges: [], perDay: null, closedDates: new Set() };
  const problems: string[] = [];
  const times = readTimes(hours.times ?? [], problems);
  const weekDays = readWeekDays(hours.weekDays ?? [], problems);
  const dateRanges = readDateRanges(hours.dateRanges ?? [], problems);
  const spans = times.map((t) => spanOf(t.begin, t.end) ?? ALL_DAY);
  const days = readDays(hours.days, problems);
  const perDay = days && new Map(Object.entries(days).map(([day, ranges]) => [+day, ranges.map((t) => spanOf(t.begin, t.end) ?? ALL_DAY)]));
  return {
    spans: spans.length ? spans : [ALL_DAY],
    weekDays: weekDays.length ? new Set(weekDays) : null,
    dateRanges,
    perDay,
    closedDates: new Set(readClosedDates(hours.closedDates, problems).map((d) => +d.replace(/-/g, ''))),
  };
}

/** The shop's wall clock at an instant, and the instant itself. */
export interface ShopTime extends WallTime {
  ms: number;
}

export function shopTimeAt(ms: number, zone: string): ShopTime {
  return { ...wallTimeAt(ms, zone), ms };
}

export function shopTime(now: Date, zone: string): ShopTime {
  const ms = now.getTime();
  try {
    if (Number.isNaN(ms)) throw new RangeError('invalid date');
    return shopTimeAt(ms, zone);
  } catch {
    throw new RangeError(`invalid instant or time zone: ${String(now)} in ${JSON.stringify(zone)}`);
  }
}

export function previousWeekDay(day: number): number {
  return ((day + 5) % 7) + 1;
}

export function openAt(c: Compiled, dt: ShopTime, zone: string): boolean {
  if (c.dateRanges.length) {
    const t = dt.ms;
    const inside = c.dateRanges.some((r) => {
      const bounds = dateRangeBounds(r, zone);
      return bounds !== null && t >= bounds.begin && t < bounds.end;
    });
    if (!inside) return false;
  }
  const minute = dt.hour * 60 + dt.minute;
  // A span counts on the day it begins: today's from today's list, the tail of an overnight one from yesterday's.
  if (!closedOn(c, dt) && spansOfDay(c, dt.weekday).some((span) => coveringDay(span, minute) === 'today')) return true;
  const yesterday = previousWeekDay(dt.weekday);
  return !closedOn(c, addDays(dt, -1)) && spansOfDay(c, yesterday).some((span) => coveringDay(span, minute) === 'yesterday');
}

/**
 * Whether the shop is open at `now`, reading the hours in the IANA `zone`
 * (e.g. 'Asia/Macau'). Null or undefined hours are always open; malformed
 * entries are ignored. Throws a RangeError for an unknown zone.
 */
export function isOpenAt(hours: OpeningHours | null | undefined, now: Date, zone: string): boolean {
  return openAt(compile(hours), shopTime(now, zone), zone);
}

/**
 * Whether the web order window is still open: true while less than
 * `webOrderDurationMinutes` have passed since the sheet was created (the
 * window's end is exclusive). 0 means unlimited; so do a negative or
 * non-finite duration and an unreadable creation date (the service has the
 * final word).
 */
export function orderWindowOpen(
  sheetCreated: Date,
  webOrderDurationMinutes: number,
  now: Date,
): boolean {
  if (!Number.isFinite(webOrderDurationMinutes) || webOrderDurationMinutes <= 0) return true;
  const created = sheetCreated.getTime();
  if (Number.isNaN(created)) return true;
  return now.getTime() < created + webOrderDurationMinutes * 60_000;
}

export type OrderBlockReason = 'closed' | 'windowElapsed' | 'sheetClosed' | 'sheetPaid';

export type CanPlaceOrderResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'closed';
      /** When the shop next opens (within 8 days), for "opens at". */ opensAt: Date | null;
    }
  | { ok: false; reason: Exclude<OrderBlockReason, 'closed'> };

export interface CanPlaceOrderInput {
  hours?: OpeningHours | null;
  /** The shop's IANA time zone, e.g. 'Asia/Macau'. */
  zone: string;
  now: Date;
  /** The sheet being ordered on (table1[0] of its detail), if any. */
  sheet?: { Status?: number | string | null; CreatedDate?: string | Date | null } | null;
  /** The base's WebOrderDuration in minutes; 0, empty or absent: unlimited. */
  webOrderDuration?: number | string | null;
}

/**
 * The order-placement guard of SPEC section 4. Reasons are checked in this
 * order, the permanent ones first: the sheet is checked out, so paid (Status 3,
 * 'sheetPaid') or closed/cancelled (Status 2, 'sheetClosed'); the web order
 * window since the sheet's CreatedDate (read in the shop's zone) has elapsed
 * ('windowElapsed'); the shop is outside its opening hours ('closed', with
 * when it next opens). Any block sends the customer to orderEntry.
 */
export function canPlaceOrder(input: CanPlaceOrderInput): CanPlaceOrderResult {
  const { sheet, zone, now } = input;
  if (sheet) {
    const status = Number(sheet.Status);
    if (status === SheetStatus.checkedOut) return { ok: false, reason: 'sheetPaid' };
    if (status === SheetStatus.closed) return { ok: false, reason: 'sheetClosed' };
    const created =
      sheet.CreatedDate instanceof Date
        ? sheet.CreatedDate
        : parseShopDateTime(sheet.CreatedDate, zone);
    const duration = Number(input.webOrderDuration ?? 0);
    if (created && !orderWindowOpen(created, duration, now))
      return { ok: false, reason: 'windowElapsed' };
  }
  const compiled = compile(input.hours);
  if (!openAt(compiled, shopTime(now, zone), zone)) {
    return { ok: false, reason: 'closed', opensAt: nextOpeningCompiled(compiled, now, zone) };
  }
  return { ok: true };
}

export function nextOpeningCompiled(c: Compiled, now: Date, zone: string): Date | null {
  const start = shopTime(now, zone);
  if (openAt(c, start, zone)) return now;
  const from = now.getTime();
  const until = from + NEXT_OPENING_HORIZON_DAYS * 86_400_000;
  // The shop can only start being open at a range's begin, at midnight (a
  // new week day) or at a date range's begin: try those, earliest first.
  const minutes = new Set<number>([0]);
  for (const span of c.spans) if (span !== ALL_DAY) minutes.add(span.begin);
  for (const spans of c.perDay?.values() ?? []) for (const span of spans) if (span !== ALL_DAY) minutes.add(span.begin);
  const candidates: number[] = [];
  for (let k = 0; k <= NEXT_OPENING_HORIZON_DAYS; k += 1) {
    const day = addDays(start, k);
    for (const m of minutes) {
      const t = instantOf({ ...day, hour: Math.floor(m / 60), minute: m % 60 }, zone);
      if (t !== null) candidates.push(t);
    }
  }
  for (const r of c.dateRanges) {
    const bounds = dateRangeBounds(r, zone);
    if (bounds) candidates.push(bounds.begin);
  }
  const sorted = [...new Set(candidates)]
    .filter((t) => t > from && t <= until)
    .sort((a, b) => a - b);
  for (const t of sorted) {
    if (openAt(c, shopTimeAt(t, zone), zone)) return new Date(t);
  }
  return null;
}

/**
 * When the shop next opens, for showing "opens at": `now` itself when it is
 * open now, else the first instant within 8 days at which it is open, else
 * null. (In a zone with daylight-saving time an opening inside the skipped
 * hour is reported at the wall-clock time it shifts to, as luxon did.)
 */
export function nextOpening(
  hours: OpeningHours | null | undefined,
  now: Date,
  zone: string,
): Date | null {
  return nextOpeningCompiled(compile(hours), now, zone);
}
