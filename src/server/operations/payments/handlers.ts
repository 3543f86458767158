/**
 * Paying for a sheet (order): the shop's payment methods, third-party
 * payment through the payment provider (providers/payment.ts), the member's
 * balance, pay later (on delivery or at the counter), and the customer's
 * cancel with its refund. The callback route (http/payments.ts) credits
 * third-party payments through applyCallback below.
 *
 * The server owns the truth: the amount to pay is the sheet's total as the
 * server stored it (rounded to the enterprise's AmoPoint); the figure a
 * client sends is only checked against it (errcode 50010 when they differ).
 *
 * Who may pay: a prepay sheet only by its own member (the session's vip);
 * a pay-after table sheet (dine-in at a table of a 'postpay' outlet) that is
 * still open by any session at the table. A paid prepay sheet becomes status
 * 1 (paid); a paid pay-after table sheet becomes 3 (checked out): see
 * markSheetPaid.
 *
 * Exactly once: every write that moves money is conditional on the state it
 * starts from (the sheet row is locked first, a payment moves only from
 * 'pending', a balance is debited only while it covers the amount), and a
 * sheet has at most one pending and at most one paid payment (unique partial
 * indexes, migrations/004_payments.sql).
 *
 * Statuses: domain/orderStates.ts (SheetStatus, PayStatus); payment.status
 * 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded'.
 */
import { randomInt } from 'node:crypto';
import { SheetPosType } from '../../../shared/domain/businessMode';
import { canCancel, PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import { PAY_TYPES, type PayType } from '../../../shared/domain/payTypes';
import { formatMoney, normalizeNumberFormats, toFixedHalfUp, toMinor } from '../../../shared/domain/numbers';
import { decimal4, ErrorCode } from '../../../shared/protocol/envelope';
import type { Config } from '../../config';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import { createPaymentProvider, PAYMENT_CALLBACK_PATH, type PaymentCallback, type PaymentProvider } from '../../providers/payment';
import type { Lang } from '../../messages';
import { OpError, type HandlerMap, type OpContext, type Session } from '../context';
import { langsFor, pick } from '../localized';
import { applyRechargeCallback, changeBalance, changeScore, isRechargePayment, pointsFor } from '../wallet/ledger';

export type { PayType } from '../../../shared/domain/payTypes';
/** How a sheet was paid: the two methods here, or at the counter (staff). */
export type PaidVia = 'balance' | 'sandbox' | 'counter';

/** The names of the payment methods, in the app's three languages. */
const METHOD_NAMES: Record<PayType, { Name: string; NameTW: string; NameEN: string }> = {
  balance: { Name: '会员余额', NameTW: '會員餘額', NameEN: 'Member balance' },
  sandbox: { Name: '沙盒支付', NameTW: '沙盒支付', NameEN: 'Sandbox Pay' },
  paylater: { Name: '货到或到店付款', NameTW: '貨到或到店付款', NameEN: 'Pay on delivery or at the counter' },
};

/** Pos type 7 is a takeout sheet (SPEC section 4). */

// The sheet as payments see it --------------------------------------------------------

type PaySheet = {
  sheet_id: string;
  ent_id: string;
  shop_id: string;
  base_id: string;
  table_id: string | null;
  vip_id: string | null;
  pos_type: number;
  status: number;
  pay_status: number;
  is_pay_later: boolean;
  business_mode: number;
  total_amo: string;
  /**
   * Columns of the orders migration (003): read through to_jsonb, so this
   * code also runs on a schema without them (null then).
   */
  progress: string | null;
  take_type: string | null;
  sheet_pay_mode: string | null;
  /** The outlet's pay mode: 'prepay' | 'postpay'. */
  base_pay_mode: string;
  /** The outlet's IsPayLaterOnlineCheckout: '1' lets a pay-after table settle online. */
  online_checkout: string | null;
  shop_name: string;
  shop_name_tw: string;
  shop_name_en: string;
  currency: string;
  currency_symbol: string;
  amo_point: number;
};

/** Reads a sheet with its outlet and enterprise; locks the sheet row when asked (payments and cancels). */
async function loadSheet(tx: Queryable, sheetId: string, lock: boolean): Promise<PaySheet | null> {
  const [row] = await tx.query<PaySheet>(
    `SELECT s.sheet_id, s.ent_id, s.shop_id, s.base_id, s.table_id, s.vip_id, s.pos_type, s.status, s.pay_status,
            s.is_pay_later, s.business_mode, s.total_amo::text AS total_amo,
            j.row ->> 'progress' AS progress, j.row ->> 'take_type' AS take_type, j.row ->> 'pay_mode' AS sheet_pay_mode,
            b.pay_mode AS base_pay_mode,
            (SELECT p.parm_value FROM base_parm p WHERE p.base_id = s.base_id AND p.parm_id = 'IsPayLaterOnlineCheckout') AS online_checkout,
            sh.shop_name, sh.shop_name_tw, sh.shop_name_en, e.currency, e.currency_symbol, e.amo_point
       FROM sheet s
       CROSS JOIN LATERAL (SELECT to_jsonb(s) AS row) j
       JOIN base b ON b.base_id = s.base_id
       JOIN shop sh ON sh.shop_id = s.shop_id
       JOIN enterprise e ON e.ent_id = s.ent_id
      WHERE s.sheet_id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [sheetId],
  );
  return row ?? null;
}

/**
 * A pay-after table sheet: the running sheet of a dine-in table at a
 * 'postpay' outlet (sheet.pay_mode 'postpay' where the orders migration
 * records it; else told by the outlet, the table and the pos type).
 */
export function isPayAfterTableSheet(s: Pick<PaySheet, 'sheet_pay_mode' | 'base_pay_mode' | 'table_id' | 'pos_type' | 'take_type'>): boolean {
  if (s.sheet_pay_mode) return s.sheet_pay_mode === 'postpay';
  return s.base_pay_mode === 'postpay' && Boolean(s.table_id) && s.pos_type !== SheetPosType.takeout && (s.take_type ?? 'dinein') === 'dinein';
}

/** A pay-after table is settled online only where the outlet allows it; else at the counter. */
function checkOnlineCheckout(s: PaySheet): void {
  if (isPayAfterTableSheet(s) && s.online_checkout !== '1') throw new OpError('callStaff');
}

const ownSheet = (session: Session, s: PaySheet) => Boolean(s.vip_id) && s.vip_id === session.vipId;

/** Whether the caller's browser scanned the sheet's table's code (http/tableScan.ts): a diner at that table. */
const atTable = (ctx: OpContext, s: PaySheet) => Boolean(s.table_id && ctx.scannedTables?.includes(s.table_id));

/**
 * The sheet's own member, or someone at the table (who scanned its code) while
 * a pay-after table sheet is open: a stranger with the SheetID cannot start a
 * payment, which would hold the table (issue 16).
 */
const mayPay = (ctx: OpContext, session: Session, s: PaySheet) =>
  ownSheet(session, s) || (isPayAfterTableSheet(s) && s.status === SheetStatus.open && atTable(ctx, s));

/** The amount to pay: the server's total, at the enterprise's amount decimals. */
const amountDue = (s: PaySheet) => toFixedHalfUp(s.total_amo, s.amo_point);

function sameAmount(a: number | string, b: string, decimals: number): boolean {
  try {
    return toMinor(a, decimals) === toMinor(b, decimals);
  } catch {
    return false;
  }
}

const money = (s: Pick<PaySheet, 'amo_point' | 'currency_symbol'>, value: string | number) =>
  formatMoney(value, normalizeNumberFormats({ AmoPoint: s.amo_point }), s.currency_symbol);

/** Refuses a sheet that cannot take a payment now. */
function checkPayable(s: PaySheet): void {
  if (s.status === SheetStatus.paid || s.status === SheetStatus.checkedOut || s.pay_status === PayStatus.paid) {
    throw new OpError('sheetAlreadyPaid');
  }
  if (s.status !== SheetStatus.open || s.pay_status === PayStatus.refunded) throw new OpError('sheetNotPayable');
}

function requireSession(ctx: OpContext): Session & { vipId: string } {
  const { session } = ctx;
  if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  return session as Session & { vipId: string };
}

// Shop payment methods -----------------------------------------------------------------

/** The shop's payment methods for an outlet ('' base rows apply to every outlet; an outlet's own row wins). */
async function shopMethods(tx: Queryable, shopId: string, baseId: string): Promise<{ payType: PayType; enabled: boolean }[]> {
  const rows = await tx.query<{ pay_type: PayType; enabled: boolean; sort: number }>(
    `SELECT DISTINCT ON (pay_type) pay_type, enabled, sort FROM shop_account
      WHERE shop_id = $1 AND base_id IN ('', $2)
      ORDER BY pay_type, (base_id = ''), sort`,
    [shopId, baseId],
  );
  return rows
    .sort((a, b) => a.sort - b.sort || PAY_TYPES.indexOf(a.pay_type) - PAY_TYPES.indexOf(b.pay_type))
    .map((r) => ({ payType: r.pay_type, enabled: r.enabled }));
}

async function requireMethod(tx: Queryable, s: Pick<PaySheet, 'shop_id' | 'base_id'>, payType: PayType): Promise<void> {
  const methods = await shopMethods(tx, s.shop_id, s.base_id);
  if (methods.length === 0) throw new OpError('paymentNotLinked');
  if (!methods.some((m) => m.payType === payType && m.enabled)) throw new OpError('paymentMethodUnavailable');
}

function providerFor(ctx: Pick<OpContext, 'config' | 'tx' | 'now'>): PaymentProvider | null {
  return createPaymentProvider(ctx.config, ctx.tx, () => ctx.now);
}

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
  return row ? { sheetId, status: row.status, method } : null;
}

/** Points for a registered member's payment, by the enterprise's rule (wallet.ts pointsFor). Answers the points. */
async function awardPoints(tx: Queryable, vipId: string | null, amount: string, sheetId: string, now: Date): Promise<number> {
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

async function pendingPayment(tx: Queryable, sheetId: string) {
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
  const [p] = await tx.query<{ pay_id: string; sheet_id: string; vip_id: string | null; pay_type: string; amount: string; status: string }>(
    `SELECT pay_id, sheet_id, vip_id, pay_type, amount::text AS amount, status FROM payment WHERE pay_id = $1 FOR UPDATE`,
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
  if (!(await markSheetPaid(tx, p.sheet_id, 'sandbox', now))) {
    const { ok } = await provider.refund({ payId: p.pay_id, amount: p.amount });
    if (!ok) return 'refundFailed';
    await tx.query(`UPDATE payment SET status = 'refunded', refunded_at = $2, updated_at = $2 WHERE pay_id = $1`, [p.pay_id, now]);
    return 'refunded';
  }
  await awardPoints(tx, p.vip_id, p.amount, p.sheet_id, now);
  return 'credited';
}

// Operations ---------------------------------------------------------------------------

export const paymentHandlers: HandlerMap = {
  /** The shop's payment methods (for one of its outlets when BaseID is given). */
  async Finance_EntShopAccountGet_V2_Get(ctx, { tableData: [row] }) {
    const { tx } = ctx;
    let shopId = row!.ShopID ?? '';
    const baseId = row!.BaseID ?? '';
    if (baseId) {
      const [base] = await tx.query<{ shop_id: string }>('SELECT shop_id FROM base WHERE base_id = $1', [baseId]);
      if (!base || (shopId && base.shop_id !== shopId)) throw new OpError('baseNotFound');
      shopId = base.shop_id;
    }
    const [shop] = await tx.query('SELECT shop_id FROM shop WHERE shop_id = $1', [shopId]);
    if (!shop) throw new OpError('shopNotFound');
    const methods = await shopMethods(tx, shopId, baseId);
    if (methods.length === 0) throw new OpError('paymentNotLinked');
    const thirdParty = providerFor(ctx) !== null;
    return {
      table1: methods.map((m) => ({
        PayType: m.payType,
        ...METHOD_NAMES[m.payType],
        Enabled: m.enabled && (m.payType !== 'sandbox' || thirdParty) ? 1 : 0,
      })),
    };
  },

  /**
   * Starts a third-party payment of the sheet's outstanding total: a pending
   * payment and the provider's page to send the customer to. Asked again
   * while that payment is pending, answers the same payment.
   */
  async Finance_PosPaySubmit_V5_Add(ctx, { tableData: [row] }) {
    const { tx, now, config } = ctx;
    const session = requireSession(ctx);
    const s = await loadSheet(tx, row!.SheetID, true);
    if (!s || !mayPay(ctx, session, s)) throw new OpError('sheetNotFound');
    const payType = row!.PayType || 'sandbox';
    if (payType !== 'sandbox') throw new OpError('paymentMethodUnavailable');
    await requireMethod(tx, s, 'sandbox');
    const provider = providerFor(ctx);
    if (!provider) throw new OpError('paymentMethodUnavailable');
    checkPayable(s);
    checkOnlineCheckout(s);
    const amount = amountDue(s);
    if (!sameAmount(row!.TotalAmo, amount, s.amo_point)) {
      throw new OpError('paymentAmountMismatch', ErrorCode.mismatch, { amount: money(s, amount) });
    }
    // The provider's page speaks the customer's language: the app's (Accept-Language), passed on in the page's address.
    const answer = (payId: string, payUrl: string, value: string) => ({
      table1: [{ PayID: payId, SheetID: s.sheet_id, PayUrl: withLang(payUrl, ctx.lang), Amount: decimal4(value), Status: 'pending' as const }],
    });
    const langs = await langsFor(tx, ctx.lang, { sheetId: s.sheet_id });

    const pending = await pendingPayment(tx, s.sheet_id);
    if (pending) {
      if (!sameAmount(pending.amount, amount, 4)) throw new OpError('paymentPending');
      return answer(pending.pay_id, pending.pay_url, pending.amount);
    }
    const payId = newPayId(now);
    const { payUrl } = await provider.createPayment({
      payId,
      amount,
      currency: s.currency,
      description: `${pick({ 'zh-CN': s.shop_name, 'zh-TW': s.shop_name_tw, en: s.shop_name_en }, langs)} · ${s.sheet_id}`,
      returnUrl: paymentReturnUrl(config, s.sheet_id, payId),
      notifyUrl: PAYMENT_CALLBACK_PATH,
    });
    await tx.query(
      `INSERT INTO payment (pay_id, sheet_id, vip_id, pay_type, amount, status, pay_url, created_at, updated_at)
       VALUES ($1, $2, $3, 'sandbox', $4, 'pending', $5, $6, $6)`,
      [payId, s.sheet_id, session.vipId, amount, payUrl, now],
    );
    await tx.query('UPDATE sheet SET pay_status = $2, updated_at = $3 WHERE sheet_id = $1', [s.sheet_id, PayStatus.paying, now]);
    await emitSheetEvent(tx, s.sheet_id, 'payment');
    return answer(payId, payUrl, amount);
  },

  /**
   * The payment's status, which the paying page polls: the named payment of
   * the sheet, or its latest. A pending payment is checked with the provider
   * first, so a lost callback does not leave it pending.
   */
  async Finance_PaySubmit_V2_Update(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const session = requireSession(ctx);
    const s = await loadSheet(tx, row!.SheetID, false);
    if (!s) throw new OpError('sheetNotFound');
    const select = `SELECT pay_id, sheet_id, vip_id, pay_type, amount::text AS amount, status,
                           to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at
                      FROM payment WHERE sheet_id = $1`;
    type PaymentRow = { pay_id: string; sheet_id: string; vip_id: string | null; pay_type: string; amount: string; status: 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded'; paid_at: string | null };
    const find = async () =>
      (row!.PayID
        ? await tx.query<PaymentRow>(`${select} AND pay_id = $2`, [s.sheet_id, row!.PayID])
        : await tx.query<PaymentRow>(`${select} ORDER BY created_at DESC, pay_id DESC LIMIT 1`, [s.sheet_id]))[0];
    let payment = await find();
    const mayView = ownSheet(session, s) || (isPayAfterTableSheet(s) && atTable(ctx, s)) || (payment && payment.vip_id === session.vipId);
    if (!mayView) throw new OpError('sheetNotFound');
    if (!payment) throw new OpError('paymentNotFound');

    if (payment.status === 'pending') {
      const provider = providerFor(ctx);
      const remote = provider && payment.pay_type === provider.payType ? await provider.queryPayment(payment.pay_id) : null;
      if (provider && remote && (remote.status === 'paid' || remote.status === 'cancelled')) {
        await applyCallback(tx, provider, { payId: remote.payId, status: remote.status, providerRef: remote.providerRef, amount: remote.amount }, now);
        payment = (await find())!;
      }
    }
    const [sheet] = await tx.query<{ status: number; pay_status: number }>('SELECT status, pay_status FROM sheet WHERE sheet_id = $1', [s.sheet_id]);
    return {
      table1: [
        {
          PayID: payment.pay_id,
          SheetID: payment.sheet_id,
          PayType: payment.pay_type,
          Status: payment.status,
          Amount: decimal4(payment.amount),
          PaidAt: payment.paid_at ?? '',
          SheetStatus: sheet!.status,
          PayStatus: sheet!.pay_status,
        },
      ],
    };
  },

  /** The payment provider's user id for the session's member (deterministic per member in the sandbox). */
  async Finance_GetUserPayInfo_Get(ctx, { tableData: [row] }) {
    const session = requireSession(ctx);
    const provider = providerFor(ctx);
    if (!provider) throw new OpError('paymentMethodUnavailable');
    const { openId } = await provider.getUserInfo({ vipId: session.vipId, code: row!.Code });
    return { table1: [{ OpenID: openId }] };
  },

  /**
   * Pays the sheet from the member's balance, in this one transaction: the
   * sheet is locked, the balance is debited only while it covers the amount
   * (so it never goes below zero, however many payments race), the sheet is
   * marked paid only from unpaid, and the account item carries the balance
   * the debit left.
   */
  async PosSalSheet_PosSalSheetAcctSubmit_V9_Add(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const session = requireSession(ctx);
    const s = await loadSheet(tx, row!.SheetID, true);
    if (!s || !mayPay(ctx, session, s)) throw new OpError('sheetNotFound');
    await requireMethod(tx, s, 'balance');
    checkPayable(s);
    checkOnlineCheckout(s);
    if (await pendingPayment(tx, s.sheet_id)) throw new OpError('paymentPending');
    const amount = amountDue(s);
    if (!sameAmount(row!.PayAmo, amount, s.amo_point)) {
      throw new OpError('paymentAmountMismatch', ErrorCode.mismatch, { amount: money(s, amount) });
    }
    const balanceAfter = await changeBalance(tx, { vipId: session.vipId, delta: `-${amount}`, kind: 'pay', sheetId: s.sheet_id, remark: 'Order payment', now });
    if (balanceAfter === null) {
      const [vip] = await tx.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE vip_id = $1', [session.vipId]);
      throw new OpError('insufficientBalance', ErrorCode.business, { balance: money(s, vip?.balance ?? 0), amount: money(s, amount) });
    }
    const marked = await markSheetPaid(tx, s.sheet_id, 'balance', now);
    if (!marked) throw new OpError('sheetAlreadyPaid'); // unreachable with the row lock; rolls the debit back
    const payId = newPayId(now);
    await tx.query(
      `INSERT INTO payment (pay_id, sheet_id, vip_id, pay_type, amount, status, created_at, paid_at, updated_at)
       VALUES ($1, $2, $3, 'balance', $4, 'paid', $5, $5, $5)`,
      [payId, s.sheet_id, session.vipId, amount, now],
    );
    const points = await awardPoints(tx, session.vipId, amount, s.sheet_id, now);
    return {
      table1: [
        {
          SheetID: s.sheet_id,
          PayID: payId,
          PayAmo: decimal4(amount),
          Balance: decimal4(balanceAfter),
          Score: points,
          Status: marked.status,
          PayStatus: PayStatus.paid,
        },
      ],
    };
  },

  /** Pay on delivery or at the counter: an unpaid, open prepay sheet of the session's member. */
  async PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const session = requireSession(ctx);
    const s = await loadSheet(tx, row!.SheetID, true);
    if (!s || !ownSheet(session, s)) throw new OpError('sheetNotFound');
    if (isPayAfterTableSheet(s)) throw new OpError('payLaterUnavailable');
    checkPayable(s);
    if (s.pay_status !== PayStatus.unpaid || (await pendingPayment(tx, s.sheet_id))) throw new OpError('paymentPending');
    await requireMethod(tx, s, 'paylater');
    await tx.query(
      'UPDATE sheet SET is_pay_later = true, updated_at = $2 WHERE sheet_id = $1 AND status = $3 AND pay_status = $4',
      [s.sheet_id, now, SheetStatus.open, PayStatus.unpaid],
    );
    await emitSheetEvent(tx, s.sheet_id, 'payment');
    return { table1: [{ SheetID: s.sheet_id, IsPayLater: 1 as const }] };
  },

  /**
   * The customer cancels: only while nobody has started on the order and no
   * third-party payment is pending (orderStates.canCancel). A paid order is
   * refunded the way it was paid (balance back to the balance, sandbox
   * through the provider) and its points are taken back; a coupon it used
   * can be used again.
   */
  async PosSalSheet_PosSalSheetCloseSubmit_V5_Add(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const session = requireSession(ctx);
    const s = await loadSheet(tx, row!.SheetID, true);
    if (!s || !ownSheet(session, s)) throw new OpError('sheetNotFound');
    if (await pendingPayment(tx, s.sheet_id)) throw new OpError('paymentPending');
    const cancellable = canCancel({
      status: s.status,
      payStatus: s.pay_status,
      progress: s.progress ?? 'placed',
      isPayLater: s.is_pay_later,
      businessMode: String(s.business_mode),
      takeType: s.take_type ?? '',
    });
    if (!cancellable) throw new OpError('cannotCancel');

    const [paid] = await tx.query<{ pay_id: string; vip_id: string | null; pay_type: string; amount: string }>(
      `SELECT pay_id, vip_id, pay_type, amount::text AS amount FROM payment WHERE sheet_id = $1 AND status = 'paid' FOR UPDATE`,
      [s.sheet_id],
    );
    if (!paid && (s.status === SheetStatus.paid || s.pay_status === PayStatus.paid)) {
      // Paid some other way (at the counter): the counter refunds it.
      throw new OpError('cannotCancel');
    }
    let refundTo = '';
    if (paid) {
      if (paid.pay_type === 'balance' && paid.vip_id) {
        await changeBalance(tx, { vipId: paid.vip_id, delta: paid.amount, kind: 'refund', sheetId: s.sheet_id, remark: 'Order cancelled: refund', now });
      } else {
        const provider = providerFor(ctx);
        if (!provider || paid.pay_type !== provider.payType) throw new OpError('refundFailed');
        const { ok } = await provider.refund({ payId: paid.pay_id, amount: paid.amount });
        if (!ok) throw new OpError('refundFailed');
      }
      await tx.query(`UPDATE payment SET status = 'refunded', refunded_at = $2, updated_at = $2 WHERE pay_id = $1`, [paid.pay_id, now]);
      await reversePoints(tx, s.sheet_id, now);
      refundTo = paid.pay_type;
    }
    // The order did not happen: the coupon it used can be used again.
    await tx.query(`UPDATE vip_card SET status = 0, used_sheet_id = '', used_at = NULL WHERE used_sheet_id = $1 AND status = 1`, [s.sheet_id]);
    const payStatus = paid ? PayStatus.refunded : s.pay_status;
    await tx.query('UPDATE sheet SET status = $2, pay_status = $3, updated_at = $4 WHERE sheet_id = $1', [
      s.sheet_id,
      SheetStatus.closed,
      payStatus,
      now,
    ]);
    await emitSheetEvent(tx, s.sheet_id, 'cancelled');
    return {
      table1: [
        {
          SheetID: s.sheet_id,
          Status: SheetStatus.closed,
          PayStatus: payStatus,
          RefundAmo: decimal4(paid?.amount ?? 0),
          RefundTo: refundTo,
        },
      ],
    };
  },
};

/** A provider page's address with the language it is to speak (`lang`, which the sandbox pages read). */
export function withLang(url: string, lang: Lang): string {
  const [path, hash = ''] = url.split('#');
  const bare = path!.replace(/([?&])lang=[^&]*(&|$)/, (_, before: string, after: string) => (after ? before : '')).replace(/[?&]$/, '');
  return `${bare}${bare.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}${hash ? `#${hash}` : ''}`;
}
