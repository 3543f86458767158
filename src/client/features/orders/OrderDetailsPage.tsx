/**
 * orderDetails (SPEC section 2, pull to refresh): the order's state, its
 * items (by round for a table's sheet), its amounts, the delivery for a
 * delivery order; 'Pay now' for an unpaid order, 'Settle the bill' for a
 * table's open pay-after sheet (both in flows/: they span orders and
 * payments), 'Cancel order' while nobody has started on it (with confirmation). Refreshes itself every 15 s while it is in progress.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/links';
import { cancelRefusal, type CancelRefusal } from '../../../shared/domain/orderStates';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { OrderPayment } from '../../flows/OrderPayment';
import { SettleBill } from '../../flows/SettleBill';
import { defineMessages } from '../../i18n/defineMessages';
import { cancelOrderDialog } from '../../i18n/specMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { lineQuantityText, sheetLineQuantity } from '../../ui/lineQuantity';
import { AmountRow } from '../../ui/AmountRow';
import { useMoney } from '../../ui/money';
import { authorName, LiveUpdates } from '../live';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh';
import { selectBaseInfo, selectEntity, selectTableInfo } from '../../session';
import { displayStateLabels, FINAL_STATES, kitchenStateLabels } from './displayStateLabels';
import { ordersApi, type OrderDetail, type OrderItem } from './ordersApi';
import { ReceiptMail } from './ReceiptMail';
import { OrderAgain } from './OrderAgain';
import { roundsOf } from './TableSheet';

export const ORDER_REFRESH_MS = 15_000;

const messages = defineMessages({
  missing: { id: 'orderDetails.missing', defaultMessage: 'No order was chosen.' },
  loading: { id: 'orderDetails.loading', defaultMessage: 'Loading the order…' },
  failed: { id: 'orderDetails.failed', defaultMessage: 'The order could not be loaded.' },
  retry: { id: 'orderDetails.retry', defaultMessage: 'Try again' },
  number: { id: 'orderDetails.number', defaultMessage: 'Order number {number}' },
  pickupNo: { id: 'orderDetails.pickupNo', defaultMessage: 'Your pickup number' },
  placedAt: { id: 'orderDetails.placedAt', defaultMessage: 'Placed on {date}' },
  table: { id: 'orderDetails.table', defaultMessage: 'Table {table}' },
  dinein: { id: 'orderDetails.dinein', defaultMessage: 'Dine in' },
  pickup: { id: 'orderDetails.pickup', defaultMessage: 'Pickup' },
  delivery: { id: 'orderDetails.delivery', defaultMessage: 'Delivery' },
  takeTime: { id: 'orderDetails.takeTime', defaultMessage: 'Time: {time}' },
  asap: { id: 'orderDetails.asap', defaultMessage: 'As soon as possible' },
  payLater: {
    id: 'orderDetails.payLater',
    defaultMessage: 'To be paid on delivery or at the counter',
  },
  items: { id: 'orderDetails.items', defaultMessage: 'Items' },
  round: { id: 'orderDetails.round', defaultMessage: 'Round {round}' },
  amounts: { id: 'orderDetails.amounts', defaultMessage: 'Amounts' },
  sales: { id: 'orderDetails.sales', defaultMessage: 'Subtotal' },
  discount: { id: 'orderDetails.discount', defaultMessage: 'Discount' },
  coupon: { id: 'orderDetails.coupon', defaultMessage: 'Coupon' },
  fee: { id: 'orderDetails.fee', defaultMessage: 'Delivery fee' },
  bag: { id: 'orderDetails.bag', defaultMessage: 'Plastic bags' },
  total: { id: 'orderDetails.total', defaultMessage: 'Total' },
  service: { id: 'orderDetails.service', defaultMessage: 'Service charge' },
  tip: { id: 'orderDetails.tip', defaultMessage: 'Tips' },
  paid: { id: 'orderDetails.paid', defaultMessage: 'Paid' },
  rest: { id: 'orderDetails.rest', defaultMessage: 'Left to pay' },
  remark: { id: 'orderDetails.remark', defaultMessage: 'Remark: {remark}' },
  deliveryTitle: { id: 'orderDetails.deliveryTitle', defaultMessage: 'Delivery' },
  recipient: { id: 'orderDetails.recipient', defaultMessage: 'Recipient' },
  phone: { id: 'orderDetails.phone', defaultMessage: 'Phone' },
  address: { id: 'orderDetails.address', defaultMessage: 'Address' },
  courier: { id: 'orderDetails.courier', defaultMessage: 'Courier' },
  cancel: { id: 'orderDetails.cancel', defaultMessage: 'Cancel order' },
  cancelAndRefund: {
    id: 'orderDetails.cancelAndRefund',
    defaultMessage: 'Cancel order and refund',
  },
  cannotCancelStarted: {
    id: 'orderDetails.cannotCancelStarted',
    defaultMessage:
      'The kitchen has started on this order, so it can no longer be cancelled. Please ask our staff.',
  },
  cannotCancelPaying: {
    id: 'orderDetails.cannotCancelPaying',
    defaultMessage: 'A payment for this order is in progress, so it cannot be cancelled now.',
  },
  cannotCancelNotYours: {
    id: 'orderDetails.cannotCancelNotYours',
    defaultMessage: 'Only the customer who placed this order can cancel it.',
  },
  cancelling: { id: 'orderDetails.cancelling', defaultMessage: 'Cancelling…' },
  menu: { id: 'orderDetails.menu', defaultMessage: 'Back to the menu' },
  orders: { id: 'orderDetails.orders', defaultMessage: 'My orders' },
  roundBy: { id: 'orderDetails.roundBy', defaultMessage: 'Added by {who}' },
  voided: { id: 'orderDetails.voided', defaultMessage: 'Voided: {reason}' },
});

const TAKE_TYPES: Record<string, MessageDescriptor> = {
  dinein: messages.dinein,
  pickup: messages.pickup,
  delivery: messages.delivery,
};

export default function OrderDetailsPage() {
  const SheetID = new URLSearchParams(useLocation().search).get('SheetID') ?? '';
  const detail = ordersApi.useOrderDetailQuery(SheetID ? { SheetID } : skipToken);
  const live = detail.data ? !FINAL_STATES.includes(detail.data.header.displayState) : false;
  // The automatic refresh while the order is in progress (a second subscription to the same data, polling).
  ordersApi.useOrderDetailQuery(SheetID && live ? { SheetID } : skipToken, {
    pollingInterval: ORDER_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });

  if (!SheetID) {
    return (
      <p className="empty">
        <FormattedMessage {...messages.missing} />
      </p>
    );
  }
  const handleRefresh = () => void detail.refetch();
  if (detail.isLoading) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  if (!detail.data) {
    return (
      <div className="empty">
        <p>
          <FormattedMessage {...messages.failed} />
        </p>
        <button type="button" className="btn" onClick={handleRefresh}>
          <FormattedMessage {...messages.retry} />
        </button>
      </div>
    );
  }
  return (
    <PullToRefresh onRefresh={handleRefresh}>
      <OrderView order={detail.data} refreshing={detail.isFetching} onRefresh={handleRefresh} />
    </PullToRefresh>
  );
}

function OrderView({
  order,
  refreshing,
  onRefresh,
}: {
  order: OrderDetail;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const intl = useIntl();
  const money = useMoney();
  const entity = useAppSelector(selectEntity);
  const base = useAppSelector(selectBaseInfo);
  const table = useAppSelector(selectTableInfo);
  const { header, items } = order;
  const zone = entity?.TimeZone || 'Asia/Macau';
  const delivery = ordersApi.useDeliveryQuery(
    header.takeType === 'delivery' ? { SheetID: header.SheetID } : skipToken,
  );
  const created = header.createdDate ? new Date(header.createdDate) : null;
  const takeTime = header.takeTime ? new Date(header.takeTime) : null;
  const formatWhen = (d: Date) =>
    intl.formatDate(d, {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  // The table's name, as the service answers it (issue 23 item 6); never its internal id.
  const tableName =
    header.tableName ||
    (header.TableID && table?.TableID === header.TableID ? table.TableName : '');
  // Checking out online is the outlet's choice; the service has the last word.
  const onlineCheckout = !(
    base &&
    base.BaseID === header.BaseID &&
    base.IsPayLaterOnlineCheckout === '0'
  );
  const byRound = Boolean(header.TableID) || new Set(items.map((i) => i.RoundNo)).size > 1;
  // A table's shared sheet is settled at the end; any other open order not paid (nor to be paid later) can be paid now.
  const tableSheet =
    header.payMode === 'postpay' || (header.payMode === '' && header.displayState === 'ordering');
  const open = header.status === 0;
  // Issue 28: while a diner pays part of it (paying), the others may still pay theirs (split).
  const settleable = tableSheet && open && (header.payStatus === 0 || header.payStatus === 1);
  const payable =
    !tableSheet &&
    open &&
    header.payStatus === 0 &&
    !header.isPayLater &&
    header.displayState !== 'expired';

  return (
    <article className="order-details">
      <LiveUpdates SheetID={header.SheetID} />
      <header className="panel order-head">
        <div className="order-head-row">
          <h2 className={`state state-${header.displayState}`}>
            <FormattedMessage {...displayStateLabels[header.displayState]} />
          </h2>
          <RefreshButton onRefresh={onRefresh} refreshing={refreshing} />
        </div>
        {header.pickupNo && (
          // The number the counter calls and the ready board shows (issue 26 section 4), large.
          <p className="pickup-no">
            <FormattedMessage {...messages.pickupNo} />{' '}
            <strong style={{ display: 'block', fontSize: 56, lineHeight: 1.1, letterSpacing: 2 }}>
              {header.pickupNo}
            </strong>
          </p>
        )}
        <p>
          <FormattedMessage {...messages.number} values={{ number: header.SheetID }} />
        </p>
        {created && !Number.isNaN(created.getTime()) && (
          <p className="muted">
            <FormattedMessage {...messages.placedAt} values={{ date: formatWhen(created) }} />
          </p>
        )}
        <p>
          {TAKE_TYPES[header.takeType] && <FormattedMessage {...TAKE_TYPES[header.takeType]!} />}
          {tableName && (
            <>
              {' · '}
              <FormattedMessage {...messages.table} values={{ table: tableName }} />
            </>
          )}
          {(header.takeType === 'pickup' || header.takeType === 'delivery') && (
            <>
              {' · '}
              <FormattedMessage
                {...messages.takeTime}
                values={{
                  time:
                    takeTime && !Number.isNaN(takeTime.getTime())
                      ? formatWhen(takeTime)
                      : intl.formatMessage(messages.asap),
                }}
              />
            </>
          )}
        </p>
        {header.isPayLater && header.payStatus !== 2 && (
          <p className="note">
            <FormattedMessage {...messages.payLater} />
          </p>
        )}
      </header>

      <section className="panel" aria-labelledby="order-items">
        <h2 id="order-items">
          <FormattedMessage {...messages.items} />
        </h2>
        {byRound ? (
          roundsOf(items).map(([round, list]) => (
            <section key={round} className="round" aria-labelledby={`round-${round}`}>
              <div className="round-head">
                <h3 id={`round-${round}`}>
                  <FormattedMessage {...messages.round} values={{ round }} />
                </h3>
                {/* Each round's own kitchen state (issue 23 item 2). */}
                {order.rounds[round] && (
                  <span
                    className={`tag round-state round-state-${order.rounds[round].kitchenState}`}
                  >
                    <FormattedMessage {...kitchenStateLabels[order.rounds[round].kitchenState]} />
                  </span>
                )}
              </div>
              {order.authors[round] && (
                <p className="muted round-by">
                  <FormattedMessage
                    {...messages.roundBy}
                    values={{ who: authorName(intl, order.authors[round]) }}
                  />
                </p>
              )}
              <ItemList items={list} />
              {order.rounds[round]?.remark && (
                <p className="muted round-remark">
                  <FormattedMessage
                    {...messages.remark}
                    values={{ remark: order.rounds[round].remark }}
                  />
                </p>
              )}
            </section>
          ))
        ) : (
          <ItemList items={items} />
        )}
      </section>

      <section className="panel" aria-labelledby="order-amounts">
        <h2 id="order-amounts" className="visually-hidden">
          <FormattedMessage {...messages.amounts} />
        </h2>
        <dl className="amounts">
          <AmountRow label={messages.sales} value={money.amount(header.salesAmo)} />
          {Number(header.disAmo) > 0 && (
            <AmountRow label={messages.discount} value={`−${money.amount(header.disAmo)}`} />
          )}
          {Number(header.couponAmo) > 0 && (
            <AmountRow label={messages.coupon} value={`−${money.amount(header.couponAmo)}`} />
          )}
          {(Number(header.feeAmo) > 0 || header.takeType === 'delivery') && (
            <AmountRow label={messages.fee} value={money.amount(header.feeAmo)} />
          )}
          {Number(header.bagAmo) > 0 && (
            <AmountRow label={messages.bag} value={money.amount(header.bagAmo)} />
          )}
          {/* Issue 28: the service charge (part of the total), tips, what the table's payments paid and what is left. */}
          {Number(header.serviceAmo) > 0 && (
            <AmountRow label={messages.service} value={money.amount(header.serviceAmo)} />
          )}
          <AmountRow label={messages.total} value={money.amount(header.totalAmo)} strong />
          {Number(header.tipAmo) > 0 && (
            <AmountRow label={messages.tip} value={money.amount(header.tipAmo)} />
          )}
          {Number(header.paidAmo) > 0 && Number(header.restAmo) > 0 && (
            <>
              <AmountRow label={messages.paid} value={money.amount(header.paidAmo)} />
              <AmountRow label={messages.rest} value={money.amount(header.restAmo)} strong />
            </>
          )}
        </dl>
        {header.remark && !byRound && (
          <p className="muted">
            <FormattedMessage {...messages.remark} values={{ remark: header.remark }} />
          </p>
        )}
      </section>

      {delivery.data && (
        <section className="panel" aria-labelledby="order-delivery">
          <h2 id="order-delivery">
            <FormattedMessage {...messages.deliveryTitle} />
          </h2>
          <dl className="amounts">
            <Info label={messages.recipient} value={delivery.data.custName} />
            <Info label={messages.phone} value={delivery.data.custPhone} />
            <Info label={messages.address} value={delivery.data.address} />
            {delivery.data.courier && (
              <Info label={messages.courier} value={delivery.data.courier} />
            )}
          </dl>
        </section>
      )}

      {/* A paid order's receipt by mail (issue 29). */}
      {header.payStatus === 2 && <ReceiptMail SheetID={header.SheetID} />}
      {payable && (
        <OrderPayment
          SheetID={header.SheetID}
          TotalAmo={header.totalAmo}
          ShopID={header.ShopID}
          BaseID={header.BaseID}
        />
      )}
      <div className="order-actions">
        {settleable && (
          <SettleBill
            SheetID={header.SheetID}
            ShopID={header.ShopID}
            BaseID={header.BaseID}
            online={onlineCheckout}
            whole={header.payStatus === 0}
          />
        )}
        <CancelOrAsk header={header} />
      </div>

      <div className="stack">
        {/* Issue 29: this order's goods in the cart again, at today's prices. */}
        <OrderAgain SheetID={header.SheetID} />
        <Link className="btn btn-block" to={pathOf('goodsList')}>
          <FormattedMessage {...messages.menu} />
        </Link>
        <Link className="btn btn-block" to={pathOf('orderList')}>
          <FormattedMessage {...messages.orders} />
        </Link>
      </div>
    </article>
  );
}

const CANNOT_CANCEL: Record<Exclude<CancelRefusal, 'closed'> | 'notYours', MessageDescriptor> = {
  started: messages.cannotCancelStarted,
  paying: messages.cannotCancelPaying,
  notYours: messages.cannotCancelNotYours,
};

/** Cancel is offered only when the service would accept it (orderStates.cancelRefusal); else why not, while the order is still live. */
function CancelOrAsk({ header }: { header: OrderDetail['header'] }) {
  const refusal = cancelRefusal(header) ?? (header.own ? null : 'notYours');
  if (refusal === null)
    return <CancelOrder SheetID={header.SheetID} refund={header.payStatus === 2} />;
  if (refusal === 'closed' || FINAL_STATES.includes(header.displayState)) return null;
  return (
    <p className="note">
      <FormattedMessage {...CANNOT_CANCEL[refusal]} />
    </p>
  );
}

function CancelOrder({ SheetID, refund }: { SheetID: string; refund: boolean }) {
  const confirm = useConfirm();
  const [cancel, state] = ordersApi.useCancelOrderMutation();
  const busy = useRef(false);
  const handleCancel = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      // A refusal is shown by the error listener; the order is read again either way.
      if (await confirm(cancelOrderDialog)) await cancel({ SheetID });
    } finally {
      busy.current = false;
    }
  };
  return (
    <button
      type="button"
      className="btn btn-block btn-danger"
      disabled={state.isLoading}
      onClick={() => void handleCancel()}
    >
      <FormattedMessage
        {...(state.isLoading
          ? messages.cancelling
          : refund
            ? messages.cancelAndRefund
            : messages.cancel)}
      />
    </button>
  );
}

function ItemList({ items }: { items: OrderItem[] }) {
  const money = useMoney();
  const intl = useIntl();
  return (
    <ul className="checkout-lines">
      {items.map((item, i) => {
        const details = [item.skuItems.replace(/[;，]+/g, ' ').trim(), ...item.details].filter(
          Boolean,
        );
        return (
          <li key={i} className="checkout-line">
            <div>
              {/* A line staff voided stays, struck through, with its reason; it is out of the totals. */}
              <span className="checkout-line-name">
                {item.voided ? <s>{item.name}</s> : item.name}
              </span>
              {details.length > 0 && (
                <span className="checkout-line-details">{details.join(' · ')}</span>
              )}
              {item.voided && (
                <span className="checkout-line-details">
                  <FormattedMessage {...messages.voided} values={{ reason: item.voidReason }} />
                </span>
              )}
            </div>
            <span className="checkout-line-count">
              {lineQuantityText(intl, sheetLineQuantity(item))}
            </span>
            <span className="checkout-line-amount">
              {item.voided ? <s>{money.amount(item.amo)}</s> : money.amount(item.amo)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Info({ label, value }: { label: MessageDescriptor; value: ReactNode }) {
  return (
    <div className="amount-row">
      <dt>
        <FormattedMessage {...label} />
      </dt>
      <dd>{value}</dd>
    </div>
  );
}
