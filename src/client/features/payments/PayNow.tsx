/** 'Pay now' for a placed order that is not paid yet (or a settled table sheet): a method, then the payment. */
import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { useMoney } from '../../ui/money';
import { PaymentMethods } from './PaymentMethods';
import { isPayType, payForSheet } from './payForSheet';

const messages = defineMessages({
  pay: { id: 'payment.payAmount', defaultMessage: 'Pay {amount}' },
  paying: { id: 'payment.paying', defaultMessage: 'Paying…' },
});

export function PayNow({ SheetID, TotalAmo, ShopID, BaseID }: { SheetID: string; TotalAmo: string; ShopID: string; BaseID: string }) {
  const dispatch = useAppDispatch();
  const go = useGo();
  const money = useMoney();
  const [payType, setPayType] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const handlePay = async () => {
    if (busyRef.current) return;
    setAttempted(true);
    if (!isPayType(payType)) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const outcome = await dispatch(payForSheet({ SheetID, TotalAmo, PayType: payType }));
      if (outcome.kind === 'done') go(outcome.path, { replace: true });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="pay-now">
      <PaymentMethods
        ShopID={ShopID}
        BaseID={BaseID}
        value={payType}
        onChange={setPayType}
        error={attempted && !isPayType(payType) ? validation.paymentRequired : null}
      />
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void handlePay()}>
        <FormattedMessage {...(busy ? messages.paying : messages.pay)} values={{ amount: money.amount(TotalAmo) }} />
      </button>
    </div>
  );
}
