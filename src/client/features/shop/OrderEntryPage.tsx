/**
 * orderEntry: where the customer lands when an order cannot be placed or
 * changed (SPEC sections 2, 4): the shop is closed, the table's ordering time
 * is over, or the sheet is closed or paid.
 */
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/links';
import { defineMessages } from '../../i18n/defineMessages';
import { pathOf } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import ClosedNotice from './ClosedNotice';
import { signSheetEnded, selectTableInfo } from '../../session';

const messages = defineMessages({
  windowElapsed: {
    id: 'orderEntry.windowElapsed',
    defaultMessage: 'The ordering time for this table has ended. Please ask our staff for help.',
  },
  sheetClosed: { id: 'orderEntry.sheetClosed', defaultMessage: 'This order has been closed and cannot be changed.' },
  sheetPaid: { id: 'orderEntry.sheetPaid', defaultMessage: 'This order has been paid and cannot be changed.' },
  unknown: { id: 'orderEntry.unknown', defaultMessage: 'Ordering is not possible right now.' },
  newOrder: { id: 'orderEntry.newOrder', defaultMessage: 'Start a new order' },
  myOrders: { id: 'orderEntry.myOrders', defaultMessage: 'View my orders' },
  home: { id: 'orderEntry.home', defaultMessage: 'Back to the home page' },
});

export default function OrderEntryPage() {
  const query = new URLSearchParams(useLocation().search);
  const reason = query.get('reason');
  const opensAt = query.get('opensAt');
  const table = useAppSelector(selectTableInfo);
  const dispatch = useAppDispatch();
  const go = useGo();
  // The table's sheet is over (paid or closed): the next order at this table starts a new one (issue 23).
  const sheetOver = reason === 'sheetPaid' || reason === 'sheetClosed';
  const handleNewOrder = () => {
    dispatch(signSheetEnded());
    go(pathOf('goodsList'), { replace: true });
  };
  const text =
    reason === 'windowElapsed'
        ? messages.windowElapsed
        : reason === 'sheetClosed'
          ? messages.sheetClosed
          : reason === 'sheetPaid'
            ? messages.sheetPaid
            : messages.unknown;
  const opens = opensAt ? new Date(opensAt) : null;
  return (
    <section className="order-entry">
      {reason === 'closed' ? (
        // When it opens again and the outlets open now (issue 23).
        <ClosedNotice fallbackOpensAt={opens && !Number.isNaN(opens.getTime()) ? opens : null} />
      ) : (
        <p role="alert" className="order-entry-reason">
          <FormattedMessage {...text} />
        </p>
      )}
      <div className="stack">
        {sheetOver && table && (
          <button type="button" className="btn btn-primary btn-block" onClick={handleNewOrder}>
            <FormattedMessage {...messages.newOrder} />
          </button>
        )}
        <Link className={`btn btn-block${sheetOver && table ? '' : ' btn-primary'}`} to={pathOf('orderList')} replace>
          <FormattedMessage {...messages.myOrders} />
        </Link>
        <Link className="btn btn-block" to={pathOf('home')} replace>
          <FormattedMessage {...messages.home} />
        </Link>
      </div>
    </section>
  );
}
