/**
 * A coupon as the app keeps it, converted once from any of the service's
 * coupon rows: the member's cards (vipCardRow), a card read by its code or
 * screened for an order (couponRow). The member's list and checkout use the
 * same converter (issue 11: the twin toMemberCoupon / toCoupon is gone).
 */
import type { AnswerOf } from '../../app/operation';
import { decimal, namesOf, num, text, type Names } from '../../app/rows';

/** 1 cash, 2 discount, 3 voucher (SPEC section 4). */
export type CouponType = 1 | 2 | 3;
/** 0 not used, 1 used, 2 expired. */
export type CouponStatus = 0 | 1 | 2;

export interface MemberCoupon {
  CardID: string;
  CardCode: string;
  names: Names;
  type: CouponType;
  /** Cash and voucher: the amount off; discount: the percent paid (85 is 15 % off). */
  faceValue: string;
  minAmount: string;
  beginTime: string;
  endTime: string;
  status: CouponStatus;
  /** When it was used ('' unless used; only the member's cards say). */
  usedTime: string;
  remark: string;
  /** Whether it can be used on the order it was screened for; without that word from the service, whether it is unused. */
  usable: boolean;
  /** Why not, in the customer's language (the service's ReasonText; '' when usable). */
  reason: string;
}

type CardRow = AnswerOf<'EntCard_VipCardList_Get'>['table1'][number];
type ScreenedRow = AnswerOf<'EntCard_CardDetailGet_V1_Get'>['table1'][number];
/** The fields both coupon rows have, and those only one of them carries. */
export type CouponRow = Omit<CardRow, 'UsedTime'> & Partial<Pick<CardRow, 'UsedTime'>> & Partial<Pick<ScreenedRow, 'Usable' | 'ReasonText'>>;

export const couponType = (v: unknown): CouponType => (num(v) === 2 ? 2 : num(v) === 3 ? 3 : 1);

export function toCoupon(row: CouponRow | undefined): MemberCoupon {
  const r: Partial<CouponRow> = row ?? {};
  const n = num(r.Status);
  const status: CouponStatus = n === 1 ? 1 : n === 2 ? 2 : 0;
  const usable = r.Usable;
  return {
    CardID: text(r.CardID),
    CardCode: text(r.CardCode),
    names: namesOf(r, 'PlanName'),
    type: couponType(r.CardType),
    faceValue: decimal(r.FaceValue),
    minAmount: decimal(r.MinAmount),
    beginTime: text(r.BeginTime),
    endTime: text(r.EndTime),
    status,
    usedTime: text(r.UsedTime),
    remark: text(r.Remark),
    // A card read by its code may come without Usable: then its status decides.
    usable: usable === undefined || usable === null || (usable as unknown) === '' ? status === 0 : num(usable) === 1,
    reason: text(r.ReasonText),
  };
}
