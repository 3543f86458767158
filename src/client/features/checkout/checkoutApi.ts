/** Checkout operations: freight, coupons, the order submit. Wire rows become view types here (house style 12). */
import { api } from '../../app/api';
import type { ResultRow, ResultTables } from '../../../shared/protocol/envelope';
import { namesOf } from '../../ui/localName';
import type { Coupon, FreightRule } from './totals';
import { MEMBER_MONEY_TAGS } from '../wallet';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => Number(v ?? 0) || 0;

export function toCoupon(row: ResultRow): Coupon {
  return {
    CardID: s(row.CardID),
    CardCode: s(row.CardCode),
    names: namesOf(row, 'PlanName'),
    type: n(row.CardType),
    faceValue: s(row.FaceValue) || '0',
    minAmount: s(row.MinAmount) || '0',
    beginTime: s(row.BeginTime),
    endTime: s(row.EndTime),
    status: n(row.Status),
    // A card read by its code may come without Usable: then its status decides.
    usable: row.Usable === undefined || row.Usable === null || row.Usable === '' ? n(row.Status) === 0 : n(row.Usable) === 1,
    reason: s(row.ReasonText),
  };
}

/** The service's answer to an order submit. */
export interface PlacedOrder {
  SheetID: string;
  LocalSheetID: string;
  RoundNo: number;
  Status: number;
  PayStatus: number;
  TotalAmo: string;
  RoundAmo: string;
  CreatedDate: string;
}

export interface OrderRequest {
  row: Record<string, unknown>;
  items: Record<string, unknown>[];
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    freightRule: build.query<FreightRule | null, { BaseID: string }>({
      query: ({ BaseID }) => ({ op: 'FreightRule_FreightRuleGet_Get', rows: [{ BaseID }] }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0];
        if (!row) return null;
        return { fee: s(row.Fee) || '0', minAmount: s(row.MinAmount) || '0', rangeKm: s(row.RangeKm) || '0', freeAbove: s(row.FreeAbove) };
      },
    }),
    availableCoupons: build.query<Coupon[], { Amo: string; BaseID: string }>({
      query: ({ Amo, BaseID }) => ({ op: 'EntCard_ScreenVipAailableCard_V2_Get', rows: [{ Amo, BaseID }] }),
      providesTags: ['Coupons'],
      transformResponse: (data: ResultTables) => (data.table1 ?? []).map(toCoupon),
    }),
    /** A coupon by its code; refusals ('The coupon does not exist'...) are shown at the field. */
    couponByCode: build.query<Coupon | null, { CardCode: string; Amo: string }>({
      query: ({ CardCode, Amo }) => ({ op: 'EntCard_CardDetailGet_V1_Get', rows: [{ CardCode, Amo }], silent: true }),
      transformResponse: (data: ResultTables) => (data.table1?.[0] ? toCoupon(data.table1[0]) : null),
    }),
    /** The order submit; its refusals are shown by the confirm page. */
    submitOrder: build.mutation<PlacedOrder, OrderRequest>({
      query: ({ row, items }) => ({ op: 'PosSalSheet_NewCYSendSheetSubmit_Add', rows: [row], extra: { Item1: items }, silent: true }),
      // A coupon used on the order is no longer the member's to use.
      invalidatesTags: ['Orders', 'Sheet', ...MEMBER_MONEY_TAGS],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return {
          SheetID: s(row.SheetID),
          LocalSheetID: s(row.LocalSheetID),
          RoundNo: n(row.RoundNo),
          Status: n(row.Status),
          PayStatus: n(row.PayStatus),
          TotalAmo: s(row.TotalAmo),
          RoundAmo: s(row.RoundAmo),
          CreatedDate: s(row.CreatedDate),
        };
      },
    }),
  }),
});
