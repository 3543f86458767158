/**
 * "Order again" (issue 29 section 1), the rule: each line of a past order goes
 * to the cart as the outlet's menu offers it today, at today's price, or is
 * listed with the reason it cannot (never dropped silently):
 *
 * - 'gone': the goods (or its size, pack, bundle part or add-on) is no longer
 *   on this outlet's menu;
 * - 'notOffered': its class is not offered in the way the customer orders now
 *   (a takeaway extra at a table...);
 * - 'soldOut': it (its size, or a chosen bundle part) is sold out now;
 * - 'refused': (never planned here) at a pay-after table, the table's cart on
 *   the service did not take it (orderAgainRun.ts).
 *
 * A re-priced line: the price of the same goods, size (SkuID), pack, bundle
 * parts and add-ons today (the menu's rule, shared/domain/pricing.ts, the one
 * the chooser uses) differs from the price the order line was sold at (its
 * Price per main unit with its extras, or PUnitPrice per pack), compared at the
 * enterprise's PricePoint. The service prices the cart again at checkout.
 * Voided lines are not ordered again.
 */
import { classOffered } from '../../../shared/domain/businessMode';
import { toMinor, type NumberFormats } from '../../../shared/domain/numbers';
import { packPrice, unitPrice } from '../../../shared/domain/pricing';
import type { Attachment, BomChoice } from '../../../shared/domain/cart';
import { cartGoodsDetails, type AddOn, type BomGroup, type Goods, type GoodsClass, type GoodsDetail } from '../menu';

/** A line of the past order, as the order's detail answers it. */
export interface PastLine {
  GoodsID: string;
  SkuID: string;
  PUnit: string;
  name: string;
  skuItems: string;
  price: string;
  punitPrice: string;
  pQua: string;
  mQua: string;
  /** The line's Detail JSON (bundle parts, add-ons, remarks). */
  detail: string;
  voided: boolean;
}

/** What the outlet offers today. */
export interface Today {
  /** The outlet's menu (goods it sells), by GoodsID. */
  goods: ReadonlyMap<string, Goods>;
  classes: readonly GoodsClass[];
  /** The cart's business mode. */
  mode: string;
  soldOutGoods: ReadonlySet<string>;
  soldOutSkus: ReadonlySet<string>;
  details: ReadonlyMap<string, GoodsDetail>;
  addOns: ReadonlyMap<string, readonly AddOn[]>;
  bundles: ReadonlyMap<string, readonly BomGroup[]>;
}

export type Missing = 'gone' | 'notOffered' | 'soldOut' | 'refused';

export interface NewLine {
  SkuID: string;
  PUnit: string;
  PUnitPrice: string;
  Price: string;
  Ref: string;
  isPack: boolean;
  mQua: number;
  pQua: number;
  remarkList: string[];
  bomList: BomChoice[];
  attachmentList: Attachment[];
}

export type Outcome =
  | { kind: 'added'; name: string; goodsDetails: ReturnType<typeof cartGoodsDetails>; line: NewLine; was: string; now: string; repriced: boolean }
  | { kind: 'missing'; name: string; reason: Missing };

interface ParsedDetail {
  bomList: { BOMClassID: string; GoodsID: string }[];
  attachmentList: { OptionID: string }[];
  remarkList: string[];
}

export function parseDetail(detail: string): ParsedDetail {
  const empty: ParsedDetail = { bomList: [], attachmentList: [], remarkList: [] };
  if (!detail.trim()) return empty;
  try {
    const d = JSON.parse(detail) as Record<string, unknown> | null;
    if (!d || typeof d !== 'object') return empty;
    const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);
    const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    return {
      bomList: list(d.bomList).map((b) => ({ BOMClassID: s(b.BOMClassID), GoodsID: s(b.GoodsID) })),
      attachmentList: list(d.attachmentList).map((a) => ({ OptionID: s(a.OptionID) })),
      remarkList: Array.isArray(d.remarkList) ? d.remarkList.map(s).filter(Boolean) : [],
    };
  } catch {
    return empty;
  }
}

/** What today's data is needed for these lines: goods whose detail (sizes, packs), add-ons or bundle parts are read. */
export function neededReads(lines: readonly PastLine[]): { details: string[]; addOns: string[]; bundles: string[] } {
  const details = new Set<string>();
  const addOns = new Set<string>();
  const bundles = new Set<string>();
  for (const l of lines) {
    if (l.voided || !l.GoodsID) continue;
    if (l.SkuID || l.PUnit) details.add(l.GoodsID);
    const d = parseDetail(l.detail);
    if (d.attachmentList.length) addOns.add(l.GoodsID);
    if (d.bomList.length) bundles.add(l.GoodsID);
  }
  return { details: [...details], addOns: [...addOns], bundles: [...bundles] };
}

const num = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function planReorder(
  lines: readonly PastLine[],
  today: Today,
  shop: { ShopID: string; BaseID: string },
  formats: Pick<NumberFormats, 'PricePoint'>,
): Outcome[] {
  const offered = new Set(today.classes.filter((c) => classOffered(c.businessMode ?? '0', today.mode)).map((c) => c.ClassID));
  const out: Outcome[] = [];
  for (const l of lines) {
    if (l.voided) continue;
    const name = l.skuItems ? `${l.name} (${l.skuItems})` : l.name;
    const missing = (reason: Missing) => out.push({ kind: 'missing', name, reason });
    const goods = today.goods.get(l.GoodsID);
    if (!goods) {
      missing('gone');
      continue;
    }
    if (!offered.has(goods.ClassID)) {
      missing('notOffered');
      continue;
    }
    if (goods.soldOut || today.soldOutGoods.has(goods.GoodsID)) {
      missing('soldOut');
      continue;
    }
    const detail = today.details.get(goods.GoodsID);
    const sku = l.SkuID ? detail?.skus.find((k) => k.SkuID === l.SkuID) : undefined;
    if (l.SkuID && !sku) {
      missing('gone');
      continue;
    }
    if (sku && (sku.soldOut || today.soldOutSkus.has(sku.SkuID))) {
      missing('soldOut');
      continue;
    }
    const pack = l.PUnit ? detail?.packUnits.find((p) => p.name === l.PUnit) : undefined;
    if (l.PUnit && !pack) {
      missing('gone');
      continue;
    }
    const parsed = parseDetail(l.detail);
    const groups = today.bundles.get(goods.GoodsID) ?? [];
    const parts = parsed.bomList.map((b) => groups.find((g) => g.BOMClassID === b.BOMClassID)?.items.find((i) => i.GoodsID === b.GoodsID));
    const options = today.addOns.get(goods.GoodsID) ?? [];
    const addOns = parsed.attachmentList.map((a) => options.find((o) => o.OptionID === a.OptionID));
    if (parts.some((p) => !p) || addOns.some((a) => !a)) {
      missing('gone');
      continue;
    }
    const bomItems = parts.map((p) => p!);
    if (bomItems.some((p) => p.soldOut || today.soldOutGoods.has(p.GoodsID))) {
      missing('soldOut');
      continue;
    }
    const addOnItems = addOns.map((a) => a!);
    const extras = { bomAmos: bomItems.map((i) => i.BOMAmo || '0'), addOnPrices: addOnItems.map((a) => a.salesPrice || '0') };
    const base = sku ?? { salesPrice: goods.salesPrice, promotePrice: goods.promotePrice };
    const mainPrice = unitPrice({ salesPrice: base.salesPrice, promotePrice: base.promotePrice, ...extras }, formats);
    const thePackPrice = pack ? packPrice(pack.salesPrice, pack.Ref, extras, formats) : '0';
    const pQua = pack ? num(l.pQua) : 0;
    const mQua = num(l.mQua);
    if (pQua + mQua <= 0) continue;
    const was = pack && pQua > 0 ? l.punitPrice : l.price;
    const now = pack && pQua > 0 ? thePackPrice : mainPrice;
    const repriced = toMinor(was || '0', formats.PricePoint) !== toMinor(now, formats.PricePoint);
    out.push({
      kind: 'added',
      name,
      goodsDetails: cartGoodsDetails(goods, shop, sku?.SkuItems ?? ''),
      was,
      now,
      repriced,
      line: {
        SkuID: sku?.SkuID ?? '',
        PUnit: pack ? pack.name : '',
        PUnitPrice: pack ? thePackPrice : '0',
        Price: mainPrice,
        Ref: pack ? pack.Ref : '1',
        isPack: goods.punitCount > 0 || (detail?.packUnits.length ?? 0) > 0,
        mQua,
        pQua,
        remarkList: parsed.remarkList,
        bomList: bomItems.map((i) => ({ BOMClassID: i.BOMClassID, GoodsID: i.GoodsID, GoodsName: i.name, BOMAmo: i.BOMAmo || '0', BOMQua: Number(i.BOMQua) || 1 })),
        attachmentList: addOnItems.map((a) => ({ OptionID: a.OptionID, Value: a.name, Value2: a.price, Value3: a.salesPrice })),
      },
    });
  }
  return out;
}
