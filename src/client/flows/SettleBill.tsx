/**
 * Settling a table's pay-after sheet: the sheet with every round (merge
 * preview), a payment method, then the settle (PosSalSheet_CYSettleSheetSubmit_V2_Add)
 * and the payment. Where the outlet does not allow checking out online the
 * service refuses with 'Please call our staff to checkout', shown here.
 * It spans orders (the sheet) and payments (the payment), so it lives in
 * flows/ (house style 9); the order details page shows it.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../app/hooks';
import { isGatewayError } from '../app/errorListener';
import { useGo } from '../app/navigation';
import { defineMessages } from '../i18n/defineMessages';
import { validation } from '../i18n/specMessages';
import { useMoney } from '../ui/money';
import { ordersApi, TableSheet } from '../features/orders';
import { payForSheet, PayWithMethod, SplitBill, type PayType } from '../features/payments';
import { signSheetEnded } from '../session';

const messages = defineMessages({
  settle: { id: 'settle.open', defaultMessage: 'Settle the bill' },
  title: { id: 'settle.title', defaultMessage: 'Your table’s bill' },
  loading: { id: 'settle.loading', defaultMessage: 'Loading the bill…' },
  settleAndPay: { id: 'settle.pay', defaultMessage: 'Settle and pay {amount}' },
  settling: { id: 'settle.settling', defaultMessage: 'Settling…' },
  split: { id: 'settle.split', defaultMessage: 'Split the bill' },
  loadingSplit: { id: 'settle.loadingSplit', defaultMessage: 'Loading…' },
});

/**
 * The table's bill, paid whole (settle then pay what is left) or split
 * (issue 28: payments/split, its own chunk). `whole`: nobody is paying part
 * of it right now (a split payment pending leaves only the split).
 */
export function SettleBill({
  SheetID,
  ShopID,
  BaseID,
  online,
  whole = true,
}: {
  SheetID: string;
  ShopID: string;
  BaseID: string;
  online: boolean;
  whole?: boolean;
}) {
  const dispatch = useAppDispatch();
  const go = useGo();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const [split, setSplit] = useState(false);
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const merged = ordersApi.useMergedSheetQuery({ SheetID }, { skip: !open });
  const [settle] = ordersApi.useSettleSheetMutation();

  if (!online || merged.data?.onlineCheckout === false) {
    return (
      <p className="note" role="note">
        <FormattedMessage {...validation.callStaff} />
      </p>
    );
  }
  if (split) {
    return (
      <Suspense
        fallback={
          <p role="status" className="muted">
            <FormattedMessage {...messages.loadingSplit} />
          </p>
        }
      >
        <SplitBill SheetID={SheetID} ShopID={ShopID} BaseID={BaseID} />
      </Suspense>
    );
  }
  if (!open) {
    return (
      <>
        {whole && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen(true)}>
            <FormattedMessage {...messages.settle} />
          </button>
        )}
        <button
          type="button"
          className={`btn btn-block${whole ? '' : ' btn-primary'}`}
          onClick={() => setSplit(true)}
        >
          <FormattedMessage {...messages.split} />
        </button>
      </>
    );
  }

  const handleSettle = async (PayType: PayType) => {
    const bill = merged.data;
    if (!bill) return;
    setRefusal(null);
    const settled = await settle({ SheetID, TotalAmo: bill.totalAmo });
    if ('error' in settled) {
      if (isGatewayError(settled.error) && settled.error.kind === 'business')
        setRefusal(settled.error.message);
      return;
    }
    // What is left of it (issue 28: diners may have paid parts): the total when nobody has.
    const left = Number(bill.paidAmo) > 0 ? bill.restAmo : settled.data.totalAmo || bill.totalAmo;
    const outcome = await dispatch(payForSheet({ SheetID, TotalAmo: left, PayType }));
    if (outcome.kind !== 'done') return;
    // The bill is paid: the table's sheet is over, and the next order here starts a new one (issue 23),
    // as after a provider's payment, whose return reads the table again.
    dispatch(signSheetEnded(SheetID));
    go(outcome.path, { replace: true });
  };

  return (
    <section className="settle panel" aria-labelledby="settle-title">
      <h2 id="settle-title">
        <FormattedMessage {...messages.title} />
      </h2>
      {merged.isLoading && (
        <p role="status" className="muted">
          <FormattedMessage {...messages.loading} />
        </p>
      )}
      {merged.data && (
        <TableSheet
          items={merged.data.items}
          totalAmo={merged.data.totalAmo}
          serviceAmo={merged.data.serviceAmo}
          paidAmo={merged.data.paidAmo}
          restAmo={merged.data.restAmo}
        />
      )}
      {merged.data && (
        <PayWithMethod
          ShopID={ShopID}
          BaseID={BaseID}
          dineInAtTable
          refusal={refusal}
          pay={messages.settleAndPay}
          paying={messages.settling}
          amount={money.amount(
            Number(merged.data.paidAmo) > 0 ? merged.data.restAmo : merged.data.totalAmo,
          )}
          onPay={handleSettle}
        />
      )}
    </section>
  );
}
