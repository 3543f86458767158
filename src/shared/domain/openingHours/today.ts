/** A day's opening hours, to show them (issue 23: the home page and the outlet list). The rules: ../openingHours.ts. */
import { ALL_DAY, formatClock } from './clock';
import { closedOn, compile, previousWeekDay, shopTime, spansOfDay } from './check';
import { dateRangeBounds } from './shopDateTime';
import type { OpeningHours } from './types';
import { addDays, instantOf } from '../zonedTime';
import { DAY } from './types';

/**
 * The hours of the shop's day around `now` (in its zone), as a customer reads
 * them: 'allDay' when it is open the whole day, else the daily ranges that
 * begin that day ("HH:mm" each, an end at midnight written "24:00"), in
 * order; no range at all is closed that day (a week day it does not open, a
 * day outside all of its date ranges). An overnight range is the day it
 * begins (18:00-02:00 is that evening's). Still in last night's range at
 * 01:00, the shop's day is the day before: its hours are what is open now.
 */
export type DayHours = { allDay: true } | { allDay: false; ranges: { begin: string; end: string }[] };

export function hoursOfDay(hours: OpeningHours | null | undefined, now: Date, zone: string): DayHours {
  const c = compile(hours);
  let day = shopTime(now, zone);
  const minute = day.hour * 60 + day.minute;
  // Within an overnight range begun yesterday (and allowed then): yesterday's hours are the ones that count.
  const lateNight = spansOfDay(c, previousWeekDay(day.weekday)).some((s) => s !== ALL_DAY && s.end < s.begin && minute < s.end);
  if (lateNight && !closedOn(c, addDays(day, -1))) {
    const y = addDays(day, -1);
    day = { ...day, ...y, weekday: previousWeekDay(day.weekday) };
  }
  const start = instantOf({ year: day.year, month: day.month, day: day.day }, zone);
  const next = addDays(day, 1);
  const end = instantOf({ year: next.year, month: next.month, day: next.day }, zone);
  const closed: DayHours = { allDay: false, ranges: [] };
  const spans = spansOfDay(c, day.weekday);
  if (spans.length === 0 || closedOn(c, day)) return closed;
  if (c.dateRanges.length && start !== null && end !== null) {
    const overlaps = c.dateRanges.some((r) => {
      const b = dateRangeBounds(r, zone);
      return b !== null && b.begin < end && b.end > start;
    });
    if (!overlaps) return closed;
  }
  if (spans.includes(ALL_DAY)) return { allDay: true };
  const ranges = [...spans]
    .sort((a, b) => a.begin - b.begin)
    .map((s) => ({ begin: formatClock(s.begin), end: s.end === DAY ? '24:00' : formatClock(s.end) }));
  return { allDay: false, ranges };
}

/** The ranges written for reading: "11:00–14:30, 17:00–22:00". */
export function rangesText(ranges: readonly { begin: string; end: string }[]): string {
  return ranges.map((r) => `${r.begin}–${r.end}`).join(', ');
}
