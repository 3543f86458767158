/** Outlets and the shops of a business district. */
import { api } from '../../app/api';
import { answer, request, type AnswerOf } from '../../app/operation';
import { numberOrNull, text } from '../../app/rows';

export interface Outlet {
  BaseID: string;
  ShopID: string;
  name: string;
  address: string;
  /** km, or null when the customer's location is unknown. */
  distance: number | null;
  payMode: string;
  /** Its opening hours as the outlet's row gives them (hoursLine.ts and the guard read them). */
  OpeningHours: string;
  BeginTime: string;
  EndTime: string;
  /** Its own time zone ('' its enterprise's). */
  TimeZone: string;
}

export interface DistrictShop {
  ShopID: string;
  name: string;
  logo: string;
  notice: string;
  outlets: Outlet[];
}

type NearRow = AnswerOf<'Base_BaseInfoByGPSGet_Get'>['table1'][number];
type DistrictRow = AnswerOf<'Shop_ShopInfoByPage_Get'>['table2'][number];

/** An outlet of either answer: a shop's outlets by distance (with Address and Distance) or a district's (without). */
function toOutlet(r: DistrictRow & Partial<Pick<NearRow, 'Address' | 'Distance' | 'OpeningHours' | 'BeginTime' | 'EndTime' | 'TimeZone'>>): Outlet {
  return {
    BaseID: text(r.BaseID),
    ShopID: text(r.ShopID),
    name: text(r.BaseName),
    address: text(r.Address),
    distance: numberOrNull(r.Distance),
    payMode: text(r.PayMode),
    OpeningHours: text(r.OpeningHours),
    BeginTime: text(r.BeginTime),
    EndTime: text(r.EndTime),
    TimeZone: text(r.TimeZone),
  };
}

export const outletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    outletsNear: build.query<Outlet[], { lng: number | null; lat: number | null }>({
      query: ({ lng, lat }) =>
        request('Base_BaseInfoByGPSGet_Get', [{ ...(lng !== null && lat !== null ? { GPS_Lng: lng, GPS_Lat: lat } : {}), PageIndex: 1, PageSize: 1000, BaseClass: 0 }]),
      transformResponse: answer('Base_BaseInfoByGPSGet_Get', (r) => r.table1.map(toOutlet)),
    }),
    districtShops: build.query<DistrictShop[], { ShopID: string }>({
      query: ({ ShopID }) => request('Shop_ShopInfoByPage_Get', [{ ShopID, PageIndex: 1, PageSize: 1000 }]),
      transformResponse: answer('Shop_ShopInfoByPage_Get', (r) => {
        const outlets = r.table2.map(toOutlet);
        return r.table1.map((shop) => ({
          ShopID: text(shop.ShopID),
          name: text(shop.ShopName),
          logo: text(shop.Logo),
          notice: text(shop.Notice),
          outlets: outlets.filter((o) => o.ShopID === text(shop.ShopID)),
        }));
      }),
    }),
  }),
});
