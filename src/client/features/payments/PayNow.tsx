/** 'Pay now' for a placed order that is not paid yet (or a settled table sheet): a method, then the payment. */
import { useAppDispatch } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { payForSheet } from './payForSheet';
import { PayWithMethod } from './PayWithMethod';

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
  return (
    <div className="pay-now">
      <PayWithMethod
        ShopID={ShopID}
        BaseID={BaseID}
        dineInAtTable={dineInAtTable}
        pay={messages.pay}
        paying={messages.paying}
        amount={money.amount(TotalAmo)}
        onPay={async (PayType) => {
          const outcome = await dispatch(payForSheet({ SheetID, TotalAmo, PayType }));
          if (outcome.kind === 'done') go(outcome.path, { replace: true });
        }}
      />
    </div>
  );
}
