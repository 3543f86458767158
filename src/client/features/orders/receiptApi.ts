/** E-receipts (issue 29 section 4): mail a paid order's receipt; the member's standing choice. */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { flag, text } from '../../app/rows';

export interface ReceiptPref {
  email: string;
  auto: boolean;
  title: string;
  taxNo: string;
}

export interface ReceiptMailRequest {
  SheetID: string;
  Email: string;
  Title?: string;
  TaxNo?: string;
  /** A member's choice to get every receipt: sent only by members. */
  Auto?: 0 | 1;
}

export const receiptApi = api.injectEndpoints({
  endpoints: (build) => ({
    receiptPref: build.query<ReceiptPref, void>({
      query: () => request('PosSalSheet_ReceiptMailPrefGet_Get', [{}], { silent: true }),
      providesTags: ['Member'],
      transformResponse: answer('PosSalSheet_ReceiptMailPrefGet_Get', (r) => {
        const row = r.table1[0];
        return { email: text(row?.Email), auto: flag(row?.Auto), title: text(row?.Title), taxNo: text(row?.TaxNo) };
      }),
    }),
    mailReceipt: build.mutation<{ email: string; auto: boolean }, ReceiptMailRequest>({
      query: (row) => request('PosSalSheet_ReceiptMailSubmit_Add', [row], { silent: true }),
      invalidatesTags: ['Member'],
      transformResponse: answer('PosSalSheet_ReceiptMailSubmit_Add', (r) => ({ email: text(r.table1[0]?.Email), auto: flag(r.table1[0]?.Auto) })),
    }),
  }),
});
