/**
 * The member's wallet operations (SPEC section 7, Recharge; issue 10): top-up
 * rules, starting a top-up through the payment provider, its status, and the
 * balance and points records, paged. Wire rows become view types here (house
 * style 12). A paid top-up invalidates the member's balance, so Mine and the
 * wallet show the new figure without a reload (issue 13 item 9).
 */
import { api } from '../../app/api';
import type { ResultRow, ResultTables } from '../../../shared/protocol/envelope';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => Number(v ?? 0) || 0;

/** Records a page of the balance and points lists asks for. */
export const RECORD_PAGE_SIZE = 20;


export interface RechargeRule {
  RuleID: string;
  amount: string;
  gift: string;
}

export type RecordKind = 'recharge' | 'gift' | 'pay' | 'refund' | 'adjust' | 'points';

export interface WalletRecord {
  id: string;
  kind: RecordKind;
  /** Signed decimal string. */
  amount: string;
  /** The balance (or points) after it. */
  after: string;
  remark: string;
  sheetId: string;
  /** ISO date-time. */
  at: string;
}

export interface RecordPage {
  rows: WalletRecord[];
  totalCount: number | null;
}

export type RechargeState = 'pending' | 'paid' | 'cancelled' | 'failed';

export interface Recharge {
  SheetID: string;
  PayID: string;
  PayUrl: string;
  status: RechargeState;
  amount: string;
  gift: string;
  /** The member's balance now ('' when the answer does not say). */
  balance: string;
}

const KINDS: readonly RecordKind[] = ['recharge', 'gift', 'pay', 'refund', 'adjust'];
const STATES: readonly RechargeState[] = ['pending', 'paid', 'cancelled', 'failed'];

export function toRecharge(row: ResultRow | undefined): Recharge {
  const r = row ?? {};
  const status = s(r.Status) as RechargeState;
  return {
    SheetID: s(r.SheetID),
    PayID: s(r.PayID),
    PayUrl: s(r.PayUrl),
    status: STATES.includes(status) ? status : 'pending',
    amount: s(r.Amo) || '0',
    gift: s(r.GiftAmo) || '0',
    balance: s(r.Balance),
  };
}

function toPage(data: ResultTables, row: (r: ResultRow) => WalletRecord): RecordPage {
  const total = data.table2?.[0]?.TotalCount;
  return { rows: (data.table1 ?? []).map(row), totalCount: total === undefined || total === null || total === '' ? null : n(total) };
}

const nextPage = (lastPage: RecordPage, allPages: RecordPage[], lastPageParam: number) => {
  const loaded = allPages.reduce((sum, p) => sum + p.rows.length, 0);
  if (lastPage.rows.length < RECORD_PAGE_SIZE) return undefined;
  if (lastPage.totalCount !== null && loaded >= lastPage.totalCount) return undefined;
  return lastPageParam + 1;
};

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    rechargeRules: build.query<RechargeRule[], { EntID: string }>({
      query: ({ EntID }) => ({ op: 'VipRecharge_VipRechargeRuleListByPage_Get', rows: [{ EntID, PageIndex: 1, PageSize: 50 }] }),
      transformResponse: (data: ResultTables) =>
        (data.table1 ?? []).map((r) => ({ RuleID: s(r.RuleID), amount: s(r.Amo) || '0', gift: s(r.GiftAmo) || '0' })),
    }),
    balanceRecords: build.infiniteQuery<RecordPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ op: 'VipRecharge_EntVipAccountItemsListByPage_V2_Get', rows: [{ PageIndex: pageParam, PageSize: RECORD_PAGE_SIZE }] }),
      providesTags: ['Balance'],
      transformResponse: (data: ResultTables) =>
        toPage(data, (r) => {
          const kind = s(r.Kind) as RecordKind;
          return {
            id: s(r.ItemID),
            kind: KINDS.includes(kind) ? kind : 'adjust',
            amount: s(r.Amo) || '0',
            after: s(r.Balance) || '0',
            remark: s(r.Remark),
            sheetId: s(r.SheetID),
            at: s(r.CreatedDate),
          };
        }),
    }),
    scoreRecords: build.infiniteQuery<RecordPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ op: 'EntVip_EntVipScoreItemsByPage_V1_Get', rows: [{ PageIndex: pageParam, PageSize: RECORD_PAGE_SIZE }] }),
      providesTags: ['Points'],
      transformResponse: (data: ResultTables) =>
        toPage(data, (r) => ({
          id: s(r.ItemID),
          kind: 'points',
          amount: s(r.Score) || '0',
          after: s(r.Balance) || '0',
          remark: s(r.Remark),
          sheetId: s(r.SheetID),
          at: s(r.CreatedDate),
        })),
    }),
    /** Starts a top-up of a rule or of a free amount; the refusal (amount out of limits) is shown by the page. */
    startRecharge: build.mutation<Recharge, { RuleID: string } | { Amo: string }>({
      query: (row) => ({ op: 'VipRecharge_VipAccountRechargeSumbit_V3_Add', rows: [row], silent: true }),
      transformResponse: (data: ResultTables) => toRecharge(data.table1?.[0]),
    }),
    /** Where a top-up stands; a paid one refreshes the member's balance everywhere. */
    rechargeStatus: build.query<Recharge, { SheetID: string }>({
      query: ({ SheetID }) => ({ op: 'VipRecharge_VipAccountRechargeStatus_V3_Get', rows: [{ SheetID }], silent: true }),
      transformResponse: (data: ResultTables) => toRecharge(data.table1?.[0]),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status !== 'paid') return;
          // Once per top-up: a later poll of the same paid top-up changes nothing.
          if (creditedSeen.has(data.SheetID)) return;
          creditedSeen.add(data.SheetID);
          dispatch(api.util.invalidateTags(['Balance']));
        } catch {
          // The page shows the error.
        }
      },
    }),
  }),
});

/** Top-ups already seen paid in this page's life (their balance already refreshed). */
const creditedSeen = new Set<string>();
