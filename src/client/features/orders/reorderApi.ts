/**
 * "Order again" reads the outlet's whole menu as it is now (issue 29 section
 * 1): every goods the outlet sells, a page of GOODS_PAGE after another, in
 * one query (the menu page reads the same pages as an infinite query).
 */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { toGoods, type Goods } from '../menu';
import type { ResultTables } from '../../../shared/protocol/envelope';

const PAGE = 1000;
const MAX_PAGES = 50;

export const reorderApi = api.injectEndpoints({
  endpoints: (build) => ({
    outletMenu: build.query<Goods[], { ShopID: string; BaseID: string }>({
      async queryFn({ ShopID, BaseID }, _api, _extra, baseQuery) {
        const goods: Goods[] = [];
        const read = answer('HBBPos_GoodsClass_GoodsList_V9_Get', (r) => ({ rows: r.table1.map(toGoods), total: r.table2[0]?.TotalCount ?? 0 }));
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const res = await baseQuery(request('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID, BaseID, ClassID: '', PageIndex: page, PageSize: PAGE }]));
          if (res.error) return { error: res.error };
          const { rows, total } = read(res.data as ResultTables, undefined, undefined);
          goods.push(...rows);
          if (rows.length < PAGE || goods.length >= total) break;
        }
        return { data: goods };
      },
    }),
  }),
});
