/**
 * The balance and points records (vipBalanceRecordList, vipScoreRecordList):
 * newest first, a page at a time, the next page loaded when the end of the
 * list scrolls into view (or by 'Load more'), 'No more datas' at the end.
 * Each record says what it was, its amount with its sign, the figure after it
 * and its time in the shop's time zone.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { errors } from '../../i18n/specMessages';
import { selectEntity } from '../../session';
import type { RecordKind, RecordPage, WalletRecord } from './walletApi';

export const recordMessages = defineMessages({
  loading: { id: 'wallet.records.loading', defaultMessage: 'Loading the records…' },
  failed: { id: 'wallet.records.failed', defaultMessage: 'The records could not be loaded.' },
  retry: { id: 'wallet.records.retry', defaultMessage: 'Try again' },
  loadMore: { id: 'wallet.records.loadMore', defaultMessage: 'Load more' },
  loadingMore: { id: 'wallet.records.loadingMore', defaultMessage: 'Loading…' },
  recharge: { id: 'wallet.kind.recharge', defaultMessage: 'Top-up' },
  gift: { id: 'wallet.kind.gift', defaultMessage: 'Top-up gift' },
  pay: { id: 'wallet.kind.pay', defaultMessage: 'Order payment' },
  refund: { id: 'wallet.kind.refund', defaultMessage: 'Refund' },
  adjust: { id: 'wallet.kind.adjust', defaultMessage: 'Adjustment' },
  pointsEarned: { id: 'wallet.kind.pointsEarned', defaultMessage: 'Points earned' },
  pointsUsed: { id: 'wallet.kind.pointsUsed', defaultMessage: 'Points taken back or used' },
  order: { id: 'wallet.records.order', defaultMessage: 'Order {id}' },
});

/** What a record was, in the customer's language. */
export function kindLabel(kind: RecordKind, amount: string): MessageDescriptor {
  if (kind === 'points') return Number(amount) >= 0 ? recordMessages.pointsEarned : recordMessages.pointsUsed;
  return recordMessages[kind];
}

interface Pages {
  data?: { pages: RecordPage[] };
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export function RecordList({
  pages,
  label,
  empty,
  amountText,
  afterText,
}: {
  pages: Pages;
  label: string;
  empty: ReactNode;
  /** The signed amount as shown ('+MOP$100.00', '-12 points'). */
  amountText: (record: WalletRecord) => string;
  /** The figure after it as shown ('Balance MOP$110.00'). */
  afterText: (record: WalletRecord) => string;
}) {
  const intl = useIntl();
  const timeZone = useAppSelector(selectEntity)?.TimeZone || 'Asia/Macau';
  const rows = (pages.data?.pages ?? []).flatMap((p) => p.rows);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  // Infinite scroll: the next page when the end of the list comes into view.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  if (pages.isLoading) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...recordMessages.loading} />
      </p>
    );
  }
  if (pages.isError && rows.length === 0) {
    return (
      <div className="empty">
        <p role="alert">
          <FormattedMessage {...recordMessages.failed} />
        </p>
        <button type="button" className="btn" onClick={() => void pages.refetch()}>
          <FormattedMessage {...recordMessages.retry} />
        </button>
      </div>
    );
  }
  if (pages.isSuccess && rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <ul className="records" aria-label={label}>
        {rows.map((r) => {
          const at = r.at ? new Date(r.at) : null;
          const when =
            at && !Number.isNaN(at.getTime())
              ? intl.formatDate(at, { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
              : '';
          const what = intl.formatMessage(kindLabel(r.kind, r.amount));
          return (
            <li key={r.id} className="record">
              <div className="record-main">
                <strong>{what}</strong>
                <span className={Number(r.amount) < 0 ? 'record-amount out' : 'record-amount in'}>{amountText(r)}</span>
              </div>
              <div className="record-sub muted">
                {when && <time dateTime={r.at}>{when}</time>}
                <span>{afterText(r)}</span>
              </div>
              {r.sheetId && (r.kind === 'pay' || r.kind === 'refund' || r.kind === 'points') && (
                <div className="record-sub muted">
                  <FormattedMessage {...recordMessages.order} values={{ id: r.sheetId }} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div ref={end} />
      {pages.hasNextPage ? (
        <button type="button" className="btn btn-block" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          <FormattedMessage {...(pages.isFetchingNextPage ? recordMessages.loadingMore : recordMessages.loadMore)} />
        </button>
      ) : (
        <p className="no-more" role="status">
          <FormattedMessage {...errors.noMore} />
        </p>
      )}
    </>
  );
}
