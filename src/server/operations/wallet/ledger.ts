/**
 * The member's balance and points ledgers and the top-ups behind them (issue 10).
 *
 * Ledgers: every change of a balance or of points goes through changeBalance
 * / changeScore: one conditional UPDATE of the member row (which holds its
 * lock until the transaction ends) and one ledger row carrying the figure
 * after it; the row's `seq` is assigned under that lock
 * (migrations/007_wallet.sql), so the history reads in the order the money
 * moved. Coupons' ledger rows are written by a trigger on vip_card.
 */
import { randomInt } from 'node:crypto';
import { decimal4 } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { createPaymentProvider, type PaymentCallback, type PaymentProvider } from '../../providers/payment';
import { OpError, type OpContext } from '../context';
import { iso } from '../auth/rows';

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

export const newRechargeId = (now: Date) => `875${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
export const newRechargePayId = (now: Date) => `RCH${now.getTime()}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** The app's page that polls a top-up, where the provider sends the browser back. */
export const rechargeReturnUrl = (publicUrl: string | null, rechargeId: string) =>
  `${publicUrl ?? ''}/#/pages/rechargeResult/rechargeResult?SheetID=${encodeURIComponent(rechargeId)}`;

export type RechargeRow = {
  recharge_id: string;
  vip_id: string;
  amount: string;
  gift: string;
  pay_id: string;
  pay_url: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  paid_at: Date | null;
};

export const RECHARGE_COLUMNS = 'recharge_id, vip_id, amount::text AS amount, gift::text AS gift, pay_id, pay_url, status, paid_at';

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

export function rechargeProvider(ctx: Pick<OpContext, 'config' | 'tx' | 'now'>): PaymentProvider {
  const provider = createPaymentProvider(ctx.config, ctx.tx, () => ctx.now);
  if (!provider) throw new OpError('paymentMethodUnavailable');
  return provider;
}

export async function rechargeAnswer(tx: Queryable, rechargeId: string) {
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

