/** Date-times in the shop's zone (`YYYY-MM-DD HH:mm` and friends). The rules: ../openingHours.ts. */
import type { DateTimeRange } from './types';
import { addDays, checkZone, instantOf } from '../zonedTime';
import { isBlank } from './clock';

export const LOCAL_DATE_TIME_RE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  /** Absent for a date alone. */
  time?: { hour: number; minute: number; second: number; millisecond: number };
}

export function localParts(text: string): LocalParts | null {
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

export function localDateTime(parts: LocalParts, zone: string): number | null {
  return instantOf({ year: parts.year, month: parts.month, day: parts.day, ...(parts.time ?? {}) }, zone);
}

/** An ISO 8601 date-time with its own offset or 'Z' (2026-11-22T12:00:00+08:00, +0800, +08). */
export const ISO_WITH_OFFSET_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

export function isoWithOffset(text: string): number | null {
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
export function dateRangeBounds(
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
