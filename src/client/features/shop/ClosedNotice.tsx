/**
 * An outlet that is closed now says so where the customer is (issue 23: the
 * home page, orderEntry): 'Store is not opened now.', when it next opens (in
 * the outlet's time zone), and the enterprise's outlets that are open now,
 * each with its hours of the day, to order from instead.
 */
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl';
import { Link } from '../../ui/links';
import { canPlaceOrder, resolveOpeningHours } from '../../../shared/domain/openingHours';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { selectGuardInputs, useServiceNow } from '../../session';
import { HOURS_CLOCK_MS } from './HoursLineText';
import { OutletHours, entryPathForOutlet, isOutletOpen } from './OutletHours';
import { outletsApi } from './outletsApi';

const messages = defineMessages({
  opensAt: { id: 'orderEntry.opensAt', defaultMessage: 'Opens {date} at {time}' },
  noOpening: { id: 'closed.noOpening', defaultMessage: 'It has no opening hours in the coming days.' },
  openOutlets: { id: 'closed.openOutlets', defaultMessage: 'Open now' },
  noneOpen: { id: 'closed.noneOpen', defaultMessage: 'No other outlet is open now.' },
});

export default function ClosedNotice({ fallbackOpensAt = null }: { fallbackOpensAt?: Date | null }) {
  const { base, zone, offset } = useAppSelector(selectGuardInputs);
  const now = useServiceNow(offset, HOURS_CLOCK_MS);
  const hours = base ? resolveOpeningHours({ openingHours: base.OpeningHours, BeginTime: base.BeginTime, EndTime: base.EndTime }) : null;
  const result = hours ? canPlaceOrder({ hours, zone, now }) : null;
  const openNow = result?.ok === true;
  const opensAt = result ? (!result.ok && result.reason === 'closed' ? result.opensAt : null) : fallbackOpensAt;
  const outlets = outletsApi.useOutletsNearQuery({ lng: null, lat: null });
  const open = (outlets.data ?? []).filter((o) => o.BaseID !== base?.BaseID && isOutletOpen(o, zone, now));
  return (
    <section className="closed-notice">
      <p role="alert" className="order-entry-reason">
        <FormattedMessage {...validation.storeClosed} />
      </p>
      {!openNow && (<p>
        {opensAt ? (
          <FormattedMessage
            {...messages.opensAt}
            values={{
              date: <FormattedDate value={opensAt} timeZone={zone} weekday="long" month="short" day="numeric" />,
              time: <FormattedTime value={opensAt} timeZone={zone} hour="2-digit" minute="2-digit" hourCycle="h23" />,
            }}
          />
        ) : (
          <FormattedMessage {...messages.noOpening} />
        )}
      </p>)}
      {outlets.data && (
        <section aria-labelledby="open-outlets">
          <h2 id="open-outlets">
            <FormattedMessage {...messages.openOutlets} />
          </h2>
          {open.length === 0 ? (
            <p className="muted">
              <FormattedMessage {...messages.noneOpen} />
            </p>
          ) : (
            <ul className="link-list">
              {open.map((o) => (
                <li key={o.BaseID}>
                  <Link to={entryPathForOutlet(o.BaseID)}>
                    <span className="outlet-text">
                      {o.name}
                      <OutletHours base={o} zone={zone} now={now} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}
