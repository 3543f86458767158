/**
 * Demo data of the member's wallet (issue 10), loaded with the demo
 * enterprise (seedDemo): the enterprise's points rule (1 point per MOP$10
 * paid) and top-up limits, and claimable coupon plans with a stock and a
 * per-member limit. The demo members' balance and points histories and their
 * coupons in every state and type are in demo.ts (timedRows).
 */
import type { Queryable } from '../driver';
import { ENT_ID } from './demo';

export const WALLET_PLANS = {
  /** MOP$10 off orders of MOP$60 or more: 50 to give out, 2 per member. */
  cash10: '880000000011',
  /** 10% off, no minimum: 3 to give out, 1 per member (runs out in the demo). */
  discount90: '880000000012',
} as const;

/** Amount paid per point, least and greatest free top-up. */
export const WALLET_RULES = { scoreUnit: 10, rechargeMin: 10, rechargeMax: 5000 } as const;

export async function seedWalletDemo(tx: Queryable): Promise<void> {
  await tx.query('UPDATE enterprise SET score_unit = $2, recharge_min = $3, recharge_max = $4 WHERE ent_id = $1', [
    ENT_ID,
    WALLET_RULES.scoreUnit,
    WALLET_RULES.rechargeMin,
    WALLET_RULES.rechargeMax,
  ]);
  // The older plans: the cash coupon is limited to 200 cards.
  await tx.query(`UPDATE card_plan SET stock = 200 WHERE plan_id = '880000000001'`);
  await tx.query(
    `INSERT INTO card_plan (plan_id, ent_id, plan_name, plan_name_tw, plan_name_en, card_type, face_value, min_amount, valid_days, can_claim, remark, stock, per_member_limit)
     VALUES ($1, $2, '满60减10元', '滿60減10元', 'MOP$10 off MOP$60', 1, 10, 60, 30, true, 'Spend MOP$60 or more; two per member', 50, 2),
            ($3, $2, '9折优惠券', '9折優惠券', '10% Off Coupon', 2, 90, 0, 14, true, 'Pay 90% of the order; only three to give out', 3, 1)`,
    [WALLET_PLANS.cash10, ENT_ID, WALLET_PLANS.discount90],
  );
}
