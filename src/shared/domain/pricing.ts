/**
 * The price of one cart line's unit, the same rule in the app (to show it) and
 * in the service (which recomputes every price from its own data at submit):
 *
 *   unit price  = current price of the goods or sku (its promotion price when
 *                 one is active, else its sales price)
 *               + each chosen bundle part's surcharge (BOMAmo)
 *               + each chosen add-on's current price (Value3)
 *   pack price  = the pack unit's current price + the same extras x Ref
 *
 * All at PricePoint decimals, half away from zero.
 */
import { DEFAULT_NUMBER_FORMATS, minorToString, multiplyMoney, sumMoney, toMinor, type NumberFormats } from './numbers';

export interface LinePriceInput {
  /** The goods' or sku's sales price. */
  salesPrice: string;
  /** The active promotion price, if any. */
  promotePrice?: string | null;
  bomAmos?: readonly string[];
  addOnPrices?: readonly string[];
}

/** The promotion price when there is one and it is lower; else the sales price. */
export function currentPrice(salesPrice: string, promotePrice?: string | null): string {
  if (promotePrice === null || promotePrice === undefined || promotePrice === '') return salesPrice;
  return Number(promotePrice) < Number(salesPrice) ? promotePrice : salesPrice;
}

function extrasMinor(input: LinePriceInput, scale: number): number {
  return sumMoney([...(input.bomAmos ?? []), ...(input.addOnPrices ?? [])].map((v) => toMinor(v, scale)));
}

/** The price of one main unit with its chosen extras, as a decimal string at PricePoint. */
export function unitPrice(input: LinePriceInput, formats: Pick<NumberFormats, 'PricePoint'> = DEFAULT_NUMBER_FORMATS): string {
  const scale = formats.PricePoint;
  const base = toMinor(currentPrice(input.salesPrice, input.promotePrice), scale);
  return minorToString(base + extrasMinor(input, scale), scale);
}

/** The price of one pack with the extras of each of its Ref units, at PricePoint. */
export function packPrice(
  packSalesPrice: string,
  ref: string,
  input: Omit<LinePriceInput, 'salesPrice' | 'promotePrice'>,
  formats: Pick<NumberFormats, 'PricePoint'> = DEFAULT_NUMBER_FORMATS,
): string {
  const scale = formats.PricePoint;
  const extras = multiplyMoney(extrasMinor({ salesPrice: '0', ...input }, scale), ref, { PricePoint: scale, AmoPoint: scale });
  return minorToString(toMinor(packSalesPrice, scale) + extras, scale);
}
