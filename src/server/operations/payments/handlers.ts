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
import { canCancel, PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import { payTypeOffered, type PayType } from '../../../shared/domain/payTypes';
import { decimal4, ErrorCode } from '../../../shared/protocol/envelope';
import { emitSheetEvent } from '../../events/emit';
import { enqueueSheetTickets } from '../../printing/queue';
import { PAYMENT_CALLBACK_PATH } from '../../providers/payment';
import { OpError, type HandlerMap, type OpContext } from '../context';
import { expireStalePayment, isStale } from './expiry';
import { withdrawRound } from '../orders/withdraw';
import { langsFor, pick } from '../localized';
import { changeBalance } from '../wallet/ledger';
import { minorToString } from '../../../shared/domain/numbers';
import { chargedMinor, namesPart, planPart, recordPart, settleIfCovered, syncPayStatus, type PartRequest } from './split';
import { releaseCoupon } from '../coupons/release';

import { applyCallback, awardPoints, markSheetPaid, newPayId, paymentReturnUrl, pendingPayment, reversePoints, withLang } from './settle';
import { amountDue, atTable, checkOnlineCheckout, checkPayable, dineInAtTable, isPayAfterTableSheet, loadSheet, mayPay, money, ownSheet, providerFor, requireMethod, requireSession, sameAmount, shopMethods, type PaySheet } from './sheet';

export type { PayType } from '../../../shared/domain/payTypes';

/** The names of the payment methods, in the app's three languages. */
const METHOD_NAMES: Record<PayType, { Name: string; NameTW: string; NameEN: string }> = {
  balance: { Name: '会员余额', NameTW: '會員餘額', NameEN: 'Member balance' },
  sandbox: { Name: '沙盒支付', NameTW: '沙盒支付', NameEN: 'Sandbox Pay' },
  paylater: { Name: '货到或到店付款', NameTW: '貨到或到店付款', NameEN: 'Pay on delivery or at the counter' },
};

/** Pos type 7 is a takeout sheet (SPEC section 4). */

/**
 * The sheet, locked, after a payment of it left pending past its bound has
 * been ended (payments/expiry.ts): what every operation that pays for or
 * cancels a sheet starts from.
 */
async function loadFreshSheet(ctx: OpContext, sheetId: string): Promise<PaySheet | null> {
  const s = await loadSheet(ctx.tx, sheetId, true);
  if (!s || s.pay_status !== PayStatus.paying || !(await expireStalePayment(ctx, s.sheet_id))) return s;
  return loadSheet(ctx.tx, sheetId, true);
}

/**
 * Part of a table's sheet from the member's balance (issue 28, split.ts): the
 * part planned with the sheet locked, the balance debited only while it
 * covers it, the payment paid at once with its units, and the sheet settled
 * when its payments cover it exactly.
 */
async function payPartFromBalance(ctx: OpContext, s: PaySheet, vipId: string, row: PartRequest & { PayAmo: number }) {
  const { tx, now } = ctx;
  const plan = await planPart(tx, s, row);
  const amount = minorToString(chargedMinor(plan), s.amo_point);
  if (!sameAmount(row.PayAmo, amount, s.amo_point)) {
    throw new OpError('paymentAmountMismatch', ErrorCode.mismatch, { amount: money(s, amount) });
  }
  const balanceAfter = await changeBalance(tx, { vipId, delta: `-${amount}`, kind: 'pay', sheetId: s.sheet_id, remark: 'Order payment', now });
  if (balanceAfter === null) {
    const [vip] = await tx.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE vip_id = $1', [vipId]);
    throw new OpError('insufficientBalance', ErrorCode.business, { balance: money(s, vip?.balance ?? 0), amount: money(s, amount) });
  }
  const payId = newPayId(now);
  await tx.query(
    `INSERT INTO payment (pay_id, sheet_id, vip_id, pay_type, amount, status, created_at, paid_at, updated_at)
     VALUES ($1, $2, $3, 'balance', $4, 'paid', $5, $5, $5)`,
    [payId, s.sheet_id, vipId, amount, now],
  );
  await recordPart(tx, payId, s.sheet_id, plan);
  const points = await awardPoints(tx, vipId, amount, s.sheet_id, now);
  const settled = await settleIfCovered(tx, s.sheet_id, 'balance', now);
  return {
    table1: [
      {
        SheetID: s.sheet_id,
        PayID: payId,
        PayAmo: decimal4(amount),
        Balance: decimal4(balanceAfter),
        Score: points,
        Status: settled ?? SheetStatus.open,
        PayStatus: settled === null ? PayStatus.unpaid : PayStatus.paid,
      },
    ],
  };
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
    const s = await loadFreshSheet(ctx, row!.SheetID);
    if (!s || !mayPay(ctx, session, s)) throw new OpError('sheetNotFound');
    const payType = row!.PayType || 'sandbox';
    if (payType !== 'sandbox') throw new OpError('paymentMethodUnavailable');
    await requireMethod(tx, s, 'sandbox');
    const provider = providerFor(ctx);
    if (!provider) throw new OpError('paymentMethodUnavailable');
    checkPayable(s);
    checkOnlineCheckout(s);
    // The provider's page speaks the customer's language: the app's (Accept-Language), passed on in the page's address.
    const answer = (payId: string, payUrl: string, value: string) => ({
      table1: [{ PayID: payId, SheetID: s.sheet_id, PayUrl: withLang(payUrl, ctx.lang), Amount: decimal4(value), Status: 'pending' as const }],
    });
    const langs = await langsFor(tx, ctx.lang, { sheetId: s.sheet_id });
    const description = `${pick({ 'zh-CN': s.shop_name, 'zh-TW': s.shop_name_tw, en: s.shop_name_en }, langs)} · ${s.sheet_id}`;
    if (isPayAfterTableSheet(s)) {
      // A table's sheet is paid in parts (issue 28, split.ts): the rest, shares, an amount or units.
      const [mine] = await tx.query<{ pay_id: string; amount: string; pay_url: string }>(
        `SELECT pay_id, amount::text AS amount, pay_url FROM payment WHERE sheet_id = $1 AND vip_id = $2 AND status = 'pending' AND part <> ''`,
        [s.sheet_id, session.vipId],
      );
      if (mine) {
        if (!sameAmount(row!.TotalAmo, mine.amount, s.amo_point)) throw new OpError('paymentPending');
        return answer(mine.pay_id, mine.pay_url, mine.amount);
      }
      const plan = await planPart(tx, s, row!);
      const charged = minorToString(chargedMinor(plan), s.amo_point);
      if (!sameAmount(row!.TotalAmo, charged, s.amo_point)) {
        throw new OpError('paymentAmountMismatch', ErrorCode.mismatch, { amount: money(s, charged) });
      }
      const payId = newPayId(now);
      const { payUrl } = await provider.createPayment({ payId, amount: charged, currency: s.currency, description, returnUrl: paymentReturnUrl(config, s.sheet_id, payId), notifyUrl: PAYMENT_CALLBACK_PATH });
      await tx.query(
        `INSERT INTO payment (pay_id, sheet_id, vip_id, pay_type, amount, status, pay_url, created_at, updated_at)
         VALUES ($1, $2, $3, 'sandbox', $4, 'pending', $5, $6, $6)`,
        [payId, s.sheet_id, session.vipId, charged, payUrl, now],
      );
      await recordPart(tx, payId, s.sheet_id, plan);
      await syncPayStatus(tx, s.sheet_id, now);
      await emitSheetEvent(tx, s.sheet_id, 'payment');
      return answer(payId, payUrl, charged);
    }
    if (namesPart(row!)) throw new OpError('partOnlyAtTable');
    const amount = amountDue(s);
    if (!sameAmount(row!.TotalAmo, amount, s.amo_point)) {
      throw new OpError('paymentAmountMismatch', ErrorCode.mismatch, { amount: money(s, amount) });
    }

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
      description,
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
                           to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at, created_at
                      FROM payment WHERE sheet_id = $1`;
    type PaymentRow = { pay_id: string; sheet_id: string; vip_id: string | null; pay_type: string; amount: string; status: 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded'; paid_at: string | null; created_at: Date };
    const find = async () =>
      (row!.PayID
        ? await tx.query<PaymentRow>(`${select} AND pay_id = $2`, [s.sheet_id, row!.PayID])
        : await tx.query<PaymentRow>(`${select} ORDER BY created_at DESC, pay_id DESC LIMIT 1`, [s.sheet_id]))[0];
    let payment = await find();
    const mayView = ownSheet(session, s) || (isPayAfterTableSheet(s) && atTable(ctx, s)) || (payment && payment.vip_id === session.vipId);
    if (!mayView) throw new OpError('sheetNotFound');
    if (!payment) throw new OpError('paymentNotFound');

    if (payment.status === 'pending' && isStale(payment, now, ctx.config)) {
      // Past its bound (payments/expiry.ts): asked about, then recorded as paid or cancelled.
      await expireStalePayment(ctx, s.sheet_id);
      payment = (await find())!;
    } else if (payment.status === 'pending') {
      const provider = providerFor(ctx);
      const remote = provider && payment.pay_type === provider.payType ? await provider.queryPayment(payment.pay_id) : null;
      if (provider && remote && (remote.status === 'paid' || remote.status === 'cancelled')) {
        await applyCallback(tx, provider, { payId: remote.payId, status: remote.status, providerRef: remote.providerRef, amount: remote.amount }, now);
        payment = (await find())!;
      }
    }
    // The sheet now, and what the payment covered (issue 28: the paying page's "Try again" asks for the same part).
    const [sheet] = await tx.query<{ status: number; pay_status: number; part: '' | 'rest' | 'share' | 'amount' | 'units'; share_n: number | null; share_of: number | null; tip_amo: string; units: { LineID: number; Qua: number }[] | string | null }>(
      `SELECT s.status, s.pay_status, p.part, p.share_n, p.share_of, p.tip_amo::text AS tip_amo,
              (SELECT json_agg(json_build_object('LineID', c.item_id, 'Qua', c.n) ORDER BY c.item_id)
                 FROM (SELECT item_id, count(*)::int AS n FROM payment_cover WHERE pay_id = p.pay_id GROUP BY item_id) c) AS units
         FROM sheet s JOIN payment p ON p.sheet_id = s.sheet_id AND p.pay_id = $2 WHERE s.sheet_id = $1`,
      [s.sheet_id, payment.pay_id],
    );
    const units = typeof sheet!.units === 'string' ? (JSON.parse(sheet!.units) as { LineID: number; Qua: number }[]) : (sheet!.units ?? []);
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
          Part: sheet!.part,
          ShareN: sheet!.share_n ?? 0,
          ShareOf: sheet!.share_of ?? 0,
          TipAmo: decimal4(sheet!.tip_amo),
          Units: units,
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
    const s = await loadFreshSheet(ctx, row!.SheetID);
    if (!s || !mayPay(ctx, session, s)) throw new OpError('sheetNotFound');
    await requireMethod(tx, s, 'balance');
    checkPayable(s);
    checkOnlineCheckout(s);
    if (isPayAfterTableSheet(s)) return payPartFromBalance(ctx, s, session.vipId, row!);
    if (namesPart(row!)) throw new OpError('partOnlyAtTable');
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
    const s = await loadFreshSheet(ctx, row!.SheetID);
    if (!s || !ownSheet(session, s)) throw new OpError('sheetNotFound');
    if (isPayAfterTableSheet(s)) throw new OpError('payLaterUnavailable');
    // Not offered at a table (issue 23): the app's rule, payTypes.ts.
    if (!payTypeOffered('paylater', { dineInAtTable: dineInAtTable(s), member: true })) throw new OpError('payLaterAtTable');
    checkPayable(s);
    if (s.pay_status !== PayStatus.unpaid || (await pendingPayment(tx, s.sheet_id))) throw new OpError('paymentPending');
    await requireMethod(tx, s, 'paylater');
    await tx.query(
      'UPDATE sheet SET is_pay_later = true, updated_at = $2 WHERE sheet_id = $1 AND status = $3 AND pay_status = $4',
      [s.sheet_id, now, SheetStatus.open, PayStatus.unpaid],
    );
    await emitSheetEvent(tx, s.sheet_id, 'payment');
    // Paid later at the counter or on delivery: the kitchen starts now, so its tickets print now (once, printing/queue.ts).
    await enqueueSheetTickets(tx, s.sheet_id, now);
    return { table1: [{ SheetID: s.sheet_id, IsPayLater: 1 as const }] };
  },

  /**
   * The customer cancels their own order (a table's sheet: a round of their
   * own, orders/withdraw.ts): only while nobody has started on the order and no
   * third-party payment is pending (orderStates.canCancel). A paid order is
   * refunded the way it was paid (balance back to the balance, sandbox
   * through the provider) and its points are taken back; a coupon it used
   * can be used again.
   */
  async PosSalSheet_PosSalSheetCloseSubmit_V5_Add(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const session = requireSession(ctx);
    const s = await loadFreshSheet(ctx, row!.SheetID);
    if (!s) throw new OpError('sheetNotFound');
    // A table's running sheet is everyone's at the table: a diner withdraws a round of their own, the whole is the staff's (issue 22).
    if (isPayAfterTableSheet(s)) return withdrawRound(ctx, s.sheet_id, session.vipId, row!.RoundNo, atTable(ctx, s));
    if (!ownSheet(session, s)) throw new OpError('sheetNotFound');
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

    // What is left of the payment: lines staff voided were refunded already (payment_refund, orders/fixOrder.ts).
    const [paid] = await tx.query<{ pay_id: string; vip_id: string | null; pay_type: string; amount: string }>(
      `SELECT pay_id, vip_id, pay_type, (amount - COALESCE((SELECT sum(r.amount) FROM payment_refund r WHERE r.pay_id = payment.pay_id), 0))::text AS amount
         FROM payment WHERE sheet_id = $1 AND status = 'paid' FOR UPDATE`,
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
    await releaseCoupon(tx, s.sheet_id);
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
