/**
 * Settling a table's pay-after sheet: the sheet with every round (merge
 * preview), a payment method, then the settle (PosSalSheet_CYSettleSheetSubmit_V2_Add)
 * and the payment. Where the outlet does not allow checking out online the
 * service refuses with 'Please call our staff to checkout', shown here.
 * It spans orders (the sheet) and payments (the payment), so it lives in
 * flows/ (house style 9); the order details page shows it.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../app/hooks';
import { isGatewayError } from '../app/errorListener';
import { useGo } from '../app/navigation';
import { defineMessages } from '../i18n/defineMessages';
import { validation } from '../i18n/specMessages';
import { useMoney } from '../ui/money';
import { ordersApi, TableSheet } from '../features/orders';
import { PaymentMethods, payForSheet, usePayOnce } from '../features/payments';
import { signSheetEnded } from '../session';

const messages = defineMessages({
  settle: { id: 'settle.open', defaultMessage: 'Settle the bill' },
  title: { id: 'settle.title', defaultMessage: 'Your table’s bill' },
  loading: { id: 'settle.loading', defaultMessage: 'Loading the bill…' },
  settleAndPay: { id: 'settle.pay', defaultMessage: 'Settle and pay {amount}' },
  settling: { id: 'settle.settling', defaultMessage: 'Settling…' },
});

export function SettleBill({ SheetID, ShopID, BaseID, online }: { SheetID: string; ShopID: string; BaseID: string; online: boolean }) {
  const dispatch = useAppDispatch();
  const go = useGo();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const { payType, setPayType, busy, methodError, run } = usePayOnce();
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
  if (!open) {
    return (
      <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen(true)}>
        <FormattedMessage {...messages.settle} />
      </button>
    );
  }

  const handleSettle = async () => {
    const bill = merged.data;
    if (!bill) return;
    await run(async (PayType) => {
      setRefusal(null);
      const settled = await settle({ SheetID, TotalAmo: bill.totalAmo });
      if ('error' in settled) {
        if (isGatewayError(settled.error) && settled.error.kind === 'business') setRefusal(settled.error.message);
        return;
      }
      const outcome = await dispatch(payForSheet({ SheetID, TotalAmo: settled.data.totalAmo || bill.totalAmo, PayType }));
      if (outcome.kind !== 'done') return;
      // The bill is paid: the table's sheet is over, and the next order here starts a new one (issue 23),
      // as after a provider's payment, whose return reads the table again.
      dispatch(signSheetEnded(SheetID));
      go(outcome.path, { replace: true });
    });
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
      {merged.data && <TableSheet items={merged.data.items} totalAmo={merged.data.totalAmo} />}
      {merged.data && (
        <>
          <PaymentMethods
            ShopID={ShopID}
            BaseID={BaseID}
            value={payType}
            onChange={setPayType}
            error={methodError}
            dineInAtTable
          />
          {refusal && (
            <p role="alert" className="field-error">
              {refusal}
            </p>
          )}
          <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void handleSettle()}>
            <FormattedMessage {...(busy ? messages.settling : messages.settleAndPay)} values={{ amount: money.amount(merged.data.totalAmo) }} />
          </button>
        </>
      )}
    </section>
  );
}
