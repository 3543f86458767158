/** For the lists of outlets: whether an outlet is open now, with its hours of the day ("Open now · Today 11:00–22:00"). */
import { FormattedMessage } from 'react-intl';
import { isOpenAt, resolveOpeningHours } from '../../../shared/domain/openingHours';
import { defineMessages } from '../../i18n/defineMessages';
import { HoursLineText, type OutletHoursFields } from './HoursLineText';

const messages = defineMessages({
  openNow: { id: 'outlet.openNow', defaultMessage: 'Open now' },
  closedNow: { id: 'outlet.closedNow', defaultMessage: 'Closed now' },
});

/** The entry's address for an outlet (as the outlet lists link to it). */
export function entryPathForOutlet(BaseID: string): string {
  return `/?${new URLSearchParams({ BaseID }).toString()}`;
}

/** Whether an outlet is open at `now` by its hours (the guard's rule for hours: guardCheck.ts). */
export function isOutletOpen(base: OutletHoursFields, zone: string, now: Date): boolean {
  // In the outlet's own zone when it has one (issue 27), else `zone` (its enterprise's).
  return isOpenAt(resolveOpeningHours({ openingHours: base.OpeningHours, BeginTime: base.BeginTime, EndTime: base.EndTime }), now, base.TimeZone || zone);
}

export function OutletHours({ base, zone, now }: { base: OutletHoursFields; zone: string; now: Date }) {
  const open = isOutletOpen(base, zone, now);
  return (
    <small className={`outlet-hours${open ? ' open' : ''}`}>
      <FormattedMessage {...(open ? messages.openNow : messages.closedNow)} />
      {' · '}
      <HoursLineText base={base} zone={zone} now={now} />
    </small>
  );
}
