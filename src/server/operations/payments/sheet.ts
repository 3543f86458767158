/**
 * The sheet as payments see it: who may pay it, what is due, and the shop's
 * payment methods (the rules of ./handlers.ts's header).
 */
import { SheetPosType } from '../../../shared/domain/businessMode';
import { PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import { PAY_TYPES, type PayType } from '../../../shared/domain/payTypes';
import { formatMoney, normalizeNumberFormats, toFixedHalfUp, toMinor } from '../../../shared/domain/numbers';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { createPaymentProvider, type PaymentProvider } from '../../providers/payment';
import { OpError, type OpContext, type Session } from '../context';


// The sheet as payments see it --------------------------------------------------------

export type PaySheet = {
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
export async function loadSheet(tx: Queryable, sheetId: string, lock: boolean): Promise<PaySheet | null> {
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

/** An order eaten at a table: a table's sheet that is not taken away (pay types offered there: payTypes.ts payTypeOffered). */
export function dineInAtTable(s: Pick<PaySheet, 'table_id' | 'pos_type' | 'take_type'>): boolean {
  return Boolean(s.table_id) && s.pos_type !== SheetPosType.takeout && (s.take_type ?? 'dinein') === 'dinein';
}

/** A pay-after table is settled online only where the outlet allows it; else at the counter. */
export function checkOnlineCheckout(s: PaySheet): void {
  if (isPayAfterTableSheet(s) && s.online_checkout !== '1') throw new OpError('callStaff');
}

export const ownSheet = (session: Session, s: PaySheet) => Boolean(s.vip_id) && s.vip_id === session.vipId;

/** Whether the caller's browser scanned the sheet's table's code (http/tableScan.ts): a diner at that table. */
export const atTable = (ctx: OpContext, s: PaySheet) => Boolean(s.table_id && ctx.scannedTables?.includes(s.table_id));

/**
 * The sheet's own member, or someone at the table (who scanned its code) while
 * a pay-after table sheet is open: a stranger with the SheetID cannot start a
 * payment, which would hold the table (issue 16).
 */
export const mayPay = (ctx: OpContext, session: Session, s: PaySheet) =>
  ownSheet(session, s) || (isPayAfterTableSheet(s) && s.status === SheetStatus.open && atTable(ctx, s));

/** The amount to pay: the server's total, at the enterprise's amount decimals. */
export const amountDue = (s: PaySheet) => toFixedHalfUp(s.total_amo, s.amo_point);

export function sameAmount(a: number | string, b: string, decimals: number): boolean {
  try {
    return toMinor(a, decimals) === toMinor(b, decimals);
  } catch {
    return false;
  }
}

export const money = (s: Pick<PaySheet, 'amo_point' | 'currency_symbol'>, value: string | number) =>
  formatMoney(value, normalizeNumberFormats({ AmoPoint: s.amo_point }), s.currency_symbol);

/** Refuses a sheet that cannot take a payment now. */
export function checkPayable(s: PaySheet): void {
  if (s.status === SheetStatus.paid || s.status === SheetStatus.checkedOut || s.pay_status === PayStatus.paid) {
    throw new OpError('sheetAlreadyPaid');
  }
  if (s.status !== SheetStatus.open || s.pay_status === PayStatus.refunded) throw new OpError('sheetNotPayable');
}

export function requireSession(ctx: OpContext): Session & { vipId: string } {
  const { session } = ctx;
  if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  return session as Session & { vipId: string };
}

// Shop payment methods -----------------------------------------------------------------

/** The shop's payment methods for an outlet ('' base rows apply to every outlet; an outlet's own row wins). */
export async function shopMethods(tx: Queryable, shopId: string, baseId: string): Promise<{ payType: PayType; enabled: boolean }[]> {
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

export async function requireMethod(tx: Queryable, s: Pick<PaySheet, 'shop_id' | 'base_id'>, payType: PayType): Promise<void> {
  const methods = await shopMethods(tx, s.shop_id, s.base_id);
  if (methods.length === 0) throw new OpError('paymentNotLinked');
  if (!methods.some((m) => m.payType === payType && m.enabled)) throw new OpError('paymentMethodUnavailable');
}

export function providerFor(ctx: Pick<OpContext, 'config' | 'tx' | 'now'>): PaymentProvider | null {
  return createPaymentProvider(ctx.config, ctx.tx, () => ctx.now);
}
