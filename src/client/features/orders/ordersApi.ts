/** Order operations: the member's orders page by page, one order's detail and delivery, cancel, a table's sheet and its settling. */
import { api } from '../../app/api';
import { answer, request, type AnswerOf } from '../../app/operation';
import { decimal, flag, num, text, totalCount } from '../../app/rows';
import { detailWords, displayState, type DisplayState } from '../../../shared/domain/orderStates';
import { KITCHEN_STATES, kitchenState, type KitchenState } from '../../../shared/domain/rounds';
import { MEMBER_MONEY_TAGS } from '../wallet';

export const ORDER_PAGE_SIZE = 10;

type ListRow = AnswerOf<'PosSalSheet_PosSalSheetListByPage_V4_Get'>['table1'][number];
type Detail = AnswerOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get'>;
type HeadRow = Detail['table1'][number];
/** The state fields an order's list row and its detail header share. */
type StateRow = Pick<ListRow & HeadRow, 'Status' | 'PayStatus' | 'Progress' | 'IsPayLater' | 'BusinessMode' | 'TakeType' | 'PayMode' | 'DisplayState'>;

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
function stateOf(row: Partial<StateRow>): OrderState {
  const base = {
    status: num(row.Status),
    payStatus: num(row.PayStatus),
    progress: text(row.Progress) || 'placed',
    isPayLater: flag(row.IsPayLater),
    businessMode: text(row.BusinessMode),
    takeType: text(row.TakeType),
  };
  const sent = text(row.DisplayState) as DisplayState;
  return { ...base, payMode: text(row.PayMode), displayState: DISPLAY_STATES.includes(sent) ? sent : displayState(base) };
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
  /** Packs of punit, and loose main units (qua = pQua x the pack's units + mQua). */
  pQua: string;
  mQua: string;
  amo: string;
  /** The line's bundle parts, add-ons and remarks, as words. */
  details: string[];
  /** Voided by staff (issue 26 section 5): shown struck through with its reason, out of the totals. */
  voided: boolean;
  voidReason: string;
  /** Issue 28 (split bills): the line's ItemID, its whole units, how many are paid and held (being paid, by heldBy), and whether the caller added it. */
  ItemID: number;
  units: number;
  paidQua: number;
  heldQua: number;
  heldBy: string;
  addedByMe: boolean;
  /** What "Order again" reads (issue 29): the goods, its size, its prices as sold and its Detail JSON. */
  GoodsID: string;
  SkuID: string;
  price: string;
  punitPrice: string;
  detail: string;
}

/** Issue 28: a sheet's bill figures beside its total. */
export interface BillFigures {
  /** The service charge, part of totalAmo. */
  serviceAmo: string;
  /** Tips paid with its payments (not part of totalAmo). */
  tipAmo: string;
  paidAmo: string;
  /** What is left to pay: total - paid - being paid. */
  restAmo: string;
  /** The even split in progress (0: none) and how many of its shares are taken. */
  sharesOf: number;
  sharesTaken: number;
}

export interface OrderHeader extends OrderState, BillFigures {
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
  /** The table's name as the service answers it ('' for none, or from a service that does not say). */
  tableName: string;
  BaseID: string;
  ShopID: string;
  takeTime: string;
  /** A pickup or delivery order's number of the day ('023'); '' for a table's, or from a service that does not say. */
  pickupNo: string;
  /** The caller's own order (the service sends VipID only to its member): only they may cancel it. */
  own: boolean;
}

/** A round of ordering on the sheet: its own kitchen state and remark (table3). */
export interface OrderRound {
  RoundNo: number;
  kitchenState: KitchenState;
  remark: string;
}

export interface OrderDetail {
  header: OrderHeader;
  items: OrderItem[];
  /** The rounds by number. */
  rounds: Record<number, OrderRound>;
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
  /** Voided by staff: struck through, out of the total. */
  voided: boolean;
}

export interface MergedSheet {
  SheetID: string;
  totalAmo: string;
  /** Issue 28: the service charge (part of totalAmo), what is paid and what is left to pay. */
  serviceAmo: string;
  paidAmo: string;
  restAmo: string;
  status: number;
  payStatus: number;
  /** The outlet lets the table settle online (IsPayLaterOnlineCheckout). */
  onlineCheckout: boolean;
  items: MergedItem[];
}

export function toOrderSummary(row: ListRow): OrderSummary {
  return {
    ...stateOf(row),
    SheetID: text(row.SheetID),
    createdDate: text(row.CreatedDate),
    shopName: text(row.ShopName),
    baseName: text(row.BaseName),
    totalAmo: decimal(row.TotalAmo),
    count: num(row.Count),
    firstGoodsName: text(row.FirstGoodsName),
    pic: text(row.Pic),
  };
}

function toOrderDetail(data: Detail): OrderDetail {
  const row: Partial<HeadRow> = data.table1[0] ?? {};
  return {
    header: {
      ...stateOf(row),
      SheetID: text(row.SheetID),
      createdDate: text(row.CreatedDate),
      totalAmo: decimal(row.TotalAmo),
      salesAmo: decimal(row.SalesAmo),
      disAmo: decimal(row.DisAmo),
      feeAmo: decimal(row.FeeAmo),
      couponAmo: decimal(row.CouponAmo),
      bagAmo: decimal(row.BagAmo),
      remark: text(row.Remark),
      TableID: text(row.TableID),
      tableName: text(row.TableName),
      BaseID: text(row.BaseID),
      ShopID: text(row.ShopID),
      takeTime: text(row.TakeTime),
      pickupNo: text(row.PickupNo),
      own: text(row.VipID) !== '',
      serviceAmo: decimal(row.ServiceAmo ?? '0'),
      tipAmo: decimal(row.TipAmo ?? '0'),
      paidAmo: decimal(row.PaidAmo ?? '0'),
      restAmo: decimal(row.RestAmo ?? row.TotalAmo),
      sharesOf: num(row.SharesOf),
      sharesTaken: num(row.SharesTaken),
    },
    items: data.table2.map((r) => ({
      RoundNo: num(r.RoundNo) || 1,
      name: text(r.GoodsName),
      skuItems: text(r.SkuItems),
      punit: text(r.PUnit),
      qua: decimal(r.Qua),
      pQua: decimal(r.PQua),
      mQua: decimal(r.MQua),
      amo: decimal(r.Amo),
      details: detailWords(text(r.Detail)),
      voided: flag(r.IsVoid),
      voidReason: text(r.VoidReason),
      ItemID: num(r.ItemID),
      units: num(r.Units) || 1,
      paidQua: num(r.PaidQua),
      heldQua: num(r.HeldQua),
      heldBy: text(r.HeldBy),
      addedByMe: flag(r.AddedByMe),
      GoodsID: text(r.GoodsID),
      SkuID: text(r.SkuID),
      price: decimal(r.Price),
      punitPrice: decimal(r.PUnitPrice ?? '0'),
      detail: text(r.Detail),
    })),
    rounds: Object.fromEntries(
      data.table3.map((r) => {
        const sent = text(r.KitchenState) as KitchenState;
        const state = KITCHEN_STATES.includes(sent) ? sent : kitchenState(text(r.Progress));
        return [num(r.RoundNo) || 1, { RoundNo: num(r.RoundNo) || 1, kitchenState: state, remark: text(r.Remark) }];
      }),
    ),
    authors: Object.fromEntries(data.table4.map((r) => [num(r.RoundNo), { byName: text(r.ByName), byPlace: num(r.ByPlace) }])),
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
      query: ({ pageParam }) => request('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: pageParam, PageSize: ORDER_PAGE_SIZE }]),
      // 'Member': another customer signed in (a guest session began) sees their own orders.
      providesTags: ['Orders', 'Member'],
      transformResponse: answer('PosSalSheet_PosSalSheetListByPage_V4_Get', (r) => ({ rows: r.table1.map(toOrderSummary), totalCount: totalCount(r.table2) })),
    }),
    orderDetail: build.query<OrderDetail, { SheetID: string }>({
      query: ({ SheetID }) => request('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID }]),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Member'],
      transformResponse: answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', toOrderDetail),
    }),
    delivery: build.query<Delivery | null, { SheetID: string }>({
      query: ({ SheetID }) => request('ExpressDtbSheet_ExpressDtbSheetDetailGet_Get', [{ SheetID }], { silent: true }),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID)],
      transformResponse: answer('ExpressDtbSheet_ExpressDtbSheetDetailGet_Get', (r) => {
        const row = r.table1[0];
        if (!row) return null;
        return {
          takeType: text(row.TakeType),
          custName: text(row.CustName),
          custPhone: text(row.CustPhone),
          address: text(row.Address),
          takeTime: text(row.TakeTime),
          progress: text(row.Progress),
          displayState: text(row.DisplayState),
          feeAmo: decimal(row.FeeAmo),
          courier: text(row.Courier),
        };
      }),
    }),
    cancelOrder: build.mutation<{ SheetID: string }, { SheetID: string }>({
      query: ({ SheetID }) => request('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID }]),
      invalidatesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Orders', ...MEMBER_MONEY_TAGS],
      transformResponse: answer('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', (r) => ({ SheetID: text(r.table1[0]?.SheetID) })),
    }),
    /** A table's sheet with every round (the merge preview). */
    mergedSheet: build.query<MergedSheet, { SheetID: string }>({
      query: ({ SheetID }) => request('PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', [{ SheetID }]),
      providesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID)],
      transformResponse: answer('PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', (r) => {
        const head: Partial<(typeof r.table1)[number]> = r.table1[0] ?? {};
        return {
          SheetID: text(head.SheetID),
          totalAmo: decimal(head.TotalAmo),
          serviceAmo: decimal(head.ServiceAmo ?? '0'),
          paidAmo: decimal(head.PaidAmo ?? '0'),
          restAmo: decimal(head.RestAmo ?? head.TotalAmo),
          status: num(head.Status),
          payStatus: num(head.PayStatus),
          onlineCheckout: text(head.IsPayLaterOnlineCheckout) !== '0',
          items: r.table2.map((line) => ({
            RoundNo: num(line.RoundNo) || 1,
            name: text(line.GoodsName),
            qua: decimal(line.Qua),
            amo: decimal(line.Amo),
            mine: flag(line.Mine),
            voided: flag(line.IsVoid),
          })),
        };
      }),
    }),
    /** Settles a table's sheet; 'Please call our staff to checkout' is shown where the button is. */
    settleSheet: build.mutation<{ SheetID: string; totalAmo: string; payStatus: number }, { SheetID: string; TotalAmo: string }>({
      query: ({ SheetID, TotalAmo }) => request('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID, TotalAmo }], { silent: true }),
      invalidatesTags: (_r, _e, { SheetID }) => [sheetTag(SheetID), 'Orders'],
      transformResponse: answer('PosSalSheet_CYSettleSheetSubmit_V2_Add', (r) => {
        const row = r.table1[0];
        return { SheetID: text(row?.SheetID), totalAmo: decimal(row?.TotalAmo), payStatus: num(row?.PayStatus) };
      }),
    }),
  }),
});
