/**
 * The confirm page's rules (SPEC sections 4 and 5): the dining modes a
 * customer can choose, and what must be filled in before an order is sent.
 */
import type { MessageDescriptor } from 'react-intl';
import { BusinessMode, modesOffered } from '../../../shared/domain/businessMode';
import { validation } from '../../i18n/specMessages';
import { isPayType } from '../payments';
import type { CheckoutDraft } from './checkoutSlice';
import type { PayMode } from './orderRequest';
import type { CouponProblem, TakeType } from './totals';

/** The dining modes a customer can choose: a pay-after round is at the table; otherwise the outlet's modes that fit the cart's. */
export function offeredTakeTypes(payMode: PayMode, outletMode: string, cartMode: string): TakeType[] {
  if (payMode === 'postpay') return ['dinein'];
  const outlet = modesOffered(outletMode);
  const fitting = outlet.filter((m) => cartMode === BusinessMode.all || m === cartMode);
  return (fitting.length > 0 ? fitting : outlet).flatMap((m): TakeType[] => (m === BusinessMode.dineIn ? ['dinein'] : ['pickup', 'delivery']));
}

export interface FormErrors {
  contact?: MessageDescriptor;
  shipping?: MessageDescriptor;
  minimum?: boolean;
  coupon?: CouponProblem;
  terms?: MessageDescriptor;
  payment?: MessageDescriptor;
}

export function validateConfirm(input: {
  payMode: PayMode;
  takeType: TakeType;
  draft: CheckoutDraft;
  shortfall: boolean;
  couponProblem: CouponProblem | null;
  agreed: boolean;
  beyond?: boolean;
}): FormErrors {
  const { draft, takeType } = input;
  const found: FormErrors = {};
  if (takeType !== 'dinein' && (!draft.CustName.trim() || !draft.CustPhone.trim())) found.contact = validation.contactRequired;
  const located = draft.GPS_Lng !== null && draft.GPS_Lat !== null;
  if (takeType === 'delivery' && (!draft.CustDistrict.trim() || !draft.CustMainAddress.trim() || !draft.CustHouseNumber.trim() || !located)) {
    found.shipping = validation.shippingIncomplete;
  } else if (takeType === 'delivery' && input.beyond) found.shipping = validation.beyondRange;
  if (takeType === 'delivery' && input.shortfall) found.minimum = true;
  if (input.couponProblem) found.coupon = input.couponProblem;
  if (!input.agreed) found.terms = validation.privacyRequired;
  if (input.payMode === 'prepay' && !isPayType(draft.payType)) found.payment = validation.paymentRequired;
  return found;
}
