/**
 * orderList ('My Order' tab): the customer's orders, ten at a time
 * (PosSalSheet_PosSalSheetListByPage_V4_Get), 'Load more' until the service
 * has no more ('No more datas'); each opens its details. Refresh by the
 * button or by pulling down.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { errors } from '../../i18n/specMessages';
import { ossUrl, useMoney } from '../../ui/money';
import { LiveUpdates } from '../live';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh';
import { selectEntity } from '../../session';
import { displayStateLabels } from './displayStateLabels';
import { ordersApi, type OrderSummary } from './ordersApi';
import { orderDetailsPath } from './paths';
import { OrderAgain } from './OrderAgain';

const messages = defineMessages({
  list: { id: 'orders.list', defaultMessage: 'My orders' },
  loading: { id: 'orders.loading', defaultMessage: 'Loading your orders…' },
  none: { id: 'orders.none', defaultMessage: 'You have no orders yet.' },
  loadMore: { id: 'orders.loadMore', defaultMessage: 'Load more' },
  loadingMore: { id: 'orders.loadingMore', defaultMessage: 'Loading…' },
  failed: { id: 'orders.failed', defaultMessage: 'Your orders could not be loaded.' },
  retry: { id: 'orders.retry', defaultMessage: 'Try again' },
  count: { id: 'orders.count', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  firstGoods: { id: 'orders.firstGoods', defaultMessage: '{name} and more' },
});

export default function OrderListPage() {
  const intl = useIntl();
  const pages = ordersApi.useOrderPagesInfiniteQuery();
  const rows = (pages.data?.pages ?? []).flatMap((p) => p.rows);
  const handleRefresh = () => void pages.refetch();
  const refreshing = pages.isFetching && !pages.isFetchingNextPage && !pages.isLoading;

  return (
    <PullToRefresh onRefresh={handleRefresh}>
      <section className="order-list">
        <LiveUpdates />
        <div className="list-tools">
          <RefreshButton onRefresh={handleRefresh} refreshing={refreshing} />
        </div>
        {pages.isLoading && (
          <p role="status" className="empty">
            <FormattedMessage {...messages.loading} />
          </p>
        )}
        {pages.isError && rows.length === 0 && (
          <div className="empty">
            <p>
              <FormattedMessage {...messages.failed} />
            </p>
            <button type="button" className="btn" onClick={handleRefresh}>
              <FormattedMessage {...messages.retry} />
            </button>
          </div>
        )}
        {pages.isSuccess && rows.length === 0 && (
          <p className="empty">
            <FormattedMessage {...messages.none} />
          </p>
        )}
        {rows.length > 0 && (
          <ul className="orders" aria-label={intl.formatMessage(messages.list)}>
            {rows.map((order) => (
              <li key={order.SheetID}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
        {rows.length > 0 &&
          (pages.hasNextPage ? (
            <button type="button" className="btn btn-block" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              <FormattedMessage {...(pages.isFetchingNextPage ? messages.loadingMore : messages.loadMore)} />
            </button>
          ) : (
            <p className="no-more" role="status">
              <FormattedMessage {...errors.noMore} />
            </p>
          ))}
      </section>
    </PullToRefresh>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const intl = useIntl();
  const entity = useAppSelector(selectEntity);
  const money = useMoney();
  // The outlet's name already carries the brand ('Harbour Kitchen San Ma Lo'): the shop's name only when there is no outlet.
  const where = order.baseName || order.shopName;
  const created = order.createdDate ? new Date(order.createdDate) : null;
  const date =
    created && !Number.isNaN(created.getTime())
      ? intl.formatDate(created, { timeZone: entity?.TimeZone || 'Asia/Macau', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      : '';
  const state = intl.formatMessage(displayStateLabels[order.displayState]);
  const first = order.firstGoodsName;
  const total = money.amount(order.totalAmo);
  // The link's name is its visible text (outlet, state, date, goods, total), in reading order.
  return (
    <>
      <Link className="order-card" to={orderDetailsPath(order.SheetID)}>
        {order.pic ? (
          <img src={ossUrl(entity?.OssCustomerDomain ?? '/oss/', order.pic, 120, 120)} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="order-card-pic" aria-hidden="true" />
        )}
        <span className="order-card-text">
          <span className="order-card-head">
            <strong>{where}</strong>
            <span className={`state state-${order.displayState}`}>{state}</span>
          </span>
          <span className="muted">{date}</span>
          <span>
            {order.count > 1 && first ? intl.formatMessage(messages.firstGoods, { name: first }) : first}
            {' · '}
            <FormattedMessage {...messages.count} values={{ count: order.count }} />
          </span>
        </span>
        <strong className="order-card-total">{total}</strong>
      </Link>
      {/* Issue 29: two taps to the cart, this one and "View cart"; its name says which order. */}
      <OrderAgain SheetID={order.SheetID} order={date ? `${where}, ${date}` : where} />
    </>
  );
}
