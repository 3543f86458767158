/**
 * paying: where the payment provider's page sends the customer back
 * (`#/pages/paying/paying?SheetID=…&PayID=…`, with `&cancelled=1` when they
 * cancelled there). Everything comes from the address, so a reload, or the
 * app reopened mid-payment, lands here again. It asks the service every 2 s
 * for up to 2 minutes (then offers to check again); paid goes on to
 * paymentResult, cancelled or failed offers to try again or pay another way.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { isGatewayError } from '../../app/errorListener';
import { useAppDispatch } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { orderDetailsPath, ordersApi } from '../orders';
import { browser } from '../../ui/redirect';
import { forgetInflightPayment, rememberInflightPayment } from './inflightPayment';
import { paymentResultPath, payWithProvider } from './payForSheet';
import { paymentsApi } from './paymentsApi';
import { retryApi, retryPlan } from './retryPart';
import { splitApi } from './split/splitApi';
import { SplitBill } from './splitBillLazy';

export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 120_000;

const messages = defineMessages({
  waiting: { id: 'paying.waiting', defaultMessage: 'Waiting for the payment to be confirmed…' },
  amount: { id: 'paying.amount', defaultMessage: 'Amount: {amount}' },
  slow: {
    id: 'paying.slow',
    defaultMessage:
      'The payment has not been confirmed yet. If you have paid, check again in a moment.',
  },
  checkAgain: { id: 'paying.checkAgain', defaultMessage: 'Check again' },
  cancelled: {
    id: 'paying.cancelled',
    defaultMessage: 'The payment was cancelled. Your order has not been paid.',
  },
  failed: {
    id: 'paying.failed',
    defaultMessage: 'The payment did not go through. Your order has not been paid.',
  },
  refunded: { id: 'paying.refunded', defaultMessage: 'This payment has been refunded.' },
  tryAgain: { id: 'paying.tryAgain', defaultMessage: 'Try again' },
  otherWay: { id: 'paying.otherWay', defaultMessage: 'Pay another way' },
  viewOrder: { id: 'paying.viewOrder', defaultMessage: 'View the order' },
  missing: { id: 'paying.missing', defaultMessage: 'There is no payment to check here.' },
  leaving: { id: 'paying.leaving', defaultMessage: 'Opening the payment page…' },
  partGone: {
    id: 'paying.partGone',
    defaultMessage:
      'What this payment covered can no longer be paid as it was: others at the table have paid or are paying part of the bill since. Choose again what you pay.',
  },
  split: { id: 'paying.split', defaultMessage: 'Split the bill' },
  splitLoading: { id: 'paying.splitLoading', defaultMessage: 'Loading…' },
  retryFailed: { id: 'paying.retryFailed', defaultMessage: 'The bill could not be checked. Try again in a moment.' },
});

export default function PayingPage() {
  const query = new URLSearchParams(useLocation().search);
  const SheetID = query.get('SheetID') ?? '';
  const PayID = query.get('PayID') ?? '';
  const cancelledThere = query.get('cancelled') === '1';
  const dispatch = useAppDispatch();
  const go = useGo();
  const money = useMoney();
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const [gone, setGone] = useState(false);
  const [split, setSplit] = useState(false);
  const [retryRefusal, setRetryRefusal] = useState<ReactNode>(null);
  const retrying = useRef(false);

  const args = SheetID && PayID ? { SheetID, PayID } : skipToken;
  const probe = paymentsApi.usePaymentStatusQuery(args, { refetchOnMountOrArgChange: true });
  const status = probe.data?.status ?? 'pending';
  const polling = status === 'pending' && !cancelledThere && !timedOut;
  paymentsApi.usePaymentStatusQuery(polling ? args : skipToken, {
    pollingInterval: PAYMENT_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const order = ordersApi.useOrderDetailQuery(SheetID ? { SheetID } : skipToken);

  // Two minutes of asking, then the customer decides; 'Check again' starts another two.
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [polling, round]);

  const settled =
    status === 'paid' ||
    status === 'cancelled' ||
    status === 'failed' ||
    status === 'refunded' ||
    (cancelledThere && !!probe.data);
  useEffect(() => {
    if (settled) forgetInflightPayment();
    // This payment's own amount: at a table it may be one diner's part of the bill (issue 28).
    if (status === 'paid')
      go(paymentResultPath(SheetID, 'sandbox', probe.data?.amount), { replace: true });
  }, [settled, status, SheetID, go, probe.data?.amount]);

  if (!SheetID || !PayID) {
    return (
      <p className="empty">
        <FormattedMessage {...messages.missing} />
      </p>
    );
  }

  const amount = probe.data?.amount || order.data?.header.totalAmo || '';
  const refusal =
    probe.error && isGatewayError(probe.error) && probe.error.kind === 'business'
      ? probe.error.message
      : null;
  const handleCheckAgain = () => {
    setTimedOut(false);
    setRound((n) => n + 1);
    void probe.refetch();
  };
  const refusalText = (error: unknown): ReactNode =>
    isGatewayError(error) && error.kind === 'business' ? error.message : <FormattedMessage {...messages.retryFailed} />;
  const handleTryAgain = async () => {
    if (retrying.current || !amount) return;
    retrying.current = true;
    setLeaving(true);
    setRetryRefusal(null);
    try {
      // What the payment covered, and the bill as it is now (another diner may have paid part of it since).
      const [paid, bill] = await Promise.all([
        dispatch(retryApi.endpoints.paidPart.initiate({ SheetID, PayID }, { forceRefetch: true, subscribe: false })),
        dispatch(ordersApi.endpoints.orderDetail.initiate({ SheetID }, { forceRefetch: true, subscribe: false })),
      ]);
      if (!paid.data || !bill.data) {
        setRetryRefusal(refusalText(paid.error ?? bill.error));
        setLeaving(false);
        return;
      }
      const plan = retryPlan(paid.data, bill.data, money.formats.AmoPoint);
      if (!plan.ok) {
        setGone(true);
        setLeaving(false);
        return;
      }
      if (plan.part === null) {
        // The whole sheet (a pay-first order): its total, as before.
        const outcome = await dispatch(payWithProvider(SheetID, bill.data.header.totalAmo || amount));
        if (outcome.kind !== 'redirected') setLeaving(false);
        return;
      }
      const started = await dispatch(
        splitApi.endpoints.startPartProviderPayment.initiate({ SheetID, TotalAmo: plan.TotalAmo, part: plan.part }),
      );
      if ('error' in started) {
        setRetryRefusal(refusalText(started.error));
        setLeaving(false);
        return;
      }
      rememberInflightPayment({ SheetID, PayID: started.data.PayID });
      browser.leave(started.data.PayUrl);
    } finally {
      retrying.current = false;
    }
  };

  if (leaving) {
    return (
      <section className="paying" role="status">
        <span className="spinner" aria-hidden="true" />
        <FormattedMessage {...messages.leaving} />
      </section>
    );
  }

  const failedText =
    status === 'failed'
      ? messages.failed
      : status === 'refunded'
        ? messages.refunded
        : status === 'cancelled' || cancelledThere
          ? messages.cancelled
          : null;
  if (failedText && status !== 'paid') {
    return (
      <section className="paying">
        <p role="alert" className="paying-outcome">
          <FormattedMessage {...failedText} />
        </p>
        {amount && (
          <p>
            <FormattedMessage {...messages.amount} values={{ amount: money.amount(amount) }} />
          </p>
        )}
        {retryRefusal && (
          <p role="alert" className="field-error">
            {retryRefusal}
          </p>
        )}
        {gone && (
          <p role="alert" className="note">
            <FormattedMessage {...messages.partGone} />
          </p>
        )}
        {split && order.data ? (
          <Suspense
            fallback={
              <p role="status" className="muted">
                <FormattedMessage {...messages.splitLoading} />
              </p>
            }
          >
            <SplitBill SheetID={SheetID} ShopID={order.data.header.ShopID} BaseID={order.data.header.BaseID} />
          </Suspense>
        ) : null}
        <div className="stack">
          {gone && !split && (
            <button type="button" className="btn btn-primary btn-block" onClick={() => setSplit(true)}>
              <FormattedMessage {...messages.split} />
            </button>
          )}
          {status !== 'refunded' && !gone && (
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => void handleTryAgain()}
            >
              <FormattedMessage {...messages.tryAgain} />
            </button>
          )}
          <button
            type="button"
            className="btn btn-block"
            onClick={() => go(orderDetailsPath(SheetID), { replace: true })}
          >
            <FormattedMessage
              {...(status === 'refunded' ? messages.viewOrder : messages.otherWay)}
            />
          </button>
        </div>
      </section>
    );
  }

  if (refusal && !probe.data) {
    return (
      <section className="paying">
        <p role="alert" className="paying-outcome">
          {refusal}
        </p>
        <div className="stack">
          <button
            type="button"
            className="btn btn-block"
            onClick={() => go(orderDetailsPath(SheetID), { replace: true })}
          >
            <FormattedMessage {...messages.viewOrder} />
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="paying">
      {timedOut ? (
        <>
          <p role="alert">
            <FormattedMessage {...messages.slow} />
          </p>
          <div className="stack">
            <button type="button" className="btn btn-primary btn-block" onClick={handleCheckAgain}>
              <FormattedMessage {...messages.checkAgain} />
            </button>
            <button
              type="button"
              className="btn btn-block"
              onClick={() => go(orderDetailsPath(SheetID))}
            >
              <FormattedMessage {...messages.viewOrder} />
            </button>
          </div>
        </>
      ) : (
        <div role="status" className="paying-progress">
          <span className="spinner" aria-hidden="true" />
          <FormattedMessage {...messages.waiting} />
        </div>
      )}
      {amount && (
        <p>
          <FormattedMessage {...messages.amount} values={{ amount: money.amount(amount) }} />
        </p>
      )}
    </section>
  );
}
