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

// Service charge and split bills (issue 28) ---------------------------------------------

/** The largest service charge an outlet may set: 30 % (migration 019's check). */
export const MAX_SERVICE_CHARGE_BP = 3000;

/**
 * An outlet's service charge on a subtotal (goods after item and coupon
 * discounts, no bag or freight), in minor units: `bp` basis points (1000 =
 * 10 %), rounded half away from zero once (numbers.ts), at the bill. 0 below
 * 1 bp or for a subtotal of 0 or less.
 */
export function serviceChargeMinor(subtotalMinor: number, bp: number): number {
  if (!(bp > 0) || !(subtotalMinor > 0)) return 0;
  const rate = minorToString(Math.min(Math.round(bp), MAX_SERVICE_CHARGE_BP), 4);
  return multiplyMoney(subtotalMinor, rate, { PricePoint: 0, AmoPoint: 0 });
}

/** A bill's figures: the subtotal after discounts, its service charge, and the bill (service charge included). */
export function billMinor(parts: { goodsMinor: number; couponMinor: number; bagMinor?: number; feeMinor?: number; serviceBp: number }): {
  subtotalMinor: number;
  serviceMinor: number;
  totalMinor: number;
} {
  const subtotalMinor = Math.max(0, parts.goodsMinor - parts.couponMinor);
  const serviceMinor = serviceChargeMinor(subtotalMinor, parts.serviceBp);
  const totalMinor = orderTotalMinor({ goodsMinor: parts.goodsMinor, bagMinor: parts.bagMinor ?? 0, feeMinor: parts.feeMinor ?? 0, couponMinor: parts.couponMinor }) + serviceMinor;
  return { subtotalMinor, serviceMinor, totalMinor };
}

/**
 * Splits `totalMinor` in proportion to `weights` (non-negative integers), in
 * minor units: every part is the floor of its exact share, and the units
 * left over go one each to the largest remainders (ties: the earlier). The
 * parts add up to `totalMinor` exactly. All-zero weights split evenly.
 */
export function allocateMinor(totalMinor: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const total = BigInt(Math.round(totalMinor));
  let ws = weights.map((w) => BigInt(Math.max(0, Math.round(w))));
  let sum = ws.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    ws = ws.map(() => 1n);
    sum = BigInt(n);
  }
  const parts = ws.map((w) => (total * w) / sum);
  const remainders = ws.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = Number(total - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0; k = (k + 1) % n, left--) parts[remainders[k]!.i]! += 1n;
  return parts.map(Number);
}

/** Split evenly between N: N shares adding up to the bill, the larger ones last (the last payers absorb the rounding). */
export function evenSharesMinor(totalMinor: number, n: number): number[] {
  const count = Math.max(1, Math.floor(n));
  const base = Math.floor(totalMinor / count);
  const extra = totalMinor - base * count;
  return Array.from({ length: count }, (_, i) => base + (i >= count - extra ? 1 : 0));
}

/** Split evenly: the fewest and most shares a bill is split into. */
export const MIN_SHARES = 2;
export const MAX_SHARES = 20;

/**
 * What `k` shares of N cost when `taken` of them are already paid or being
 * paid: the next k of evenSharesMinor, and never more than the rest; the
 * payer of the last share pays the rest (absorbing any rounding).
 */
export function sharesAmountMinor(totalMinor: number, n: number, taken: number, k: number, restMinor: number): number {
  const shares = evenSharesMinor(totalMinor, n);
  if (taken + k >= n) return Math.max(0, restMinor);
  return Math.min(Math.max(0, restMinor), shares.slice(taken, taken + k).reduce((a, b) => a + b, 0));
}

/** A bill's line as split payments see it: its net amount and its whole units (a weighed line is one unit). */
export interface BillLine {
  lineId: number;
  amountMinor: number;
  units: number;
}

/** Whole units of a quantity: an integer quantity is that many, a fractional one (a weight) is one unit. */
export function lineUnits(quantity: number): number {
  return Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
}

/**
 * Every unit's part of the bill (service charge and discounts shared pro
 * rata): the bill allocated over the lines by their amounts, then each line's
 * part over its units evenly. Answers, per line id, its units' amounts; they
 * add up to `totalMinor` exactly.
 */
export function unitAmountsMinor(totalMinor: number, lines: readonly BillLine[]): Map<number, number[]> {
  const perLine = allocateMinor(totalMinor, lines.map((l) => l.amountMinor));
  const out = new Map<number, number[]>();
  lines.forEach((l, i) => out.set(l.lineId, evenSharesMinor(perLine[i]!, Math.max(1, l.units))));
  return out;
}

/** Tips (issue 28): offered where the outlet enables them, never preselected; at most 30 % of what the payer pays. */
export const TIP_PERCENTS = [5, 10, 15] as const;
export const MAX_TIP_BP = 3000;

/** The largest tip on a payment of `amountMinor`. */
export function maxTipMinor(amountMinor: number): number {
  return serviceChargeMinor(amountMinor, MAX_TIP_BP);
}

/** A tip of `percent` % of `amountMinor`, rounded half up. */
export function tipOfPercentMinor(amountMinor: number, percent: number): number {
  return serviceChargeMinor(amountMinor, Math.round(percent * 100));
}

/** A line of the bill with how many of its units live payments cover. */
export interface CoveredLine extends BillLine {
  covered: number;
}

/**
 * What paying `chosen` units (per line id) costs, the app's preview and the
 * service's figure alike: each line's part of the bill (allocateMinor over
 * the lines' amounts: service charge and discounts pro rata), the next k of
 * its units priced cumulatively (floor(part x (c + k) / units) - floor(part x c / units),
 * c the units already covered), never more than the rest; who takes the
 * last free units pays the rest exactly.
 */
export function unitsPaymentMinor(totalMinor: number, restMinor: number, lines: readonly CoveredLine[], chosen: ReadonlyMap<number, number>): number {
  const parts = allocateMinor(totalMinor, lines.map((l) => l.amountMinor));
  let amount = 0;
  let freeLeft = 0;
  lines.forEach((l, i) => {
    const units = Math.max(1, l.units);
    const c = Math.min(units, Math.max(0, l.covered));
    const k = Math.min(units - c, Math.max(0, chosen.get(l.lineId) ?? 0));
    const part = BigInt(parts[i]!);
    amount += Number((part * BigInt(c + k)) / BigInt(units) - (part * BigInt(c)) / BigInt(units));
    freeLeft += units - c - k;
  });
  const rest = Math.max(0, restMinor);
  return freeLeft === 0 ? rest : Math.min(rest, amount);
}
