/**
 * The member's coupons (SPEC section 7, Coupons; issue 10): their coupons by
 * state, the plans they may claim, claiming one, a code looked up and added,
 * and one coupon's details with the shops it is valid in. Wire rows become
 * view types here (house style 12).
 */
import { api } from '../../app/api';
import { answer, request, type AnswerOf, type RowOf } from '../../app/operation';
import { decimal, namesOf, num, text } from '../../app/rows';
import type { LocalNames } from '../../ui/localName';
import { couponType, toCoupon, type CouponStatus, type CouponType, type MemberCoupon } from './coupon';

export { toCoupon, type CouponStatus, type CouponType, type MemberCoupon } from './coupon';

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

type PlanRow = AnswerOf<'EntCard_EntCardPlanList_Get'>['table1'][number];

export function toPlan(r: PlanRow): CouponPlan {
  const stock = r.Stock === undefined || r.Stock === null || (r.Stock as unknown) === '' ? -1 : num(r.Stock);
  return {
    PlanID: text(r.PlanID),
    names: namesOf(r, 'PlanName'),
    type: couponType(r.CardType),
    faceValue: decimal(r.FaceValue),
    minAmount: decimal(r.MinAmount),
    validDays: num(r.ValidDays),
    canClaim: num(r.CanClaim) === 1,
    claimedCount: r.ClaimedCount === undefined ? num(r.Claimed) : num(r.ClaimedCount),
    perMemberLimit: num(r.PerMemberLimit) || 1,
    stock: stock < 0 ? null : stock,
    remark: text(r.Remark),
  };
}

export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCoupons: build.query<MemberCoupon[], { Status: CouponStatus }>({
      query: ({ Status }) => request('EntCard_VipCardList_Get', [{ Status, PageIndex: 1, PageSize: 200 }]),
      providesTags: ['Coupons'],
      transformResponse: answer('EntCard_VipCardList_Get', (r) => r.table1.map(toCoupon)),
    }),
    /** EntID: the enterprise whose plans these are (the transport sends it; here it keys the cache). */
    couponPlans: build.query<CouponPlan[], { EntID: string }>({
      query: () => request('EntCard_EntCardPlanList_Get', [{ PageIndex: 1, PageSize: 50 }]),
      providesTags: ['Coupons'],
      transformResponse: answer('EntCard_EntCardPlanList_Get', (r) => r.table1.map(toPlan)),
    }),
    /** Claims a coupon of a plan; its refusals (all claimed, the limit reached) are shown by the plan. */
    claimCoupon: build.mutation<MemberCoupon, { PlanID: string }>({
      query: ({ PlanID }) => request('EntCard_ProvideVipCard_Add', [{ PlanID }], { silent: true }),
      invalidatesTags: (result) => (result ? ['Coupons', 'Member'] : []),
      transformResponse: answer('EntCard_ProvideVipCard_Add', (r) => toCoupon(r.table1[0])),
    }),
    /** What a typed code is (SPEC 5's refusals come back as the field's error). */
    lookUpCode: build.mutation<MemberCoupon, RowOf<'EntCard_NYHVipCardQueryVerification_Add'>>({
      query: ({ CardCode }) => request('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode }], { silent: true }),
      transformResponse: answer('EntCard_NYHVipCardQueryVerification_Add', (r) => toCoupon(r.table1[0])),
    }),
    /** Adds a claimable code to the member's coupons. */
    redeemCode: build.mutation<MemberCoupon, Pick<RowOf<'EntCard_NYHVipCardVerification_Update'>, 'CardCode'>>({
      query: ({ CardCode }) => request('EntCard_NYHVipCardVerification_Update', [{ CardCode }], { silent: true }),
      invalidatesTags: (result) => (result ? ['Coupons', 'Member'] : []),
      transformResponse: answer('EntCard_NYHVipCardVerification_Update', (r) => toCoupon(r.table1[0])),
    }),
    couponDetail: build.query<{ coupon: MemberCoupon; shops: CouponShop[] }, { CardID: string }>({
      query: ({ CardID }) => request('EntCard_CardDetailGet_V1_Get', [{ CardID }], { silent: true }),
      providesTags: ['Coupons'],
      transformResponse: answer('EntCard_CardDetailGet_V1_Get', (r) => ({
        coupon: toCoupon(r.table1[0]),
        shops: (r.table2 ?? []).map((shop) => ({ ShopID: text(shop.ShopID), names: namesOf(shop, 'ShopName') })),
      })),
    }),
  }),
});
