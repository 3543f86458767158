/**
 * A pending third-party payment does not hold a table for good (issue 22).
 *
 * A payment started and left on the provider's page keeps its sheet 'paying'
 * (pay status 1): no more rounds, no settle, no other payment. It expires
 * after config.paymentPendingMinutes (PAYMENT_PENDING_MINUTES, default 10):
 * the next operation that touches its sheet (a round, a settle, a payment, a
 * cancel, the payment poll, the sheet's reads) asks the provider first, then
 * releases it. Staff can do the same at once (http/staff.ts: cancel a pending
 * payment, or close a sheet with {"force": true}).
 *
 * Lazily on touch, not by a timer: it follows the service's clock (the
 * sandbox clock in tests and journeys), and several instances need no
 * coordination (the sheet and payment rows are locked; a payment moves from
 * 'pending' once).
 *
 * No money is lost: the provider is asked for the payment first; if the
 * customer paid it, it is recorded as paid (the callback's path, which marks
 * the sheet paid, or refunds at once a sheet that can no longer take it);
 * if it is still pending, the provider is told to close it, so the page can
 * no longer take the money, and only then is it cancelled here. When the
 * provider cannot be asked (none configured, or it failed), nothing changes.
 */
import type { Config } from '../../config';
import type { Queryable } from '../../db/driver';
import { createPaymentProvider, type ProviderPayment } from '../../providers/payment';
import { applyCallback } from './settle';

/** What became of a pending payment: recorded as paid, cancelled, or kept pending (the provider could not be asked). */
export type PendingOutcome = 'paid' | 'cancelled' | 'kept';

export type PendingPayment = {
  pay_id: string;
  pay_type: string;
  amount: string;
  created_at: Date;
};

type Deps = { tx: Queryable; config: Config; now: Date };

/** The sheet's pending payment (at most one), locked when asked. */
export async function pendingOf(tx: Queryable, sheetId: string, lock = false): Promise<PendingPayment | null> {
  const [row] = await tx.query<PendingPayment>(
    `SELECT pay_id, pay_type, amount::text AS amount, created_at FROM payment WHERE sheet_id = $1 AND status = 'pending' ORDER BY created_at, pay_id LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [sheetId],
  );
  return row ?? null;
}

/** Whether a pending payment has been pending longer than the bound at `now`. */
export function isStale(payment: Pick<PendingPayment, 'created_at'>, now: Date, config: Pick<Config, 'paymentPendingMinutes'>): boolean {
  return now.getTime() - new Date(payment.created_at).getTime() >= config.paymentPendingMinutes * 60_000;
}

/**
 * Asks the provider about a pending payment and ends it: paid at the
 * provider, it is recorded as paid; else the provider closes it and it is
 * cancelled here (cancel_reason tells why). The caller holds the sheet's row
 * lock. Throws what the provider throws.
 */
export async function endPendingPayment({ tx, config, now }: Deps, payment: PendingPayment, reason: 'expired' | 'staff'): Promise<PendingOutcome> {
  const provider = createPaymentProvider(config, tx, () => now);
  if (!provider || payment.pay_type !== provider.payType) return 'kept';
  let remote: ProviderPayment | null = await provider.queryPayment(payment.pay_id);
  if (remote?.status === 'pending') remote = await provider.cancelPayment(payment.pay_id);
  if (remote?.status === 'pending') return 'kept';
  if (remote?.status === 'paid') {
    const outcome = await applyCallback(tx, provider, { payId: payment.pay_id, status: 'paid', providerRef: remote.providerRef, amount: remote.amount }, now);
    return outcome === 'credited' || outcome === 'refunded' || outcome === 'refundFailed' ? 'paid' : 'kept';
  }
  // Closed at the provider (or refunded there, or never known to it): no money is held for it.
  const outcome = await applyCallback(tx, provider, { payId: payment.pay_id, status: 'cancelled', providerRef: remote?.providerRef ?? '', amount: remote?.amount ?? payment.amount }, now);
  if (outcome !== 'recorded') return 'kept';
  await tx.query(`UPDATE payment SET cancel_reason = $2 WHERE pay_id = $1`, [payment.pay_id, reason]);
  return 'cancelled';
}

/**
 * The lazy expiry: when the sheet's pending payment is past the bound, locks
 * the sheet and the payment and ends it (endPendingPayment). Answers whether
 * the sheet changed (the caller reads it again). A provider that fails leaves
 * the payment pending (the operation goes on as if it were not stale): the
 * work is done under a savepoint, so a failure inside it does not spoil the
 * caller's transaction.
 */
export async function expireStalePayment(deps: Deps, sheetId: string): Promise<boolean> {
  const { tx, config, now } = deps;
  // A table's sheet paid in parts (issue 28) may have several pending payments: each is looked at.
  const seen = (await pendingsOf(tx, sheetId)).filter((p) => isStale(p, now, config));
  let changed = false;
  for (const stale of seen) {
    await tx.query('SAVEPOINT payment_expiry');
    try {
      await tx.query('SELECT 1 AS one FROM sheet WHERE sheet_id = $1 FOR UPDATE', [sheetId]);
      const [payment] = await tx.query<PendingPayment>(
        `SELECT pay_id, pay_type, amount::text AS amount, created_at FROM payment WHERE pay_id = $1 AND status = 'pending' FOR UPDATE`,
        [stale.pay_id],
      );
      const outcome = payment && isStale(payment, now, config) ? await endPendingPayment(deps, payment, 'expired') : 'kept';
      await tx.query('RELEASE SAVEPOINT payment_expiry');
      changed ||= outcome !== 'kept';
    } catch {
      await tx.query('ROLLBACK TO SAVEPOINT payment_expiry');
    }
  }
  return changed;
}

/** Every pending payment of the sheet, oldest first. */
export async function pendingsOf(tx: Queryable, sheetId: string): Promise<PendingPayment[]> {
  return tx.query<PendingPayment>(
    `SELECT pay_id, pay_type, amount::text AS amount, created_at FROM payment WHERE sheet_id = $1 AND status = 'pending' ORDER BY created_at, pay_id`,
    [sheetId],
  );
}
