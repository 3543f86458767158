/**
 * Shop operations: resolving a scanned code, the shop page, the entity's
 * parameters. This file is in the entry chunk (130 KiB budget), so it is typed
 * by the catalogue without the runtime helpers: `CallOf` types each request
 * as `request()` would, `RawAnswerOf` each answer as `answer()` would, and the
 * typed fields need no row readers (a missing one falls back with `??`).
 */
import { api } from '../app/api';
import type { ResultTables } from '../../shared/protocol/envelope';
import type { CallOf, RawAnswerOf, RowOf } from '../app/operation';
import type { EntityInfo, ShopInfo, BaseInfo, SignSheet } from './shopSlice';
import { toBaseInfo, toEntity, toShopInfo, toSignSheet } from './shopRows';

/** What a scanned code names (the catalogue's Field of Enterprise_EntIDByIDGet_Get). */
export type CodeField = RowOf<'Enterprise_EntIDByIDGet_Get'>['Field'];

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

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    resolveCode: build.query<ResolvedCode, { field: CodeField; value: string }>({
      query: ({ field, value }): CallOf<'Enterprise_EntIDByIDGet_Get'> => ({ op: 'Enterprise_EntIDByIDGet_Get', rows: [{ Field: field, Value: value }], silent: true }),
      transformResponse: (raw: ResultTables) => {
        const row = (raw as RawAnswerOf<'Enterprise_EntIDByIDGet_Get'>).table1?.[0];
        return { EntID: row?.EntID ?? '', ShopID: row?.ShopID ?? '', BaseID: row?.BaseID ?? '', TableID: row?.TableID ?? '' };
      },
    }),
    shopPage: build.query<ShopPage, RowOf<'EShop_EShopShopPageGet_Get'>>({
      query: (codes): CallOf<'EShop_EShopShopPageGet_Get'> => ({ op: 'EShop_EShopShopPageGet_Get', rows: [codes], silent: true }),
      providesTags: ['Shop'],
      transformResponse: (raw: ResultTables) => {
        const data = raw as RawAnswerOf<'EShop_EShopShopPageGet_Get'>;
        const sheet = data.table4?.[0];
        const table = data.table5?.[0];
        return {
          now: data.table1?.[0]?.NowDate ?? '',
          entity: toEntity(data.table1?.[0] ?? {}),
          shopInfo: toShopInfo(data.table2?.[0] ?? {}),
          baseInfo: data.table3?.[0] ? toBaseInfo(data.table3[0]) : null,
          signSheet: sheet ? toSignSheet(sheet) : null,
          table: table ? { TableID: table.TableID ?? '', TableName: table.TableName ?? '' } : null,
        };
      },
    }),
    sheetStatus: build.query<SignSheet | null, { SheetID: string }>({
      query: ({ SheetID }): CallOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get'> => ({ op: 'PosSalSheet_PosSalSheetDetailGet_V2_Get', rows: [{ SheetID }], silent: true }),
      providesTags: ['Sheet'],
      transformResponse: (raw: ResultTables) => {
        const row = (raw as RawAnswerOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get'>).table1?.[0];
        return row ? toSignSheet(row) : null;
      },
    }),
    entParams: build.query<Record<string, string>, { entId: string }>({
      query: ({ entId }): CallOf<'SysParm_EntSysParmGet_Get'> => ({ op: 'SysParm_EntSysParmGet_Get', rows: [{ Other_EntID: entId }] }),
      providesTags: ['Params'],
      transformResponse: (raw: ResultTables) =>
        Object.fromEntries(((raw as RawAnswerOf<'SysParm_EntSysParmGet_Get'>).table1 ?? []).map((p) => [p.ParmID ?? '', p.ParmValue ?? ''])),
    }),
  }),
});
