/**
 * The member's wallet operations (SPEC section 7, Recharge; issue 10): top-up
 * rules, starting a top-up through the payment provider, its status, and the
 * balance and points records, paged. Wire rows become view types here (house
 * style 12). A paid top-up invalidates the member's balance, so Mine and the
 * wallet show the new figure without a reload (issue 13 item 9).
 */
import { api } from '../../app/api';
import { answer, request, type AnswerOf, type RowOf } from '../../app/operation';
import { decimal, text, totalCount } from '../../app/rows';

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

type RechargeRow = AnswerOf<'VipRecharge_VipAccountRechargeStatus_V3_Get'>['table1'][number];

/** A top-up as it starts (no balance yet) or as its status says. */
export function toRecharge(row: Omit<RechargeRow, 'Balance' | 'PaidAt'> & Partial<RechargeRow> | undefined): Recharge {
  const r: Partial<RechargeRow> = row ?? {};
  const status = text(r.Status) as RechargeState;
  return {
    SheetID: text(r.SheetID),
    PayID: text(r.PayID),
    PayUrl: text(r.PayUrl),
    status: STATES.includes(status) ? status : 'pending',
    amount: decimal(r.Amo),
    gift: decimal(r.GiftAmo),
    balance: text(r.Balance),
  };
}

function toPage<R>(data: { table1: R[]; table2: { TotalCount: number }[] }, row: (r: R) => WalletRecord): RecordPage {
  return { rows: data.table1.map(row), totalCount: totalCount(data.table2) };
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
      // EntID keys the cache; the transport sends the shop's own.
      query: () => request('VipRecharge_VipRechargeRuleListByPage_Get', [{ PageIndex: 1, PageSize: 50 }]),
      transformResponse: answer('VipRecharge_VipRechargeRuleListByPage_Get', (r) =>
        r.table1.map((rule) => ({ RuleID: text(rule.RuleID), amount: decimal(rule.Amo), gift: decimal(rule.GiftAmo) })),
      ),
    }),
    balanceRecords: build.infiniteQuery<RecordPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => request('VipRecharge_EntVipAccountItemsListByPage_V2_Get', [{ PageIndex: pageParam, PageSize: RECORD_PAGE_SIZE }]),
      providesTags: ['Balance'],
      transformResponse: answer('VipRecharge_EntVipAccountItemsListByPage_V2_Get', (data) =>
        toPage(data, (r) => {
          const kind = text(r.Kind) as RecordKind;
          return {
            id: text(r.ItemID),
            kind: KINDS.includes(kind) ? kind : 'adjust',
            amount: decimal(r.Amo),
            after: decimal(r.Balance),
            remark: text(r.Remark),
            sheetId: text(r.SheetID),
            at: text(r.CreatedDate),
          };
        }),
      ),
    }),
    scoreRecords: build.infiniteQuery<RecordPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => request('EntVip_EntVipScoreItemsByPage_V1_Get', [{ PageIndex: pageParam, PageSize: RECORD_PAGE_SIZE }]),
      providesTags: ['Points'],
      transformResponse: answer('EntVip_EntVipScoreItemsByPage_V1_Get', (data) =>
        toPage(data, (r) => ({
          id: text(r.ItemID),
          kind: 'points',
          amount: decimal(r.Score),
          after: decimal(r.Balance),
          remark: text(r.Remark),
          sheetId: text(r.SheetID),
          at: text(r.CreatedDate),
        })),
      ),
    }),
    /** Starts a top-up of a rule or of a free amount; the refusal (amount out of limits) is shown by the page. */
    startRecharge: build.mutation<Recharge, RowOf<'VipRecharge_VipAccountRechargeSumbit_V3_Add'>>({
      query: (row) => request('VipRecharge_VipAccountRechargeSumbit_V3_Add', [row], { silent: true }),
      transformResponse: answer('VipRecharge_VipAccountRechargeSumbit_V3_Add', (r) => toRecharge(r.table1[0])),
    }),
    /** Where a top-up stands; a paid one refreshes the member's balance everywhere. */
    rechargeStatus: build.query<Recharge, { SheetID: string }>({
      query: ({ SheetID }) => request('VipRecharge_VipAccountRechargeStatus_V3_Get', [{ SheetID }], { silent: true }),
      transformResponse: answer('VipRecharge_VipAccountRechargeStatus_V3_Get', (r) => toRecharge(r.table1[0])),
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
