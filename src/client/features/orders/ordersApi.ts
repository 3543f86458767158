/** Order operations: the member's orders page by page, one order's detail and delivery, cancel, a table's sheet and its settling. */
import { api } from '../../app/api';
import type { ResultRow, ResultTables } from '../../../shared/protocol/envelope';
import { displayState, type DisplayState } from '../../../shared/domain/orderStates';
import { MEMBER_MONEY_TAGS } from '../wallet';

export const ORDER_PAGE_SIZE = 10;

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => Number(v ?? 0) || 0;
const flag = (v: unknown) => v === true || v === 1 || v === '1';

const DISPLAY_STATES: readonly DisplayState[] = [
  'unpaid',
  'paid',
  'preparing',
  'ready',
  'delivering',
  'completed',
  'pickedUp',
  'checkedOut',
  'expired',
  'cancelled',
  'ordering',
];

/** The fields every order row and header share. */
export interface OrderState {
  status: number;
  payStatus: number;
  progress: string;
  isPayLater: boolean;
  businessMode: string;
  takeType: string;
  /** 'prepay', or 'postpay' for a table's shared sheet paid at the end. */
  payMode: string;
  displayState: DisplayState;
}

/** The service's DisplayState when it sends one we know; else derived the shared way. */
function stateOf(row: ResultRow): OrderState {
  const base = {
    status: n(row.Status),
    payStatus: n(row.PayStatus),
    progress: s(row.Progress) || 'placed',
    isPayLater: flag(row.IsPayLater),
    businessMode: s(row.BusinessMode),
    takeType: s(row.TakeType),
  };
  const sent = s(row.DisplayState) as DisplayState;
  return { ...base, payMode: s(row.PayMode), displayState: DISPLAY_STATES.includes(sent) ? sent : displayState(base) };
}

export interface OrderSummary extends OrderState {
  SheetID: string;
  createdDate: string;
  /** Names in the app's language, as the service answered them. */
  shopName: string;
  baseName: string;
  totalAmo: string;
  count: number;
  firstGoodsName: string;
  pic: string;
}

export interface OrdersPage {
  rows: OrderSummary[];
  /** TotalCount of table2; null when the service did not say. */
  totalCount: number | null;
}

export interface OrderItem {
  RoundNo: number;
  name: string;
  skuItems: string;
  punit: string;
  qua: string;
  amo: string;
  /** The line's bundle parts, add-ons and remarks, as words. */
  details: string[];
}

export interface OrderHeader extends OrderState {
  SheetID: string;
  createdDate: string;
  totalAmo: string;
  salesAmo: string;
  disAmo: string;
  feeAmo: string;
  couponAmo: string;
  bagAmo: string;
  remark: string;
  TableID: string;
  BaseID: string;
  ShopID: string;
  takeTime: string;
  /** The caller's own order (the service sends VipID only to its member): only they may cancel it. */
  own: boolean;
}

export interface OrderDetail {
  header: OrderHeader;
  items: OrderItem[];
  /** Who ordered each round of a table's sheet (table4): a member's name, or '' and the guest's place at the table. */
  authors: Record<number, { byName: string; byPlace: number }>;
}

export interface Delivery {
  takeType: string;
  custName: string;
  custPhone: string;
  address: string;
  takeTime: string;
  progress: string;
  displayState: string;
  feeAmo: string;
  courier: string;
}

export interface MergedItem {
  RoundNo: number;
  name: string;
  qua: string;
  amo: string;
  mine: boolean;
}

export interface MergedSheet {
  SheetID: string;
  totalAmo: string;
  status: number;
  payStatus: number;
  /** The outlet lets the table settle online (IsPayLaterOnlineCheckout). */
  onlineCheckout: boolean;
  items: MergedItem[];
}

export function toOrderSummary(row: ResultRow): OrderSummary {
  return {
    ...stateOf(row),
    SheetID: s(row.SheetID),
    createdDate: s(row.CreatedDate),
    shopName: s(row.ShopName),
    baseName: s(row.BaseName),
    totalAmo: s(row.TotalAmo) || '0',
    count: n(row.Count),
    firstGoodsName: s(row.FirstGoodsName),
    pic: s(row.Pic),
  };
}

/** A line's Detail: JSON text of its bundle parts, add-ons and remarks ('' for a plain line); other text is shown as it is. */
export function detailWords(text: string): string[] {
  if (!text.trim()) return [];
  try {
    const parsed = JSON.parse(text) as { bomList?: { GoodsName?: unknown }[]; attachmentList?: { Value?: unknown }[]; remarkList?: unknown[] };
    if (!parsed || typeof parsed !== 'object') return [text];
    return [
      ...(parsed.bomList ?? []).map((b) => s(b?.GoodsName)),
      ...(parsed.attachmentList ?? []).map((a) => s(a?.Value)),
      ...(parsed.remarkList ?? []).map(s),
    ].filter(Boolean);
  } catch {
    return [text];
  }
}

function toOrderDetail(data: ResultTables): OrderDetail {
  const row = data.table1?.[0] ?? {};
  return {
    header: {
      ...stateOf(row),
      SheetID: s(row.SheetID),
      createdDate: s(row.CreatedDate),
      totalAmo: s(row.TotalAmo) || '0',
      salesAmo: s(row.SalesAmo) || '0',
      disAmo: s(row.DisAmo) || '0',
      feeAmo: s(row.FeeAmo) || '0',
      couponAmo: s(row.CouponAmo) || '0',
      bagAmo: s(row.BagAmo) || '0',
      remark: s(row.Remark),
      TableID: s(row.TableID),
      BaseID: s(row.BaseID),
      ShopID: s(row.ShopID),
      takeTime: s(row.TakeTime),
      own: s(row.VipID) !== '',
    },
    items: (data.table2 ?? []).map((r) => ({
      RoundNo: n(r.RoundNo) || 1,
      name: s(r.GoodsName),
      skuItems: s(r.SkuItems),
      punit: s(r.PUnit),
      qua: s(r.Qua) || '0',
      amo: s(r.Amo) || '0',
      details: detailWords(s(r.Detail)),
    })),
    authors: Object.fromEntries((data.table4 ?? []).map((r) => [n(r.RoundNo), { byName: s(r.ByName), byPlace: n(r.ByPlace) }])),
  };
}

const sheetTag = (SheetID: string) => ({ type: 'Sheet' as const, id: SheetID });

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderPages: build.infiniteQuery<OrdersPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, allPages, lastPageParam) => {
          const loaded = allPages.reduce((sum, p) => sum + p.rows.length, 0);
          if (lastPage.rows.length < ORDER_PAGE_SIZE) return undefined;
          if (lastPage.totalCount !== null && loaded >= lastPage.totalCount) return undefined;
          return lastPageParam + 1;
        },
      },
      query: ({ pageParam }) => ({ op: 'PosSalSheet_PosSalSheetListByPage_V4_Get', rows: [{ PageIndex: pageParam, PageSize: ORDER_PAGE_SIZE }] }),
      // 'Member': another customer signed in (a guest session began) sees their own orders.
      providesTags: ['Orders', 'Member'],
      transformResponse: (data: ResultTables) => {
        const total = data.table2?.[0]?.TotalCount;
        return { rows: (data.table1 ?? []).map(toOrderSummary), totalCount: total === undefined || total === null || total === '' ? null : n(total) };
      },
    }),
    orderDetail: build.query<OrderDetail, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'PosSalSheet_PosSalSheetDetailGet_V2_Get', rows: [{ SheetID }] }),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Member'],
      transformResponse: toOrderDetail,
    }),
    delivery: build.query<Delivery | null, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'ExpressDtbSheet_ExpressDtbSheetDetailGet_Get', rows: [{ SheetID }], silent: true }),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID)],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0];
        if (!row) return null;
        return {
          takeType: s(row.TakeType),
          custName: s(row.CustName),
          custPhone: s(row.CustPhone),
          address: s(row.Address),
          takeTime: s(row.TakeTime),
          progress: s(row.Progress),
          displayState: s(row.DisplayState),
          feeAmo: s(row.FeeAmo) || '0',
          courier: s(row.Courier),
        };
      },
    }),
    cancelOrder: build.mutation<{ SheetID: string }, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'PosSalSheet_PosSalSheetCloseSubmit_V5_Add', rows: [{ SheetID }] }),
      invalidatesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Orders', ...MEMBER_MONEY_TAGS],
      transformResponse: (data: ResultTables) => ({ SheetID: s(data.table1?.[0]?.SheetID) }),
    }),
    /** A table's sheet with every round (the merge preview). */
    mergedSheet: build.query<MergedSheet, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', rows: [{ SheetID }] }),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID)],
      transformResponse: (data: ResultTables) => {
        const head = data.table1?.[0] ?? {};
        return {
          SheetID: s(head.SheetID),
          totalAmo: s(head.TotalAmo) || '0',
          status: n(head.Status),
          payStatus: n(head.PayStatus),
          onlineCheckout: s(head.IsPayLaterOnlineCheckout) !== '0',
          items: (data.table2 ?? []).map((r) => ({
            RoundNo: n(r.RoundNo) || 1,
            name: s(r.GoodsName),
            qua: s(r.Qua) || '0',
            amo: s(r.Amo) || '0',
            mine: flag(r.Mine),
          })),
        };
      },
    }),
    /** Settles a table's sheet; 'Please call our staff to checkout' is shown where the button is. */
    settleSheet: build.mutation<{ SheetID: string; totalAmo: string; payStatus: number }, { SheetID: string; TotalAmo: string }>({
      query: ({ SheetID, TotalAmo }) => ({ op: 'PosSalSheet_CYSettleSheetSubmit_V2_Add', rows: [{ SheetID, TotalAmo }], silent: true }),
      invalidatesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Orders'],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return { SheetID: s(row.SheetID), totalAmo: s(row.TotalAmo) || '0', payStatus: n(row.PayStatus) };
      },
    }),
  }),
});
