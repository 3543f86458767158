/** How a coupon reads (SPEC section 4: cash, discount, voucher): its value, its minimum spend, its validity. */
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { localName } from '../../ui/localName';
import { useMoney } from '../../ui/money';
import { selectEntity } from '../../session';
import type { CouponType, MemberCoupon } from './couponsApi';

export const couponMessages = defineMessages({
  cashOff: { id: 'coupon.cashOff', defaultMessage: '{amount} off' },
  percentOff: { id: 'coupon.percentOff', defaultMessage: '{percent}% off' },
  voucher: { id: 'coupon.voucher', defaultMessage: '{amount} voucher' },
  cash: { id: 'coupon.type.cash', defaultMessage: 'Cash coupon' },
  discount: { id: 'coupon.type.discount', defaultMessage: 'Discount coupon' },
  voucherType: { id: 'coupon.type.voucher', defaultMessage: 'Voucher' },
  minAmount: { id: 'coupon.minAmount', defaultMessage: 'For orders of {amount} or more' },
  noMinimum: { id: 'coupon.noMinimum', defaultMessage: 'No minimum spend' },
  validity: { id: 'coupon.validity', defaultMessage: 'Valid {from} to {to}' },
  usedOn: { id: 'coupon.usedOn', defaultMessage: 'Used on {date}' },
  expired: { id: 'coupon.expired', defaultMessage: 'Expired' },
});

export const typeLabel = (t: CouponType) => (t === 2 ? couponMessages.discount : t === 3 ? couponMessages.voucherType : couponMessages.cash);

/** A discount coupon's face value is the percent paid: 85 is 15 % off. */
export function percentOff(faceValue: string): number {
  const paid = Math.min(100, Math.max(0, Number(faceValue) || 0));
  return Math.round((100 - paid) * 100) / 100;
}

export function CouponValue({ type, faceValue }: { type: CouponType; faceValue: string }) {
  const money = useMoney();
  if (type === 2) return <FormattedMessage {...couponMessages.percentOff} values={{ percent: percentOff(faceValue) }} />;
  if (type === 3) return <FormattedMessage {...couponMessages.voucher} values={{ amount: money.amount(faceValue) }} />;
  return <FormattedMessage {...couponMessages.cashOff} values={{ amount: money.amount(faceValue) }} />;
}

export function MinimumSpend({ minAmount }: { minAmount: string }) {
  const money = useMoney();
  return Number(minAmount) > 0 ? (
    <FormattedMessage {...couponMessages.minAmount} values={{ amount: money.amount(minAmount) }} />
  ) : (
    <FormattedMessage {...couponMessages.noMinimum} />
  );
}

/** A date in the shop's time zone. */
export function useShopDate() {
  const intl = useIntl();
  const timeZone = useAppSelector(selectEntity)?.TimeZone || 'Asia/Macau';
  return (iso: string) => {
    const d = iso ? new Date(iso) : null;
    return d && !Number.isNaN(d.getTime()) ? intl.formatDate(d, { timeZone, year: 'numeric', month: 'short', day: 'numeric' }) : '';
  };
}

export function Validity({ coupon }: { coupon: Pick<MemberCoupon, 'beginTime' | 'endTime'> }) {
  const date = useShopDate();
  return <FormattedMessage {...couponMessages.validity} values={{ from: date(coupon.beginTime), to: date(coupon.endTime) }} />;
}

/** The coupon's name in the customer's language. */
export function useCouponName() {
  const locale = useAppSelector(selectLocale);
  return (c: Pick<MemberCoupon, 'names'>) => localName(c.names, locale);
}
