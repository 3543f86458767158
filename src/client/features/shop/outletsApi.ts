/** Outlets and the shops of a business district. */
import { api } from '../../app/api';
import type { ResultTables } from '../../../shared/protocol/envelope';

export interface Outlet {
  BaseID: string;
  ShopID: string;
  name: string;
  address: string;
  /** km, or null when the customer's location is unknown. */
  distance: number | null;
  payMode: string;
}

export interface DistrictShop {
  ShopID: string;
  name: string;
  logo: string;
  notice: string;
  outlets: Outlet[];
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function toOutlet(r: Record<string, unknown>): Outlet {
  const d = s(r.Distance);
  return {
    BaseID: s(r.BaseID),
    ShopID: s(r.ShopID),
    name: s(r.BaseName),
    address: s(r.Address),
    distance: d === '' || Number.isNaN(Number(d)) ? null : Number(d),
    payMode: s(r.PayMode),
  };
}

export const outletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    outletsNear: build.query<Outlet[], { lng: number | null; lat: number | null }>({
      query: ({ lng, lat }) => ({
        op: 'Base_BaseInfoByGPSGet_Get',
        rows: [{ ...(lng !== null && lat !== null ? { GPS_Lng: lng, GPS_Lat: lat } : {}), PageIndex: 1, PageSize: 1000, BaseClass: 0 }],
      }),
      transformResponse: (data: ResultTables) => (data.table1 ?? []).map(toOutlet),
    }),
    districtShops: build.query<DistrictShop[], { ShopID: string }>({
      query: ({ ShopID }) => ({ op: 'Shop_ShopInfoByPage_Get', rows: [{ ShopID, PageIndex: 1, PageSize: 1000 }] }),
      transformResponse: (data: ResultTables) => {
        const outlets = (data.table2 ?? []).map(toOutlet);
        return (data.table1 ?? []).map((r) => ({
          ShopID: s(r.ShopID),
          name: s(r.ShopName),
          logo: s(r.Logo),
          notice: s(r.Notice),
          outlets: outlets.filter((o) => o.ShopID === s(r.ShopID)),
        }));
      },
    }),
  }),
});
