/**
 * The figures the confirm page shows and sends with the order, in the app's
 * view types. The arithmetic is src/shared/domain/orderTotals.ts, the same
 * code the service decides with (it refuses a submit whose figures disagree,
 * errcode 50010):
 *
 *   sales    the cart's amount (src/shared/domain/cart.ts: each line rounded once)
 *   coupon   the chosen coupon's discount on the sales amount
 *   fee      delivery only: the outlet's freight, free from FreeAbove on ('' none; 0 always free)
 *   bag      takeout only: BagCount of each goods x (packs + loose units) x MOP 1 (SPEC section 9)
 *   total    sales - coupon + fee + bag (what the order sends as TotalAmo)
 *   service  dine-in at an outlet that charges it (issue 28): its basis
 *            points of sales - coupon, a preview; the service decides on the
 *            whole bill (payments/bill.ts). payable = total + service
 *
 * A delivery under the outlet's minimum amount has a shortfall and cannot be placed.
 */
import {
  cartSummary,
  cleanQuantity,
  lineQuantity,
  type CartEntry,
  type CartFormats,
} from '../../../shared/domain/cart';
import { minorToString, toMinor } from '../../../shared/domain/numbers';
import {
  bagFeeMinor,
  CardStatus,
  couponOff,
  freeAboveFrom,
  freightFor,
  lineBags,
  orderTotalMinor,
  serviceChargeMinor,
} from '../../../shared/domain/orderTotals';

export type TakeType = 'dinein' | 'pickup' | 'delivery';

export interface FreightRule {
  fee: string;
  minAmount: string;
  rangeKm: string;
  /** The goods amount from which delivery is free; '' when the outlet has none (0: always free). */
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
  /** Issue 28: the service charge previewed on a dine-in order ('0.00' when none), and the total with it. */
  service: string;
  payable: string;
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

/** The discount of a coupon on a sales amount (minor units at AmoPoint), or why it does not apply (src/shared/domain/orderTotals.ts). */
export function couponDiscount(
  coupon: Coupon,
  salesMinor: number,
  formats: CartFormats,
): { minor: number; problem: CouponProblem | null } {
  if (coupon.status !== CardStatus.unused) return { minor: 0, problem: 'unavailable' };
  let off;
  try {
    off = couponOff(
      { type: coupon.type, faceValue: coupon.faceValue, minAmount: coupon.minAmount },
      salesMinor,
      formats.AmoPoint,
    );
  } catch {
    return { minor: 0, problem: 'unavailable' };
  }
  return off.ok ? { minor: off.minor, problem: null } : { minor: 0, problem: off.problem };
}

/** Bags a takeout order needs: each goods' BagCount for each pack and each loose unit (a part unit counts as one). */
export function bagCount(entries: readonly CartEntry[]): number {
  let bags = 0;
  for (const entry of entries) {
    const perUnit = Number(entry.goodsDetails.BagCount ?? 0);
    for (const line of entry.list)
      bags += lineBags(perUnit, cleanQuantity(line.pQua), cleanQuantity(line.mQua));
  }
  return bags;
}

export function orderTotals(input: {
  entries: readonly CartEntry[];
  formats: CartFormats;
  takeType: TakeType;
  freight: FreightRule | null;
  coupon: Coupon | null;
  /** The outlet's service charge in basis points (dine-in only). */
  serviceBp?: number;
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
    let freeAboveMinor: number | null = null;
    try {
      freeAboveMinor = freeAboveFrom(freight.freeAbove, scale);
    } catch {
      freeAboveMinor = null;
    }
    const owed = freightFor(
      {
        feeMinor: safeMinor(freight.fee, scale),
        freeAboveMinor,
        minAmountMinor: safeMinor(freight.minAmount, scale),
      },
      sales,
    );
    fee = owed.feeMinor;
    shortfall = owed.shortfallMinor;
  }
  const bags = takeout ? bagCount(entries) : 0;
  const bag = bagFeeMinor(bags, scale);
  const discount = coupon ? couponDiscount(coupon, sales, formats) : { minor: 0, problem: null };
  const total = orderTotalMinor({
    goodsMinor: sales,
    bagMinor: bag,
    feeMinor: fee,
    couponMinor: discount.minor,
  });
  const service =
    takeType === 'dinein'
      ? serviceChargeMinor(Math.max(0, sales - discount.minor), input.serviceBp ?? 0)
      : 0;
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
    total: text(total),
    service: text(service),
    payable: text(total + service),
    shortfall: text(shortfall),
    couponProblem: discount.problem,
  };
}
