/**
 * An outlet's hours of the day as one line (issue 23): "Today 11:00–22:00",
 * "Open 24 hours", "Closed today". A leaf, so that the page's head
 * (boot/firstPaint.ts) draws the home page's line with the app's own rule.
 */
import { hoursOfDay, rangesText, resolveOpeningHours } from '../../../shared/domain/openingHours';

/** Which of the home page's messages says it (home.hoursToday, home.allDay, home.closedToday), and the hours for {hours}. */
export type HoursLine = { key: 'hoursToday'; hours: string } | { key: 'allDay' | 'closedToday'; hours: '' };

export function hoursLine(
  base: { OpeningHours?: string | null; BeginTime?: string | null; EndTime?: string | null },
  zone: string,
  now: Date,
): HoursLine {
  const day = hoursOfDay(resolveOpeningHours({ openingHours: base.OpeningHours, BeginTime: base.BeginTime, EndTime: base.EndTime }), now, zone);
  if (day.allDay) return { key: 'allDay', hours: '' };
  if (day.ranges.length === 0) return { key: 'closedToday', hours: '' };
  return { key: 'hoursToday', hours: rangesText(day.ranges) };
}
