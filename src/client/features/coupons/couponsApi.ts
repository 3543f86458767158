/**
 * The member's coupons (SPEC section 7, Coupons; issue 10): their coupons by
 * state, the plans they may claim, claiming one, a code looked up and added,
 * and one coupon's details with the shops it is valid in. Wire rows become
 * view types here (house style 12).
 */
import { api } from '../../app/api';
import type { ResultRow, ResultTables } from '../../../shared/protocol/envelope';
import { namesOf } from '../../ui/localName';
import type { LocalNames } from '../../ui/localName';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => Number(v ?? 0) || 0;

/** 1 cash, 2 discount, 3 voucher (SPEC section 4). */
export type CouponType = 1 | 2 | 3;
/** 0 not used, 1 used, 2 expired. */
export type CouponStatus = 0 | 1 | 2;

export interface MemberCoupon {
  CardID: string;
  CardCode: string;
  names: LocalNames;
  type: CouponType;
  /** Cash and voucher: the amount off; discount: the percent paid (85 is 15 % off). */
  faceValue: string;
  minAmount: string;
  beginTime: string;
  endTime: string;
  status: CouponStatus;
  usedTime: string;
  remark: string;
}

export interface CouponPlan {
  PlanID: string;
  names: LocalNames;
  type: CouponType;
  faceValue: string;
  minAmount: string;
  validDays: number;
  canClaim: boolean;
  claimedCount: number;
  perMemberLimit: number;
  /** Left to claim; null without a limit. */
  stock: number | null;
  remark: string;
}

export interface CouponShop {
  ShopID: string;
  names: LocalNames;
}

const type = (v: unknown): CouponType => (n(v) === 2 ? 2 : n(v) === 3 ? 3 : 1);

export function toMemberCoupon(r: ResultRow): MemberCoupon {
  const status = n(r.Status);
  return {
    CardID: s(r.CardID),
    CardCode: s(r.CardCode),
    names: namesOf(r, 'PlanName'),
    type: type(r.CardType),
    faceValue: s(r.FaceValue) || '0',
    minAmount: s(r.MinAmount) || '0',
    beginTime: s(r.BeginTime),
    endTime: s(r.EndTime),
    status: status === 1 ? 1 : status === 2 ? 2 : 0,
    usedTime: s(r.UsedTime),
    remark: s(r.Remark),
  };
}

export function toPlan(r: ResultRow): CouponPlan {
  const stock = r.Stock === undefined || r.Stock === null || r.Stock === '' ? -1 : n(r.Stock);
  return {
    PlanID: s(r.PlanID),
    names: namesOf(r, 'PlanName'),
    type: type(r.CardType),
    faceValue: s(r.FaceValue) || '0',
    minAmount: s(r.MinAmount) || '0',
    validDays: n(r.ValidDays),
    canClaim: n(r.CanClaim) === 1,
    claimedCount: r.ClaimedCount === undefined ? n(r.Claimed) : n(r.ClaimedCount),
    perMemberLimit: n(r.PerMemberLimit) || 1,
    stock: stock < 0 ? null : stock,
    remark: s(r.Remark),
  };
}

export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCoupons: build.query<MemberCoupon[], { Status: CouponStatus }>({
      query: ({ Status }) => ({ op: 'EntCard_VipCardList_Get', rows: [{ Status, PageIndex: 1, PageSize: 200 }] }),
      providesTags: ['Coupons'],
      transformResponse: (data: ResultTables) => (data.table1 ?? []).map(toMemberCoupon),
    }),
    couponPlans: build.query<CouponPlan[], { EntID: string }>({
      query: ({ EntID }) => ({ op: 'EntCard_EntCardPlanList_Get', rows: [{ EntID, PageIndex: 1, PageSize: 50 }] }),
      providesTags: ['Coupons'],
      transformResponse: (data: ResultTables) => (data.table1 ?? []).map(toPlan),
    }),
    /** Claims a coupon of a plan; its refusals (all claimed, the limit reached) are shown by the plan. */
    claimCoupon: build.mutation<MemberCoupon, { PlanID: string }>({
      query: ({ PlanID }) => ({ op: 'EntCard_ProvideVipCard_Add', rows: [{ PlanID }], silent: true }),
      invalidatesTags: (result) => (result ? ['Coupons', 'Member'] : []),
      transformResponse: (data: ResultTables) => toMemberCoupon(data.table1?.[0] ?? {}),
    }),
    /** What a typed code is (SPEC 5's refusals come back as the field's error). */
    lookUpCode: build.mutation<MemberCoupon, { CardCode: string }>({
      query: ({ CardCode }) => ({ op: 'EntCard_NYHVipCardQueryVerification_Add', rows: [{ CardCode }], silent: true }),
      transformResponse: (data: ResultTables) => toMemberCoupon(data.table1?.[0] ?? {}),
    }),
    /** Adds a claimable code to the member's coupons. */
    redeemCode: build.mutation<MemberCoupon, { CardCode: string }>({
      query: ({ CardCode }) => ({ op: 'EntCard_NYHVipCardVerification_Update', rows: [{ CardCode }], silent: true }),
      invalidatesTags: (result) => (result ? ['Coupons', 'Member'] : []),
      transformResponse: (data: ResultTables) => toMemberCoupon(data.table1?.[0] ?? {}),
    }),
    couponDetail: build.query<{ coupon: MemberCoupon; shops: CouponShop[] }, { CardID: string }>({
      query: ({ CardID }) => ({ op: 'EntCard_CardDetailGet_V1_Get', rows: [{ CardID }], silent: true }),
      providesTags: ['Coupons'],
      transformResponse: (data: ResultTables) => ({
        coupon: toMemberCoupon(data.table1?.[0] ?? {}),
        shops: (data.table2 ?? []).map((r) => ({ ShopID: s(r.ShopID), names: namesOf(r, 'ShopName') })),
      }),
    }),
  }),
});
