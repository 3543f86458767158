/**
 * The member's coupons (issue 10): their list, the enterprise's plans,
 * claiming from a plan (stock and a per-member limit held under concurrency)
 * and by code. The rules a coupon is priced by at submit are ./rules.ts.
 *
 *   EntCard_VipCardList_Get {Status?}              -> the member's coupons (0 unused, 1 used, 2 expired), [{TotalCount}]
 *   EntCard_EntCardPlanList_Get                    -> the enterprise's coupon plans, [{TotalCount}]
 *   EntCard_VipEntCardPlanDetail_Get {PlanID}      -> [plan]
 *   EntCard_ProvideVipCard_Add {PlanID}                  -> [the new coupon]
 *   EntCard_NYHVipCardQueryVerification_Add {CardCode}   -> [coupon]: what a code is (the member's own or claimable)
 *   EntCard_NYHVipCardVerification_Update {CardCode}     -> [coupon]: a claimable code becomes the member's
 *   EntCard_ProvideVipCardDetail_Add {CardCode}          -> the same as _Verification_Update
 *
 * A member sees only their own coupons: another member's CardID or code is
 * answered as one that does not exist. Claims by code count against the
 * plan's per-member limit; look-ups by code are rate limited per member and
 * per IP (http/gateway.ts `limits`, class 'coupon').
 */
import { randomBytes, randomInt } from 'node:crypto';
import { decimal4 } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { OpError, type HandlerMap, type OpContext, type RowOf } from '../context';
import { iso, paging, requireMember } from '../auth/rows';
import { CARD_COLUMNS as CARD_ROW_COLUMNS, claimCard, couponRow, findCard, normaliseCode, type Card } from './rules';

const CARD_COLUMNS = `c.card_id AS "CardID", c.card_code AS "CardCode", p.plan_id AS "PlanID", p.plan_name AS "PlanName",
  p.plan_name_tw AS "PlanNameTW", p.plan_name_en AS "PlanNameEN", p.card_type::text AS "CardType",
  p.face_value AS "FaceValue", p.min_amount AS "MinAmount", c.begin_at AS "BeginTime", c.end_at AS "EndTime",
  (CASE WHEN c.status = 0 AND c.end_at <= $2 THEN 2 ELSE c.status END)::int AS "Status", c.used_at AS "UsedTime", p.remark AS "Remark"`;

type CardListRow = RowOf<'EntCard_VipCardList_Get'>;
type PlanRow = RowOf<'EntCard_VipEntCardPlanDetail_Get'>;

/** The SQL's columns, before the amounts and times are formatted. */
function cardRow(r: Omit<CardListRow, 'BeginTime' | 'EndTime' | 'UsedTime'> & { BeginTime: unknown; EndTime: unknown; UsedTime: unknown }): CardListRow {
  return {
    ...r,
    FaceValue: decimal4(r.FaceValue),
    MinAmount: decimal4(r.MinAmount),
    BeginTime: iso(r.BeginTime),
    EndTime: iso(r.EndTime),
    UsedTime: iso(r.UsedTime),
  };
}

const PLAN_COLUMNS = `p.plan_id AS "PlanID", p.plan_name AS "PlanName", p.plan_name_tw AS "PlanNameTW", p.plan_name_en AS "PlanNameEN",
  p.card_type::text AS "CardType", p.face_value AS "FaceValue", p.min_amount AS "MinAmount", p.valid_days AS "ValidDays",
  CASE WHEN p.can_claim THEN 1 ELSE 0 END AS "CanClaim",
  CASE WHEN EXISTS (SELECT 1 FROM card_claim k WHERE k.plan_id = p.plan_id AND k.vip_id = $2) THEN 1 ELSE 0 END AS "Claimed",
  (SELECT count(*) FROM card_claim k WHERE k.plan_id = p.plan_id AND k.vip_id = $2)::int AS "ClaimedCount",
  p.per_member_limit AS "PerMemberLimit",
  CASE WHEN p.stock IS NULL THEN -1 ELSE GREATEST(p.stock - p.claimed_count, 0) END AS "Stock",
  p.remark AS "Remark"`;

const planRow = (r: PlanRow): PlanRow => ({ ...r, FaceValue: decimal4(r.FaceValue), MinAmount: decimal4(r.MinAmount) });

/** The member's vip id when the session is a member's, for "claimed" flags; '' otherwise. */
const memberOrNone = (ctx: OpContext) => (ctx.session?.role === 'member' && ctx.session.vipId ? ctx.session.vipId : '');

// Coupons ------------------------------------------------------------------------------

const CARD_SELECT = `SELECT ${CARD_ROW_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id`;

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
  // Anyone else's code answers as an unknown one (rules.ts findCard).
  const found = await findCard(ctx.tx, { cardCode: normaliseCode(code) }, vipId, entId);
  if (!found) throw new OpError('couponMissing');
  const t = ctx.now.getTime();
  const card = found.card;
  if (card.status !== 0 || t >= new Date(card.end_at).getTime()) throw new OpError('couponUnavailable');
  return card;
}

async function claimByCode(ctx: OpContext, code: string) {
  const session = requireMember(ctx);
  const card = await cardByCode(ctx, code, session.entId, session.vipId);
  // Within the plan's per-member limit, as a claim from the plan (issue 22).
  if (card.vip_id === null && !(await claimCard(ctx.tx, card.plan_id, card.card_id, session.vipId, ctx.now))) {
    throw new OpError('couponMissing');
  }
  const [fresh] = await ctx.tx.query<Card>(`${CARD_SELECT} WHERE c.card_id = $1`, [card.card_id]);
  return { table1: [await cardAnswer(ctx, fresh!)] };
}

export const couponHandlers: HandlerMap = {
  async EntCard_VipCardList_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!, 20, 200);
    const status = row!.Status;
    const effective = '(CASE WHEN c.status = 0 AND c.end_at <= $2 THEN 2 ELSE c.status END)';
    const where = `c.vip_id = $1 ${status === undefined ? '' : `AND ${effective} = $3`}`;
    const params = status === undefined ? [vipId, ctx.now] : [vipId, ctx.now, status];
    const rows = await ctx.tx.query<Parameters<typeof cardRow>[0]>(
      `SELECT ${CARD_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id
        WHERE ${where} ORDER BY ${effective}, c.end_at, c.card_id LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const [total] = await ctx.tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vip_card c WHERE ${where} AND $2::timestamptz IS NOT NULL`,
      params,
    );
    return { table1: rows.map(cardRow), table2: [{ TotalCount: total?.n ?? 0 }] };
  },

  async EntCard_EntCardPlanList_Get(ctx, { tableData: [row] }) {
    const entId = row!.EntID || ctx.session?.entId || '';
    const { limit, offset } = paging(row!, 50);
    const rows = await ctx.tx.query<PlanRow>(
      `SELECT ${PLAN_COLUMNS} FROM card_plan p WHERE p.ent_id = $1 ORDER BY p.plan_id LIMIT $3 OFFSET $4`,
      [entId, memberOrNone(ctx), limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM card_plan WHERE ent_id = $1', [entId]);
    return { table1: rows.map(planRow), table2: [{ TotalCount: total?.n ?? 0 }] };
  },

  async EntCard_VipEntCardPlanDetail_Get(ctx, { tableData: [row] }) {
    const [plan] = await ctx.tx.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM card_plan p WHERE p.plan_id = $1`, [row!.PlanID, memberOrNone(ctx)]);
    if (!plan) throw new OpError('cardPlanNotFound');
    return { table1: [planRow(plan)] };
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
