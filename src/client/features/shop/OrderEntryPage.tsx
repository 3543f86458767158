/**
 * orderEntry: where the customer lands when an order cannot be placed or
 * changed (SPEC sections 2, 4): the shop is closed, the table's ordering time
 * is over, or the sheet is closed or paid.
 */
import { FormattedMessage, FormattedTime, FormattedDate } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { pathOf } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { selectEntity } from './shopSlice';

const messages = defineMessages({
  windowElapsed: {
    id: 'orderEntry.windowElapsed',
    defaultMessage: 'The ordering time for this table has ended. Please ask our staff for help.',
  },
  sheetClosed: { id: 'orderEntry.sheetClosed', defaultMessage: 'This order has been closed and cannot be changed.' },
  sheetPaid: { id: 'orderEntry.sheetPaid', defaultMessage: 'This order has been paid and cannot be changed.' },
  opensAt: { id: 'orderEntry.opensAt', defaultMessage: 'Opens {date} at {time}' },
  unknown: { id: 'orderEntry.unknown', defaultMessage: 'Ordering is not possible right now.' },
  myOrders: { id: 'orderEntry.myOrders', defaultMessage: 'View my orders' },
  home: { id: 'orderEntry.home', defaultMessage: 'Back to the home page' },
});

export default function OrderEntryPage() {
  const query = new URLSearchParams(useLocation().search);
  const reason = query.get('reason');
  const opensAt = query.get('opensAt');
  const zone = useAppSelector(selectEntity)?.TimeZone || 'Asia/Macau';
  const text =
    reason === 'closed'
      ? validation.storeClosed
      : reason === 'windowElapsed'
        ? messages.windowElapsed
        : reason === 'sheetClosed'
          ? messages.sheetClosed
          : reason === 'sheetPaid'
            ? messages.sheetPaid
            : messages.unknown;
  const opens = opensAt ? new Date(opensAt) : null;
  return (
    <section className="order-entry">
      <p role="alert" className="order-entry-reason">
        <FormattedMessage {...text} />
      </p>
      {reason === 'closed' && opens && !Number.isNaN(opens.getTime()) && (
        <p>
          <FormattedMessage
            {...messages.opensAt}
            values={{
              date: <FormattedDate value={opens} timeZone={zone} weekday="long" month="short" day="numeric" />,
              time: <FormattedTime value={opens} timeZone={zone} hour="2-digit" minute="2-digit" hourCycle="h23" />,
            }}
          />
        </p>
      )}
      <div className="stack">
        <Link className="btn btn-primary btn-block" to={pathOf('orderList')} replace>
          <FormattedMessage {...messages.myOrders} />
        </Link>
        <Link className="btn btn-block" to={pathOf('home')} replace>
          <FormattedMessage {...messages.home} />
        </Link>
      </div>
    </section>
  );
}
