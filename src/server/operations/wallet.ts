/**
 * The member's wallet (issue 10): top-ups through the payment provider, the
 * balance and points ledgers, claiming coupons from a plan (stock and a
 * per-member limit held under concurrency) and by code.
 *
 *   VipRecharge_VipAccountRechargeSumbit_V3_Add {RuleID | Amo}
 *       -> [{SheetID, PayID, PayUrl, Amo, GiftAmo, Status: 'pending'}]
 *   VipRecharge_VipAccountRechargeStatus_V3_Get {SheetID}
 *       -> [{SheetID, Status: 'pending'|'paid'|'cancelled'|'failed', Amo, GiftAmo, Balance, PaidAt, PayUrl}]
 *   EntCard_ProvideVipCard_Add {PlanID}                  -> [the new coupon]
 *   EntCard_NYHVipCardQueryVerification_Add {CardCode}   -> [coupon]: what a code is (the member's own or claimable)
 *   EntCard_NYHVipCardVerification_Update {CardCode}     -> [coupon]: a claimable code becomes the member's
 *   EntCard_ProvideVipCardDetail_Add {CardCode}          -> the same as _Verification_Update
 *
 * Ledgers: every change of a balance or of points goes through changeBalance
 * / changeScore: one conditional UPDATE of the member row (which holds its
 * lock until the transaction ends) and one ledger row carrying the figure
 * after it; the row's `seq` is assigned under that lock
 * (migrations/007_wallet.sql), so the history reads in the order the money
 * moved. Coupons' ledger rows are written by a trigger on vip_card.
 *
 * A member sees only their own top-ups and coupons: another member's SheetID
 * or CardID is answered as one that does not exist.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { formatMoney, normalizeNumberFormats, toFixedHalfUp } from '../../shared/domain/numbers';
import { decimal4 } from '../../shared/protocol/envelope';
import type { Queryable } from '../db/driver';
import { createPaymentProvider, PAYMENT_CALLBACK_PATH, type PaymentCallback, type PaymentProvider } from '../providers/payment';
import { OpError, type HandlerMap, type OpContext } from './context';
import { iso, requireMember } from './auth/rows';
import { couponRow, findCard, normaliseCode, type Card } from './orders/coupons';

// Ledgers ------------------------------------------------------------------------------

export type AccountKind = 'recharge' | 'gift' | 'pay' | 'refund' | 'adjust';

/**
 * Adds `delta` (signed decimal string) to the member's balance and writes its
 * ledger row; answers the balance after, or null when a debit is more than
 * the balance (nothing written).
 */
export async function changeBalance(
  tx: Queryable,
  change: { vipId: string; delta: string; kind: AccountKind; sheetId?: string; remark: string; now: Date },
): Promise<string | null> {
  const [row] = await tx.query<{ balance: string }>(
    'UPDATE vip SET balance = balance + $1 WHERE vip_id = $2 AND balance + $1 >= 0 RETURNING balance::text AS balance',
    [change.delta, change.vipId],
  );
  if (!row) return null;
  await tx.query(
    `INSERT INTO vip_account_item (vip_id, kind, amount, balance, sheet_id, remark, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [change.vipId, change.kind, change.delta, row.balance, change.sheetId ?? '', change.remark, change.now],
  );
  return row.balance;
}

/** Adds `delta` points (signed) and writes the ledger row; the points after, or null when that would go below zero. */
export async function changeScore(
  tx: Queryable,
  change: { vipId: string; delta: number | string; sheetId?: string; remark: string; now: Date },
): Promise<string | null> {
  const [row] = await tx.query<{ score: string }>(
    'UPDATE vip SET score = score + $1 WHERE vip_id = $2 AND score + $1 >= 0 RETURNING score::text AS score',
    [change.delta, change.vipId],
  );
  if (!row) return null;
  await tx.query(
    `INSERT INTO vip_score_item (vip_id, score, balance, sheet_id, remark, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [change.vipId, change.delta, row.score, change.sheetId ?? '', change.remark, change.now],
  );
  return row.score;
}

/** The points an amount paid earns under the member's enterprise's rule (one point per `score_unit` paid, rounded down). */
export async function pointsFor(tx: Queryable, vipId: string, amount: string): Promise<number> {
  const [rule] = await tx.query<{ unit: string }>(
    'SELECT e.score_unit::text AS unit FROM vip v JOIN enterprise e ON e.ent_id = v.ent_id WHERE v.vip_id = $1 AND NOT v.is_guest',
    [vipId],
  );
  const unit = Number(rule?.unit ?? 0);
  if (!(unit > 0)) return 0;
  return Math.floor(Number(amount) / unit + 1e-9);
}

// Top-ups ------------------------------------------------------------------------------

const newRechargeId = (now: Date) => `875${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const newRechargePayId = (now: Date) => `RCH${now.getTime()}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** The app's page that polls a top-up, where the provider sends the browser back. */
export const rechargeReturnUrl = (publicUrl: string | null, rechargeId: string) =>
  `${publicUrl ?? ''}/#/pages/rechargeResult/rechargeResult?SheetID=${encodeURIComponent(rechargeId)}`;

type RechargeRow = {
  recharge_id: string;
  vip_id: string;
  amount: string;
  gift: string;
  pay_id: string;
  pay_url: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  paid_at: Date | null;
};

const RECHARGE_COLUMNS = 'recharge_id, vip_id, amount::text AS amount, gift::text AS gift, pay_id, pay_url, status, paid_at';

/** Whether a payment id is a top-up's (the callback route hands those here). */
export async function isRechargePayment(tx: Queryable, payId: string): Promise<boolean> {
  const [row] = await tx.query('SELECT 1 AS one FROM vip_recharge WHERE pay_id = $1', [payId]);
  return Boolean(row);
}

/**
 * Applies the provider's word on a top-up, exactly once: the top-up row is
 * locked and moves only from 'pending'; a 'paid' must carry the top-up's
 * amount; only that move credits the balance (and the gift).
 */
export async function applyRechargeCallback(
  tx: Queryable,
  cb: PaymentCallback,
  now: Date,
): Promise<'credited' | 'recorded' | 'duplicate' | 'unknown' | 'mismatch'> {
  const [r] = await tx.query<RechargeRow>(`SELECT ${RECHARGE_COLUMNS} FROM vip_recharge WHERE pay_id = $1 FOR UPDATE`, [cb.payId]);
  if (!r) return 'unknown';
  if (r.status !== 'pending') return 'duplicate';
  if (cb.status !== 'paid') {
    await tx.query(`UPDATE vip_recharge SET status = $2, provider_ref = $3, updated_at = $4 WHERE recharge_id = $1`, [r.recharge_id, cb.status, cb.providerRef, now]);
    return 'recorded';
  }
  if (Number(cb.amount).toFixed(4) !== Number(r.amount).toFixed(4)) return 'mismatch';
  const [moved] = await tx.query(
    `UPDATE vip_recharge SET status = 'paid', provider_ref = $2, paid_at = $3, updated_at = $3 WHERE recharge_id = $1 AND status = 'pending' RETURNING recharge_id`,
    [r.recharge_id, cb.providerRef, now],
  );
  if (!moved) return 'duplicate';
  const amount = Number(r.amount);
  await changeBalance(tx, { vipId: r.vip_id, delta: r.amount, kind: 'recharge', sheetId: r.recharge_id, remark: `Top up ${amount.toFixed(2)}`, now });
  if (Number(r.gift) > 0) {
    await changeBalance(tx, { vipId: r.vip_id, delta: r.gift, kind: 'gift', sheetId: r.recharge_id, remark: 'Top-up gift', now });
  }
  return 'credited';
}

function rechargeProvider(ctx: Pick<OpContext, 'config' | 'tx' | 'now'>): PaymentProvider {
  const provider = createPaymentProvider(ctx.config, ctx.tx, () => ctx.now);
  if (!provider) throw new OpError('paymentMethodUnavailable');
  return provider;
}

async function rechargeAnswer(tx: Queryable, rechargeId: string) {
  const [r] = await tx.query<RechargeRow & { balance: string }>(
    `SELECT r.recharge_id, r.vip_id, r.amount::text AS amount, r.gift::text AS gift, r.pay_id, r.pay_url, r.status, r.paid_at,
            v.balance::text AS balance
       FROM vip_recharge r JOIN vip v ON v.vip_id = r.vip_id WHERE r.recharge_id = $1`,
    [rechargeId],
  );
  return {
    SheetID: r!.recharge_id,
    PayID: r!.pay_id,
    PayUrl: r!.pay_url,
    Status: r!.status,
    Amo: decimal4(r!.amount),
    GiftAmo: decimal4(r!.gift),
    Balance: decimal4(r!.balance),
    PaidAt: iso(r!.paid_at),
  };
}

// Coupons ------------------------------------------------------------------------------

const CARD_SELECT = `SELECT c.card_id, c.card_code, c.plan_id, c.vip_id, c.status, c.begin_at, c.end_at,
  p.ent_id, p.plan_name, p.plan_name_tw, p.plan_name_en, p.card_type, p.face_value, p.min_amount, p.can_claim, p.remark
  FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id`;

async function enterpriseFormats(tx: Queryable, entId: string) {
  const [ent] = await tx.query<{ amo_point: number; price_point: number; currency_symbol: string }>(
    'SELECT amo_point, price_point, currency_symbol FROM enterprise WHERE ent_id = $1',
    [entId],
  );
  return { formats: { AmoPoint: ent?.amo_point ?? 2, PricePoint: ent?.price_point ?? 2 }, symbol: ent?.currency_symbol ?? '' };
}

async function cardAnswer(ctx: OpContext, card: Card) {
  const { formats, symbol } = await enterpriseFormats(ctx.tx, card.ent_id);
  return couponRow(card, ctx.now, null, formats, symbol, ctx.lang);
}

/** A code the member typed: their own card or a claimable unclaimed one, usable now; anything else is refused. */
async function cardByCode(ctx: OpContext, code: string, entId: string, vipId: string): Promise<Card> {
  const found = await findCard(ctx.tx, { cardCode: normaliseCode(code) }, vipId, entId);
  if (!found) throw new OpError('couponMissing');
  if (!found.theirs) throw new OpError('couponUnavailable');
  const t = ctx.now.getTime();
  const card = found.card;
  if (card.status !== 0 || t >= new Date(card.end_at).getTime()) throw new OpError('couponUnavailable');
  return card;
}

async function claimByCode(ctx: OpContext, code: string) {
  const session = requireMember(ctx);
  const card = await cardByCode(ctx, code, session.entId, session.vipId);
  if (card.vip_id === null) {
    const [claimed] = await ctx.tx.query(
      'UPDATE vip_card SET vip_id = $2 WHERE card_id = $1 AND vip_id IS NULL AND status = 0 RETURNING card_id',
      [card.card_id, session.vipId],
    );
    if (!claimed) throw new OpError('couponUnavailable');
  }
  const [fresh] = await ctx.tx.query<Card>(`${CARD_SELECT} WHERE c.card_id = $1`, [card.card_id]);
  return { table1: [await cardAnswer(ctx, fresh!)] };
}

// Operations ---------------------------------------------------------------------------

export const walletHandlers: HandlerMap = {
  /**
   * Starts a top-up: a rule's amount (and its gift), or a free amount within
   * the enterprise's limits (no gift unless it is a rule's amount); a pending
   * top-up and the provider's page to send the customer to.
   */
  async VipRecharge_VipAccountRechargeSumbit_V3_Add(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now, config } = ctx;
    const [ent] = await tx.query<{ amo_point: number; currency: string; currency_symbol: string; recharge_min: string; recharge_max: string; ent_name: string }>(
      'SELECT amo_point, currency, currency_symbol, recharge_min::text AS recharge_min, recharge_max::text AS recharge_max, ent_name FROM enterprise WHERE ent_id = $1',
      [session.entId],
    );
    if (!ent) throw new OpError('entNotFound');
    let amount: string;
    let gift = '0';
    let ruleId = '';
    if (row!.RuleID) {
      const [rule] = await tx.query<{ rule_id: string; amount: string; gift: string }>(
        'SELECT rule_id, amount::text AS amount, gift::text AS gift FROM recharge_rule WHERE rule_id = $1 AND ent_id = $2',
        [row!.RuleID, session.entId],
      );
      if (!rule) throw new OpError('rechargeRuleNotFound');
      amount = toFixedHalfUp(rule.amount, ent.amo_point);
      gift = rule.gift;
      ruleId = rule.rule_id;
    } else {
      const value = row!.Amo;
      const show = (v: string) => formatMoney(v, normalizeNumberFormats({ AmoPoint: ent.amo_point }), ent.currency_symbol);
      const invalid = () => new OpError('rechargeAmountInvalid', undefined, { min: show(ent.recharge_min), max: show(ent.recharge_max) });
      if (value === undefined || !Number.isFinite(value)) throw invalid();
      // No more decimals than the enterprise's amounts have.
      const scaled = value * 10 ** ent.amo_point;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) throw invalid();
      if (value < Number(ent.recharge_min) || value > Number(ent.recharge_max)) throw invalid();
      amount = toFixedHalfUp(value, ent.amo_point);
      const [rule] = await tx.query<{ rule_id: string; gift: string }>(
        'SELECT rule_id, gift::text AS gift FROM recharge_rule WHERE ent_id = $1 AND amount = $2 ORDER BY sort LIMIT 1',
        [session.entId, amount],
      );
      if (rule) {
        gift = rule.gift;
        ruleId = rule.rule_id;
      }
    }
    const provider = rechargeProvider(ctx);
    const rechargeId = newRechargeId(now);
    const payId = newRechargePayId(now);
    const { payUrl } = await provider.createPayment({
      payId,
      amount,
      currency: ent.currency,
      description: `${ent.ent_name} · top up ${rechargeId}`,
      returnUrl: rechargeReturnUrl(config.publicUrl, rechargeId),
      notifyUrl: PAYMENT_CALLBACK_PATH,
    });
    await tx.query(
      `INSERT INTO vip_recharge (recharge_id, vip_id, ent_id, rule_id, amount, gift, pay_id, pay_url, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $9)`,
      [rechargeId, session.vipId, session.entId, ruleId, amount, gift, payId, payUrl, now],
    );
    const answer = await rechargeAnswer(tx, rechargeId);
    return { table1: [{ SheetID: answer.SheetID, PayID: answer.PayID, PayUrl: answer.PayUrl, Amo: answer.Amo, GiftAmo: answer.GiftAmo, Status: answer.Status }] };
  },

  /**
   * Where the member's top-up stands. A pending one is checked with the
   * provider first, so a lost callback does not leave it pending; asking any
   * number of times credits it once.
   */
  async VipRecharge_VipAccountRechargeStatus_V3_Get(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now } = ctx;
    const [r] = await tx.query<RechargeRow>(`SELECT ${RECHARGE_COLUMNS} FROM vip_recharge WHERE recharge_id = $1 AND vip_id = $2`, [row!.SheetID, session.vipId]);
    if (!r) throw new OpError('rechargeNotFound');
    if (r.status === 'pending') {
      const provider = rechargeProvider(ctx);
      const remote = await provider.queryPayment(r.pay_id);
      if (remote && (remote.status === 'paid' || remote.status === 'cancelled')) {
        await applyRechargeCallback(tx, { payId: remote.payId, status: remote.status, providerRef: remote.providerRef, amount: remote.amount }, now);
      }
    }
    return { table1: [await rechargeAnswer(tx, r.recharge_id)] };
  },

  /**
   * Claims a coupon of a plan: serialised on the plan row, within the plan's
   * dates, its stock and its per-member limit.
   */
  async EntCard_ProvideVipCard_Add(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now } = ctx;
    const [plan] = await tx.query<{ plan_id: string; can_claim: boolean; valid_days: number; stock: number | null; per_member_limit: number; claimed_count: number; begin_at: Date | null; end_at: Date | null }>(
      `SELECT plan_id, can_claim, valid_days, stock, per_member_limit, claimed_count, begin_at, end_at
         FROM card_plan WHERE plan_id = $1 AND ent_id = $2 FOR UPDATE`,
      [row!.PlanID, session.entId],
    );
    if (!plan) throw new OpError('cardPlanNotFound');
    const t = now.getTime();
    if (!plan.can_claim || (plan.begin_at && t < new Date(plan.begin_at).getTime()) || (plan.end_at && t >= new Date(plan.end_at).getTime())) {
      throw new OpError('cardPlanUnavailable');
    }
    const [mine] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM card_claim WHERE plan_id = $1 AND vip_id = $2', [plan.plan_id, session.vipId]);
    if ((mine?.n ?? 0) >= plan.per_member_limit) {
      if (plan.per_member_limit === 1) throw new OpError('cardPlanClaimed');
      throw new OpError('cardPlanLimit', undefined, { limit: plan.per_member_limit });
    }
    if (plan.stock !== null && plan.claimed_count >= plan.stock) throw new OpError('cardPlanSoldOut');
    const cardId = `879${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const code = `C${randomBytes(6).toString('hex').toUpperCase()}`;
    await tx.query(
      `INSERT INTO vip_card (card_id, card_code, plan_id, vip_id, status, begin_at, end_at) VALUES ($1, $2, $3, $4, 0, $5, $6)`,
      [cardId, code, plan.plan_id, session.vipId, now, new Date(t + plan.valid_days * 86_400_000)],
    );
    await tx.query('INSERT INTO card_claim (plan_id, vip_id, card_id, claimed_at) VALUES ($1, $2, $3, $4)', [plan.plan_id, session.vipId, cardId, now]);
    await tx.query('UPDATE card_plan SET claimed_count = claimed_count + 1 WHERE plan_id = $1', [plan.plan_id]);
    const [card] = await tx.query<Card>(`${CARD_SELECT} WHERE c.card_id = $1`, [cardId]);
    const answer = await cardAnswer(ctx, card!);
    return {
      table1: [
        {
          CardID: answer.CardID,
          CardCode: answer.CardCode,
          PlanID: answer.PlanID,
          PlanName: answer.PlanName,
          PlanNameTW: answer.PlanNameTW,
          PlanNameEN: answer.PlanNameEN,
          CardType: answer.CardType,
          FaceValue: answer.FaceValue,
          MinAmount: answer.MinAmount,
          BeginTime: iso(card!.begin_at),
          EndTime: iso(card!.end_at),
          Status: answer.Status,
          UsedTime: '',
          Remark: answer.Remark,
        },
      ],
    };
  },

  /** What a typed code is: the member's own usable coupon or a claimable one (SPEC 5: 'The coupon does not exist', 'This coupon is not available'). */
  async EntCard_NYHVipCardQueryVerification_Add(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const code = row!.CardCode.trim();
    if (!code) throw new OpError('couponMissing');
    const card = await cardByCode(ctx, code, session.entId, session.vipId);
    return { table1: [await cardAnswer(ctx, card)] };
  },

  /** Adds a claimable code to the member's coupons (their own code answers as it is). */
  async EntCard_NYHVipCardVerification_Update(ctx, { tableData: [row] }) {
    if (!row!.CardCode.trim()) throw new OpError('couponMissing');
    return claimByCode(ctx, row!.CardCode);
  },

  async EntCard_ProvideVipCardDetail_Add(ctx, { tableData: [row] }) {
    if (!row!.CardCode.trim()) throw new OpError('couponMissing');
    return claimByCode(ctx, row!.CardCode);
  },
};
