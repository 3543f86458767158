/** The coupon at checkout (members, pay before): the chosen one and its discount, or a way to choose one; why it does not apply. */
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '../../../app/uiSlice';
import { defineMessages } from '../../../i18n/defineMessages';
import { validation } from '../../../i18n/specMessages';
import { localName } from '../../../ui/localName';
import { useMoney } from '../../../ui/money';
import type { Coupon, CouponProblem } from '../totals';

const messages = defineMessages({
  coupon: { id: 'checkout.coupon', defaultMessage: 'Coupon' },
  chooseCoupon: { id: 'checkout.chooseCoupon', defaultMessage: 'Choose a coupon' },
  couponOff: { id: 'checkout.couponOff', defaultMessage: '{name}: −{amount}' },
  couponMinimum: { id: 'checkout.couponMinimum', defaultMessage: 'The order does not reach this coupon’s minimum amount ({amount}).' },
});

export function CouponRow({
  coupon,
  discount,
  problem,
  problemError,
  onChoose,
}: {
  coupon: Coupon | null;
  /** The coupon's discount on this order. */
  discount: string;
  problem: CouponProblem | null;
  /** The problem shown as an error (the customer tried to place the order). */
  problemError: boolean;
  onChoose: () => void;
}) {
  const money = useMoney();
  const locale = useAppSelector(selectLocale);
  const couponName = coupon ? localName(coupon.names, locale) : '';
  return (
    <section className="panel">
      <button type="button" className="row-button" onClick={onChoose}>
        <span>
          <FormattedMessage {...messages.coupon} />
        </span>
        <span className="row-value">
          {coupon ? (
            <FormattedMessage {...messages.couponOff} values={{ name: couponName, amount: money.amount(discount) }} />
          ) : (
            <FormattedMessage {...messages.chooseCoupon} />
          )}
        </span>
      </button>
      {coupon && problem && (
        <p className={problemError ? 'field-error' : 'note'} role={problemError ? 'alert' : undefined}>
          {problem === 'voucherMinimum' ? (
            <FormattedMessage {...validation.voucherMinimum} values={{ amount: money.amount(coupon.faceValue) }} />
          ) : problem === 'minimum' ? (
            <FormattedMessage {...messages.couponMinimum} values={{ amount: money.amount(coupon.minAmount) }} />
          ) : (
            <FormattedMessage {...validation.couponUnavailable} />
          )}
        </p>
      )}
    </section>
  );
}
