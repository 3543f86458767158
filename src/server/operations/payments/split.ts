/**
 * Split bills at a table (issue 28): a pay-after table's sheet paid by
 * several payments, each covering part of the bill:
 *
 *   rest    what is left (no Share, Amo or Units: the payment of before)
 *   share   Share {n, of}: n of `of` even shares (2-20), the last share's payer
 *           paying the rest exactly (orderTotals.sharesAmountMinor)
 *   amount  Amo: a custom amount, at most the rest
 *   units   Units [{LineID, Qua}]: units of lines, each unit's part of the
 *           bill with the service charge and discounts shared pro rata
 *           (orderTotals.unitAmountsMinor); the payer of the last free units
 *           pays the rest exactly
 *
 * Every payment is planned with the sheet's row locked (handlers.ts
 * loadFreshSheet), so two phones are served one after the other: the second
 * sees the units the first took (and is told which, with its new amount) and
 * the rest the first left. The units a live (pending or paid) payment covers
 * are rows of payment_cover, unique per unit while live (migration 026); a
 * payment that fails, is abandoned (expiry.ts) or refunded releases them.
 * The sheet is settled when its paid payments cover its total exactly
 * (settleIfCovered), never before and never twice (markSheetPaid moves it
 * from open once).
 */
import { maxTipMinor, MAX_SHARES, MIN_SHARES, sharesAmountMinor, unitsPaymentMinor, type CoveredLine } from '../../../shared/domain/orderTotals';
import { minorToString, sumMoney, toMinor } from '../../../shared/domain/numbers';
import { PayStatus } from '../../../shared/domain/orderStates';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import { OpError } from '../context';
import { billFigures, billUnits, type BillFigures, type BillUnit } from './bill';
import { markSheetPaid, type PaidVia } from './settle';
import { money, type PaySheet } from './sheet';

export type PartKind = 'rest' | 'share' | 'amount' | 'units';

/** What the request asks to cover (payPart of shared/protocol/fields.ts). */
export interface PartRequest {
  Share?: { n: number; of: number };
  Amo?: number;
  Units?: { LineID: number; Qua: number }[];
  TipAmo?: number;
}

export interface PartPlan {
  part: PartKind;
  /** The part of the bill this payment covers. */
  amountMinor: number;
  tipMinor: number;
  shareN: number | null;
  shareOf: number | null;
  units: BillUnit[];
  figures: BillFigures;
}

/** Whether the request names a part (else: the rest). */
export const namesPart = (r: PartRequest) => Boolean(r.Share || r.Amo !== undefined || r.Units);

/**
 * Plans a payment of part of a table's sheet (the caller holds the sheet's
 * row lock). Throws, in the diner's language, for a part that cannot be paid.
 */
export async function planPart(tx: Queryable, s: PaySheet, r: PartRequest): Promise<PartPlan> {
  const figures = (await billFigures(tx, s.sheet_id))!;
  const scale = figures.amoPoint;
  const show = (minor: number) => money(s, minorToString(minor, scale));
  const rest = figures.restMinor;
  const units = await billUnits(tx, s.sheet_id, figures.totalMinor, scale);
  const free = units.filter((u) => u.state === '');
  const base = { tipMinor: 0, shareN: null, shareOf: null, figures };
  let plan: PartPlan;
  if (r.Share) {
    const { n, of } = r.Share;
    if (!(of >= MIN_SHARES && of <= MAX_SHARES)) throw new OpError('sharesOutOfRange');
    if (!(n >= 1)) throw new OpError('shareInvalid');
    const [taken] = await tx.query<{ n: number }>(
      `SELECT COALESCE(sum(share_n), 0)::int AS n FROM payment
        WHERE sheet_id = $1 AND part = 'share' AND share_of = $2 AND status IN ('pending', 'paid')`,
      [s.sheet_id, of],
    );
    const already = taken?.n ?? 0;
    if (already + n > of) throw new OpError('sharesTooMany', ErrorCode.business, { left: Math.max(0, of - already), of });
    if (rest <= 0) throw restGone(figures);
    plan = { ...base, part: 'share', amountMinor: sharesAmountMinor(figures.totalMinor, of, already, n, rest), shareN: n, shareOf: of, units: [] };
  } else if (r.Amo !== undefined) {
    const amountMinor = toMinor(r.Amo, scale);
    if (!(amountMinor > 0)) throw new OpError('amountInvalid');
    if (amountMinor > rest) {
      if (rest <= 0) throw restGone(figures);
      throw new OpError('amountAboveRest', ErrorCode.business, { rest: show(rest) });
    }
    plan = { ...base, part: 'amount', amountMinor, units: [] };
  } else if (r.Units) {
    if (r.Units.length === 0) throw new OpError('unitsInvalid');
    const lines = billLinesOf(units);
    const chosen: BillUnit[] = [];
    const wanted = new Map<number, number>();
    const takenIds: number[] = [];
    for (const { LineID, Qua } of r.Units) {
      const line = units.filter((u) => u.itemId === LineID);
      if (line.length === 0 || !(Qua >= 1) || Qua > line.length || wanted.has(LineID)) throw new OpError('unitsInvalid');
      const open = line.filter((u) => u.state === '');
      if (open.length < Qua) takenIds.push(LineID);
      chosen.push(...open.slice(0, Qua));
      wanted.set(LineID, Math.min(Qua, open.length));
    }
    const amountMinor = unitsPaymentMinor(figures.totalMinor, rest, lines, wanted);
    if (takenIds.length > 0) {
      const names = await tx.query<{ goods_name: string }>('SELECT goods_name FROM sheet_item WHERE sheet_id = $1 AND item_id = ANY($2::int[]) ORDER BY item_id', [
        s.sheet_id,
        takenIds,
      ]);
      throw new OpError('unitsTaken', ErrorCode.mismatch, { items: names.map((x) => x.goods_name).join(', '), amount: show(amountMinor) });
    }
    if (rest <= 0) throw restGone(figures);
    plan = { ...base, part: 'units', amountMinor, units: chosen };
  } else {
    if (rest <= 0) throw restGone(figures);
    plan = { ...base, part: 'rest', amountMinor: rest, units: free };
  }
  if (r.TipAmo !== undefined && r.TipAmo !== 0) {
    const tipMinor = toMinor(r.TipAmo, scale);
    const [b] = await tx.query<{ tip_enabled: boolean }>('SELECT tip_enabled FROM base WHERE base_id = $1', [s.base_id]);
    if (!b?.tip_enabled) throw new OpError('tipUnavailable');
    const max = maxTipMinor(plan.amountMinor);
    if (tipMinor < 0 || tipMinor > max) throw new OpError('tipTooHigh', ErrorCode.business, { max: show(max) });
    plan.tipMinor = tipMinor;
  }
  return plan;
}

/** The bill's lines with their covered units, as unitsPaymentMinor takes them. */
function billLinesOf(units: readonly BillUnit[]): CoveredLine[] {
  const lines = new Map<number, CoveredLine>();
  for (const u of units) {
    const l = lines.get(u.itemId) ?? { lineId: u.itemId, amountMinor: u.lineMinor, units: 0, covered: 0 };
    l.units += 1;
    if (u.state !== '') l.covered += 1;
    lines.set(u.itemId, l);
  }
  return [...lines.values()];
}

function restGone(f: BillFigures): OpError {
  return f.pendingMinor > 0 ? new OpError('nothingLeftToPay') : new OpError('sheetAlreadyPaid');
}

/** The amount the payer pays: the part and the tip. */
export const chargedMinor = (p: PartPlan) => sumMoney([p.amountMinor, p.tipMinor]);

/** Writes the payment's part (its columns and its units) after its payment row. */
export async function recordPart(tx: Queryable, payId: string, sheetId: string, plan: PartPlan): Promise<void> {
  const scale = plan.figures.amoPoint;
  await tx.query('UPDATE payment SET part = $2, share_n = $3, share_of = $4, tip_amo = $5 WHERE pay_id = $1', [
    payId,
    plan.part,
    plan.shareN,
    plan.shareOf,
    minorToString(plan.tipMinor, scale),
  ]);
  if (plan.units.length === 0) return;
  // One statement: the unique index on live units refuses a unit another live payment covers.
  await tx.query(
    `INSERT INTO payment_cover (pay_id, sheet_id, item_id, unit_no, amount)
     SELECT $1, $2, u.item_id, u.unit_no, u.amount
       FROM unnest($3::int[], $4::int[], $5::numeric[]) AS u(item_id, unit_no, amount)`,
    [payId, sheetId, plan.units.map((u) => u.itemId), plan.units.map((u) => u.unitNo), plan.units.map((u) => minorToString(u.amountMinor, scale))],
  );
}

/** A payment that will not take money (failed, abandoned, refunded) releases its units. */
export async function releaseCover(tx: Queryable, payId: string): Promise<void> {
  await tx.query('UPDATE payment_cover SET live = false WHERE pay_id = $1 AND live', [payId]);
}

/**
 * After a split payment is paid: settles the sheet when its paid payments
 * cover the total exactly (markSheetPaid, once); else the sheet stays open,
 * paying while another payment is pending. Answers the sheet's new status, or
 * null while it is not settled.
 */
export async function settleIfCovered(tx: Queryable, sheetId: string, method: PaidVia, now: Date): Promise<number | null> {
  await tx.query('SELECT 1 AS one FROM sheet WHERE sheet_id = $1 FOR UPDATE', [sheetId]);
  const f = (await billFigures(tx, sheetId))!;
  await tx.query(`UPDATE sheet SET tip_amo = $2 WHERE sheet_id = $1`, [sheetId, minorToString(f.tipMinor, f.amoPoint)]);
  if (f.paidMinor === f.totalMinor && f.pendingMinor === 0) {
    const marked = await markSheetPaid(tx, sheetId, method, now);
    if (marked) return marked.status;
  }
  await syncPayStatus(tx, sheetId, now);
  await emitSheetEvent(tx, sheetId, 'payment');
  return null;
}

/** An open sheet is paying while one of its payments is pending, else unpaid. */
export async function syncPayStatus(tx: Queryable, sheetId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE sheet SET pay_status = CASE WHEN EXISTS (SELECT 1 FROM payment p WHERE p.sheet_id = $1 AND p.status = 'pending') THEN $2::int ELSE $3::int END,
            updated_at = $4
      WHERE sheet_id = $1 AND status = 0 AND pay_status IN ($2, $3)`,
    [sheetId, PayStatus.paying, PayStatus.unpaid, now],
  );
}
