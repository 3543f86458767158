/**
 * Opening hours and the order-placement guard (SPEC section 4).
 *
 * "Order placement is allowed only if: the shop is within business hours
 * (overnight ranges handled); the web order window (WebOrderDuration
 * minutes; 0 unlimited) has not elapsed since sheet creation; sheet Status
 * is not 2 or 3. Otherwise the user is redirected to orderEntry."
 *
 * ## The stored shape
 *
 * The service stores a base's opening hours as the base parameter
 * `OpeningHours` (SysParm_BaseParmGet_Get), a JSON text:
 *
 * ```json
 * {
 *   "times":      [{ "begin": "HH:mm", "end": "HH:mm" }],
 *   "weekDays":   [1, 2, 3, 4, 5, 6, 7],
 *   "dateRanges": [{ "begin": "YYYY-MM-DD HH:mm", "end": "YYYY-MM-DD HH:mm" }]
 * }
 * ```
 *
 * An empty (or missing) array means no restriction of that kind; all three
 * empty means always open. The shop is open at an instant when
 * - `dateRanges` is empty or the instant lies in one of them, and
 * - some entry of `times` (an empty `times` counts as one all-day range)
 *   covers the minute of the day, on a day that `weekDays` allows (empty:
 *   every day). Week days are ISO: Monday 1 ... Sunday 7.
 *
 * The base's plain `BeginTime` / `EndTime` are one daily range
 * ({@link openingHoursFromBase}); a JSON object `{"BeginTime", "EndTime"}`
 * is read the same way by {@link parseOpeningHours}.
 *
 * ## Time ranges
 * - Times are wall-clock minutes in the shop's IANA time zone, passed
 *   explicitly (e.g. 'Asia/Macau'); never the device's zone.
 * - **begin inclusive, end exclusive**: 09:00-18:00 is open at 09:00 and at
 *   17:59, closed at 18:00. Resolution is the minute (17:59:59 is 17:59).
 * - Always open: an empty range (both ends empty), 00:00-00:00, 00:00-23:59,
 *   and generally begin equal to end (a 24-hour range). An end of 23:59
 *   means the end of the day (10:00-23:59 is open at 23:59), matching the
 *   SPEC's 00:00-23:59 form; "24:00" is also accepted as an end.
 * - An end earlier than the begin crosses midnight: 18:00-02:00 is open
 *   18:00-23:59 and 00:00-01:59. For the week-day check the after-midnight
 *   part belongs to the day the range began: with weekDays [5] (Friday) it
 *   is open on Saturday at 01:00 but not on Friday at 01:00.
 * - A missing begin is 00:00, a missing end the end of the day.
 *
 * ## Date-time ranges
 * `YYYY-MM-DD HH:mm` in the shop's zone (also `YYYY/MM/DD`, seconds, a `T`
 * separator, or a date alone). Begin inclusive, end exclusive, compared as
 * instants; an end given as a date alone, or at 23:59, runs to the end of
 * that day.
 *
 * ## Tolerance
 * {@link parseOpeningHours} never throws: an empty text means always open
 * (valid); text that is not JSON, or JSON of another shape, also means
 * always open, with `valid: false`; a malformed entry is dropped and
 * reported, the rest kept. The service owns the truth (it refuses orders
 * itself); the app's check only spares the customer a doomed order.
 */
import { addDays, checkZone, instantOf, wallTimeAt, type WallTime } from './zonedTime';
import { SheetStatus } from './orderStates';

/** The shops are in Macau (no daylight-saving time). */
export const DEFAULT_SHOP_ZONE = 'Asia/Macau';


/** How far {@link nextOpening} looks ahead. */
export const NEXT_OPENING_HORIZON_DAYS = 8;

export type WeekDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A daily range, "HH:mm" each ('' for a missing end). */
export interface TimeRange {
  begin: string;
  end: string;
}

/** A date-time range, "YYYY-MM-DD HH:mm" each, in the shop's zone. */
export interface DateTimeRange {
  begin: string;
  end: string;
}

export interface OpeningHours {
  times: TimeRange[];
  weekDays: WeekDay[];
  dateRanges: DateTimeRange[];
}

/** What {@link parseOpeningHours} returns: usable as OpeningHours, plus a report. */
export interface ParsedOpeningHours extends OpeningHours {
  /** False when the text was not valid opening hours or an entry was dropped. */
  valid: boolean;
  /** What was wrong, for logs (developer-facing English). */
  problems: string[];
}

/** No restriction at all. */
export const ALWAYS_OPEN: Readonly<OpeningHours> = Object.freeze({
  times: [],
  weekDays: [],
  dateRanges: [],
});

const DAY = 1440;

// ---------------------------------------------------------------------------
// Clock times and daily spans

const CLOCK_RE = /^(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}[ T])?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * Minutes since midnight of "H:mm", "HH:mm" or "HH:mm:ss" (a leading date
 * is ignored, seconds are dropped); "24:00" is 1440. Null when empty or
 * malformed.
 */
export function parseClock(text: string | null | undefined): number | null {
  if (text == null) return null;
  const m = CLOCK_RE.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const sec = m[3] === undefined ? 0 : Number(m[3]);
  if (min > 59 || sec > 59) return null;
  if (h === 24) return min === 0 && sec === 0 ? DAY : null;
  if (h > 23) return null;
  return h * 60 + min;
}

function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A daily span in minutes: [begin, end) or, when end <= begin, crossing midnight. */
interface Span {
  begin: number;
  end: number;
}

const ALL_DAY: Span = { begin: 0, end: DAY };

function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === '';
}

/** The span of a range, or null if an end is present but malformed. */
function spanOf(begin: string | null | undefined, end: string | null | undefined): Span | null {
  if (isBlank(begin) && isBlank(end)) return ALL_DAY;
  let b = isBlank(begin) ? 0 : parseClock(begin);
  let e = isBlank(end) ? DAY : parseClock(end);
  if (b === null || e === null) return null;
  if (b === DAY) b = 0;
  if (e === DAY - 1) e = DAY; // 23:59 as an end: through the end of the day
  if (b === e || (b === 0 && e === DAY)) return ALL_DAY;
  return { begin: b, end: e };
}

/** Which day's opening a minute belongs to under a span, if any. */
function coveringDay(span: Span, minute: number): 'today' | 'yesterday' | null {
  if (span.begin < span.end) return minute >= span.begin && minute < span.end ? 'today' : null;
  if (minute >= span.begin) return 'today';
  if (minute < span.end) return 'yesterday';
  return null;
}

/** True for the always-open forms: empty, 00:00-00:00, 00:00-23:59, begin equal to end. */
export function isAlwaysOpenRange(
  begin: string | null | undefined,
  end: string | null | undefined,
): boolean {
  return spanOf(begin, end) === ALL_DAY;
}

/**
 * Whether a minute of the day (0..1439) lies in the daily range begin-end,
 * begin inclusive, end exclusive; see the module comment for the
 * always-open forms and midnight crossing (18:00-02:00 is open at 01:00).
 * Throws a RangeError for a malformed time or minute.
 */
export function isWithinTimeRange(
  begin: string | null | undefined,
  end: string | null | undefined,
  minuteOfDay: number,
): boolean {
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay >= DAY) {
    throw new RangeError(`minuteOfDay must be an integer 0..1439, got ${minuteOfDay}`);
  }
  const span = spanOf(begin, end);
  if (!span)
    throw new RangeError(`malformed time range ${JSON.stringify(begin)}-${JSON.stringify(end)}`);
  return coveringDay(span, minuteOfDay) !== null;
}

// ---------------------------------------------------------------------------
// Date-times in the shop's zone

const LOCAL_DATE_TIME_RE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  /** Absent for a date alone. */
  time?: { hour: number; minute: number; second: number; millisecond: number };
}

function localParts(text: string): LocalParts | null {
  const m = LOCAL_DATE_TIME_RE.exec(text.trim());
  if (!m) return null;
  const parts: LocalParts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (m[4] !== undefined) {
    parts.time = {
      hour: Number(m[4]),
      minute: Number(m[5]),
      second: m[6] === undefined ? 0 : Number(m[6]),
      millisecond: m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0')),
    };
  }
  return parts;
}

function localDateTime(parts: LocalParts, zone: string): number | null {
  return instantOf({ year: parts.year, month: parts.month, day: parts.day, ...(parts.time ?? {}) }, zone);
}

/** An ISO 8601 date-time with its own offset or 'Z' (2026-11-22T12:00:00+08:00, +0800, +08). */
const ISO_WITH_OFFSET_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

function isoWithOffset(text: string): number | null {
  const m = ISO_WITH_OFFSET_RE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, sec, frac, off] = m;
  const local = instantOf(
    { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(sec ?? 0), millisecond: frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0 },
    'UTC',
  );
  if (local === null) return null;
  if (off!.toUpperCase() === 'Z') return local;
  const sign = off!.startsWith('-') ? -1 : 1;
  const digits = off!.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return local - sign * minutes * 60_000;
}

/**
 * A date-time from the service ("YYYY-MM-DD HH:mm:ss", "YYYY/MM/DD HH:mm",
 * "YYYY-MM-DDTHH:mm:ss.SSS", a date alone) read as wall-clock time in the
 * shop's zone; an ISO text with an offset or 'Z' keeps its own offset.
 * Null when it cannot be read.
 */
export function parseShopDateTime(text: string | null | undefined, zone: string): Date | null {
  if (isBlank(text)) return null;
  const t = (text as string).trim();
  const parts = localParts(t);
  try {
    checkZone(zone);
  } catch {
    return null;
  }
  const ms = parts ? localDateTime(parts, zone) : isoWithOffset(t);
  return ms === null ? null : new Date(ms);
}

/** Begin and end instants (ms) of a date range in a zone, or null if malformed or empty. */
function dateRangeBounds(
  range: DateTimeRange,
  zone: string,
): { begin: number; end: number } | null {
  const b = localParts(range.begin);
  const e = localParts(range.end);
  if (!b || !e) return null;
  const begin = localDateTime(b, zone);
  let end = localDateTime(e, zone);
  if (begin === null || end === null) return null;
  if (!e.time || (e.time.hour === 23 && e.time.minute === 59))
    end = instantOf(addDays(e, 1), zone);
  if (end === null || end <= begin) return null;
  return { begin, end };
}

// ---------------------------------------------------------------------------
// Reading and normalising

function field(obj: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (name in obj) return obj[name];
  return undefined;
}

function asText(value: unknown): string | null {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readTimes(value: unknown, problems: string[]): TimeRange[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: TimeRange[] = [];
  for (const entry of list) {
    let begin: string | null;
    let end: string | null;
    if (typeof entry === 'string') {
      const [b = '', e = '', ...rest] = entry.split(/\s*[-~]\s*/);
      [begin, end] = rest.length ? [null, null] : [b, e];
    } else if (isRecord(entry)) {
      begin = asText(field(entry, 'begin', 'Begin', 'BeginTime', 'start'));
      end = asText(field(entry, 'end', 'End', 'EndTime'));
    } else {
      begin = end = null;
    }
    const span = begin === null || end === null ? null : spanOf(begin, end);
    if (!span || begin === null || end === null) {
      problems.push(`dropped malformed time range ${JSON.stringify(entry)}`);
      continue;
    }
    out.push({
      begin: isBlank(begin) ? '' : formatClock(parseClock(begin) ?? 0),
      end: isBlank(end) ? '' : formatClock(parseClock(end) ?? 0),
    });
  }
  return out;
}

function readWeekDays(value: unknown, problems: string[]): WeekDay[] {
  if (value == null || value === '') return [];
  const list: unknown[] = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/).filter(Boolean)
      : [value];
  const days = new Set<WeekDay>();
  for (const entry of list) {
    const n =
      typeof entry === 'number'
        ? entry
        : typeof entry === 'string' && entry.trim() !== ''
          ? Number(entry)
          : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= 7) days.add(n as WeekDay);
    else problems.push(`dropped week day ${JSON.stringify(entry)} (expected 1..7, Sunday 7)`);
  }
  return [...days].sort((a, b) => a - b);
}

function readDateRanges(value: unknown, problems: string[]): DateTimeRange[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: DateTimeRange[] = [];
  for (const entry of list) {
    const begin = isRecord(entry)
      ? asText(field(entry, 'begin', 'Begin', 'BeginTime', 'start'))
      : null;
    const end = isRecord(entry) ? asText(field(entry, 'end', 'End', 'EndTime')) : null;
    const range = begin !== null && end !== null ? { begin: begin.trim(), end: end.trim() } : null;
    if (!range || !dateRangeBounds(range, 'UTC')) {
      problems.push(`dropped malformed date range ${JSON.stringify(entry)}`);
      continue;
    }
    out.push(range);
  }
  return out;
}

function readObject(value: unknown, problems: string[]): OpeningHours {
  if (Array.isArray(value))
    return { times: readTimes(value, problems), weekDays: [], dateRanges: [] };
  if (!isRecord(value)) {
    problems.push('opening hours are not a JSON object');
    return { times: [], weekDays: [], dateRanges: [] };
  }
  let times = readTimes(field(value, 'times', 'Times'), problems);
  const beginTime = field(value, 'BeginTime', 'beginTime');
  const endTime = field(value, 'EndTime', 'endTime');
  if (beginTime !== undefined || endTime !== undefined) {
    times = [...times, ...readTimes({ begin: beginTime ?? '', end: endTime ?? '' }, problems)];
  }
  return {
    times,
    weekDays: readWeekDays(field(value, 'weekDays', 'WeekDays', 'weekdays', 'Weekdays'), problems),
    dateRanges: readDateRanges(field(value, 'dateRanges', 'DateRanges'), problems),
  };
}

/**
 * Reads the stored OpeningHours text (see the module comment). Never
 * throws: empty text is always open and valid; unreadable text is always
 * open with `valid: false`; malformed entries are dropped and reported.
 * HTML-escaped quotes (`&quot;`) are undone first. Times come back as
 * "HH:mm", week days sorted and unique.
 */
export function parseOpeningHours(text: string | null | undefined): ParsedOpeningHours {
  if (isBlank(text)) return { times: [], weekDays: [], dateRanges: [], valid: true, problems: [] };
  const problems: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse((text as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  } catch {
    return {
      times: [],
      weekDays: [],
      dateRanges: [],
      valid: false,
      problems: ['opening hours are not valid JSON'],
    };
  }
  const hours = readObject(json, problems);
  return { ...hours, valid: problems.length === 0, problems };
}

/** The base's plain BeginTime/EndTime as opening hours (both empty: always open). */
export function openingHoursFromBase(base: {
  BeginTime?: string | null;
  EndTime?: string | null;
}): OpeningHours {
  const problems: string[] = [];
  return {
    times: readTimes({ begin: base.BeginTime ?? '', end: base.EndTime ?? '' }, problems),
    weekDays: [],
    dateRanges: [],
  };
}

/**
 * The opening hours of a base: its OpeningHours parameter when set, else its
 * BeginTime/EndTime.
 */
export function resolveOpeningHours(input: {
  openingHours?: string | null;
  BeginTime?: string | null;
  EndTime?: string | null;
}): ParsedOpeningHours {
  if (!isBlank(input.openingHours)) return parseOpeningHours(input.openingHours);
  return { ...openingHoursFromBase(input), valid: true, problems: [] };
}

// ---------------------------------------------------------------------------
// Checking

interface Compiled {
  spans: Span[];
  weekDays: ReadonlySet<number> | null;
  dateRanges: DateTimeRange[];
}

function compile(hours: OpeningHours | null | undefined): Compiled {
  if (!hours) return { spans: [ALL_DAY], weekDays: null, dateRanges: [] };
  const problems: string[] = [];
  const times = readTimes(hours.times ?? [], problems);
  const weekDays = readWeekDays(hours.weekDays ?? [], problems);
  const dateRanges = readDateRanges(hours.dateRanges ?? [], problems);
  const spans = times.map((t) => spanOf(t.begin, t.end) ?? ALL_DAY);
  return {
    spans: spans.length ? spans : [ALL_DAY],
    weekDays: weekDays.length ? new Set(weekDays) : null,
    dateRanges,
  };
}

/** The shop's wall clock at an instant, and the instant itself. */
interface ShopTime extends WallTime {
  ms: number;
}

function shopTimeAt(ms: number, zone: string): ShopTime {
  return { ...wallTimeAt(ms, zone), ms };
}

function shopTime(now: Date, zone: string): ShopTime {
  const ms = now.getTime();
  try {
    if (Number.isNaN(ms)) throw new RangeError('invalid date');
    return shopTimeAt(ms, zone);
  } catch {
    throw new RangeError(`invalid instant or time zone: ${String(now)} in ${JSON.stringify(zone)}`);
  }
}

function previousWeekDay(day: number): number {
  return ((day + 5) % 7) + 1;
}

function openAt(c: Compiled, dt: ShopTime, zone: string): boolean {
  if (c.dateRanges.length) {
    const t = dt.ms;
    const inside = c.dateRanges.some((r) => {
      const bounds = dateRangeBounds(r, zone);
      return bounds !== null && t >= bounds.begin && t < bounds.end;
    });
    if (!inside) return false;
  }
  const minute = dt.hour * 60 + dt.minute;
  const allows = (day: number) => c.weekDays === null || c.weekDays.has(day);
  return c.spans.some((span) => {
    const day = coveringDay(span, minute);
    if (day === 'today') return allows(dt.weekday);
    if (day === 'yesterday') return allows(previousWeekDay(dt.weekday));
    return false;
  });
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

function nextOpeningCompiled(c: Compiled, now: Date, zone: string): Date | null {
  const start = shopTime(now, zone);
  if (openAt(c, start, zone)) return now;
  const from = now.getTime();
  const until = from + NEXT_OPENING_HORIZON_DAYS * 86_400_000;
  // The shop can only start being open at a range's begin, at midnight (a
  // new week day) or at a date range's begin: try those, earliest first.
  const minutes = new Set<number>([0]);
  for (const span of c.spans) if (span !== ALL_DAY) minutes.add(span.begin);
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
