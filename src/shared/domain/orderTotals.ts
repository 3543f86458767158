/**
 * An order's figures, written once for both programs (DESIGN "rules written
 * once"): the confirm page previews them, the service decides with them, and
 * a submit whose figures differ is refused (50010). All amounts are minor
 * units at the enterprise's AmoPoint.
 *
 *   goods    the lines' amounts (src/shared/domain/cart.ts, each line rounded once)
 *   bag      takeout only: MOP 1 (SPEC section 9) x each goods' bag count
 *            x (packs + loose units, a part unit counting as one)
 *   freight  delivery only: the outlet's fee; free when the outlet has a
 *            free-freight threshold (0 included: always free) and the goods
 *            reach it; no threshold (null) means never free
 *   coupon   needs the goods amount to reach the plan's minimum; cash (1)
 *            and voucher (3) take the face value off and need at least that
 *            much; discount (2) charges FaceValue percent (85: pay 85 %), the
 *            discount rounded half up; never more than the goods amount
 *   total    goods + bag + freight - coupon, never below 0
 *
 * A delivery under the outlet's minimum amount has a shortfall.
 */
import { minorToString, multiplyMoney, sumMoney, toMinor } from './numbers';

/** SPEC section 9: a plastic bag costs MOP 1. */
export const BAG_FEE = '1';

/** Coupon types (SPEC section 4). */
export const CardType = { cash: 1, discount: 2, voucher: 3 } as const;
/** Coupon states (SPEC section 4): not used, used, expired. */
export const CardStatus = { unused: 0, used: 1, expired: 2 } as const;

/** Bags one line needs when taken away. */
export function lineBags(bagCount: number, packs: number, looseUnits: number): number {
  if (!(bagCount > 0)) return 0;
  return bagCount * (Math.max(0, packs) + Math.ceil(Math.max(0, looseUnits)));
}

/** The bag fee of `bags` bags. */
export function bagFeeMinor(bags: number, scale: number): number {
  return multiplyMoney(toMinor(BAG_FEE, scale), bags, { PricePoint: scale, AmoPoint: scale });
}

export interface FreightTerms {
  /** The outlet's delivery fee. */
  feeMinor: number;
  /** The goods amount from which delivery is free; null: never free. */
  freeAboveMinor: number | null;
  /** The least goods amount a delivery needs. */
  minAmountMinor: number;
}

/** Reads a free-freight threshold as the wire or a column gives it: '' or null means none. */
export function freeAboveFrom(value: string | number | null | undefined, scale: number): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  return Math.max(0, toMinor(text, scale));
}

/** The freight of a delivery whose goods come to `goodsMinor`, and how far it is under the minimum. */
export function freightFor(terms: FreightTerms, goodsMinor: number): { feeMinor: number; shortfallMinor: number } {
  const free = terms.freeAboveMinor !== null && goodsMinor >= terms.freeAboveMinor;
  return {
    feeMinor: free ? 0 : Math.max(0, terms.feeMinor),
    shortfallMinor: Math.max(0, terms.minAmountMinor - goodsMinor),
  };
}

export interface CouponTerms {
  /** 1 cash, 2 discount, 3 voucher. */
  type: number;
  /** Cash and voucher: the amount; discount: the percent paid. */
  faceValue: string;
  minAmount: string;
}

export type CouponOff =
  | { ok: true; minor: number }
  | { ok: false; problem: 'minimum'; minimumMinor: number }
  | { ok: false; problem: 'voucherMinimum'; faceMinor: number }
  | { ok: false; problem: 'unavailable' };

/** What a usable coupon takes off an order whose goods come to `goodsMinor`. */
export function couponOff(coupon: CouponTerms, goodsMinor: number, scale: number): CouponOff {
  const minimumMinor = toMinor(coupon.minAmount || '0', scale);
  if (goodsMinor < minimumMinor) return { ok: false, problem: 'minimum', minimumMinor };
  if (coupon.type === CardType.discount) {
    // FaceValue is the percent paid: 85 takes 15 % off, as an exact fraction (15 at 4 decimals read at 6 is 0.15).
    const paidPercent = Math.min(100, Math.max(0, Number(coupon.faceValue) || 0));
    const offFraction = minorToString(toMinor(100 - paidPercent, 4), 6);
    const off = multiplyMoney(goodsMinor, offFraction, { PricePoint: scale, AmoPoint: scale });
    return { ok: true, minor: Math.min(off, goodsMinor) };
  }
  if (coupon.type === CardType.cash || coupon.type === CardType.voucher) {
    const faceMinor = toMinor(coupon.faceValue || '0', scale);
    if (goodsMinor < faceMinor) return { ok: false, problem: 'voucherMinimum', faceMinor };
    return { ok: true, minor: faceMinor };
  }
  return { ok: false, problem: 'unavailable' };
}

/** goods + bag + freight - coupon, never below 0. */
export function orderTotalMinor(parts: { goodsMinor: number; bagMinor: number; feeMinor: number; couponMinor: number }): number {
  return Math.max(0, sumMoney([parts.goodsMinor, parts.bagMinor, parts.feeMinor, -parts.couponMinor]));
}
