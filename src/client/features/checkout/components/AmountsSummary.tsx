/** The order's amounts: subtotal, coupon, delivery fee, bags, the service charge (dine-in, issue 28) and the total. */
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';
import { AmountRow } from '../../../ui/AmountRow';
import { useMoney } from '../../../ui/money';
import type { OrderTotals, TakeType } from '../totals';

export const amountMessages = defineMessages({
  summary: { id: 'checkout.summary', defaultMessage: 'Amounts' },
  goods: { id: 'checkout.goods', defaultMessage: 'Subtotal' },
  couponAmount: { id: 'checkout.couponAmount', defaultMessage: 'Coupon' },
  fee: { id: 'checkout.fee', defaultMessage: 'Delivery fee' },
  bags: {
    id: 'checkout.bags',
    defaultMessage: '{count, plural, one {# plastic bag} other {# plastic bags}}',
  },
  total: { id: 'checkout.total', defaultMessage: 'Total' },
  service: { id: 'checkout.service', defaultMessage: 'Service charge {percent}' },
});

/** Basis points as a percentage in the app's language (1000: 10%). */
export function servicePercent(intl: ReturnType<typeof useIntl>, bp: number): string {
  return intl.formatNumber(bp / 10_000, { style: 'percent', maximumFractionDigits: 2 });
}
const messages = amountMessages;

export function AmountsSummary({
  totals,
  hasCoupon,
  takeType,
  serviceBp = 0,
}: {
  totals: OrderTotals;
  hasCoupon: boolean;
  takeType: TakeType;
  serviceBp?: number;
}) {
  const money = useMoney();
  const intl = useIntl();
  return (
    <section className="panel" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="visually-hidden">
        <FormattedMessage {...messages.summary} />
      </h2>
      <dl className="amounts">
        <AmountRow
          label={<FormattedMessage {...messages.goods} />}
          value={money.amount(totals.sales)}
        />
        {hasCoupon && Number(totals.coupon) > 0 && (
          <AmountRow
            label={<FormattedMessage {...messages.couponAmount} />}
            value={`−${money.amount(totals.coupon)}`}
          />
        )}
        {takeType === 'delivery' && (
          <AmountRow
            label={<FormattedMessage {...messages.fee} />}
            value={money.amount(totals.fee)}
          />
        )}
        {totals.bags > 0 && (
          <AmountRow
            label={<FormattedMessage {...messages.bags} values={{ count: totals.bags }} />}
            value={money.amount(totals.bag)}
          />
        )}
        {Number(totals.service) > 0 && (
          <AmountRow
            label={
              <FormattedMessage
                {...messages.service}
                values={{ percent: servicePercent(intl, serviceBp) }}
              />
            }
            value={money.amount(totals.service)}
          />
        )}
        <AmountRow
          label={<FormattedMessage {...messages.total} />}
          value={money.amount(totals.payable)}
          strong
          testId="order-total"
        />
      </dl>
    </section>
  );
}
