/**
 * What the kitchen and the counter do to an order (issue 25: one owner of an
 * order's changes): move a round forward, close a sheet, end its pending
 * payment. Each runs in the caller's transaction, writes the sheet and its
 * live event together, and answers as the staff API does
 * (shared/protocol/staff.ts). http/staff.ts only authenticates, parses and
 * routes to these.
 *
 * A move or close that the sheet's state does not allow is refused with a
 * KitchenRefusal: 'notFound' (no such sheet or round), 'conflict' (not in
 * this state) or 'provider' (the payment provider could not tell).
 */
import { PayStatus, progressMove, SheetStatus, type Progress } from '../../../shared/domain/orderStates';
import { sheetProgressOf } from '../../../shared/domain/rounds';
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { Config } from '../../config';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import type { Lang } from '../../messages';
import { releaseCoupon } from '../coupons/release';
import { endPendingPayment, pendingOf } from '../payments/expiry';
import { markSheetPaid } from '../payments/settle';
import { lockedSheet, readSheet, roundJson, sheetJson, type RoundRow, type StaffSheetRow } from './staffSheets';

export type KitchenRefusalKind = 'notFound' | 'conflict' | 'provider';

export class KitchenRefusal extends Error {
  constructor(
    readonly kind: KitchenRefusalKind,
    message: string,
  ) {
    super(message);
  }
}

/** Writes the audit row of a staff action (http/staffAuth.ts audit, bound to the request's actor and transaction). */
export type AuditRecord = (action: string, target: string, before: unknown, after: unknown) => Promise<void>;

export interface KitchenDeps {
  tx: Queryable;
  config: Config;
  now: Date;
  /** The staff's language: the sheet's address in the answer. */
  lang: Lang;
  /** Who did it, recorded in the audit table (issue 26). */
  record: AuditRecord;
}

async function sheetToChange(tx: Queryable, sheetId: string): Promise<StaffSheetRow> {
  const sheet = await lockedSheet(tx, sheetId);
  if (!sheet) throw new KitchenRefusal('notFound', `no sheet ${sheetId}`);
  return sheet;
}

const isOver = (s: StaffSheetRow) => s.status === SheetStatus.closed || s.status === SheetStatus.checkedOut;
const overWord = (s: StaffSheetRow) => (s.status === SheetStatus.closed ? 'closed' : 'checked out');

/**
 * Moves one round of a sheet forward (its kitchen state); the sheet's
 * progress is derived (its least advanced round's). Without `round`: the
 * sheet's only round (refused when it has several). Forward only.
 */
export async function moveRound(
  { tx, now, lang, record }: Omit<KitchenDeps, 'config'>,
  sheetId: string,
  progress: Progress,
  round?: number,
): Promise<StaffAnswer<'POST /staff/sheets/:id/progress'>> {
  const sheet = await sheetToChange(tx, sheetId);
  if (isOver(sheet)) throw new KitchenRefusal('conflict', `sheet ${sheetId} is ${overWord(sheet)}`);
  if (progress === 'delivering' && sheet.take_type !== 'delivery') throw new KitchenRefusal('conflict', `sheet ${sheetId} is not a delivery order`);
  // The sheet's row is locked: its rounds cannot change meanwhile (a new round locks it too).
  const rows = await tx.query<RoundRow>(
    'SELECT sheet_id, round_no, progress, remark, created_at, progress_at FROM sheet_round WHERE sheet_id = $1 AND withdrawn_at IS NULL ORDER BY round_no',
    [sheetId],
  );
  if (round === undefined && rows.length > 1) {
    throw new KitchenRefusal('conflict', `sheet ${sheetId} has ${rows.length} rounds: say which one moves with "round"`);
  }
  const roundNo = round ?? rows[0]?.round_no ?? 1;
  const target = rows.find((r) => r.round_no === roundNo);
  // A sheet written without round rows (the demo's) is one round: the sheet itself.
  if (!target && !(rows.length === 0 && roundNo === 1)) throw new KitchenRefusal('notFound', `no round ${roundNo} on sheet ${sheetId}`);
  const current = target ? target.progress : sheet.progress;
  const move = progressMove(current, progress);
  if (move === 'backward') throw new KitchenRefusal('conflict', `round ${roundNo} of sheet ${sheetId} is already ${current}: progress only moves forward`);
  let moved: RoundRow | null = target ? { ...target } : null;
  if (move === 'forward') {
    if (target) {
      const [row] = await tx.query<RoundRow>(
        `UPDATE sheet_round SET progress = $3, progress_at = $4 WHERE sheet_id = $1 AND round_no = $2
         RETURNING sheet_id, round_no, progress, remark, created_at, progress_at`,
        [sheetId, roundNo, progress, now],
      );
      moved = row ?? null;
    }
    // The sheet's progress, derived: its least advanced round's.
    const derived = target ? sheetProgressOf(rows.map((r) => (r.round_no === roundNo ? progress : r.progress))) : progress;
    await tx.query('UPDATE sheet SET progress = $2, updated_at = $3 WHERE sheet_id = $1', [sheetId, derived, now]);
    await emitSheetEvent(tx, sheetId, 'progress');
    await record('sheet.progress', sheetId, { round: roundNo, progress: current }, { round: roundNo, progress });
  }
  const after = await readSheet(tx, sheetId);
  const answered = moved ?? { round_no: 1, progress: after.progress, remark: after.remark, created_at: after.created_at, progress_at: null };
  return { changed: move === 'forward', round: roundJson(answered), sheet: sheetJson(after, now, lang) };
}

/**
 * Closes an open sheet (a table's, at the end): checked out (paid) when paid
 * online or `paidAtCounter`, else closed unpaid and its coupon given back.
 * While a payment is pending: refused, unless `force`, which ends the payment
 * first (paid at the provider: recorded as paid, and the sheet is not closed unpaid).
 */
export async function closeSheet(
  deps: KitchenDeps,
  sheetId: string,
  how: { paidAtCounter?: boolean | undefined; force?: boolean | undefined } = {},
): Promise<StaffAnswer<'POST /staff/sheets/:id/close'>> {
  const { tx, now, lang } = deps;
  const sheet = await sheetToChange(tx, sheetId);
  if (isOver(sheet)) throw new KitchenRefusal('conflict', `sheet ${sheetId} is already ${overWord(sheet)}`);
  if (sheet.status !== SheetStatus.open) throw new KitchenRefusal('conflict', `sheet ${sheetId} is paid: finish it with progress "completed"`);
  let payment: 'paid' | 'cancelled' | null = null;
  if (sheet.pay_status === PayStatus.paying) {
    if (!how.force) {
      throw new KitchenRefusal('conflict', `a payment of sheet ${sheetId} is in progress: cancel it (POST /staff/sheets/${sheetId}/cancel-payment) or close with {"force": true}`);
    }
    // Forced: the payment is ended with the provider first (paid there: recorded as paid, and the sheet with it).
    payment = await endSheetPayment(deps, sheetId);
    await deps.record('sheet.close', sheetId, { status: sheet.status, payStatus: sheet.pay_status }, { force: true, payment });
    if (payment === 'paid') return { payment, sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
  }
  // A pay-before order (pickup, delivery) paid at the counter is paid, not finished: it reaches the
  // kitchen now (on its screen, its tickets printed: payments/settle.ts markSheetPaid), and is
  // finished there with progress "completed". Before issue 26 it was checked out at once and the
  // kitchen never saw it.
  if (how.paidAtCounter === true && sheet.pay_mode === 'prepay' && sheet.pay_status !== PayStatus.paid) {
    await markSheetPaid(tx, sheetId, 'counter', now);
    await deps.record('sheet.close', sheetId, { status: sheet.status, payStatus: sheet.pay_status }, { status: SheetStatus.paid, paidAtCounter: true, force: how.force === true });
    return { payment, sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
  }
  const paid = sheet.pay_status === PayStatus.paid || how.paidAtCounter === true;
  if (paid) {
    await tx.query(`UPDATE sheet SET status = $2, pay_status = $3, settle_started_at = NULL, updated_at = $4 WHERE sheet_id = $1`, [
      sheetId,
      SheetStatus.checkedOut,
      PayStatus.paid,
      now,
    ]);
  } else {
    await tx.query('UPDATE sheet SET status = $2, settle_started_at = NULL, updated_at = $3 WHERE sheet_id = $1', [sheetId, SheetStatus.closed, now]);
    // Nothing was paid: the coupon the order used can be used again.
    await releaseCoupon(tx, sheetId);
  }
  await emitSheetEvent(tx, sheetId, 'closed');
  await deps.record(
    'sheet.close',
    sheetId,
    { status: sheet.status, payStatus: sheet.pay_status },
    { status: paid ? SheetStatus.checkedOut : SheetStatus.closed, paidAtCounter: how.paidAtCounter === true, force: how.force === true },
  );
  return { payment, sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
}

/** Ends the sheet's pending payment (the staff's "cancel payment"); refused when none is pending. */
export async function cancelSheetPayment(deps: KitchenDeps, sheetId: string): Promise<StaffAnswer<'POST /staff/sheets/:id/cancel-payment'>> {
  const sheet = await sheetToChange(deps.tx, sheetId);
  if (sheet.pay_status !== PayStatus.paying) throw new KitchenRefusal('conflict', `no payment of sheet ${sheetId} is in progress`);
  const payment = await endSheetPayment(deps, sheetId);
  await deps.record('sheet.cancelPayment', sheetId, { payStatus: sheet.pay_status }, { payment });
  return { payment, sheet: sheetJson(await readSheet(deps.tx, sheetId), deps.now, deps.lang) };
}

/**
 * Ends a sheet's pending payment (issue 22) with the provider asked first:
 * paid there, it is recorded as paid (the sheet with it); else closed there
 * and cancelled here, which frees the table.
 */
async function endSheetPayment({ tx, config, now }: KitchenDeps, sheetId: string): Promise<'paid' | 'cancelled'> {
  const pending = await pendingOf(tx, sheetId, true);
  if (!pending) {
    // Paying with no payment pending (nothing can be lost): unpaid again.
    await tx.query('UPDATE sheet SET pay_status = $2, updated_at = $3 WHERE sheet_id = $1 AND pay_status = $4', [sheetId, PayStatus.unpaid, now, PayStatus.paying]);
    return 'cancelled';
  }
  const outcome = await endPendingPayment({ tx, config, now }, pending, 'staff');
  if (outcome === 'kept') {
    throw new KitchenRefusal('provider', `the payment provider could not tell whether payment ${pending.pay_id} was made: nothing was changed, try again`);
  }
  return outcome;
}
