/**
 * The table together (issue 28): the table's live cart and its calls to
 * staff, as the app reads and changes them. Loaded with the table's pages
 * only (never with the first screen). Wire rows become view types here.
 */
import { api } from '../../app/api';
import { answer, request, type RowOf } from '../../app/operation';
import { decimal, flag, num, text } from '../../app/rows';
import { detailWords } from '../../../shared/domain/orderStates';

export interface TableCartLine {
  lineId: string;
  goodsId: string;
  skuId: string;
  pUnit: string;
  pQua: number;
  mQua: number;
  qua: number;
  ref: string;
  bom: string;
  attachments: string;
  remark: string;
  version: number;
  /** A member's name, '' for a guest ("Guest {byPlace}"). */
  byName: string;
  byPlace: number;
  mine: boolean;
  name: string;
  skuItems: string;
  price: string;
  pUnitPrice: string;
  amount: string;
  soldOut: boolean;
  /** Bundle parts, add-ons and the remark, in the reader's language. */
  choices: string[];
}

export interface TableCart {
  tableId: string;
  tableName: string;
  version: number;
  sheetId: string;
  total: string;
  myPlace: number;
  lines: TableCartLine[];
}

export interface TableCall {
  callId: string;
  kind: 'staff' | 'bill';
  payHow: string;
  acknowledged: boolean;
  ackName: string;
  cooldownSeconds: number;
}

export type LineSetArgs = RowOf<'TableCart_TableCartLineSet_Update'>;

const toCall = (r: Partial<Record<string, unknown>>): TableCall => ({
  callId: text(r.CallID),
  kind: text(r.Kind) === 'bill' ? 'bill' : 'staff',
  payHow: text(r.PayHow),
  acknowledged: flag(r.Acknowledged),
  ackName: text(r.AckName),
  cooldownSeconds: num(r.CooldownSeconds),
});

export const tableApi = api.injectEndpoints({
  endpoints: (build) => ({
    tableCart: build.query<TableCart, { TableID: string }>({
      query: ({ TableID }) => request('TableCart_TableCartGet_Get', [{ TableID }], { silent: true }),
      transformResponse: answer('TableCart_TableCartGet_Get', (r) => {
        const head = r.table1[0];
        return {
          tableId: text(head?.TableID),
          tableName: text(head?.TableName),
          version: num(head?.Version),
          sheetId: text(head?.SheetID),
          total: decimal(head?.TotalAmo),
          myPlace: num(head?.MyPlace),
          lines: (r.table2 ?? []).map((l) => ({
            lineId: text(l.LineID),
            goodsId: text(l.GoodsID),
            skuId: text(l.SkuID),
            pUnit: text(l.PUnit),
            pQua: num(l.PQua),
            mQua: num(l.MQua),
            qua: num(l.Qua),
            ref: decimal(l.Ref),
            bom: text(l.Bom),
            attachments: text(l.Attachments),
            remark: text(l.Remark),
            version: num(l.Version),
            byName: text(l.ByName),
            byPlace: num(l.ByPlace),
            mine: flag(l.Mine),
            name: text(l.GoodsName),
            skuItems: text(l.SkuItems),
            price: decimal(l.Price),
            pUnitPrice: decimal(l.PUnitPrice),
            amount: decimal(l.Amo),
            soldOut: flag(l.SoldOut),
            choices: l.Detail ? detailWords(text(l.Detail)) : [text(l.Remark)].filter(Boolean),
          })),
        };
      }),
    }),
    setTableCartLine: build.mutation<{ lineId: string; removed: boolean }, LineSetArgs>({
      query: (row) => request('TableCart_TableCartLineSet_Update', [row], { silent: true }),
      transformResponse: answer('TableCart_TableCartLineSet_Update', (r) => ({ lineId: text(r.table1[0]?.LineID), removed: flag(r.table1[0]?.Removed) })),
    }),
    tableCalls: build.query<TableCall[], { TableID: string }>({
      query: ({ TableID }) => request('TableCall_TableCallGet_Get', [{ TableID }], { silent: true }),
      transformResponse: answer('TableCall_TableCallGet_Get', (r) => r.table1.map(toCall)),
    }),
    callTable: build.mutation<TableCall, RowOf<'TableCall_TableCallSubmit_Add'>>({
      query: (row) => request('TableCall_TableCallSubmit_Add', [row], { silent: true }),
      transformResponse: answer('TableCall_TableCallSubmit_Add', (r) => toCall(r.table1[0] ?? {})),
    }),
  }),
});

export const { useTableCartQuery, useSetTableCartLineMutation, useTableCallsQuery, useCallTableMutation } = tableApi;
