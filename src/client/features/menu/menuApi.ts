/**
 * Menu operations, converted to view types at the boundary (house style 12).
 * Texts (names, units, specs, add-ons...) come in the app's language: the
 * service answers in the Accept-Language the baseQuery sends.
 */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { num, text } from '../../app/rows';
import { toGoods, type Goods } from './goodsRows';

export { toGoods, type Goods };

export interface GoodsClass {
  ClassID: string;
  name: string;
  goodsCount: number;
  /** The ways of ordering it is offered for: '0' (or absent) all, '1' takeout, '2' dine-in (classOffered). */
  businessMode?: string;
}

export interface Sku {
  SkuID: string;
  SkuCode: string;
  SkuItems: string;
  price: string;
  salesPrice: string;
  promotePrice: string | null;
  soldOut: boolean;
  /** Issue 29: the sku's own allergens and diets (shared/domain/diet.ts; '' nothing stated). */
  diet?: string;
}

export interface PackUnit {
  PCode: string;
  name: string;
  Ref: string;
  price: string;
  salesPrice: string;
}

export interface GoodsDetail {
  goods: Goods;
  attributes: { name: string; values: string[] }[];
  skus: Sku[];
  packUnits: PackUnit[];
}

export interface BomGroup {
  BOMClassID: string;
  name: string;
  /** 0 required, 1 optional. */
  selectType: number;
  /** The most parts. */
  selectQua: number;
  /** The fewest parts (SelectMin; older answers: selectQua when required, else 0). */
  selectMin: number;
  items: BomItem[];
}

export interface BomItem {
  BOMClassID: string;
  GoodsID: string;
  name: string;
  BOMAmo: string;
  BOMQua: string;
  punit: string;
  isDefault: boolean;
  soldOut: boolean;
  pic: string;
  /** Issue 29: the part's own allergens and diets ('' nothing stated). */
  diet?: string;
}

export interface AddOn {
  OptionID: string;
  name: string;
  /** Value2: list price. */
  price: string;
  /** Value3: current price. */
  salesPrice: string;
  /** Issue 29: the add-on's allergens and diets ('' nothing stated). */
  diet?: string;
}

/** The goods part of a cart entry (SPEC section 3: goodsDetails), with what the cart shows. */
export function cartGoodsDetails(goods: Goods, shop: { ShopID: string; BaseID: string }, skuItems = '') {
  return {
    GoodsID: goods.GoodsID,
    ShopID: shop.ShopID,
    BaseID: shop.BaseID,
    GoodsName: goods.name,
    GoodsCode: goods.GoodsCode,
    Pic: goods.pic,
    GoodsTypeID: String(goods.type),
    Unit: goods.unit,
    SkuItems: skuItems,
    BagCount: goods.bagCount,
  };
}

// The one set of row readers, bound once: the goods list converts thousands of rows with them
// (issue 14), so they are direct calls here, the same work as when this file had its own copies.
const s = text;
const n = num;

/** One page of the menu's goods, and how many goods the whole menu has. */
export interface GoodsPage {
  readonly goods: readonly Goods[];
  readonly total: number;
}
export interface GoodsPageParam {
  PageIndex: number;
  PageSize: number;
}
/** About two first screens of rows. */
export const FIRST_GOODS_PAGE = 24;
export const GOODS_PAGE = 1000;


export const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The outlet's classes (BaseID): a class with nothing sold there is not on its menu. */
    goodsClasses: build.query<GoodsClass[], { ShopID: string; BaseID: string }>({
      query: ({ ShopID, BaseID }) => request('HBBPos_AllGoodsClassGet_Get', [{ ShopID, BaseID }]),
      providesTags: ['Goods'],
      transformResponse: answer('HBBPos_AllGoodsClassGet_Get', (data) =>
        data.table1.map((r) => ({ ClassID: s(r.ClassID), name: s(r.ClassName), goodsCount: n(r.GoodsCount), businessMode: s(r.BusinessMode) || '0' })),
      ),
    }),
    /**
     * The whole menu in menu order, a page at a time (issue 14): a first page the size of a first
     * screen, then pages of GOODS_PAGE (the first of them reads the first page's goods again), so the
     * first rows do not wait for the whole menu and no single answer blocks the main thread for long.
     * Use it through useMenuGoods, which asks for the pages one after another and joins them.
     */
    goodsPages: build.infiniteQuery<GoodsPage, { ShopID: string; BaseID: string }, GoodsPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { PageIndex: 1, PageSize: FIRST_GOODS_PAGE },
        getNextPageParam: (last, _pages, { PageIndex, PageSize }) => {
          if (last.goods.length < PageSize || PageIndex * PageSize >= last.total) return undefined;
          return PageSize === FIRST_GOODS_PAGE ? { PageIndex: 1, PageSize: GOODS_PAGE } : { PageIndex: PageIndex + 1, PageSize };
        },
      },
      query: ({ queryArg: { ShopID, BaseID }, pageParam }) =>
        request('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID, BaseID, ClassID: '', ...pageParam }]),
      providesTags: ['Goods'],
      // Thousands of read-only rows: frozen here at the top, so immer's deep freeze of the cache stops
      // at once instead of walking every goods (110-190 ms for 5,000 at 4x CPU); and a fresh answer
      // replaces the old one instead of being compared with it field by field.
      structuralSharing: false,
      transformResponse: answer('HBBPos_GoodsClass_GoodsList_V9_Get', (data) =>
        Object.freeze({ goods: Object.freeze(data.table1.map(toGoods)), total: data.table2[0]?.TotalCount ?? 0 }),
      ),
    }),
    homeGoods: build.query<Goods[], { ShopID: string }>({
      query: ({ ShopID }) => request('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID, PageIndex: 1, PageSize: 20 }]),
      providesTags: ['Goods'],
      transformResponse: answer('Goods_GoodsShopHomeGoodsByPage_Get', (data) => data.table1.map(toGoods)),
    }),
    /** The cheap stock poll: which goods and skus are sold out now. */
    soldOut: build.query<{ goods: string[]; skus: string[] }, { ShopID: string; BaseID: string }>({
      query: ({ ShopID, BaseID }) => request('HBBPos_ShopGoodsBaseGet_Get', [{ ShopID, BaseID }], { silent: true }),
      // Read again when a sold-out mark is pushed (features/live).
      providesTags: ['SoldOut'],
      transformResponse: answer('HBBPos_ShopGoodsBaseGet_Get', (data) => {
        const rows = data.table1;
        return {
          goods: rows.filter((r) => !s(r.SkuID)).map((r) => s(r.GoodsID)),
          skus: rows.filter((r) => s(r.SkuID)).map((r) => s(r.SkuID)),
        };
      }),
    }),
  }),
});
