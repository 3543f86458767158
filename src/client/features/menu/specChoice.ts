/**
 * The spec chooser's rules (GoodsChooser.tsx), pure: the values of a sku, the
 * sku of a choice, a value sold out by itself, what each value adds to the
 * price, and a bundle choice complete.
 */
import { minorToString, toMinor } from '../../../shared/domain/numbers';
import { currentPrice } from '../../../shared/domain/pricing';
import type { BomGroup, GoodsDetail, Sku } from './menuApi';

/** The attribute values of a sku: 'Large;Hot' (two attributes) or '細，' (one, full-width comma). */
export function skuValues(items: string): string[] {
  return items
    .split(/[;，]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

export function findSku(skus: readonly Sku[], chosen: readonly string[]): Sku | undefined {
  return skus.find((s) => {
    const values = skuValues(s.SkuItems);
    return values.length === chosen.length && values.every((v, i) => v === chosen[i]);
  });
}

/** The sku of a complete choice of values (one per attribute), as the chooser finds it. */
export function skuOfChoice(detail: Pick<GoodsDetail, 'attributes' | 'skus'>, chosen: readonly string[]): Sku | undefined {
  return detail.attributes.length > 0 ? findSku(detail.skus, chosen) : detail.skus.find((s) => skuValues(s.SkuItems).join(' / ') === chosen[0]);
}

/**
 * Whether a value of an attribute is sold out by itself: every sku with that
 * value is sold out (or none exists). A value that is only sold out with the
 * other values chosen now is not (issue 23 item 10: the combination says so).
 */
export function valueSoldOut(detail: Pick<GoodsDetail, 'attributes' | 'skus'>, index: number, value: string): boolean {
  const withValue =
    detail.attributes.length > 0
      ? detail.skus.filter((s) => skuValues(s.SkuItems)[index] === value)
      : detail.skus.filter((s) => skuValues(s.SkuItems).join(' / ') === value);
  return withValue.every((s) => s.soldOut);
}

/**
 * What each value of an attribute adds to the price, the other values chosen
 * now kept (issue 23 item 13): its sku's current price less the cheapest of
 * that attribute's values (sold out or not, so the figures do not move when
 * stock does), as a decimal string; '0' for the cheapest and for a value with
 * no sku. Prices are compared in minor units at PricePoint.
 */
export function valueSurcharges(
  detail: Pick<GoodsDetail, 'attributes' | 'skus'>,
  chosen: readonly string[],
  index: number,
  values: readonly string[],
  pricePoint: number,
): string[] {
  const priceOf = (value: string): number | null => {
    const next = [...chosen];
    next[index] = value;
    const sku = skuOfChoice(detail, next);
    return sku ? toMinor(currentPrice(sku.salesPrice, sku.promotePrice), pricePoint) : null;
  };
  const prices = values.map(priceOf);
  const known = prices.filter((p): p is number => p !== null);
  if (known.length === 0) return values.map(() => '0');
  const cheapest = Math.min(...known);
  return prices.map((p) => (p === null ? '0' : minorToString(p - cheapest, pricePoint)));
}

/** A bundle choice is complete when every group has from its fewest (or as many as are left) to its most parts. */
export function bundleComplete(groups: readonly BomGroup[], chosen: Record<string, string[]>): boolean {
  return groups.every((g) => {
    const n = chosen[g.BOMClassID]?.length ?? 0;
    return n >= Math.min(g.selectMin, g.items.filter((i) => !i.soldOut).length) && n <= g.selectQua;
  });
}
