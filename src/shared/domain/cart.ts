/**
 * Cart arithmetic (SPEC sections 3 and 4), pure and shared by both programs.
 *
 * - A line's quantity in main units is `pQua x Ref + mQua`
 *   ({@link lineQuantity}); the count the customer sees is the pack quantity
 *   for a line sold by a pack unit, else the loose quantity
 *   ({@link lineItemCount}).
 * - A line's amount is `pQua x PUnitPrice + mQua x Price`, computed exactly
 *   and rounded once, half away from zero, to the enterprise's AmoPoint
 *   ({@link lineAmountMinor}); the cart's amount is the sum of its lines'
 *   rounded amounts, so a total always equals the sum of the lines shown.
 * - Prices are decimal strings, read at the enterprise's PricePoint (a price
 *   with more decimals is rounded half up first, as shown on the menu).
 * - Quantities are numbers kept to {@link QUANTITY_SCALE} decimals (weights
 *   may be fractional) and added exactly; a quantity that is negative, NaN or
 *   infinite counts as 0, so no figure here is ever negative.
 *
 * All money goes through numbers.ts (integer minor units, dinero.js);
 * invalid prices throw its RangeError. Check lines at the boundary with
 * {@link isValidCartLine}.
 */
import {
  DEFAULT_NUMBER_FORMATS,
  MAX_DECIMALS,
  fromMinor,
  minorToString,
  multiplyMoney,
  sumMoney,
  sumOfProducts,
  toFixedHalfUp,
  toMinor,
  type NumberFormats,
} from './numbers';

/** A chosen part of a bundle (goods type 3): which goods fills which class, and its surcharge. */
export interface BomChoice {
  BOMClassID: string;
  GoodsID: string;
  GoodsName: string;
  /** Surcharge per main unit of the line, decimal string (already included in the line's Price). */
  BOMAmo: string;
  BOMQua: number;
}

/** A chosen add-on (SPEC section 3: Attachment). */
export interface Attachment {
  OptionID: string;
  /** Name. */
  Value: string;
  /** Price, decimal string. */
  Value2: string;
  /** Current price, decimal string (already included in the line's Price). */
  Value3: string;
}

/** One way of buying one goods: a sku, a unit, and the chosen remarks, parts and add-ons. */
export interface CartLine {
  /** Unique in the cart. */
  uid: string;
  SkuID: string;
  /** The pack unit's name; '' when the line is sold by the main unit. */
  PUnit: string;
  /** Price per pack, decimal string (used only when PUnit is set). */
  PUnitPrice: string;
  /**
   * Price per main unit, decimal string, **including** the line's chosen
   * add-ons (attachmentList Value3) and bundle surcharges (bomList BOMAmo):
   * the amount of a line is computed from PUnitPrice and Price only.
   */
  Price: string;
  /** Main units per pack, decimal string. */
  Ref: string;
  /** Whether the goods is offered in a pack unit (informational; PUnit decides the arithmetic). */
  isPack: boolean;
  /** Loose main-unit quantity. */
  mQua: number;
  /** Pack quantity. */
  pQua: number;
  /** Derived: pQua x Ref + mQua (see lineQuantity). */
  qua: number;
  remarkList: string[];
  bomList: BomChoice[];
  attachmentList: Attachment[];
}

/** The goods a cart entry is for; other fields of the goods are kept for display. */
export interface CartGoodsDetails {
  GoodsID: string;
  ShopID: string;
  BaseID: string;
  /** In the language the app showed when the line was added (refreshed when the customer switches language). */
  GoodsName?: string;
  Pic?: string;
  GoodsTypeID?: string;
  [key: string]: unknown;
}

/** All lines of one goods of one shop and base, in one business mode. */
export interface CartEntry {
  businessMode: string;
  goodsDetails: CartGoodsDetails;
  list: CartLine[];
}

export interface CartSummary {
  /** Number of lines. */
  lines: number;
  /** Sum of pQua for lines with a pack unit, else mQua. */
  quantity: number;
  /** Total amount in minor units at AmoPoint. */
  amountMinor: number;
  /** Total amount as fixed-point text with AmoPoint decimals. */
  amount: string;
}

export type CartFormats = Pick<NumberFormats, 'AmoPoint' | 'PricePoint'>;

/**
 * Decimals to which quantities are kept: a thousandth (grams of a
 * kilogram for goods sold by weight), finer than the configured QuaPoint
 * and PQuaPoint (0 by default).
 */
export const QUANTITY_SCALE = 3;

/**
 * The largest quantity (packs or loose units) of one line. Not a SPEC
 * figure: with quantities at QUANTITY_SCALE decimals it keeps every exact
 * product a safe integer for prices below 90,000,000 minor units (900,000.00
 * at PricePoint 2) and pack sizes below 90,000, so a mistyped quantity
 * cannot break the cart. The functions here take larger quantities, but
 * numbers.ts throws a RangeError when a product would lose digits.
 */
export const MAX_LINE_QUANTITY = 99_999;

/** A quantity as used here: not finite or not positive -> 0, else kept to QUANTITY_SCALE decimals. */
export function cleanQuantity(q: number): number {
  if (typeof q !== 'number' || !Number.isFinite(q) || q <= 0) return 0;
  return fromMinor(toMinor(q, QUANTITY_SCALE), QUANTITY_SCALE);
}

/** Adds quantities exactly (to QUANTITY_SCALE decimals); bad values count as 0. */
export function sumQuantities(values: readonly number[]): number {
  return fromMinor(sumMoney(values.map((v) => toMinor(cleanQuantity(v), QUANTITY_SCALE))), QUANTITY_SCALE);
}

/** Whether a line is sold by a pack unit. */
export function isPackedLine(line: Pick<CartLine, 'PUnit'>): boolean {
  return line.PUnit !== '';
}

/** Quantity in main units: pQua x Ref + mQua (Ref is read only when there are packs). */
export function lineQuantity(line: Pick<CartLine, 'pQua' | 'mQua' | 'Ref'>): number {
  const packs = cleanQuantity(line.pQua);
  const loose = cleanQuantity(line.mQua);
  if (packs === 0) return loose;
  const refMinor = Math.max(0, toMinor(line.Ref, QUANTITY_SCALE));
  const packMinor = multiplyMoney(refMinor, packs, { PricePoint: QUANTITY_SCALE, AmoPoint: QUANTITY_SCALE });
  return fromMinor(sumMoney([packMinor, toMinor(loose, QUANTITY_SCALE)]), QUANTITY_SCALE);
}

/** The count the customer sees for a line: packs for a line with a pack unit, else loose units. */
export function lineItemCount(line: Pick<CartLine, 'PUnit' | 'pQua' | 'mQua'>): number {
  return cleanQuantity(isPackedLine(line) ? line.pQua : line.mQua);
}

/**
 * pQua x PUnitPrice + mQua x Price in minor units at AmoPoint: both products
 * exact, summed, then rounded once half away from zero (numbers.ts
 * sumOfProducts). Prices are read at PricePoint. A term with quantity 0
 * does not read its price.
 */
export function lineAmountMinor(
  line: Pick<CartLine, 'pQua' | 'mQua' | 'PUnitPrice' | 'Price'>,
  formats: CartFormats = DEFAULT_NUMBER_FORMATS,
): number {
  const terms = ([[line.PUnitPrice, cleanQuantity(line.pQua)], [line.Price, cleanQuantity(line.mQua)]] as const)
    .filter(([, quantity]) => quantity !== 0)
    .map(([price, quantity]) => [toMinor(price, formats.PricePoint), quantity] as const);
  return sumOfProducts(terms, formats);
}

/** Lines, item count and amount of the given entries (pass the current business mode's). */
export function cartSummary(entries: readonly CartEntry[], formats: CartFormats = DEFAULT_NUMBER_FORMATS): CartSummary {
  const lines = entries.flatMap((e) => e.list);
  const amountMinor = sumMoney(lines.map((l) => lineAmountMinor(l, formats)));
  return {
    lines: lines.length,
    quantity: sumQuantities(lines.map(lineItemCount)),
    amountMinor,
    amount: minorToString(amountMinor, formats.AmoPoint),
  };
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

const bomKey = (b: BomChoice) => JSON.stringify([b.BOMClassID, b.GoodsID, b.BOMQua]);
const attachmentKey = (a: Attachment) => JSON.stringify([a.OptionID, a.Value]);

/**
 * Whether two lines are the same choice and should be merged by adding
 * quantities: same sku, same unit, same remarks, bundle parts (class, goods,
 * quantity) and add-ons (option and value), in any order. Prices and
 * quantities are not compared.
 */
export function sameLine(
  a: Pick<CartLine, 'SkuID' | 'PUnit' | 'remarkList' | 'bomList' | 'attachmentList'>,
  b: Pick<CartLine, 'SkuID' | 'PUnit' | 'remarkList' | 'bomList' | 'attachmentList'>,
): boolean {
  return (
    a.SkuID === b.SkuID &&
    a.PUnit === b.PUnit &&
    sameMultiset(a.remarkList, b.remarkList) &&
    sameMultiset(a.bomList.map(bomKey), b.bomList.map(bomKey)) &&
    sameMultiset(a.attachmentList.map(attachmentKey), b.attachmentList.map(attachmentKey))
  );
}

/** Item count (see lineItemCount) per GoodsID over the entries of one source shop. */
export function countByGoods(entries: readonly CartEntry[], shopId: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) {
    if (entry.goodsDetails.ShopID !== shopId) continue;
    const id = entry.goodsDetails.GoodsID;
    counts[id] = sumQuantities([counts[id] ?? 0, ...entry.list.map(lineItemCount)]);
  }
  return counts;
}

function isNonNegativeDecimal(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return !toFixedHalfUp(value, MAX_DECIMALS).startsWith('-');
  } catch {
    return false;
  }
}

/** A pack size the arithmetic can use: positive at QUANTITY_SCALE decimals, minor units a safe integer. */
function isUsableRef(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return toMinor(value, QUANTITY_SCALE) > 0;
  } catch {
    return false;
  }
}

/**
 * A line the arithmetic can use: SkuID and PUnit strings, Price a
 * non-negative decimal; with a pack unit, PUnitPrice a non-negative decimal
 * and Ref a positive one; the lists, when present, arrays. (Quantities are
 * cleaned, not checked.)
 */
export function isValidCartLine(line: unknown): boolean {
  if (!line || typeof line !== 'object') return false;
  const l = line as Partial<Record<keyof CartLine, unknown>>;
  if (typeof l.SkuID !== 'string' || typeof l.PUnit !== 'string' || !isNonNegativeDecimal(l.Price)) return false;
  for (const list of [l.remarkList, l.bomList, l.attachmentList]) {
    if (list !== undefined && !Array.isArray(list)) return false;
  }
  if (l.PUnit === '') return true;
  return isNonNegativeDecimal(l.PUnitPrice) && isUsableRef(l.Ref);
}
