/**
 * A goods row of the menu's answers as the app keeps it. Pure and free of the
 * store: the page's head (boot/firstPaint.ts) reads the home page's goods with
 * it before the app has loaded, as the app does after.
 */
import type { AnswerOf } from '../../app/operation';
import { flag as b, num as n, text as s } from '../../app/rows';

export interface Goods {
  GoodsID: string;
  GoodsCode: string;
  name: string;
  remarks: string;
  ClassID: string;
  /** Goods type: 0 common, 3 bundle, 5 catering, 6 prescription, 7 by weight, 9 bag. */
  type: number;
  /** Sku type: 0 none, 1 single attribute, 2 two attributes. */
  skuType: number;
  unit: string;
  price: string;
  salesPrice: string;
  /** The active promotion price, or null. */
  promotePrice: string | null;
  promotePlanId: string;
  pic: string;
  soldOut: boolean;
  punitCount: number;
  hasBom: boolean;
  hasCharging: boolean;
  bagCount: number;
  /** Issue 29: allergens and diets (shared/domain/diet.ts; '' nothing stated) and the goods it goes well with (ids joined by ','). */
  diet?: string;
  pairs?: string;
}

type Detail = AnswerOf<'EShop_GoodsDetailGet_V2_Get'>;
/** A goods row of any of the menu's answers (the whole-menu list has no remarks). */
type GoodsRow = AnswerOf<'HBBPos_GoodsClass_GoodsList_V9_Get'>['table1'][number] & Partial<Pick<Detail['table1'][number], 'GoodsRemarks'>>;

export function toGoods(row: Partial<GoodsRow>): Goods {
  return {
    GoodsID: s(row.GoodsID),
    GoodsCode: s(row.GoodsCode),
    name: s(row.GoodsName),
    remarks: s(row.GoodsRemarks),
    ClassID: s(row.ClassID),
    type: n(row.GoodsTypeID),
    skuType: n(row.Skus),
    unit: s(row.Unit),
    price: s(row.Price),
    salesPrice: s(row.SalesPrice),
    promotePrice: s(row.PromotePrice) === '' ? null : s(row.PromotePrice),
    promotePlanId: s(row.PromotePlanID),
    pic: s(row.Pic),
    soldOut: b(row.SoldOut),
    punitCount: n(row.PUnitCount),
    hasBom: b(row.HasBom),
    hasCharging: b(row.HasCharging),
    bagCount: n(row.BagCount),
    diet: s(row.Diet),
    pairs: s(row.Pairs),
  };
}
