/**
 * The end of every payment of a placed order: a payment method
 * (PaymentMethods), the service's refusal when there is one, and the pay
 * button that names the amount, says it is paying and pays once at a time
 * (usePayOnce). Used by PayNow, the table's settle (flows/SettleBill) and
 * the split bill (split/SplitBill), each with its own words and payment.
 */
import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { PayType } from './paymentsApi';
import { PaymentMethods } from './PaymentMethods';
import { usePayOnce } from './usePayOnce';

export function PayWithMethod({
  ShopID,
  BaseID,
  dineInAtTable,
  refusal,
  disabled = false,
  pay,
  paying,
  amount,
  onPay,
}: {
  ShopID: string;
  BaseID: string;
  /** The order is eaten at a table (PaymentMethods). */
  dineInAtTable?: boolean;
  /** The service's refusal of the last try, shown above the button. */
  refusal?: ReactNode;
  /** Nothing to pay yet (besides while a payment runs). */
  disabled?: boolean;
  /** The button's words, with {amount}; `paying` while the payment runs. */
  pay: MessageDescriptor;
  paying: MessageDescriptor;
  /** The amount on the button, as shown. */
  amount: string;
  /** Pays with the chosen method (called only with one, and once at a time). */
  onPay: (payType: PayType) => Promise<void>;
}) {
  const { payType, setPayType, busy, methodError, run } = usePayOnce();
  return (
    <>
      <PaymentMethods
        ShopID={ShopID}
        BaseID={BaseID}
        value={payType}
        onChange={setPayType}
        error={methodError}
        dineInAtTable={dineInAtTable}
      />
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy || disabled}
        onClick={() => void run(onPay)}
      >
        <FormattedMessage {...(busy ? paying : pay)} values={{ amount }} />
      </button>
    </>
  );
}
