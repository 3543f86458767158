/** Payment operations: the shop's methods, balance, the third-party provider, pay later, and the status the paying page polls. */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { namesOf, num, text } from '../../app/rows';
import type { LocalNames } from '../../ui/localName';
import { MEMBER_MONEY_TAGS } from '../wallet';

export type { PayType } from '../../../shared/domain/payTypes';

export interface PaymentMethod {
  PayType: string;
  names: LocalNames;
  enabled: boolean;
}

export type PaymentStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded';

export interface Payment {
  PayID: string;
  SheetID: string;
  status: PaymentStatus;
  amount: string;
  paidAt: string;
}

export interface ProviderPayment {
  PayID: string;
  PayUrl: string;
  amount: string;
}

const STATUSES: readonly PaymentStatus[] = ['pending', 'paid', 'cancelled', 'failed', 'refunded'];

/** A payment changes the sheet, the orders list and the member's balance, points and coupons (issue 13 item 9). */
const sheetTags = (SheetID: string) => [{ type: 'Sheet' as const, id: SheetID }, 'Orders' as const, ...MEMBER_MONEY_TAGS];
/** Provider payments seen settled in this page's life (their figures already refreshed). */
const settledSeen = new Set<string>();

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The refusal 'Payment account has not been linked to this shop yet.' is shown where the methods go. */
    paymentMethods: build.query<PaymentMethod[], { ShopID: string; BaseID: string }>({
      query: ({ ShopID, BaseID }) => request('Finance_EntShopAccountGet_V2_Get', [{ ShopID, BaseID }], { silent: true }),
      providesTags: ['Payment'],
      transformResponse: answer('Finance_EntShopAccountGet_V2_Get', (r) =>
        r.table1.map((row) => ({
          PayType: text(row.PayType),
          names: namesOf(row, 'Name'),
          // A server that does not say offers the method.
          enabled: row.Enabled === undefined || (row.Enabled as unknown) === true || num(row.Enabled) === 1,
        })),
      ),
    }),
    payByBalance: build.mutation<{ SheetID: string }, { SheetID: string; PayAmo: string }>({
      query: ({ SheetID, PayAmo }) => request('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID, PayAmo }]),
      invalidatesTags: (_r, _e, { SheetID }) => sheetTags(SheetID),
      transformResponse: answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', (r) => ({ SheetID: text(r.table1[0]?.SheetID) })),
    }),
    startProviderPayment: build.mutation<ProviderPayment, { SheetID: string; TotalAmo: string }>({
      query: ({ SheetID, TotalAmo }) => request('Finance_PosPaySubmit_V5_Add', [{ SheetID, PayType: 'sandbox', TotalAmo }]),
      invalidatesTags: (_r, _e, { SheetID }) => sheetTags(SheetID),
      transformResponse: answer('Finance_PosPaySubmit_V5_Add', (r) => {
        const row = r.table1[0];
        return { PayID: text(row?.PayID), PayUrl: text(row?.PayUrl), amount: text(row?.Amount) };
      }),
    }),
    payLater: build.mutation<{ SheetID: string }, { SheetID: string }>({
      query: ({ SheetID }) => request('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', [{ SheetID }]),
      invalidatesTags: (_r, _e, { SheetID }) => sheetTags(SheetID),
      transformResponse: answer('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', (r) => ({ SheetID: text(r.table1[0]?.SheetID) })),
    }),
    /** Where a provider payment stands; the paying page polls it. */
    paymentStatus: build.query<Payment | null, { SheetID: string; PayID: string }>({
      query: ({ SheetID, PayID }) => request('Finance_PaySubmit_V2_Update', [{ SheetID, PayID }], { silent: true }),
      // A provider payment confirmed (or refunded) changes the member's points and coupons: refresh them once.
      async onQueryStarted({ PayID }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!data || (data.status !== 'paid' && data.status !== 'refunded')) return;
          const key = `${PayID}:${data.status}`;
          if (settledSeen.has(key)) return;
          settledSeen.add(key);
          dispatch(api.util.invalidateTags([...MEMBER_MONEY_TAGS, 'Orders']));
        } catch {
          // The paying page shows the error.
        }
      },
      transformResponse: answer('Finance_PaySubmit_V2_Update', (r) => {
        const row = r.table1[0];
        if (!row) return null;
        const status = text(row.Status) as PaymentStatus;
        return {
          PayID: text(row.PayID),
          SheetID: text(row.SheetID),
          status: STATUSES.includes(status) ? status : 'pending',
          amount: text(row.Amount),
          paidAt: text(row.PaidAt),
        };
      }),
    }),
  }),
});
