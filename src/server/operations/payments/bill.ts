/**
 * A dine-in sheet's bill (issue 28): its service charge, what its payments
 * have paid and what is left, and the units of its lines that split payments
 * cover. The figures are shared/domain/orderTotals.ts's (the app previews,
 * the service decides); rounding happens once, at the bill.
 *
 *   service  the outlet's service_charge_bp of the subtotal (the lines not
 *            voided, after item discounts, less the coupon), dine-in only
 *   total    subtotal + bag + freight + service (sheet.total_amo)
 *   paid     the paid payments of the sheet, their tips left out
 *   pending  the pending payments (their units locked for the others)
 *   rest     total - paid - pending: what a payment can still cover
 */
import { billMinor, unitAmountsMinor, lineUnits } from '../../../shared/domain/orderTotals';
import { minorToString, sumMoney, toMinor } from '../../../shared/domain/numbers';
import type { Queryable } from '../../db/driver';

const dec4 = (minor: number, scale: number) => minorToString(minor, scale);

/**
 * Recomputes a dine-in sheet's service charge and total from its lines (after
 * a round is added or withdrawn, or a line voided): total_amo = the lines not
 * voided - coupon + bag + freight + service. Sheets taken away, and sheets
 * are left as they are. Answers the new total (null when left as it was).
 */
export async function refreshServiceCharge(tx: Queryable, sheetId: string): Promise<string | null> {
  const [s] = await tx.query<{ goods: string | null; lines: number; coupon_amo: string; bag_amo: string; fee_amo: string; bp: number; amo_point: number; take_type: string | null }>(
    `SELECT (SELECT sum(i.amo)::text FROM sheet_item i WHERE i.sheet_id = s.sheet_id AND i.voided_at IS NULL) AS goods,
            (SELECT count(*)::int FROM sheet_item i WHERE i.sheet_id = s.sheet_id) AS lines,
            s.coupon_amo::text AS coupon_amo, s.bag_amo::text AS bag_amo, s.fee_amo::text AS fee_amo,
            b.service_charge_bp AS bp, e.amo_point, to_jsonb(s) ->> 'take_type' AS take_type
       FROM sheet s JOIN base b ON b.base_id = s.base_id JOIN enterprise e ON e.ent_id = s.ent_id
      WHERE s.sheet_id = $1`,
    [sheetId],
  );
  if (!s || (s.take_type ?? 'dinein') !== 'dinein') return null;
  if (s.lines === 0) {
    // Every line withdrawn: no service charge is left on it.
    const [r] = await tx.query<{ total_amo: string }>(
      'UPDATE sheet SET total_amo = GREATEST(0, total_amo - service_amo), service_amo = 0 WHERE sheet_id = $1 RETURNING total_amo',
      [sheetId],
    );
    return r?.total_amo ?? null;
  }
  const scale = s.amo_point;
  const bill = billMinor({
    goodsMinor: toMinor(s.goods ?? '0', scale),
    couponMinor: toMinor(s.coupon_amo, scale),
    bagMinor: toMinor(s.bag_amo, scale),
    feeMinor: toMinor(s.fee_amo, scale),
    serviceBp: s.bp,
  });
  const [r] = await tx.query<{ total_amo: string }>('UPDATE sheet SET service_amo = $2, total_amo = $3 WHERE sheet_id = $1 RETURNING total_amo', [
    sheetId,
    dec4(bill.serviceMinor, scale),
    dec4(bill.totalMinor, scale),
  ]);
  return r?.total_amo ?? null;
}

export interface BillFigures {
  amoPoint: number;
  totalMinor: number;
  serviceMinor: number;
  tipMinor: number;
  paidMinor: number;
  pendingMinor: number;
  restMinor: number;
}

/** The sheet's bill figures at the enterprise's amount decimals. */
export async function billFigures(tx: Queryable, sheetId: string): Promise<BillFigures | null> {
  const [r] = await tx.query<{ total_amo: string; service_amo: string; amo_point: number; paid: string; tips: string; pending: string }>(
    `SELECT s.total_amo::text AS total_amo, s.service_amo::text AS service_amo, e.amo_point,
            COALESCE((SELECT sum(p.amount - p.tip_amo) FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'paid'), 0)::text AS paid,
            COALESCE((SELECT sum(p.tip_amo) FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'paid'), 0)::text AS tips,
            COALESCE((SELECT sum(p.amount - p.tip_amo) FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'pending'), 0)::text AS pending
       FROM sheet s JOIN enterprise e ON e.ent_id = s.ent_id WHERE s.sheet_id = $1`,
    [sheetId],
  );
  if (!r) return null;
  const m = (v: string) => toMinor(v, r.amo_point);
  const totalMinor = m(r.total_amo);
  const paidMinor = m(r.paid);
  const pendingMinor = m(r.pending);
  return {
    amoPoint: r.amo_point,
    totalMinor,
    serviceMinor: m(r.service_amo),
    tipMinor: m(r.tips),
    paidMinor,
    pendingMinor,
    restMinor: Math.max(0, sumMoney([totalMinor, -paidMinor, -pendingMinor])),
  };
}

/** The wire's four bill fields (decimal text at four places, as the other amounts). */
export async function billFields(tx: Queryable, sheetId: string) {
  const f = await billFigures(tx, sheetId);
  const d = (minor: number) => Number(minorToString(minor, f?.amoPoint ?? 2)).toFixed(4);
  // The even split in progress (the latest N a share was paid of): how many of its shares are taken.
  const [shares] = await tx.query<{ share_of: number; taken: number }>(
    `SELECT share_of, (SELECT COALESCE(sum(q.share_n), 0)::int FROM payment q
                        WHERE q.sheet_id = p.sheet_id AND q.part = 'share' AND q.share_of = p.share_of AND q.status IN ('pending', 'paid')) AS taken
       FROM payment p WHERE p.sheet_id = $1 AND p.part = 'share' AND p.status IN ('pending', 'paid')
      ORDER BY p.created_at DESC, p.pay_id DESC LIMIT 1`,
    [sheetId],
  );
  return {
    SharesOf: shares?.share_of ?? 0,
    SharesTaken: shares?.taken ?? 0,
    ServiceAmo: d(f?.serviceMinor ?? 0),
    TipAmo: d(f?.tipMinor ?? 0),
    PaidAmo: d(f?.paidMinor ?? 0),
    RestAmo: d(f?.restMinor ?? 0),
  };
}

/** A unit of a line and who covers it now. */
export interface BillUnit {
  itemId: number;
  unitNo: number;
  amountMinor: number;
  /** The line's net amount (its weight in the bill's allocation). */
  lineMinor: number;
  /** 'paid' | 'pending' | '' (free). */
  state: '' | 'pending' | 'paid';
  /** The payer's vip id when covered. */
  by: string | null;
}

/** Every unit of the sheet's lines (not voided), its part of the bill and whether a live payment covers it. */
export async function billUnits(tx: Queryable, sheetId: string, totalMinor: number, amoPoint: number): Promise<BillUnit[]> {
  const lines = await tx.query<{ item_id: number; amo: string; qua: string }>(
    'SELECT item_id, amo::text AS amo, qua::text AS qua FROM sheet_item WHERE sheet_id = $1 AND voided_at IS NULL ORDER BY item_id',
    [sheetId],
  );
  const covers = await tx.query<{ item_id: number; unit_no: number; status: string; vip_id: string | null }>(
    `SELECT c.item_id, c.unit_no, p.status, p.vip_id FROM payment_cover c JOIN payment p ON p.pay_id = c.pay_id
      WHERE c.sheet_id = $1 AND c.live`,
    [sheetId],
  );
  const key = (item: number, unit: number) => `${item}:${unit}`;
  const covered = new Map(covers.map((c) => [key(c.item_id, c.unit_no), c]));
  const amounts = unitAmountsMinor(
    totalMinor,
    lines.map((l) => ({ lineId: l.item_id, amountMinor: toMinor(l.amo, amoPoint), units: lineUnits(Number(l.qua)) })),
  );
  const out: BillUnit[] = [];
  for (const l of lines) {
    (amounts.get(l.item_id) ?? []).forEach((amountMinor, i) => {
      const c = covered.get(key(l.item_id, i + 1));
      out.push({ itemId: l.item_id, unitNo: i + 1, amountMinor, lineMinor: toMinor(l.amo, amoPoint), state: c ? (c.status === 'paid' ? 'paid' : 'pending') : '', by: c?.vip_id ?? null });
    });
  }
  return out;
}
