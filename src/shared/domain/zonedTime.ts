/**
 * Wall-clock time in an IANA time zone with nothing but `Intl` (issue 14:
 * the opening-hours guard runs on the app's first screen, which must not
 * carry luxon's 21 KiB gz). Gives what openingHours.ts needs: the wall
 * clock of an instant in a zone, and the instant of a wall-clock time in a
 * zone, resolving daylight-saving gaps and overlaps the way luxon does
 * (a time in a gap moves forward by the gap; in an overlap the offset in
 * force now is tried first).
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** ISO week day: Monday 1 ... Sunday 7. */
  weekday: number;
}

export interface WallFields {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws a RangeError for an unknown zone.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Throws a RangeError for a zone Intl does not know. */
export function checkZone(zone: string): void {
  formatterFor(zone);
}

const MS_PER_MINUTE = 60_000;

/** The wall clock in `zone` at the instant `ms`. */
export function wallTimeAt(ms: number, zone: string): WallTime {
  if (!Number.isFinite(ms)) throw new RangeError(`invalid instant ${String(ms)}`);
  const parts = formatterFor(zone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const bc = parts.find((p) => p.type === 'era')?.value === 'BC';
  const yearOfEra = get('year');
  const year = bc ? 1 - yearOfEra : yearOfEra;
  const month = get('month');
  const day = get('day');
  const hour = get('hour') % 24;
  const millisecond = ((ms % 1000) + 1000) % 1000;
  const dayNumber = Math.floor(utcOf(year, month, day, 0, 0, 0, 0) / 86_400_000);
  // 1970-01-01 was a Thursday (ISO 4).
  const weekday = ((((dayNumber + 3) % 7) + 7) % 7) + 1;
  return { year, month, day, hour, minute: get('minute'), second: get('second'), millisecond, weekday };
}

function utcOf(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

/** The zone's offset from UTC at the instant `ms`, in minutes. */
export function offsetAt(ms: number, zone: string): number {
  const w = wallTimeAt(ms, zone);
  return Math.round((utcOf(w.year, w.month, w.day, w.hour, w.minute, w.second, w.millisecond) - ms) / MS_PER_MINUTE);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The instant of a wall-clock time in `zone`, or null when the fields are
 * not a calendar date and time (a 31 April, an hour 24).
 */
export function instantOf(fields: WallFields, zone: string): number | null {
  const { year, month, day, hour = 0, minute = 0, second = 0, millisecond = 0 } = fields;
  const ints = [year, month, day, hour, minute, second, millisecond];
  if (!ints.every(Number.isInteger)) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || millisecond < 0 || millisecond > 999) return null;
  const local = utcOf(year, month, day, hour, minute, second, millisecond);
  // luxon's fixOffset: start from the offset in force now, correct it twice at most.
  const o = offsetAt(Date.now(), zone);
  let guess = local - o * MS_PER_MINUTE;
  const o2 = offsetAt(guess, zone);
  if (o === o2) return guess;
  guess -= (o2 - o) * MS_PER_MINUTE;
  const o3 = offsetAt(guess, zone);
  if (o2 === o3) return guess;
  return local - Math.min(o2, o3) * MS_PER_MINUTE;
}

/** The calendar date `days` after the given one (days may be negative). */
export function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number } {
  const d = new Date(utcOf(date.year, date.month, date.day, 0, 0, 0, 0) + days * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
