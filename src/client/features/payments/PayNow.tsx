/** 'Pay now' for a placed order that is not paid yet (or a settled table sheet): a method, then the payment. */
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { PaymentMethods } from './PaymentMethods';
import { payForSheet } from './payForSheet';
import { usePayOnce } from './usePayOnce';

const messages = defineMessages({
  pay: { id: 'payment.payAmount', defaultMessage: 'Pay {amount}' },
  paying: { id: 'payment.paying', defaultMessage: 'Paying…' },
});

export function PayNow({
  SheetID,
  TotalAmo,
  ShopID,
  BaseID,
  dineInAtTable,
}: {
  SheetID: string;
  TotalAmo: string;
  ShopID: string;
  BaseID: string;
  /** The order is eaten at a table (PaymentMethods). */
  dineInAtTable?: boolean;
}) {
  const dispatch = useAppDispatch();
  const go = useGo();
  const money = useMoney();
  const { payType, setPayType, busy, methodError, run } = usePayOnce();

  const handlePay = () =>
    run(async (PayType) => {
      const outcome = await dispatch(payForSheet({ SheetID, TotalAmo, PayType }));
      if (outcome.kind === 'done') go(outcome.path, { replace: true });
    });

  return (
    <div className="pay-now">
      <PaymentMethods
        ShopID={ShopID}
        BaseID={BaseID}
        value={payType}
        onChange={setPayType}
        error={methodError}
        dineInAtTable={dineInAtTable}
      />
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void handlePay()}>
        <FormattedMessage {...(busy ? messages.paying : messages.pay)} values={{ amount: money.amount(TotalAmo) }} />
      </button>
    </div>
  );
}
