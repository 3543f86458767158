/**
 * Paying part of a table's sheet (issue 28 section 3): the balance payment
 * (PosSalSheetAcctSubmit) or the provider's (Finance_PosPaySubmit), each
 * with what it covers (shared/protocol/fields.ts payPart: nothing for the
 * rest, Share, Amo or Units) and the payer's tip. Injected from the split
 * chunk, so the app's first screens do not carry it.
 */
import { api } from '../../../app/api';
import { answer, request } from '../../../app/operation';
import { num, text } from '../../../app/rows';
import { MEMBER_MONEY_TAGS } from '../../wallet';

/** What one payment covers: the rest (no field), n of N even shares, a custom amount, or units of lines. */
export interface PayPart {
  Share?: { n: number; of: number };
  Amo?: string;
  Units?: { LineID: number; Qua: number }[];
  /** The payer's tip, on top ('0' or absent: none). */
  TipAmo?: string;
}

const tags = (SheetID: string) => [
  { type: 'Sheet' as const, id: SheetID },
  'Orders' as const,
  ...MEMBER_MONEY_TAGS,
];

export const splitApi = api.injectEndpoints({
  endpoints: (build) => ({
    payPartByBalance: build.mutation<
      { PayID: string; amount: string; settled: boolean },
      { SheetID: string; PayAmo: string; part: PayPart }
    >({
      query: ({ SheetID, PayAmo, part }) =>
        request('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID, PayAmo, ...part }], {
          silent: true,
        }),
      invalidatesTags: (_r, _e, { SheetID }) => tags(SheetID),
      transformResponse: answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', (r) => {
        const row = r.table1[0];
        return {
          PayID: text(row?.PayID),
          amount: text(row?.PayAmo),
          settled: num(row?.Status) === 3,
        };
      }),
    }),
    startPartProviderPayment: build.mutation<
      { PayID: string; PayUrl: string },
      { SheetID: string; TotalAmo: string; part: PayPart }
    >({
      query: ({ SheetID, TotalAmo, part }) =>
        request(
          'Finance_PosPaySubmit_V5_Add',
          [{ SheetID, PayType: 'sandbox', TotalAmo, ...part }],
          { silent: true },
        ),
      invalidatesTags: (_r, _e, { SheetID }) => tags(SheetID),
      transformResponse: answer('Finance_PosPaySubmit_V5_Add', (r) => ({
        PayID: text(r.table1[0]?.PayID),
        PayUrl: text(r.table1[0]?.PayUrl),
      })),
    }),
  }),
});
