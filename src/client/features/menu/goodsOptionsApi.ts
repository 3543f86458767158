/**
 * A goods' details, bundle parts and add-ons: what the goods chooser, the price refresh and Order again
 * read, never the first screen (issue 24: injected into the API from here, these endpoints and their row
 * conversions stay out of the first screen's download; menuApi.ts has the menu's lists).
 */
import { answer, request, type AnswerOf } from '../../app/operation';
import { flag, num, text } from '../../app/rows';
import { toGoods } from './goodsRows';
import { menuApi, type AddOn, type BomGroup, type GoodsDetail } from './menuApi';

const s = text;
const n = num;
const b = flag;

type Detail = AnswerOf<'EShop_GoodsDetailGet_V2_Get'>;

function parseAttributes(text: string): { name: string; values: string[] }[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((a): a is { name: unknown; values: unknown } => typeof a === 'object' && a !== null)
      .map((a) => ({ name: s(a.name), values: Array.isArray(a.values) ? a.values.map(s) : [] }))
      .filter((a) => a.name && a.values.length > 0);
  } catch {
    return [];
  }
}

export const goodsOptionsApi = menuApi.injectEndpoints({
  endpoints: (build) => ({
    goodsDetail: build.query<GoodsDetail, { GoodsID: string }>({
      query: ({ GoodsID }) => request('EShop_GoodsDetailGet_V2_Get', [{ GoodsID }]),
      transformResponse: answer('EShop_GoodsDetailGet_V2_Get', (data) => {
        const row: Partial<Detail['table1'][number]> = data.table1[0] ?? {};
        return {
          goods: toGoods(row),
          attributes: parseAttributes(s(row.SkuAttributeValues)),
          skus: data.table2.map((r) => ({
            SkuID: s(r.SkuID),
            SkuCode: s(r.SkuCode),
            SkuItems: s(r.SkuItems),
            price: s(r.Price),
            salesPrice: s(r.SalesPrice),
            promotePrice: s(r.PromotePrice) === '' ? null : s(r.PromotePrice),
            soldOut: b(r.SoldOut),
            diet: s(r.Diet),
          })),
          packUnits: data.table3.map((r) => ({
            PCode: s(r.PCode),
            name: s(r.PUnit),
            Ref: s(r.Ref),
            price: s(r.Price),
            salesPrice: s(r.SalesPrice),
          })),
        };
      }),
    }),
    /** With BaseID (the order's outlet), the parts switched off there are left out (issue 27). */
    bundle: build.query<BomGroup[], { GoodsID: string; BaseID?: string }>({
      query: ({ GoodsID, BaseID }) => request('HBBPos_GoodsBomList_V3_Get', [{ GoodsID, ...(BaseID ? { BaseID } : {}) }]),
      transformResponse: answer('HBBPos_GoodsBomList_V3_Get', (data) => {
        const items = data.table2.map((r) => ({
          BOMClassID: s(r.BOMClassID),
          GoodsID: s(r.GoodsID),
          name: s(r.GoodsName),
          BOMAmo: s(r.BOMAmo),
          BOMQua: s(r.BOMQua),
          punit: s(r.BOMGoodsPUnit),
          isDefault: b(r.IsDefault),
          soldOut: b(r.SoldOut),
          pic: s(r.Pic),
          diet: s(r.Diet),
        }));
        return data.table1.map((r) => {
          const selectQua = Math.max(1, n(r.SelectQua));
          const selectType = n(r.SelectType);
          // SelectMin (issue 27) where the service sends it; else what SelectType always meant.
          const selectMin = r.SelectMin === undefined ? (selectType === 0 ? selectQua : 0) : Math.min(selectQua, Math.max(0, n(r.SelectMin)));
          return {
            BOMClassID: s(r.BOMClassID),
            name: s(r.ClassName),
            selectType,
            selectQua,
            selectMin,
            items: items.filter((i) => i.BOMClassID === s(r.BOMClassID)),
          };
        });
      }),
    }),
    addOns: build.query<AddOn[], { GoodsID: string }>({
      query: ({ GoodsID }) => request('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID }]),
      transformResponse: answer('Cust_GmGoodsChargingListGet_V1_Get', (data) =>
        data.table1.map((r) => ({
          OptionID: s(r.OptionID),
          name: s(r.Value),
          price: s(r.Value2),
          salesPrice: s(r.Value3),
          diet: s(r.Diet),
        })),
      ),
    }),
  }),
});
