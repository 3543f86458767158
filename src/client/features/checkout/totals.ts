/**
 * The figures the confirm page shows and sends with the order (the service
 * recomputes all of them and refuses a submit whose figures disagree, errcode
 * 50010):
 *
 *   sales    the cart's amount (src/shared/domain/cart.ts: each line rounded once)
 *   coupon   the chosen coupon's discount on the sales amount (below)
 *   fee      delivery only: the outlet's freight, free at or above FreeAbove
 *   bag      takeout only: BagCount of each goods x (packs + loose units) x MOP 1 (SPEC section 9)
 *   total    sales - coupon + fee + bag
 *
 * A delivery under the outlet's minimum amount has a shortfall and cannot be
 * placed. Coupons need the sales amount to reach MinAmount; cash (1) and
 * voucher (3) take FaceValue off, the order being at least that amount;
 * discount (2) charges FaceValue percent (85: pay 85 %), the discount
 * rounded half up. A discount never exceeds the sales amount.
 */
import { cartSummary, cleanQuantity, lineQuantity, type CartEntry, type CartFormats } from '../../../shared/domain/cart';
import { minorToString, multiplyMoney, sumMoney, toMinor } from '../../../shared/domain/numbers';

/** SPEC section 9: a plastic bag costs MOP 1. */
export const BAG_FEE = '1';

export type TakeType = 'dinein' | 'pickup' | 'delivery';

export interface FreightRule {
  fee: string;
  minAmount: string;
  rangeKm: string;
  freeAbove: string;
}

/** A member's coupon (view of EntCard rows). */
export interface Coupon {
  CardID: string;
  CardCode: string;
  names: { zh: string; tw: string; en: string };
  /** 1 cash, 2 discount, 3 voucher. */
  type: number;
  faceValue: string;
  minAmount: string;
  beginTime: string;
  endTime: string;
  /** 0 not used, 1 used, 2 expired. */
  status: number;
  /** Whether the service says it can be used on the current order. */
  usable: boolean;
  /** Why not, in the customer's language (the service's ReasonText). */
  reason: string;
}

export type CouponProblem = 'unavailable' | 'minimum' | 'voucherMinimum';

export interface OrderTotals {
  lines: number;
  quantity: number;
  /** Main units of all lines. */
  qua: number;
  sales: string;
  discount: string;
  coupon: string;
  fee: string;
  bags: number;
  bag: string;
  total: string;
  /** Delivery: how much more the order needs to reach the minimum ('0.00' when none). */
  shortfall: string;
  /** Why the chosen coupon does not apply, if it does not. */
  couponProblem: CouponProblem | null;
}

const safeMinor = (value: string, scale: number) => {
  try {
    return Math.max(0, toMinor(value || '0', scale));
  } catch {
    return 0;
  }
};

/** The discount of a coupon on a sales amount (minor units at AmoPoint), or why it does not apply. */
export function couponDiscount(
  coupon: Coupon,
  salesMinor: number,
  formats: CartFormats,
): { minor: number; problem: CouponProblem | null } {
  const scale = formats.AmoPoint;
  const face = safeMinor(coupon.faceValue, scale);
  const minimum = safeMinor(coupon.minAmount, scale);
  if (coupon.status !== 0) return { minor: 0, problem: 'unavailable' };
  if (salesMinor < minimum) return { minor: 0, problem: 'minimum' };
  if (coupon.type === 2) {
    // FaceValue is the percentage paid: 85 takes 15 % off.
    const paid = Math.min(100, Math.max(0, Number(coupon.faceValue) || 0));
    const offMinor = toMinor(100 - paid, 4);
    const off = multiplyMoney(salesMinor, minorToString(offMinor, 6), { PricePoint: scale, AmoPoint: scale });
    return { minor: Math.min(off, salesMinor), problem: null };
  }
  if (coupon.type === 1 || coupon.type === 3) {
    if (salesMinor < face) return { minor: 0, problem: 'voucherMinimum' };
    return { minor: face, problem: null };
  }
  return { minor: 0, problem: 'unavailable' };
}

/** Bags a takeout order needs: each goods' BagCount for each pack and each loose unit (a part unit counts as one). */
export function bagCount(entries: readonly CartEntry[]): number {
  let bags = 0;
  for (const entry of entries) {
    const perUnit = Number(entry.goodsDetails.BagCount ?? 0);
    if (!(perUnit > 0)) continue;
    for (const line of entry.list) bags += perUnit * (cleanQuantity(line.pQua) + Math.ceil(cleanQuantity(line.mQua)));
  }
  return bags;
}

export function orderTotals(input: {
  entries: readonly CartEntry[];
  formats: CartFormats;
  takeType: TakeType;
  freight: FreightRule | null;
  coupon: Coupon | null;
}): OrderTotals {
  const { entries, formats, takeType, freight, coupon } = input;
  const scale = formats.AmoPoint;
  const summary = cartSummary(entries, formats);
  const sales = summary.amountMinor;
  const takeout = takeType !== 'dinein';
  const delivery = takeType === 'delivery';

  let fee = 0;
  let shortfall = 0;
  if (delivery && freight) {
    const freeAbove = safeMinor(freight.freeAbove, scale);
    fee = freeAbove > 0 && sales >= freeAbove ? 0 : safeMinor(freight.fee, scale);
    shortfall = Math.max(0, safeMinor(freight.minAmount, scale) - sales);
  }
  const bags = takeout ? bagCount(entries) : 0;
  const bag = multiplyMoney(toMinor(BAG_FEE, scale), bags, { PricePoint: scale, AmoPoint: scale });
  const discount = coupon ? couponDiscount(coupon, sales, formats) : { minor: 0, problem: null };
  const total = sumMoney([sales, -discount.minor, fee, bag]);
  const text = (minor: number) => minorToString(minor, scale);
  return {
    lines: summary.lines,
    quantity: summary.quantity,
    qua: entries.reduce((sum, e) => sum + e.list.reduce((s, l) => s + lineQuantity(l), 0), 0),
    sales: text(sales),
    discount: text(0),
    coupon: text(discount.minor),
    fee: text(fee),
    bags,
    bag: text(bag),
    total: text(Math.max(0, total)),
    shortfall: text(shortfall),
    couponProblem: discount.problem,
  };
}
