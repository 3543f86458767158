/**
 * The back office's loyalty and wallet settings (issue 27 section 3), written
 * once for the service (server/http/staffLoyalty.ts,
 * operations/backOffice/loyalty.ts) and the staff program
 * (staff/backOffice/loyalty).
 *
 *   GET  /staff/loyalty/settings                 the points rule, the top-up limits and rules
 *   PUT  /staff/loyalty/settings                 the points rule and limits (owner; with its version)
 *   POST /staff/loyalty/recharge-rules           a top-up rule, pay X get Y (owner)
 *   PUT  /staff/loyalty/recharge-rules/:id       edits one (owner; with its version)
 *   GET  /staff/loyalty/plans                    the coupon plans with their counts
 *   POST /staff/loyalty/plans                    a plan (owner)
 *   PUT  /staff/loyalty/plans/:id                edits one (owner; with its version)
 *   POST /staff/loyalty/plans/:id/codes          generates N codes (owner)
 *   GET  /staff/loyalty/plans/:id/codes          its codes (JSON; &format=csv the export)
 *   GET  /staff/loyalty/members?q=…              members by phone, member number or name
 *   GET  /staff/loyalty/members/:id              one member: balance, points, coupons, orders, ledgers
 *   POST /staff/loyalty/members/:id/adjust       a ledger row adjusting balance or points,
 *                                                with a reason and the caller's PIN (owner, manager)
 *
 * A save naming a version that is not the row's current one is refused with
 * 409 {"error": "changed by someone else", "current": <the fresh values>}.
 * Money is a decimal string with at most two places, never negative.
 */
import { z } from 'zod';

const id = z.string().trim().min(1).max(64);
export const loyaltyIdParams = z.object({ id });

/** A non-negative amount of money: at most two decimals, at most `max`. */
export const moneyText = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount like 12.50, never negative')
    .refine((s) => Number(s) <= max, `at most ${max}`);

const version = z.number().int().min(1);

export const loyaltySettingsJson = z.object({
  /** The amount paid per point ("0": orders earn no points). */
  scoreUnit: z.string(),
  rechargeMin: z.string(),
  rechargeMax: z.string(),
  version: z.number().int(),
});

export const rechargeRuleJson = z.object({
  ruleId: z.string(),
  amount: z.string(),
  gift: z.string(),
  sort: z.number().int(),
  disabled: z.boolean(),
  version: z.number().int(),
});

export const settingsBody = z
  .object({ scoreUnit: moneyText(100_000), rechargeMin: moneyText(1_000_000), rechargeMax: moneyText(1_000_000), version })
  .refine((b) => Number(b.rechargeMin) > 0, { message: 'the least top-up is more than 0', path: ['rechargeMin'] })
  .refine((b) => Number(b.rechargeMax) >= Number(b.rechargeMin), { message: 'the greatest top-up is at least the least', path: ['rechargeMax'] });

export const ruleBody = z
  .object({
    amount: moneyText(1_000_000),
    gift: moneyText(1_000_000),
    sort: z.number().int().min(0).max(999).default(0),
    disabled: z.boolean().default(false),
  })
  .refine((b) => Number(b.amount) > 0, { message: 'the amount paid is more than 0', path: ['amount'] })
  .refine((b) => Number(b.gift) <= Number(b.amount), { message: 'the gift is at most the amount paid', path: ['gift'] });
export const ruleEditBody = z.intersection(ruleBody, z.object({ version }));

/** Coupon types: 1 cash, 2 discount (percent paid, e.g. 85), 3 voucher. */
export const CARD_TYPES = [1, 2, 3] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date');

export const planBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    nameTw: z.string().trim().max(60).default(''),
    nameEn: z.string().trim().max(60).default(''),
    cardType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    faceValue: moneyText(100_000),
    minAmount: moneyText(1_000_000).default('0'),
    validDays: z.number().int().min(1).max(3650),
    /** Coupons a plan may give out in all (null: no limit). */
    stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
    perMemberLimit: z.number().int().min(1).max(100).default(1),
    /** Members may claim it themselves (codes work only then). */
    canClaim: z.boolean().default(true),
    /** The days it may be claimed (the outlet's days; null: open). */
    beginDate: isoDate.nullable().default(null),
    endDate: isoDate.nullable().default(null),
    /** The outlets where it may be used ([]: every outlet). */
    outlets: z.array(id).max(200).default([]),
  })
  .refine((b) => Number(b.faceValue) > 0, { message: 'the value is more than 0', path: ['faceValue'] })
  .refine((b) => b.cardType !== 2 || (Number(b.faceValue) >= 1 && Number(b.faceValue) <= 99 && Number.isInteger(Number(b.faceValue))), {
    message: 'a discount is a whole percent paid, 1 to 99',
    path: ['faceValue'],
  })
  .refine((b) => b.cardType === 2 || Number(b.minAmount) === 0 || Number(b.minAmount) >= Number(b.faceValue), {
    message: 'the minimum spend is at least the value',
    path: ['minAmount'],
  })
  .refine((b) => !b.beginDate || !b.endDate || b.endDate >= b.beginDate, { message: 'the end is not before the start', path: ['endDate'] });
export const planEditBody = z.intersection(planBody, z.object({ version }));

export const planJson = z.object({
  planId: z.string(),
  name: z.string(),
  nameTw: z.string(),
  nameEn: z.string(),
  cardType: z.number().int(),
  faceValue: z.string(),
  minAmount: z.string(),
  validDays: z.number().int(),
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int(),
  canClaim: z.boolean(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  outlets: z.array(z.string()),
  version: z.number().int(),
  /** Codes generated and not claimed yet; coupons held by members; used. */
  codes: z.number().int(),
  claimed: z.number().int(),
  used: z.number().int(),
});

export const CODES_MAX = 1000;
export const codesBody = z.object({ count: z.number().int().min(1).max(CODES_MAX) });
export const codeJson = z.object({ code: z.string(), status: z.number().int(), claimed: z.boolean(), endAt: z.string() });

export const memberRowJson = z.object({
  vipId: z.string(),
  name: z.string(),
  vipCode: z.string(),
  /** Masked (66****56). */
  phone: z.string(),
  balance: z.string(),
  score: z.string(),
});

export const memberDetailJson = memberRowJson.extend({
  coupons: z.array(z.object({ code: z.string(), planName: z.string(), status: z.number().int(), endAt: z.string() })),
  orders: z.array(z.object({ sheetId: z.string(), baseId: z.string(), totalAmo: z.string(), status: z.number().int(), createdAt: z.string() })),
  balanceItems: z.array(z.object({ kind: z.string(), amount: z.string(), balance: z.string(), remark: z.string(), at: z.string() })),
  scoreItems: z.array(z.object({ score: z.string(), balance: z.string(), remark: z.string(), at: z.string() })),
});

export const ADJUST_KINDS = ['balance', 'points'] as const;
export const adjustBody = z.object({
  kind: z.enum(ADJUST_KINDS),
  /** Signed: "-20.00" takes off, "15" adds. Never zero; points are whole. */
  delta: z
    .string()
    .trim()
    .regex(/^-?\d{1,7}(\.\d{1,2})?$/, 'an amount like -20.00 or 15')
    .refine((s) => Number(s) !== 0, 'not zero'),
  reason: z.string().trim().min(2).max(200),
  /** The caller's own PIN. */
  pin: z.string().regex(/^\d{4,8}$/, '4 to 8 digits'),
});

export const staffLoyaltyRoutes = {
  'GET /staff/loyalty/settings': { answer: z.object({ settings: loyaltySettingsJson, rules: z.array(rechargeRuleJson) }) },
  'PUT /staff/loyalty/settings': { body: settingsBody, answer: z.object({ settings: loyaltySettingsJson }) },
  'POST /staff/loyalty/recharge-rules': { body: ruleBody, answer: z.object({ rule: rechargeRuleJson }) },
  'PUT /staff/loyalty/recharge-rules/:id': { params: loyaltyIdParams, body: ruleEditBody, answer: z.object({ rule: rechargeRuleJson }) },
  'GET /staff/loyalty/plans': { answer: z.object({ plans: z.array(planJson) }) },
  'POST /staff/loyalty/plans': { body: planBody, answer: z.object({ plan: planJson }) },
  'PUT /staff/loyalty/plans/:id': { params: loyaltyIdParams, body: planEditBody, answer: z.object({ plan: planJson }) },
  'POST /staff/loyalty/plans/:id/codes': { params: loyaltyIdParams, body: codesBody, answer: z.object({ codes: z.array(z.string()), plan: planJson }) },
  'GET /staff/loyalty/plans/:id/codes': {
    params: loyaltyIdParams,
    query: z.object({ format: z.enum(['json', 'csv']).default('json') }),
    answer: z.object({ codes: z.array(codeJson) }),
  },
  'GET /staff/loyalty/members': { query: z.object({ q: z.string().trim().min(2).max(40) }), answer: z.object({ members: z.array(memberRowJson) }) },
  'GET /staff/loyalty/members/:id': { params: loyaltyIdParams, answer: z.object({ member: memberDetailJson }) },
  'POST /staff/loyalty/members/:id/adjust': { params: loyaltyIdParams, body: adjustBody, answer: z.object({ member: memberDetailJson }) },
} as const;

export type LoyaltySettingsJson = z.output<typeof loyaltySettingsJson>;
export type RechargeRuleJson = z.output<typeof rechargeRuleJson>;
export type PlanJson = z.output<typeof planJson>;
export type PlanBody = z.input<typeof planBody>;
export type MemberDetailJson = z.output<typeof memberDetailJson>;
