/**
 * paymentResult: the order is paid (or will be paid on delivery or at the
 * counter): its number and total, and the ways on: the order's details, the menu.
 * A diner's part of a table's bill (issue 28, `amount` in the address) says
 * what this payment paid and what is left for the table.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/links';
import { PayStatus } from '../../../shared/domain/orderStates';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { ordersApi, orderDetailsPath } from '../orders';

const messages = defineMessages({
  paid: { id: 'paymentResult.paid', defaultMessage: 'Payment successful' },
  payLater: {
    id: 'paymentResult.payLater',
    defaultMessage: 'Order placed: pay on delivery or at the counter',
  },
  pending: { id: 'paymentResult.pending', defaultMessage: 'Order placed' },
  number: { id: 'paymentResult.number', defaultMessage: 'Order number {number}' },
  total: { id: 'paymentResult.total', defaultMessage: 'Total {amount}' },
  details: { id: 'paymentResult.details', defaultMessage: 'View order details' },
  menu: { id: 'paymentResult.menu', defaultMessage: 'Back to the menu' },
  youPaid: { id: 'paymentResult.youPaid', defaultMessage: 'You paid {amount}' },
  left: { id: 'paymentResult.left', defaultMessage: 'Left to pay at the table: {amount}' },
  settled: { id: 'paymentResult.settled', defaultMessage: 'The table’s bill is paid in full.' },
});

export default function PaymentResultPage() {
  const query = new URLSearchParams(useLocation().search);
  const SheetID = query.get('SheetID') ?? '';
  const method = query.get('method') ?? '';
  const amount = query.get('amount') ?? '';
  const money = useMoney();
  const order = ordersApi.useOrderDetailQuery(SheetID ? { SheetID } : skipToken);
  const header = order.data?.header;
  const paid =
    amount !== '' ||
    (header
      ? header.payStatus === PayStatus.paid || header.status === 1 || header.status === 3
      : method !== 'paylater');
  // A table's bill paid in parts (issue 28): what this payment paid, and what the table has left.
  const part = amount !== '' && header?.payMode === 'postpay';
  const title =
    method === 'paylater' && !(header && header.payStatus === PayStatus.paid)
      ? messages.payLater
      : paid
        ? messages.paid
        : messages.pending;
  return (
    <section className="payment-result">
      <div className="result-mark" aria-hidden="true">
        ✓
      </div>
      <div role="status">
        <h2>
          <FormattedMessage {...title} />
        </h2>
      </div>
      {SheetID && (
        <p>
          <FormattedMessage {...messages.number} values={{ number: SheetID }} />
        </p>
      )}
      {header && (
        <p className="result-total">
          <FormattedMessage
            {...messages.total}
            values={{ amount: money.amount(header.totalAmo) }}
          />
        </p>
      )}
      {header && part && (
        <>
          <p>
            <FormattedMessage {...messages.youPaid} values={{ amount: money.amount(amount) }} />
          </p>
          <p>
            {Number(header.restAmo) > 0 ? (
              <FormattedMessage
                {...messages.left}
                values={{ amount: money.amount(header.restAmo) }}
              />
            ) : (
              <FormattedMessage {...messages.settled} />
            )}
          </p>
        </>
      )}
      <div className="stack">
        {SheetID && (
          <Link className="btn btn-primary btn-block" to={orderDetailsPath(SheetID)} replace>
            <FormattedMessage {...messages.details} />
          </Link>
        )}
        {/* A table's bill paid is over for this visit (flows/SettleBill.tsx): the menu starts a new order (issue 23). */}
        <Link className="btn btn-block" to={pathOf('goodsList')} replace>
          <FormattedMessage {...messages.menu} />
        </Link>
      </div>
    </section>
  );
}
