/**
 * 'Pay now' for a placed, unpaid order (SPEC section 5): the payment methods
 * and the payment, with a note and a link when a provider payment this phone
 * started for the order has not heard its end. It spans orders (the order
 * details page shows it) and payments, so it lives in flows/ (house style 9).
 */
import { FormattedMessage } from 'react-intl';
import { Link } from '../ui/links';
import { defineMessages } from '../i18n/defineMessages';
import { ordersApi } from '../features/orders';
import { inflightPayment, payingPath, PayNow } from '../features/payments';

const messages = defineMessages({
  payNow: { id: 'orderDetails.payNow', defaultMessage: 'Pay now' },
  paymentInProgress: { id: 'orderDetails.paymentInProgress', defaultMessage: 'A payment for this order is in progress.' },
  viewPayment: { id: 'orderDetails.viewPayment', defaultMessage: 'View payment' },
});

export function OrderPayment({ SheetID, TotalAmo, ShopID, BaseID }: { SheetID: string; TotalAmo: string; ShopID: string; BaseID: string }) {
  // A provider payment this phone started for this order and has not heard the end of.
  const started = inflightPayment();
  const inflight = started && started.SheetID === SheetID ? started : null;
  // An order eaten at a table is not paid on delivery or at the counter (payTypes.ts, issue 23): the page's own answer.
  const header = ordersApi.useOrderDetailQuery({ SheetID }).data?.header;
  const dineInAtTable = Boolean(header?.TableID) && header?.takeType === 'dinein';
  return (
    <section className="panel" aria-labelledby="order-pay">
      <h2 id="order-pay">
        <FormattedMessage {...messages.payNow} />
      </h2>
      {inflight && (
        <p className="note">
          <FormattedMessage {...messages.paymentInProgress} />{' '}
          <Link to={payingPath(inflight.SheetID, inflight.PayID)}>
            <FormattedMessage {...messages.viewPayment} />
          </Link>
        </p>
      )}
      <PayNow SheetID={SheetID} TotalAmo={TotalAmo} ShopID={ShopID} BaseID={BaseID} dineInAtTable={dineInAtTable} />
    </section>
  );
}
