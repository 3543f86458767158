/** An outlet's hours of the day as the app writes them ("Today 11:00–22:00"): hoursLine.ts's rule in the home page's words. */
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';
import { hoursLine } from './hoursLine';
import type { BaseInfo } from '../../session';

// The home page's messages (boot/firstPaint.ts draws the same line from them).
export const hoursMessages = defineMessages({
  hoursToday: { id: 'home.hoursToday', defaultMessage: 'Today {hours}' },
  allDay: { id: 'home.allDay', defaultMessage: 'Open 24 hours' },
  closedToday: { id: 'home.closedToday', defaultMessage: 'Closed today' },
});

/** How often a page showing hours looks at the clock again (opening times are minutes). */
export const HOURS_CLOCK_MS = 30_000;

export type OutletHoursFields = Pick<BaseInfo, 'OpeningHours' | 'BeginTime' | 'EndTime' | 'TimeZone'>;

export function HoursLineText({ base, zone, now }: { base: OutletHoursFields; zone: string; now: Date }) {
  // An outlet's own zone first (issue 27); `zone` is its enterprise's.
  const line = hoursLine(base, base.TimeZone || zone, now);
  return <FormattedMessage {...hoursMessages[line.key]} values={{ hours: line.hours }} />;
}
