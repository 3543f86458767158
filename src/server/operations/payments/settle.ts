/**
 * The steps every way of paying shares: marking a sheet paid (and its points),
 * reversing points on a refund, and crediting a provider's callback exactly once
 * (applyCallback, called by http/payments.ts).
 */
import { randomInt } from 'node:crypto';
import { PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import type { Config } from '../../config';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import { enqueueSheetTickets } from '../../printing/queue';
import { type PaymentCallback, type PaymentProvider } from '../../providers/payment';
import type { Lang } from '../../messages';
import { queueAutoReceipt } from '../orders/receiptMail';
import { applyRechargeCallback, changeScore, isRechargePayment, pointsFor } from '../wallet/ledger';

import { isPayAfterTableSheet, loadSheet, sameAmount } from './sheet';
import { releaseCover, settleIfCovered, syncPayStatus } from './split';

/** How a sheet was paid: the two methods here, or at the counter (staff). */
export type PaidVia = 'balance' | 'sandbox' | 'counter';

// Shared steps ------------------------------------------------------------------------

export function newPayId(now: Date): string {
  return `PAY${now.getTime()}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The app's page that polls the payment, where the provider sends the browser back. */
export function paymentReturnUrl(config: Pick<Config, 'publicUrl'>, sheetId: string, payId: string): string {
  return `${config.publicUrl ?? ''}/#/pages/paying/paying?SheetID=${encodeURIComponent(sheetId)}&PayID=${encodeURIComponent(payId)}`;
}

/**
 * Marks a sheet paid, if it is open and not yet paid: a pay-after table
 * sheet becomes checked out (status 3), any other paid (status 1); pay status
 * 2 (paid) either way, and no longer pay-later. Answers the new status, or
 * null when the sheet was not in a state to be paid (nothing is written).
 * Used by the balance payment, the payment callback and (for 'counter') the
 * staff side.
 */
export async function markSheetPaid(
  tx: Queryable,
  sheetId: string,
  method: PaidVia,
  now: Date,
): Promise<{ sheetId: string; status: number; method: PaidVia } | null> {
  const s = await loadSheet(tx, sheetId, true);
  if (!s) return null;
  const status = isPayAfterTableSheet(s) ? SheetStatus.checkedOut : SheetStatus.paid;
  const [row] = await tx.query<{ status: number }>(
    `UPDATE sheet SET status = $2, pay_status = $3, is_pay_later = false, updated_at = $4
      WHERE sheet_id = $1 AND status = $5 AND pay_status IN ($6, $7) RETURNING status`,
    [sheetId, status, PayStatus.paid, now, SheetStatus.open, PayStatus.unpaid, PayStatus.paying],
  );
  if (row) await emitSheetEvent(tx, sheetId, 'paid');
  // A pay-before order reaches the kitchen when paid: its printed tickets (once, printing/queue.ts). A pay-after table's rounds printed when submitted.
  if (row && !isPayAfterTableSheet(s)) await enqueueSheetTickets(tx, sheetId, now);
  // Members who chose to get every receipt by mail (issue 29): queued with the payment, sent by the mail worker.
  if (row) await queueAutoReceipt(tx, sheetId, now);
  return row ? { sheetId, status: row.status, method } : null;
}

/** Points for a registered member's payment, by the enterprise's rule (wallet.ts pointsFor). Answers the points. */
export async function awardPoints(tx: Queryable, vipId: string | null, amount: string, sheetId: string, now: Date): Promise<number> {
  if (!vipId) return 0;
  const points = await pointsFor(tx, vipId, amount);
  if (!(points > 0)) return 0;
  const after = await changeScore(tx, { vipId, delta: points, sheetId, remark: 'Points for order', now });
  return after === null ? 0 : points;
}

/** Takes back the points a sheet earned (never below zero). */
export async function reversePoints(tx: Queryable, sheetId: string, now: Date): Promise<void> {
  const earned = await tx.query<{ vip_id: string; points: string }>(
    `SELECT vip_id, sum(score)::text AS points FROM vip_score_item WHERE sheet_id = $1 GROUP BY vip_id HAVING sum(score) > 0`,
    [sheetId],
  );
  for (const { vip_id, points } of earned) {
    const [vip] = await tx.query<{ score: string }>('SELECT score::text AS score FROM vip WHERE vip_id = $1 FOR UPDATE', [vip_id]);
    if (!vip) continue;
    const take = Math.min(Number(points), Number(vip.score));
    if (!(take > 0)) continue;
    await changeScore(tx, { vipId: vip_id, delta: -take, sheetId, remark: 'Points returned: order cancelled', now });
  }
}

export async function pendingPayment(tx: Queryable, sheetId: string) {
  const [row] = await tx.query<{ pay_id: string; amount: string; pay_url: string }>(
    `SELECT pay_id, amount::text AS amount, pay_url FROM payment WHERE sheet_id = $1 AND status = 'pending'`,
    [sheetId],
  );
  return row ?? null;
}

export type CallbackOutcome =
  /** The payment moved to paid and the sheet was marked paid. */
  | 'credited'
  /** A cancel or failure was recorded; the sheet is unpaid again. */
  | 'recorded'
  /** The payment had already left 'pending': nothing changed. */
  | 'duplicate'
  /** No such payment of this provider. */
  | 'unknown'
  /** The amount the provider charged is not the payment's: ignored. */
  | 'mismatch'
  /** Paid, but the sheet could no longer take it (closed meanwhile): refunded at once. */
  | 'refunded'
  /** Paid, the sheet could no longer take it, and the provider refused the refund: staff must refund it. */
  | 'refundFailed';

/**
 * Applies a verified callback (or the provider's answer to queryPayment) to
 * its payment, exactly once: the payment row is locked and moves only from
 * 'pending'; a 'paid' callback must carry the payment's amount.
 */
export async function applyCallback(tx: Queryable, provider: PaymentProvider, cb: PaymentCallback, now: Date): Promise<CallbackOutcome> {
  if (await isRechargePayment(tx, cb.payId)) {
    if (provider.payType !== 'sandbox') return 'unknown';
    return applyRechargeCallback(tx, cb, now);
  }
  const [p] = await tx.query<{ pay_id: string; sheet_id: string; vip_id: string | null; pay_type: string; amount: string; status: string; part: string }>(
    `SELECT pay_id, sheet_id, vip_id, pay_type, amount::text AS amount, status, part FROM payment WHERE pay_id = $1 FOR UPDATE`,
    [cb.payId],
  );
  if (!p || p.pay_type !== provider.payType) return 'unknown';
  if (p.status !== 'pending') return 'duplicate';
  if (cb.status !== 'paid') {
    const [moved] = await tx.query(
      `UPDATE payment SET status = $2, provider_ref = $3, updated_at = $4 WHERE pay_id = $1 AND status = 'pending' RETURNING pay_id`,
      [p.pay_id, cb.status, cb.providerRef, now],
    );
    if (!moved) return 'duplicate';
    if (p.part !== '') {
      // A split payment (issue 28): its units are free again; the sheet stays paying while another payment is pending.
      await releaseCover(tx, p.pay_id);
      await tx.query('UPDATE sheet SET settle_started_at = NULL WHERE sheet_id = $1 AND status = $2', [p.sheet_id, SheetStatus.open]);
      await syncPayStatus(tx, p.sheet_id, now);
      await emitSheetEvent(tx, p.sheet_id, 'payment');
      return 'recorded';
    }
    // An abandoned payment releases the table's settle hold too (issue 16); who held it is kept
    // (settle_session_id), so the same session cannot hold the table again straight away.
    await tx.query('UPDATE sheet SET pay_status = $2, settle_started_at = NULL, updated_at = $3 WHERE sheet_id = $1 AND pay_status = $4', [
      p.sheet_id,
      PayStatus.unpaid,
      now,
      PayStatus.paying,
    ]);
    await emitSheetEvent(tx, p.sheet_id, 'payment');
    return 'recorded';
  }
  // Amounts compared exactly, at the four places they are stored with.
  if (!sameAmount(cb.amount, p.amount, 4)) return 'mismatch';
  const [paid] = await tx.query(
    `UPDATE payment SET status = 'paid', provider_ref = $2, paid_at = $3, updated_at = $3 WHERE pay_id = $1 AND status = 'pending' RETURNING pay_id`,
    [p.pay_id, cb.providerRef, now],
  );
  if (!paid) return 'duplicate';
  if (p.part !== '') {
    // A split payment (issue 28): the sheet settles when its payments cover it exactly.
    const [open] = await tx.query('SELECT 1 AS one FROM sheet WHERE sheet_id = $1 AND status = $2 FOR UPDATE', [p.sheet_id, SheetStatus.open]);
    if (open) {
      await settleIfCovered(tx, p.sheet_id, 'sandbox', now);
      await awardPoints(tx, p.vip_id, p.amount, p.sheet_id, now);
      return 'credited';
    }
  }
  if (!(await markSheetPaid(tx, p.sheet_id, 'sandbox', now))) {
    const { ok } = await provider.refund({ payId: p.pay_id, amount: p.amount });
    if (!ok) return 'refundFailed';
    await tx.query(`UPDATE payment SET status = 'refunded', refunded_at = $2, updated_at = $2 WHERE pay_id = $1`, [p.pay_id, now]);
    await releaseCover(tx, p.pay_id);
    return 'refunded';
  }
  await awardPoints(tx, p.vip_id, p.amount, p.sheet_id, now);
  return 'credited';
}

/** A provider page's address with the language it is to speak (`lang`, which the sandbox pages read). */
export function withLang(url: string, lang: Lang): string {
  const [path, hash = ''] = url.split('#');
  const bare = path!.replace(/([?&])lang=[^&]*(&|$)/, (_, before: string, after: string) => (after ? before : '')).replace(/[?&]$/, '');
  return `${bare}${bare.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}${hash ? `#${hash}` : ''}`;
}
