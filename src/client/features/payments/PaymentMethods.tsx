/**
 * The payment methods the shop has linked (Finance_EntShopAccountGet_V2_Get),
 * one to choose. Balance needs a registered member: a guest is offered the
 * sign-in page instead. A shop without a linked account says so here. At a
 * table (dine-in), paying on delivery or at the counter is not offered, nor
 * the balance to a guest (payTypes.ts payTypeOffered, issue 23).
 */
import { useEffect, useId } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { isGatewayError } from '../../app/errorListener';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { localName } from '../../ui/localName';
import { payTypeOffered } from '../../../shared/domain/payTypes';
import { useIsMember, useRequireMember } from '../../session';
import { paymentsApi } from './paymentsApi';

const messages = defineMessages({
  legend: { id: 'payment.methods', defaultMessage: 'Payment method' },
  loading: { id: 'payment.loadingMethods', defaultMessage: 'Loading the payment methods…' },
  balance: { id: 'payment.balance', defaultMessage: 'Member balance' },
  sandbox: { id: 'payment.online', defaultMessage: 'Online payment' },
  paylater: { id: 'payment.payLater', defaultMessage: 'Pay on delivery or at the counter' },
  none: { id: 'payment.none', defaultMessage: 'No payment method is available.' },
});

const FALLBACK: Record<string, MessageDescriptor> = { balance: messages.balance, sandbox: messages.sandbox, paylater: messages.paylater };

export function PaymentMethods({
  ShopID,
  BaseID,
  value,
  onChange,
  error,
  dineInAtTable,
}: {
  ShopID: string;
  BaseID: string;
  value: string;
  onChange: (payType: string) => void;
  error?: MessageDescriptor | null;
  /** Paying for an order eaten at a table (a table's bill, a dine-in order placed at a table). */
  dineInAtTable?: boolean;
}) {
  const locale = useAppSelector(selectLocale);
  const requireMember = useRequireMember();
  const at = { dineInAtTable: dineInAtTable ?? false, member: useIsMember() };
  const name = useId();
  const errorId = useId();
  const methods = paymentsApi.usePaymentMethodsQuery({ ShopID, BaseID }, { skip: !ShopID && !BaseID });
  const enabled = (methods.data ?? []).filter((m) => m.enabled && payTypeOffered(m.PayType, at));
  // A choice that is not offered here (kept from elsewhere) is no choice.
  const chosenOffered = !value || !methods.data || enabled.some((m) => m.PayType === value);
  useEffect(() => {
    if (!chosenOffered) onChange('');
  }, [chosenOffered, onChange]);
  const refusal = methods.error && isGatewayError(methods.error) && methods.error.kind === 'business' ? methods.error.message : null;

  const handleChoose = async (payType: string) => {
    if (payType === 'balance' && !(await requireMember())) return;
    onChange(payType);
  };

  return (
    <fieldset className="choice-group pay-methods" aria-describedby={error ? errorId : undefined}>
      <legend>
        <FormattedMessage {...messages.legend} />
      </legend>
      {methods.isLoading && (
        <p role="status" className="muted">
          <FormattedMessage {...messages.loading} />
        </p>
      )}
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      {methods.data && enabled.length === 0 && !refusal && (
        <p className="muted">
          <FormattedMessage {...messages.none} />
        </p>
      )}
      {enabled.map((m) => {
        const label = localName(m.names, locale);
        return (
          <label key={m.PayType} className={`chip${value === m.PayType ? ' chosen' : ''}`}>
            <input type="radio" name={name} value={m.PayType} checked={value === m.PayType} onChange={() => void handleChoose(m.PayType)} />
            {label || (FALLBACK[m.PayType] ? <FormattedMessage {...FALLBACK[m.PayType]!} /> : m.PayType)}
          </label>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          <FormattedMessage {...error} />
        </p>
      )}
    </fieldset>
  );
}
