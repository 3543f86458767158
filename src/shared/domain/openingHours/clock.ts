/** Clock times and daily spans (minutes of the day, overnight ranges). The rules: ../openingHours.ts. */
import { DAY } from './types';

export const CLOCK_RE = /^(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}[ T])?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

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

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A daily span in minutes: [begin, end) or, when end <= begin, crossing midnight. */
export interface Span {
  begin: number;
  end: number;
}

export const ALL_DAY: Span = { begin: 0, end: DAY };

export function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === '';
}

/** The span of a range, or null if an end is present but malformed. */
export function spanOf(begin: string | null | undefined, end: string | null | undefined): Span | null {
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
export function coveringDay(span: Span, minute: number): 'today' | 'yesterday' | null {
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
