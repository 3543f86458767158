/**
 * A pickup or delivery order's short number (issue 26 section 4): '001',
 * '002'... per outlet and business day, given once, in the statement that
 * writes the sheet (submit.ts newSheet), so a retried submit (the same
 * LocalSheetID) keeps its number and a rolled-back one leaves only a gap.
 *
 * The counter is a row per outlet and business day (migrations/021_pickup_board.sql
 * pickup_counter), bumped with INSERT ... ON CONFLICT DO UPDATE ... RETURNING:
 * the row lock makes concurrent submits, on one instance or several on one
 * database, take the numbers one after another. A unique index on the sheet
 * is the last line of defence.
 *
 * The business day starts at the outlet's opening (its earliest daily begin,
 * in its time zone): with hours 18:00-02:00 an order at 01:30 is still the
 * evening before's, and numbering restarts at 18:00. An outlet open round the
 * clock restarts at midnight.
 */
import { DateTime } from 'luxon';
import { isAlwaysOpenRange, parseClock } from '../../../shared/domain/openingHours';
import type { Outlet } from './outlet';

/** The way of ordering that gets a number: not a table's. */
export const takesPickupNumber = (takeType: string) => takeType === 'pickup' || takeType === 'delivery';

/** Minutes after midnight at which the outlet's business day starts (its earliest opening; 0 always open). */
export function dayStartMinutes(outlet: Pick<Outlet, 'hours'>): number {
  const begins = outlet.hours.times.filter((t) => !isAlwaysOpenRange(t.begin, t.end)).map((t) => parseClock(t.begin) ?? 0);
  return begins.length ? Math.min(...begins) : 0;
}

/** The business day (YYYY-MM-DD, in the outlet's zone) an order placed at `now` belongs to. */
export function businessDay(outlet: Pick<Outlet, 'hours' | 'timeZone'>, now: Date): string {
  return DateTime.fromJSDate(now, { zone: outlet.timeZone }).minus({ minutes: dayStartMinutes(outlet) }).toISODate()!;
}

/** How a number reads: at least three digits ('007', '123', '1024'). */
export const PICKUP_NO_SQL = (n: string) => `lpad(${n}::text, 3, '0')`;

/**
 * The INSERT of one sheet row that takes the next number of its outlet's
 * business day: a CTE `pickup_n` bumping the counter, and the sheet's INSERT
 * reading it. Both go in the caller's WITH (its values appended to `params`).
 */
export function numberedSheetInsert(row: Record<string, unknown>, day: string, params: unknown[]): { counter: string; insert: string } {
  const p = (v: unknown) => `$${params.push(v)}`;
  const counter = `INSERT INTO pickup_counter (base_id, business_day, last_no) VALUES (${p(row.base_id)}, ${p(day)}::date, 1)
      ON CONFLICT (base_id, business_day) DO UPDATE SET last_no = pickup_counter.last_no + 1
      RETURNING last_no`;
  const columns = Object.keys(row);
  const values = columns.map((c) => p(row[c]));
  // VALUES (not INSERT ... SELECT): each parameter takes its column's type.
  const insert = `INSERT INTO sheet (${columns.join(', ')}, pickup_no, pickup_day)
      VALUES (${values.join(', ')}, (SELECT ${PICKUP_NO_SQL('last_no')} FROM pickup_n), ${p(day)}::date)`;
  return { counter, insert };
}
