/** Checkout operations: freight, coupons, the order submit. Wire rows become view types here (house style 12). */
import { api } from '../../app/api';
import { answer, request, type AnswerOf, type ExtraOf, type RowOf } from '../../app/operation';
import { decimal, num, text } from '../../app/rows';
import { toCoupon } from '../coupons';
import type { Coupon, FreightRule } from './totals';
import { MEMBER_MONEY_TAGS } from '../wallet';

/** The order submit operation (a dine-in round and a takeout order alike). */
type SubmitOp = 'PosSalSheet_NewCYSendSheetSubmit_Add';

/** The service's answer to an order submit, as the catalogue types it. */
export type PlacedOrder = AnswerOf<SubmitOp>['table1'][number];

/** An order submit as the catalogue types it: the header row and the Item1 lines. */
export interface OrderSubmit {
  row: RowOf<SubmitOp>;
  items: ExtraOf<SubmitOp>['Item1'];
}

/** What the confirm page builds: the submit without its LocalSheetID (placeOrder adds it). */
export interface OrderRequest {
  row: Omit<OrderSubmit['row'], 'LocalSheetID'>;
  items: OrderSubmit['items'];
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    freightRule: build.query<FreightRule | null, { BaseID: string }>({
      query: ({ BaseID }) => request('FreightRule_FreightRuleGet_Get', [{ BaseID }]),
      transformResponse: answer('FreightRule_FreightRuleGet_Get', (r) => {
        const row = r.table1[0];
        if (!row) return null;
        return { fee: decimal(row.Fee), minAmount: decimal(row.MinAmount), rangeKm: decimal(row.RangeKm), freeAbove: text(row.FreeAbove) };
      }),
    }),
    availableCoupons: build.query<Coupon[], { Amo: string; BaseID: string }>({
      query: ({ Amo, BaseID }) => request('EntCard_ScreenVipAailableCard_V2_Get', [{ Amo, BaseID }]),
      providesTags: ['Coupons'],
      transformResponse: answer('EntCard_ScreenVipAailableCard_V2_Get', (r) => r.table1.map(toCoupon)),
    }),
    /** A coupon by its code; refusals ('The coupon does not exist'...) are shown at the field. */
    couponByCode: build.query<Coupon | null, { CardCode: string; Amo: string; BaseID: string }>({
      // At the order's outlet: a coupon of a plan limited to other outlets is refused there.
      query: ({ CardCode, Amo, BaseID }) => request('EntCard_CardDetailGet_V1_Get', [{ CardCode, Amo, BaseID }], { silent: true }),
      transformResponse: answer('EntCard_CardDetailGet_V1_Get', (r) => (r.table1[0] ? toCoupon(r.table1[0]) : null)),
    }),
    /** The order submit; its refusals are shown by the confirm page. */
    submitOrder: build.mutation<PlacedOrder, OrderSubmit>({
      query: ({ row, items }) => request('PosSalSheet_NewCYSendSheetSubmit_Add', [row], { extra: { Item1: items }, silent: true }),
      // A coupon used on the order is no longer the member's to use.
      invalidatesTags: ['Orders', 'Sheet', ...MEMBER_MONEY_TAGS],
      transformResponse: answer('PosSalSheet_NewCYSendSheetSubmit_Add', (r) => {
        const row: Partial<PlacedOrder> = r.table1[0] ?? {};
        return {
          SheetID: text(row.SheetID),
          LocalSheetID: text(row.LocalSheetID),
          RoundNo: num(row.RoundNo),
          Status: num(row.Status),
          PayStatus: num(row.PayStatus),
          PayMode: text(row.PayMode),
          TotalAmo: text(row.TotalAmo),
          RoundAmo: text(row.RoundAmo),
          CreatedDate: text(row.CreatedDate),
        };
      }),
    }),
  }),
});
