/**
 * The back office's loyalty and wallet settings (issue 27 section 3): the
 * points rule and top-up limits (enterprise), top-up rules (recharge_rule),
 * coupon plans (card_plan) and their codes (unclaimed vip_card rows), member
 * look-up and a manager's adjustment of a balance or of points.
 *
 * Every edit names the version it read: the UPDATE is conditional on it, and
 * a stale one is refused with the row's fresh values (VersionConflict). Every
 * change writes its audit row (http/staffAuth.ts audit) in the same
 * transaction. An adjustment is a ledger row (wallet/ledger.ts changeBalance
 * / changeScore, kind 'adjust'), never an overwrite of the figure.
 */
import { randomInt } from 'node:crypto';
import { maskPhone } from '../../../shared/domain/memberName';
import { toFixedHalfUp } from '../../../shared/domain/numbers';
import type { z } from 'zod';
import type {
  adjustBody,
  codeJson,
  LoyaltySettingsJson,
  MemberDetailJson,
  planBody,
  PlanJson,
  RechargeRuleJson,
  ruleBody,
  settingsBody,
} from '../../../shared/protocol/staffLoyalty';
import type { Queryable } from '../../db/driver';
import { changeBalance, changeScore } from '../wallet/ledger';

/** Who writes the audit row of a change (http/staffAuth.ts audit, bound to the request). */
export type Record = (action: string, target: string, before: unknown, after: unknown) => Promise<void>;

/** A save naming a version that is not the row's: refused with the fresh values. */
export class VersionConflict extends Error {
  constructor(readonly current: unknown) {
    super('version conflict');
  }
}
export class LoyaltyNotFound extends Error {}
/** A change that would take a balance or points below zero. */
export class BelowZero extends Error {}

const text = (v: string | null | undefined, dp = 2) => toFixedHalfUp(v ?? '0', dp);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');

// ---- The points rule and the top-up limits ------------------------------------

export async function readSettings(db: Queryable, entId: string): Promise<LoyaltySettingsJson> {
  const [e] = await db.query<{ score_unit: string; recharge_min: string; recharge_max: string; loyalty_version: number }>(
    'SELECT score_unit::text AS score_unit, recharge_min::text AS recharge_min, recharge_max::text AS recharge_max, loyalty_version FROM enterprise WHERE ent_id = $1',
    [entId],
  );
  if (!e) throw new LoyaltyNotFound(entId);
  return { scoreUnit: text(e.score_unit), rechargeMin: text(e.recharge_min), rechargeMax: text(e.recharge_max), version: e.loyalty_version };
}

export async function saveSettings(tx: Queryable, entId: string, body: z.output<typeof settingsBody>, record: Record): Promise<LoyaltySettingsJson> {
  const before = await readSettings(tx, entId);
  const moved = await tx.query(
    `UPDATE enterprise SET score_unit = $2, recharge_min = $3, recharge_max = $4, loyalty_version = loyalty_version + 1
      WHERE ent_id = $1 AND loyalty_version = $5 RETURNING ent_id`,
    [entId, body.scoreUnit, body.rechargeMin, body.rechargeMax, body.version],
  );
  // The current values, read after the UPDATE: a concurrent save it waited for is in them (PostgreSQL, read committed).
  if (moved.length === 0) throw new VersionConflict({ settings: await readSettings(tx, entId) });
  const after = await readSettings(tx, entId);
  await record('loyalty.settings', entId, before, after);
  return after;
}

// ---- Top-up rules --------------------------------------------------------------

type RuleRow = { rule_id: string; amount: string; gift: string; sort: number; disabled: boolean; version: number };
const RULE_COLUMNS = 'rule_id, amount::text AS amount, gift::text AS gift, sort, disabled, version';
const ruleJson = (r: RuleRow): RechargeRuleJson => ({ ruleId: r.rule_id, amount: text(r.amount), gift: text(r.gift), sort: r.sort, disabled: r.disabled, version: r.version });

export async function listRules(db: Queryable, entId: string): Promise<RechargeRuleJson[]> {
  return (await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM recharge_rule WHERE ent_id = $1 ORDER BY sort, amount, rule_id`, [entId])).map(ruleJson);
}

async function ruleById(db: Queryable, entId: string, ruleId: string): Promise<RechargeRuleJson | null> {
  const [r] = await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM recharge_rule WHERE ent_id = $1 AND rule_id = $2`, [entId, ruleId]);
  return r ? ruleJson(r) : null;
}

export async function createRule(tx: Queryable, entId: string, body: z.output<typeof ruleBody>, now: Date, record: Record): Promise<RechargeRuleJson> {
  const ruleId = `876${now.getTime()}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  await tx.query('INSERT INTO recharge_rule (rule_id, ent_id, amount, gift, sort, disabled) VALUES ($1, $2, $3, $4, $5, $6)', [ruleId, entId, body.amount, body.gift, body.sort, body.disabled]);
  const rule = (await ruleById(tx, entId, ruleId))!;
  await record('loyalty.rule.create', ruleId, null, rule);
  return rule;
}

export async function saveRule(tx: Queryable, entId: string, ruleId: string, body: z.output<typeof ruleBody> & { version: number }, record: Record): Promise<RechargeRuleJson> {
  const before = await ruleById(tx, entId, ruleId);
  if (!before) throw new LoyaltyNotFound(ruleId);
  const moved = await tx.query(
    `UPDATE recharge_rule SET amount = $3, gift = $4, sort = $5, disabled = $6, version = version + 1
      WHERE ent_id = $1 AND rule_id = $2 AND version = $7 RETURNING rule_id`,
    [entId, ruleId, body.amount, body.gift, body.sort, body.disabled, body.version],
  );
  if (moved.length === 0) throw new VersionConflict({ rule: (await ruleById(tx, entId, ruleId)) ?? before });
  const after = (await ruleById(tx, entId, ruleId))!;
  await record('loyalty.rule.update', ruleId, before, after);
  return after;
}

// ---- Coupon plans and their codes ------------------------------------------------

type PlanRow = {
  plan_id: string;
  plan_name: string;
  plan_name_tw: string;
  plan_name_en: string;
  card_type: number;
  face_value: string;
  min_amount: string;
  valid_days: number;
  stock: number | null;
  per_member_limit: number;
  can_claim: boolean;
  begin_date: string | null;
  end_date: string | null;
  outlets: string[];
  version: number;
  codes: number;
  claimed: number;
  used: number;
};

// Dates in the enterprise's zone: begin_at is the first day's midnight, end_at the midnight after the last day.
const PLAN_SELECT = `SELECT p.plan_id, p.plan_name, p.plan_name_tw, p.plan_name_en, p.card_type, p.face_value::text AS face_value,
    p.min_amount::text AS min_amount, p.valid_days, p.stock, p.per_member_limit, p.can_claim, p.outlets, p.version,
    to_char(p.begin_at AT TIME ZONE e.time_zone, 'YYYY-MM-DD') AS begin_date,
    to_char((p.end_at AT TIME ZONE e.time_zone) - interval '1 day', 'YYYY-MM-DD') AS end_date,
    (SELECT count(*)::int FROM vip_card c WHERE c.plan_id = p.plan_id AND c.vip_id IS NULL) AS codes,
    (SELECT count(*)::int FROM vip_card c WHERE c.plan_id = p.plan_id AND c.vip_id IS NOT NULL) AS claimed,
    (SELECT count(*)::int FROM vip_card c WHERE c.plan_id = p.plan_id AND c.status = 1) AS used
  FROM card_plan p JOIN enterprise e ON e.ent_id = p.ent_id`;

const planJson = (p: PlanRow): PlanJson => ({
  planId: p.plan_id,
  name: p.plan_name,
  nameTw: p.plan_name_tw,
  nameEn: p.plan_name_en,
  cardType: p.card_type,
  faceValue: text(p.face_value),
  minAmount: text(p.min_amount),
  validDays: p.valid_days,
  stock: p.stock,
  perMemberLimit: p.per_member_limit,
  canClaim: p.can_claim,
  beginDate: p.begin_date,
  endDate: p.end_date,
  outlets: p.outlets ?? [],
  version: p.version,
  codes: p.codes,
  claimed: p.claimed,
  used: p.used,
});

/** What an audit row keeps of a plan (its settings, not its counts). */
const planSettings = ({ codes: _c, claimed: _l, used: _u, ...rest }: PlanJson) => rest;

export async function listPlans(db: Queryable, entId: string): Promise<PlanJson[]> {
  return (await db.query<PlanRow>(`${PLAN_SELECT} WHERE p.ent_id = $1 ORDER BY p.plan_id DESC`, [entId])).map(planJson);
}

async function planById(db: Queryable, entId: string, planId: string): Promise<PlanJson | null> {
  const [p] = await db.query<PlanRow>(`${PLAN_SELECT} WHERE p.ent_id = $1 AND p.plan_id = $2`, [entId, planId]);
  return p ? planJson(p) : null;
}

/** The outlets named that are not the enterprise's ([] when all are). */
export async function foreignOutlets(db: Queryable, entId: string, outlets: readonly string[]): Promise<string[]> {
  if (outlets.length === 0) return [];
  const rows = await db.query<{ base_id: string }>('SELECT base_id FROM base WHERE ent_id = $1 AND base_id = ANY ($2::text[])', [entId, [...outlets]]);
  const mine = new Set(rows.map((r) => r.base_id));
  return outlets.filter((o) => !mine.has(o));
}

const PLAN_VALUES = `plan_name = $3, plan_name_tw = $4, plan_name_en = $5, card_type = $6, face_value = $7, min_amount = $8, valid_days = $9,
  stock = $10, per_member_limit = $11, can_claim = $12, outlets = $13::text[],
  begin_at = CASE WHEN $14::date IS NULL THEN NULL ELSE ($14::date)::timestamp AT TIME ZONE (SELECT time_zone FROM enterprise WHERE ent_id = $1) END,
  end_at = CASE WHEN $15::date IS NULL THEN NULL ELSE (($15::date) + 1)::timestamp AT TIME ZONE (SELECT time_zone FROM enterprise WHERE ent_id = $1) END`;

const planParams = (entId: string, planId: string, b: z.output<typeof planBody>) => [
  entId,
  planId,
  b.name,
  b.nameTw,
  b.nameEn,
  b.cardType,
  b.faceValue,
  b.minAmount,
  b.validDays,
  b.stock,
  b.perMemberLimit,
  b.canClaim,
  [...new Set(b.outlets)],
  b.beginDate,
  b.endDate,
];

export async function createPlan(tx: Queryable, entId: string, body: z.output<typeof planBody>, now: Date, record: Record): Promise<PlanJson> {
  const planId = `880${now.getTime()}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  await tx.query('INSERT INTO card_plan (plan_id, ent_id, plan_name, card_type, face_value) VALUES ($1, $2, $3, $4, $5)', [planId, entId, body.name, body.cardType, body.faceValue]);
  await tx.query(`UPDATE card_plan SET ${PLAN_VALUES} WHERE ent_id = $1 AND plan_id = $2`, planParams(entId, planId, body));
  const plan = (await planById(tx, entId, planId))!;
  await record('loyalty.plan.create', planId, null, planSettings(plan));
  return plan;
}

export async function savePlan(tx: Queryable, entId: string, planId: string, body: z.output<typeof planBody> & { version: number }, record: Record): Promise<PlanJson> {
  const before = await planById(tx, entId, planId);
  if (!before) throw new LoyaltyNotFound(planId);
  const moved = await tx.query(`UPDATE card_plan SET ${PLAN_VALUES}, version = version + 1 WHERE ent_id = $1 AND plan_id = $2 AND version = $16 RETURNING plan_id`, [
    ...planParams(entId, planId, body),
    body.version,
  ]);
  if (moved.length === 0) throw new VersionConflict({ plan: (await planById(tx, entId, planId)) ?? before });
  const after = (await planById(tx, entId, planId))!;
  await record('loyalty.plan.update', planId, planSettings(before), planSettings(after));
  return after;
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

/** Stock left for codes: null when the plan has no limit. */
export class OutOfStock extends Error {
  constructor(readonly left: number) {
    super('out of stock');
  }
}

/**
 * Generates `count` codes of a plan (unclaimed coupons a customer types at
 * checkout or claims): within its stock, counting the coupons already given
 * out and the codes not yet claimed. Serialised on the plan row.
 */
export async function generateCodes(tx: Queryable, entId: string, planId: string, count: number, now: Date, record: Record): Promise<{ codes: string[]; plan: PlanJson }> {
  const [p] = await tx.query<{ stock: number | null; valid_days: number; begin_at: Date | null; end_at: Date | null }>(
    'SELECT stock, valid_days, begin_at, end_at FROM card_plan WHERE ent_id = $1 AND plan_id = $2 FOR UPDATE',
    [entId, planId],
  );
  if (!p) throw new LoyaltyNotFound(planId);
  if (p.stock !== null) {
    const [given] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_card WHERE plan_id = $1', [planId]);
    const left = Math.max(0, p.stock - (given?.n ?? 0));
    if (count > left) throw new OutOfStock(left);
  }
  const begin = p.begin_at && new Date(p.begin_at) > now ? new Date(p.begin_at) : now;
  let end = new Date(begin.getTime() + p.valid_days * 86_400_000);
  if (p.end_at && new Date(p.end_at) < end) end = new Date(p.end_at);
  const codes: string[] = [];
  while (codes.length < count) {
    const code = newCode();
    const cardId = `879${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const rows = await tx.query(
      `INSERT INTO vip_card (card_id, card_code, plan_id, vip_id, status, begin_at, end_at) VALUES ($1, $2, $3, NULL, 0, $4, $5)
       ON CONFLICT DO NOTHING RETURNING card_id`,
      [cardId, code, planId, begin, end],
    );
    if (rows.length === 1) codes.push(code);
  }
  await record('loyalty.plan.codes', planId, null, { count, first: codes[0], last: codes[codes.length - 1] });
  return { codes, plan: (await planById(tx, entId, planId))! };
}

export async function planCodes(db: Queryable, entId: string, planId: string): Promise<z.output<typeof codeJson>[]> {
  if (!(await planById(db, entId, planId))) throw new LoyaltyNotFound(planId);
  const rows = await db.query<{ card_code: string; status: number; vip_id: string | null; end_at: Date }>(
    'SELECT card_code, status, vip_id, end_at FROM vip_card WHERE plan_id = $1 ORDER BY card_id',
    [planId],
  );
  return rows.map((r) => ({ code: r.card_code, status: r.status, claimed: r.vip_id !== null, endAt: iso(r.end_at) }));
}

// ---- Members -------------------------------------------------------------------

type MemberRow = { vip_id: string; vip_name: string; vip_code: string; phone: string; balance: string; score: string };
const MEMBER_COLUMNS = 'v.vip_id, v.vip_name, v.vip_code, v.phone, v.balance::text AS balance, v.score::text AS score';
const memberRow = (m: MemberRow) => ({
  vipId: m.vip_id,
  name: m.vip_name,
  vipCode: m.vip_code,
  phone: maskPhone(m.phone),
  balance: text(m.balance),
  score: toFixedHalfUp(m.score, 0),
});

/** Members by phone (its end), member number or name: at most 20, never guests. */
export async function findMembers(db: Queryable, entId: string, q: string) {
  const digits = q.replace(/\D/g, '');
  const rows = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM vip v
      WHERE v.ent_id = $1 AND NOT v.is_guest AND v.merged_into IS NULL
        AND (v.vip_code = $2 OR v.vip_id = $2 OR ($3 <> '' AND length($3) >= 4 AND v.phone LIKE '%' || $3) OR (length($2) >= 2 AND v.vip_name ILIKE '%' || $4 || '%'))
      ORDER BY v.vip_id LIMIT 20`,
    [entId, q, digits, q.replace(/[\\%_]/g, (c) => `\\${c}`)],
  );
  return rows.map(memberRow);
}

export async function memberDetail(db: Queryable, entId: string, vipId: string): Promise<MemberDetailJson> {
  const [m] = await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM vip v WHERE v.ent_id = $1 AND v.vip_id = $2 AND NOT v.is_guest`, [entId, vipId]);
  if (!m) throw new LoyaltyNotFound(vipId);
  const coupons = await db.query<{ card_code: string; plan_name: string; status: number; end_at: Date }>(
    `SELECT c.card_code, p.plan_name, c.status, c.end_at FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id WHERE c.vip_id = $1 ORDER BY c.end_at DESC LIMIT 50`,
    [vipId],
  );
  const orders = await db.query<{ sheet_id: string; base_id: string; total_amo: string; status: number; created_at: Date }>(
    `SELECT sheet_id, base_id, total_amo::text AS total_amo, status, created_at FROM sheet WHERE vip_id = $1 ORDER BY created_at DESC LIMIT 20`,
    [vipId],
  );
  const balanceItems = await db.query<{ kind: string; amount: string; balance: string; remark: string; created_at: Date }>(
    `SELECT kind, amount::text AS amount, balance::text AS balance, remark, created_at FROM vip_account_item WHERE vip_id = $1 ORDER BY seq DESC LIMIT 20`,
    [vipId],
  );
  const scoreItems = await db.query<{ score: string; balance: string; remark: string; created_at: Date }>(
    `SELECT score::text AS score, balance::text AS balance, remark, created_at FROM vip_score_item WHERE vip_id = $1 ORDER BY seq DESC LIMIT 20`,
    [vipId],
  );
  return {
    ...memberRow(m),
    coupons: coupons.map((c) => ({ code: c.card_code, planName: c.plan_name, status: c.status, endAt: iso(c.end_at) })),
    orders: orders.map((o) => ({ sheetId: o.sheet_id, baseId: o.base_id, totalAmo: text(o.total_amo), status: o.status, createdAt: iso(o.created_at) })),
    balanceItems: balanceItems.map((i) => ({ kind: i.kind, amount: text(i.amount), balance: text(i.balance), remark: i.remark, at: iso(i.created_at) })),
    scoreItems: scoreItems.map((i) => ({ score: toFixedHalfUp(i.score, 0), balance: toFixedHalfUp(i.balance, 0), remark: i.remark, at: iso(i.created_at) })),
  };
}

/**
 * A manager's adjustment: one ledger row (kind 'adjust' for a balance) with
 * the reason as its remark; the member's figure moves by the row, as every
 * other change does. Below zero: BelowZero, nothing written.
 */
export async function adjustMember(tx: Queryable, entId: string, vipId: string, body: z.output<typeof adjustBody>, now: Date, record: Record): Promise<MemberDetailJson> {
  const before = await memberDetail(tx, entId, vipId);
  const after =
    body.kind === 'balance'
      ? await changeBalance(tx, { vipId, delta: body.delta, kind: 'adjust', remark: body.reason, now })
      : await changeScore(tx, { vipId, delta: body.delta, remark: body.reason, now });
  if (after === null) throw new BelowZero();
  const member = await memberDetail(tx, entId, vipId);
  await record(
    `loyalty.adjust.${body.kind}`,
    vipId,
    { [body.kind]: body.kind === 'balance' ? before.balance : before.score },
    { [body.kind]: body.kind === 'balance' ? member.balance : member.score, delta: body.delta, reason: body.reason },
  );
  return member;
}
