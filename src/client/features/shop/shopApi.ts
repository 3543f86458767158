/** Shop operations: resolving a scanned code, the shop page, the entity's parameters. */
import { api } from '../../app/api';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { BaseInfo, EntityInfo, ShopInfo, SignSheet } from './shopSlice';

export type CodeField = 'QRCode' | 'TableID' | 'BaseID' | 'ShopID';

export interface ResolvedCode {
  EntID: string;
  ShopID: string;
  BaseID: string;
  TableID: string;
}

export interface ShopPage {
  /** The service's clock when it answered. */
  now: string;
  entity: EntityInfo;
  shopInfo: ShopInfo;
  baseInfo: BaseInfo | null;
  signSheet: { SheetID: string; Status: number; CreatedDate: string; TableID: string } | null;
  table: { TableID: string; TableName: string } | null;
}

type Row = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => Number(v ?? 0);

export function toEntity(row: Row): EntityInfo {
  return {
    EntID: s(row.EntID),
    EntName: s(row.EntName),
    UserID: s(row.UserID),
    UserName: s(row.UserName),
    UserCode: s(row.UserCode),
    CurrencySymbol: s(row.CurrencySymbol) || '¥',
    AmoPoint: n(row.AmoPoint ?? 2),
    DiscountPoint: n(row.DiscountPoint ?? 0),
    PQuaPoint: n(row.PQuaPoint ?? 0),
    PricePoint: n(row.PricePoint ?? 2),
    QuaPoint: n(row.QuaPoint ?? 0),
    TimeZone: s(row.TimeZone) || 'Asia/Macau',
    OssCustomerDomain: s(row.OssCustomerDomain),
  };
}

export function toShopInfo(row: Row): ShopInfo {
  return {
    ShopID: s(row.ShopID),
    ShopName: s(row.ShopName),
    PosType: s(row.PosType),
    MinaAppID: s(row.MinaAppID),
    MinaID: s(row.MinaID),
    Logo: s(row.Logo),
  };
}

export function toBaseInfo(row: Row): BaseInfo {
  return {
    BaseID: s(row.BaseID),
    BaseName: s(row.BaseName),
    BaseCode: s(row.BaseCode),
    BusinessMode: s(row.BusinessMode),
    CYType: s(row.CYType),
    BeginTime: s(row.BeginTime),
    EndTime: s(row.EndTime),
    WebOrderDuration: n(row.WebOrderDuration),
    PayMode: s(row.PayMode),
    IsPayLaterOnlineCheckout: s(row.IsPayLaterOnlineCheckout),
    OpeningHours: s(row.OpeningHours),
  };
}

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    resolveCode: build.query<ResolvedCode, { field: CodeField; value: string }>({
      query: ({ field, value }) => ({ op: 'Enterprise_EntIDByIDGet_Get', rows: [{ Field: field, Value: value }], silent: true }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return { EntID: s(row.EntID), ShopID: s(row.ShopID), BaseID: s(row.BaseID), TableID: s(row.TableID) };
      },
    }),
    shopPage: build.query<ShopPage, { QRCode?: string; TableID?: string; BaseID?: string; ShopID?: string; SheetID?: string }>({
      query: (codes) => ({ op: 'EShop_EShopShopPageGet_Get', rows: [codes], silent: true }),
      providesTags: ['Shop'],
      transformResponse: (data: ResultTables) => {
        const sheet = data.table4?.[0];
        const table = data.table5?.[0];
        return {
          now: s(data.table1?.[0]?.NowDate),
          entity: toEntity(data.table1?.[0] ?? {}),
          shopInfo: toShopInfo(data.table2?.[0] ?? {}),
          baseInfo: data.table3?.[0] ? toBaseInfo(data.table3[0]) : null,
          signSheet: sheet
            ? { SheetID: s(sheet.SheetID), Status: n(sheet.Status), CreatedDate: s(sheet.CreatedDate), TableID: s(sheet.TableID) }
            : null,
          table: table ? { TableID: s(table.TableID), TableName: s(table.TableName) } : null,
        };
      },
    }),
    sheetStatus: build.query<SignSheet | null, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'PosSalSheet_PosSalSheetDetailGet_V2_Get', rows: [{ SheetID }], silent: true }),
      providesTags: ['Sheet'],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0];
        return row ? { SheetID: s(row.SheetID), Status: n(row.Status), CreatedDate: s(row.CreatedDate), TableID: s(row.TableID) } : null;
      },
    }),
    entParams: build.query<Record<string, string>, { entId: string }>({
      query: ({ entId }) => ({ op: 'SysParm_EntSysParmGet_Get', rows: [{ Other_EntID: entId }] }),
      providesTags: ['Params'],
      transformResponse: (data: ResultTables) =>
        Object.fromEntries((data.table1 ?? []).map((r) => [s(r.ParmID), s(r.ParmValue)])),
    }),
  }),
});
