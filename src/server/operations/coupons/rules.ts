/**
 * Coupons at checkout (SPEC sections 4, 5): which of the member's coupons an
 * order can use, a coupon by id or code, and what a coupon takes off.
 *
 * - A member may use their own cards, and an unclaimed card whose plan can be
 *   claimed, by its code. Anyone else's card, by code or by id, is answered
 *   as one that does not exist, so codes cannot be probed (issue 22).
 * - Claiming an unclaimed card (by code, or by using it on an order) counts
 *   against its plan's per-member limit, as claiming from the plan does
 *   (claimCard, under the plan row's lock).
 * - A card can be used when it is not used (status 0) and now is within its
 *   dates; else 'This coupon is not available'.
 * - A plan limited to some outlets (card_plan.outlets, set in the back
 *   office) has coupons usable at those outlets only: at another one the
 *   coupon is not usable ('This coupon cannot be used at this outlet').
 * - The consumption (the goods amount of the order, before bag fee and
 *   freight) must reach the plan's min_amount; a cash coupon (1) or voucher
 *   (3) also needs at least its face value, and takes the face value off; a
 *   discount coupon (2) takes (100 - face value)% of the consumption off,
 *   rounded half up at AmoPoint.
 * - Using a card is one conditional UPDATE (status 0 -> 1, claiming an
 *   unclaimed one) in the order's transaction: a card is used at most once
 *   however many submits race for it.
 */
import { minorToString } from '../../../shared/domain/numbers';
import { OpError } from '../context';
import { CardStatus, couponOff } from '../../../shared/domain/orderTotals';
import { decimal4 } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { message, type Lang, type MessageKey } from '../../messages';
import { isoSeconds } from '../orders/sheetState';
import { type Formats } from '../orders/outlet';

export { CardStatus, CardType } from '../../../shared/domain/orderTotals';

export type Card = {
  card_id: string;
  card_code: string;
  plan_id: string;
  vip_id: string | null;
  status: number;
  begin_at: Date;
  end_at: Date;
  used_at: Date | null;
  ent_id: string;
  plan_name: string;
  plan_name_tw: string;
  plan_name_en: string;
  card_type: number;
  face_value: string;
  min_amount: string;
  can_claim: boolean;
  remark: string;
  /** The outlets where the plan's coupons may be used (the back office's Loyalty section); empty: every outlet. */
  outlets: string[];
};

/** The columns of a Card, from vip_card `c` joined with its card_plan `p`. */
export const CARD_COLUMNS = `c.card_id, c.card_code, c.plan_id, c.vip_id, c.status, c.begin_at, c.end_at, c.used_at,
  p.ent_id, p.plan_name, p.plan_name_tw, p.plan_name_en, p.card_type, p.face_value, p.min_amount, p.can_claim, p.remark, p.outlets`;

/** Codes are typed by people: compared without case and surrounding blanks. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * The card with this id or code, of the enterprise, when it is the member's
 * to use: their own, or unclaimed and claimable (`theirs` is then always
 * true). Anyone else's card is null, as an unknown one: a code of another
 * member's card answers exactly as a code that does not exist.
 */
export async function findCard(
  tx: Queryable,
  by: { cardId?: string; cardCode?: string },
  vipId: string,
  entId: string,
): Promise<{ card: Card; theirs: boolean } | null> {
  const [card] = by.cardId
    ? await tx.query<Card>(`SELECT ${CARD_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id WHERE c.card_id = $1`, [by.cardId])
    : await tx.query<Card>(`SELECT ${CARD_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id WHERE upper(c.card_code) = $1`, [
        normaliseCode(by.cardCode ?? ''),
      ]);
  if (!card || card.ent_id !== entId) return null;
  const theirs = card.vip_id === vipId || (card.vip_id === null && card.can_claim);
  return theirs ? { card, theirs } : null;
}

/** Status as a customer reads it: an unused card past its end is expired. */
export function effectiveStatus(card: Card, now: Date): number {
  if (card.status === CardStatus.unused && new Date(card.end_at).getTime() <= now.getTime()) return CardStatus.expired;
  return card.status;
}

export type CardCheck =
  | { ok: true; couponMinor: number }
  | { ok: false; key: Extract<MessageKey, 'couponUnavailable' | 'couponNotHere' | 'couponMinimum' | 'voucherMinimum'>; values: Record<string, string> };

/** Whether the card's plan lets it be used at outlet `baseId` (null: no outlet named, not judged). */
export function cardUsableAt(card: Pick<Card, 'outlets'>, baseId: string | null | undefined): boolean {
  return !baseId || !card.outlets || card.outlets.length === 0 || card.outlets.includes(baseId);
}

/**
 * Whether the card can be used now on an order whose consumption is
 * `amountMinor` (minor units at AmoPoint; null: dates and status only) at
 * outlet `baseId` (null: not judged), and what it takes off.
 */
export function checkCard(card: Card, now: Date, amountMinor: number | null, formats: Formats, symbol: string, baseId: string | null = null): CardCheck {
  const t = now.getTime();
  if (card.status !== CardStatus.unused || t < new Date(card.begin_at).getTime() || t >= new Date(card.end_at).getTime()) {
    return { ok: false, key: 'couponUnavailable', values: {} };
  }
  if (!cardUsableAt(card, baseId)) return { ok: false, key: 'couponNotHere', values: {} };
  if (amountMinor === null) return { ok: true, couponMinor: 0 };
  const scale = formats.AmoPoint;
  const show = (minor: number) => `${symbol}${minorToString(minor, scale)}`;
  const off = couponOff({ type: card.card_type, faceValue: card.face_value, minAmount: card.min_amount }, amountMinor, scale);
  if (off.ok) return { ok: true, couponMinor: off.minor };
  if (off.problem === 'minimum') return { ok: false, key: 'couponMinimum', values: { amount: show(off.minimumMinor) } };
  if (off.problem === 'voucherMinimum') return { ok: false, key: 'voucherMinimum', values: { amount: show(off.faceMinor) } };
  return { ok: false, key: 'couponUnavailable', values: {} };
}

/**
 * Marks the card used by this member on this sheet (claiming it when
 * unclaimed), if it is still unused: false when another submit got there
 * first.
 */
export async function useCard(tx: Queryable, cardId: string, vipId: string, sheetId: string, now: Date): Promise<boolean> {
  // An unclaimed card used on an order is claimed by it: the plan's per-member limit first. One
  // another member claimed meanwhile is theirs now: answered as one that does not exist.
  const [before] = await tx.query<{ vip_id: string | null; plan_id: string }>('SELECT vip_id, plan_id FROM vip_card WHERE card_id = $1', [cardId]);
  if (before && before.vip_id === null && !(await claimCard(tx, before.plan_id, cardId, vipId, now))) throw new OpError('couponMissing');
  if (before && before.vip_id !== null && before.vip_id !== vipId) throw new OpError('couponMissing');
  const rows = await tx.query(
    `UPDATE vip_card SET status = 1, vip_id = $2, used_sheet_id = $3, used_at = $4
      WHERE card_id = $1 AND status = 0 AND (vip_id = $2 OR vip_id IS NULL) AND begin_at <= $4 AND end_at > $4
      RETURNING card_id`,
    [cardId, vipId, sheetId, now],
  );
  return rows.length === 1;
}

/** A card as the coupon operations answer it (couponRow of schemas.ts). */
export function couponRow(card: Card, now: Date, amountMinor: number | null, formats: Formats, symbol: string, lang: Lang, baseId: string | null = null) {
  const check = checkCard(card, now, amountMinor, formats, symbol, baseId);
  return {
    CardID: card.card_id,
    CardCode: card.card_code,
    PlanID: card.plan_id,
    PlanName: card.plan_name,
    PlanNameTW: card.plan_name_tw,
    PlanNameEN: card.plan_name_en,
    CardType: String(card.card_type),
    FaceValue: decimal4(card.face_value),
    MinAmount: decimal4(card.min_amount),
    BeginTime: isoSeconds(card.begin_at),
    EndTime: isoSeconds(card.end_at),
    UsedTime: isoSeconds(card.used_at),
    Status: effectiveStatus(card, now),
    Usable: check.ok ? (1 as const) : (0 as const),
    Reason: check.ok ? '' : check.key,
    ReasonText: check.ok ? '' : message(check.key, lang, check.values),
    CouponAmo: check.ok && amountMinor !== null ? decimal4(minorToString(check.couponMinor, formats.AmoPoint)) : '',
    Remark: card.remark,
  };
}

/** The member's cards that are not used and not past their end, for an order at an outlet of `entId`. */
export async function memberCards(tx: Queryable, vipId: string, entId: string, now: Date): Promise<Card[]> {
  return tx.query<Card>(
    `SELECT ${CARD_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id
      WHERE c.vip_id = $1 AND p.ent_id = $2 AND c.status = 0 AND c.end_at > $3
      ORDER BY c.end_at, c.card_id`,
    [vipId, entId, now],
  );
}

/**
 * Records that the member claims the unclaimed card `cardId` of `planId`
 * (by its code, or by using it on an order), within the plan's per-member
 * limit: serialised on the plan row (as EntCard_ProvideVipCard_Add is), the
 * member's claims of the plan counted (this card's own claim left out), and
 * refused over the limit ('You have already claimed this coupon.'). Takes
 * the card only while it is still unclaimed: false when someone else got it
 * first.
 */
export async function claimCard(tx: Queryable, planId: string, cardId: string, vipId: string, now: Date): Promise<boolean> {
  const [plan] = await tx.query<{ per_member_limit: number }>('SELECT per_member_limit FROM card_plan WHERE plan_id = $1 FOR UPDATE', [planId]);
  if (!plan) return false;
  const [mine] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM card_claim WHERE plan_id = $1 AND vip_id = $2 AND card_id <> $3',
    [planId, vipId, cardId],
  );
  if (Number(mine?.n ?? 0) >= plan.per_member_limit) {
    if (plan.per_member_limit === 1) throw new OpError('cardPlanClaimed');
    throw new OpError('cardPlanLimit', undefined, { limit: plan.per_member_limit });
  }
  const [claimed] = await tx.query('UPDATE vip_card SET vip_id = $2 WHERE card_id = $1 AND vip_id IS NULL AND status = 0 RETURNING card_id', [cardId, vipId]);
  if (!claimed) return false;
  await tx.query('INSERT INTO card_claim (plan_id, vip_id, card_id, claimed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (card_id) DO NOTHING', [planId, vipId, cardId, now]);
  return true;
}
