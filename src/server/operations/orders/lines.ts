/**
 * The lines of an order, priced from the service's own data exactly as
 * src/shared/domain/pricing.ts and cart.ts say:
 *
 *   Price      = current price of the sku (or the goods without skus): its
 *                running promotion price when lower, else its sales price
 *              + each chosen bundle part's surcharge (BOMAmo)
 *              + each chosen add-on's current price (Value3)
 *   PUnitPrice = the pack unit's sales price + the same extras x Ref
 *   Amo        = PQua x PUnitPrice + MQua x Price, rounded once at AmoPoint
 *
 * and checked: the goods is the shop's, sold at the order's outlet and not sold out; a goods with skus
 * names one of its skus (not sold out), a goods without none; a pack unit is
 * one of the goods'; bundle parts belong to the goods' bundle groups, each
 * group has from its minimum (select_min, migrations/035) to its maximum
 * (SelectQua) parts, and no part is sold out or switched off at the order's
 * outlet; add-ons are linked to the goods;
 * quantities are whole except for goods sold by weight (three decimals); a
 * promotion's per-order limit holds. Everything is read in one statement
 * for all lines at once.
 */
import { lineAmountMinor, QUANTITY_SCALE } from '../../../shared/domain/cart';
import { toMinor } from '../../../shared/domain/numbers';
import { currentPrice, packPrice, unitPrice } from '../../../shared/domain/pricing';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { OpError } from '../context';
import { tr, trBy, type TextLangs } from '../localized';
import type { Formats } from './outlet';

const GOODS_TYPE_BY_WEIGHT = 7;
/** Sale types (SPEC section 4). */
const SAL_TYPE = { normal: 0, promote: 2 } as const;

/** A line as the client sent it, normalised (zero-quantity lines are dropped before). */
export interface RequestLine {
  /** 1-based position in Item1, for messages. */
  n: number;
  GoodsID: string;
  SkuID: string;
  PUnit: string;
  PQua: number;
  MQua: number;
  /** The client's amount, checked against the server's. */
  Amo: number;
  bom: { BOMClassID: string; GoodsID: string }[];
  options: string[];
  remarks: string[];
  /** Issue 28: the line's author when it comes from the table's live cart (sheet_item.added_by); else the sender. */
  addedBy?: string;
}

export interface PricedLine extends RequestLine {
  goodsName: string;
  skuItems: string;
  /** Main units: PQua x Ref + MQua. */
  qua: number;
  ref: string;
  /** Per main unit, with extras, at PricePoint. */
  price: string;
  /** Per pack, with extras ('0' without a pack unit). */
  punitPrice: string;
  /** The current price of the sku/goods before extras (the promotion price when one applies). */
  salesPrice: string;
  amoMinor: number;
  /** What the promotion took off the line, in minor units at AmoPoint. */
  disMinor: number;
  salType: number;
  /** Plastic bags the line needs when taken away. */
  bags: number;
  /** JSON text of the choices by reference, with their prices ('' for a plain line; lineTexts.ts reads it). */
  detail: string;
}

type GoodsDb = {
  goods_id: string;
  shop_id: string;
  goods_name: string;
  /** The name in the caller's language, for messages. */
  shown_name: string;
  goods_type: number;
  sales_price: string;
  sold_out: boolean;
  bag_count: number;
  /** Not sold at the order's outlet (PriceOpts.baseId). */
  off_here?: boolean;
};
type SkuDb = {
  sku_id: string;
  goods_id: string;
  sku_items: string;
  shown_items: string;
  sales_price: string;
  sold_out: boolean;
};
type PackDb = {
  goods_id: string;
  punit: string;
  punit_tw: string;
  punit_en: string;
  ref: string;
  sales_price: string;
};
type BomClassDb = {
  goods_id: string;
  bom_class_id: string;
  /** The group's name in the caller's language, for messages. */
  shown_name?: string;
  select_type: number;
  /** The most parts (SelectQua). */
  select_qua: number;
  /** The fewest parts (migrations/035; rows without one read as select_type said). */
  select_min: number;
};
type BomItemDb = {
  bom_class_id: string;
  goods_id: string;
  shown_name: string;
  bom_amo: string;
  sold_out: boolean;
  /** The part is not sold at the order's outlet (PriceOpts.baseId). */
  off_here?: boolean;
};
type OptionDb = {
  goods_id: string;
  option_id: string;
  price: string;
  sales_price: string;
};
type PromoDb = {
  goods_id: string;
  sku_id: string;
  promote_price: string;
  plan_id: string;
  limit_qua: string | null;
};

const groupBy = <T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
};

/** Whether a quantity is a whole number, or (by weight) has at most QUANTITY_SCALE decimals. */
function quantityOk(q: number, byWeight: boolean): boolean {
  if (!byWeight) return Number.isInteger(q);
  return Math.abs(q * 10 ** QUANTITY_SCALE - Math.round(q * 10 ** QUANTITY_SCALE)) < 1e-6;
}

/** The menu's rows an order's lines need, by goods (and bundle group). */
export interface MenuRows {
  goods: Map<string, GoodsDb>;
  skus: Map<string, SkuDb[]>;
  packs: Map<string, PackDb[]>;
  bomClasses: Map<string, BomClassDb[]>;
  bomItems: Map<string, BomItemDb[]>;
  options: Map<string, OptionDb[]>;
  /** The promotion rows running at `now` (the same rule as the menu reads, operations/menu/). */
  promos: Map<string, PromoDb[]>;
}

/** A bundle group's fewest parts: select_min, or what select_type said before migrations/035 (required: select_qua; optional: 0). */
export const BOM_MIN = (alias = '') => `COALESCE(${alias}select_min, CASE WHEN ${alias}select_type = 0 THEN ${alias}select_qua ELSE 0 END)`;

/** Whether goods `g` (an alias of goods) is switched off at outlet `base` (a text parameter; NULL: no outlet, never off). */
export const offAt = (g: string, base: string) =>
  `(${base}::text IS NOT NULL AND (EXISTS (SELECT 1 FROM goods_outlet_off o WHERE o.goods_id = ${g}.goods_id AND o.base_id = ${base}::text)
     OR EXISTS (SELECT 1 FROM goods_class_outlet_off o WHERE o.class_id = ${g}.class_id AND o.base_id = ${base}::text)))`;

/** baseId: the outlet the order is for; a goods it does not sell (goods_outlet_off, or its class hidden there) is refused. */
type PriceOpts = { shopId: string; baseId?: string; now: Date; formats: Formats; langs?: TextLangs };

/** Main units bought at a promotion price, per plan/goods/sku, for the per-order limits. */
type Promoted = Map<string, { qua: number; limit: number; name: string }>;

/** Prices the lines of an order for `shopId` at `now`; throws an OpError for the first line that cannot be sold. */
export async function priceLines(tx: Queryable, opts: PriceOpts, lines: readonly RequestLine[]): Promise<PricedLine[]> {
  const menu = await readMenu(tx, opts, [...new Set(lines.map((l) => l.GoodsID))]);
  const promoted: Promoted = new Map();
  const priced = lines.map((line) => priceLine(menu, opts, line, promoted));
  checkPromoteLimits(promoted);
  return priced;
}

/** Step 1: everything the lines need, in one statement: each part a JSON array (numerics as text, as the driver reads them). */
async function readMenu(tx: Queryable, opts: PriceOpts, goodsIds: string[]): Promise<MenuRows> {
  // Messages name goods and skus in the caller's language (operations/localized.ts); stored names stay the base texts.
  const shown = (column: string, group?: string) => (!opts.langs ? column : group ? trBy(group, column, opts.langs) : tr(column, opts.langs));
  const list = (sql: string) => `(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${sql}) x)`;
  const [read] = await tx.query<{ goods: GoodsDb[]; skus: SkuDb[]; packs: PackDb[]; bom_classes: BomClassDb[]; bom_items: BomItemDb[]; options: OptionDb[]; promos: PromoDb[] }>(
    `SELECT
       ${list(`SELECT goods_id, shop_id, goods_name, ${shown('goods_name')} AS shown_name, goods_type, sales_price::text AS sales_price, sold_out, bag_count,
                      ${offAt('goods', '$4')} AS off_here
                 FROM goods WHERE goods_id = ANY ($1::text[]) AND archived_at IS NULL`)} AS goods,
       ${list(`SELECT k.sku_id, k.goods_id, k.sku_items, ${shown('k.sku_items', 'g.sku_attribute_values')} AS shown_items, k.sales_price::text AS sales_price, k.sold_out
                 FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id WHERE k.goods_id = ANY ($1::text[])`)} AS skus,
       ${list(`SELECT goods_id, punit, punit_tw, punit_en, ref::text AS ref, sales_price::text AS sales_price FROM goods_punit WHERE goods_id = ANY ($1::text[])`)} AS packs,
       ${list(`SELECT goods_id, bom_class_id, ${shown('class_name')} AS shown_name, select_type, select_qua, ${BOM_MIN()} AS select_min
                 FROM goods_bom_class WHERE goods_id = ANY ($1::text[])`)} AS bom_classes,
       ${list(`SELECT i.bom_class_id, i.goods_id, ${shown('p.goods_name')} AS shown_name, i.bom_amo::text AS bom_amo, p.sold_out,
                      ${offAt('p', '$4')} AS off_here
                 FROM goods_bom_class c
                 JOIN goods_bom_item i ON i.bom_class_id = c.bom_class_id
                 JOIN goods p ON p.goods_id = i.goods_id
                WHERE c.goods_id = ANY ($1::text[])`)} AS bom_items,
       ${list(`SELECT l.goods_id, o.option_id, o.price::text AS price, o.sales_price::text AS sales_price
                 FROM goods_charging_link l JOIN goods_charging o ON o.option_id = l.option_id
                WHERE l.goods_id = ANY ($1::text[])`)} AS options,
       ${list(`SELECT pg.goods_id, pg.sku_id, pg.promote_price::text AS promote_price, pp.plan_id, pp.limit_qua::text AS limit_qua
                 FROM promote_plan pp
                 JOIN shop s ON s.shop_id = pp.shop_id
                 JOIN enterprise e ON e.ent_id = s.ent_id
                 JOIN promote_goods pg ON pg.plan_id = pp.plan_id
                WHERE pp.shop_id = $2 AND pp.end_at > $3::timestamptz AND pp.begin_at <= $3::timestamptz
                  AND pg.goods_id = ANY ($1::text[])
                  AND (btrim(pp.week_days) = ''
                       OR EXTRACT(ISODOW FROM ($3::timestamptz AT TIME ZONE e.time_zone))::int::text
                          = ANY (string_to_array(replace(pp.week_days, ' ', ''), ',')))`)} AS promos`,
    [goodsIds, opts.shopId, opts.now, opts.baseId ?? null],
  );
  return {
    goods: new Map(read!.goods.map((g) => [g.goods_id, g])),
    skus: groupBy(read!.skus, (k) => k.goods_id),
    packs: groupBy(read!.packs, (p) => p.goods_id),
    bomClasses: groupBy(read!.bom_classes, (c) => c.goods_id),
    bomItems: groupBy(read!.bom_items, (i) => i.bom_class_id),
    options: groupBy(read!.options, (o) => o.goods_id),
    promos: groupBy(read!.promos, (p) => p.goods_id),
  };
}

/** Step 2: one line: its goods, sku, pack unit, bundle parts and add-ons as chosen, then its prices. */
export function priceLine(menu: MenuRows, opts: PriceOpts, line: RequestLine, promoted: Promoted): PricedLine {
  const g = goodsOfLine(menu, opts.shopId, line);
  const changed = () => new OpError('choicesChanged', ErrorCode.business, { name: g.shown_name });
  const sku = skuOfLine(menu, g, line, changed);
  const pack = packOfLine(menu, g, line, changed);
  const parts = partsOfLine(menu, g, line, changed);
  const addOns = addOnsOfLine(menu, g, line, changed);
  const prices = linePrices(menu, opts.formats, { g, sku, pack, parts, addOns, line }, promoted);
  const ref = pack ? pack.ref : '1';
  const qua = line.PQua * Number(ref) + line.MQua;
  return {
    ...line,
    // Stored as the base texts, whatever language the app sent them in.
    PUnit: pack ? pack.punit : '',
    goodsName: g.goods_name,
    skuItems: sku?.sku_items ?? '',
    qua: Math.round(qua * 10 ** QUANTITY_SCALE) / 10 ** QUANTITY_SCALE,
    ref,
    ...prices,
    bags: g.bag_count * (line.PQua + Math.ceil(line.MQua)),
    detail: lineDetail(parts, addOns, line.remarks),
  };
}

/** The line's goods: of this shop, its quantities in its unit's steps, not sold out. */
function goodsOfLine(menu: MenuRows, shopId: string, line: RequestLine): GoodsDb {
  const g = menu.goods.get(line.GoodsID);
  if (!g || g.shop_id !== shopId) throw new OpError('goodsNotFound');
  const byWeight = g.goods_type === GOODS_TYPE_BY_WEIGHT;
  if (!quantityOk(line.MQua, byWeight) || !Number.isInteger(line.PQua)) {
    throw new OpError('orderInvalid', ErrorCode.badRequest, {
      reason: `Item1[${line.n - 1}]: ${byWeight ? 'quantities have at most 3 decimals' : 'quantities are whole numbers'}`,
    });
  }
  if (g.sold_out) throw new OpError('soldOutItem', ErrorCode.business, { name: g.shown_name });
  // Switched off at this outlet in the back office (issue 27): refused as a sold-out goods is, by name.
  if (g.off_here) throw new OpError('notSoldHere', ErrorCode.business, { name: g.shown_name });
  return g;
}

/** The line's sku: one of the goods' when it has skus (not sold out), none when it has not. */
function skuOfLine(menu: MenuRows, g: GoodsDb, line: RequestLine, changed: () => OpError): SkuDb | undefined {
  const goodsSkus = menu.skus.get(g.goods_id) ?? [];
  if (goodsSkus.length === 0) {
    if (line.SkuID !== '') throw changed();
    return undefined;
  }
  const sku = goodsSkus.find((s) => s.sku_id === line.SkuID);
  if (!sku) throw changed();
  if (sku.sold_out) throw new OpError('soldOutItem', ErrorCode.business, { name: `${g.shown_name} ${sku.shown_items}`.trim() });
  return sku;
}

/** The line's pack unit, as the app showed it in any of the three languages; needed for a pack quantity. */
function packOfLine(menu: MenuRows, g: GoodsDb, line: RequestLine, changed: () => OpError): PackDb | undefined {
  if (line.PUnit !== '') {
    const pack = (menu.packs.get(g.goods_id) ?? []).find((p) => [p.punit, p.punit_tw, p.punit_en].includes(line.PUnit));
    if (!pack) throw changed();
    return pack;
  }
  if (line.PQua > 0) throw new OpError('orderInvalid', ErrorCode.badRequest, { reason: `Item1[${line.n - 1}]: PQua needs a PUnit` });
  return undefined;
}

/** The line's bundle parts: each of its groups', once, not sold out nor off at the outlet, from each group's minimum to its maximum. */
function partsOfLine(menu: MenuRows, g: GoodsDb, line: RequestLine, changed: () => OpError): BomItemDb[] {
  const groups = menu.bomClasses.get(g.goods_id) ?? [];
  const chosen = new Map<string, BomItemDb[]>();
  const seen = new Set<string>();
  for (const choice of line.bom) {
    const key = `${choice.BOMClassID}\u0000${choice.GoodsID}`;
    const item = groups.some((c) => c.bom_class_id === choice.BOMClassID)
      ? (menu.bomItems.get(choice.BOMClassID) ?? []).find((i) => i.goods_id === choice.GoodsID)
      : undefined;
    if (!item || seen.has(key)) throw changed();
    seen.add(key);
    if (item.sold_out) throw new OpError('soldOutItem', ErrorCode.business, { name: item.shown_name });
    // A part switched off at the order's outlet is not offered there (the chooser leaves it out): refused as a goods is.
    if (item.off_here) throw new OpError('notSoldHere', ErrorCode.business, { name: item.shown_name });
    chosen.set(choice.BOMClassID, [...(chosen.get(choice.BOMClassID) ?? []), item]);
  }
  for (const group of groups) {
    const n = chosen.get(group.bom_class_id)?.length ?? 0;
    const [min, max] = bomLimits(group);
    if (n < min || n > max) {
      const key = min === max ? 'bundleChoicesExactly' : min === 0 ? 'bundleChoicesUpTo' : 'bundleChoices';
      throw new OpError(key, ErrorCode.business, { name: g.shown_name, group: group.shown_name ?? '', min, max });
    }
  }
  return line.bom.map((c) => (menu.bomItems.get(c.BOMClassID) ?? []).find((i) => i.goods_id === c.GoodsID)!);
}

/** A group's fewest and most parts (a row without select_min reads as select_type said). */
export function bomLimits(group: Pick<BomClassDb, 'select_type' | 'select_qua'> & { select_min?: number | null }): [number, number] {
  const max = Number(group.select_qua);
  const min = group.select_min === undefined || group.select_min === null ? (Number(group.select_type) === 0 ? max : 0) : Number(group.select_min);
  return [min, max];
}

/** The line's add-ons: the goods' own, each once. */
function addOnsOfLine(menu: MenuRows, g: GoodsDb, line: RequestLine, changed: () => OpError): OptionDb[] {
  const linked = menu.options.get(g.goods_id) ?? [];
  if (new Set(line.options).size !== line.options.length) throw changed();
  return line.options.map((id) => {
    const option = linked.find((o) => o.option_id === id);
    if (!option) throw changed();
    return option;
  });
}

/** Step 3: the line's prices (pricing.ts) and amount (cart.ts), the best running promotion's discount, counted for its limit. */
function linePrices(
  menu: MenuRows,
  formats: Formats,
  { g, sku, pack, parts, addOns, line }: { g: GoodsDb; sku: SkuDb | undefined; pack: PackDb | undefined; parts: BomItemDb[]; addOns: OptionDb[]; line: RequestLine },
  promoted: Promoted,
): Pick<PricedLine, 'price' | 'punitPrice' | 'salesPrice' | 'amoMinor' | 'disMinor' | 'salType'> {
  const listPrice = sku ? sku.sales_price : g.sales_price;
  const goodsPromos = (menu.promos.get(g.goods_id) ?? []).filter((p) => p.sku_id === '' || (sku && p.sku_id === sku.sku_id));
  const best = goodsPromos.reduce<PromoDb | undefined>((low, p) => (!low || Number(p.promote_price) < Number(low.promote_price) ? p : low), undefined);
  const extras = { bomAmos: parts.map((p) => p.bom_amo), addOnPrices: addOns.map((o) => o.sales_price) };
  const price = unitPrice({ salesPrice: listPrice, promotePrice: best?.promote_price ?? null, ...extras }, formats);
  const punitPrice = pack ? packPrice(pack.sales_price, pack.ref, extras, formats) : '0';
  const amoMinor = lineAmountMinor({ pQua: line.PQua, mQua: line.MQua, PUnitPrice: punitPrice, Price: price }, formats);
  const salesPrice = currentPrice(listPrice, best?.promote_price ?? null);
  const promoApplies = best !== undefined && salesPrice !== listPrice && line.MQua > 0;
  let disMinor = 0;
  if (promoApplies) {
    const withoutPromo = unitPrice({ salesPrice: listPrice, ...extras }, formats);
    disMinor = lineAmountMinor({ pQua: line.PQua, mQua: line.MQua, PUnitPrice: punitPrice, Price: withoutPromo }, formats) - amoMinor;
    if (best.limit_qua !== null) {
      const key = `${best.plan_id}\u0000${g.goods_id}\u0000${sku?.sku_id ?? ''}`;
      const sofar = promoted.get(key) ?? { qua: 0, limit: Number(best.limit_qua), name: g.shown_name };
      sofar.qua += line.MQua;
      promoted.set(key, sofar);
    }
  }
  return { price, punitPrice, salesPrice, amoMinor, disMinor, salType: promoApplies ? SAL_TYPE.promote : SAL_TYPE.normal };
}

/** The line's Detail: references and prices of its parts and add-ons, and its remarks, never texts ('' for a plain line). */
export function lineDetail(parts: readonly Pick<BomItemDb, 'bom_class_id' | 'goods_id' | 'bom_amo'>[], addOns: readonly Pick<OptionDb, 'option_id' | 'price' | 'sales_price'>[], remarks: readonly string[]): string {
  if (!parts.length && !addOns.length && !remarks.length) return '';
  // Reads answer the names in the reader's language (lineTexts.ts).
  return JSON.stringify({
    bomList: parts.map((p) => ({ BOMClassID: p.bom_class_id, GoodsID: p.goods_id, BOMAmo: p.bom_amo })),
    attachmentList: addOns.map((o) => ({ OptionID: o.option_id, Value2: o.price, Value3: o.sales_price })),
    remarkList: remarks,
  });
}

/** Step 4: the promotions' per-order limits, over all the lines. */
export function checkPromoteLimits(promoted: ReadonlyMap<string, { qua: number; limit: number; name: string }>): void {
  for (const { qua, limit, name } of promoted.values()) {
    if (qua > limit) throw new OpError('promoteLimit', ErrorCode.business, { name, limit });
  }
}

/** A client amount (a number) in minor units at `scale`, for comparing with the server's. */
export function clientMinor(amount: number, scale: number): number {
  return toMinor(amount, scale);
}
