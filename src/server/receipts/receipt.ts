/**
 * A paid order's receipt (issue 29 section 4), as data: the outlet's name,
 * address and phone, the order's number, table or way of ordering and time in
 * the enterprise's time zone, each line with its spec, pack, bundle parts,
 * add-ons and remarks (in the receipt's language, operations/localized.ts),
 * the figures of the bill and each payment with its method, and the company
 * title and number a business customer asked for.
 *
 * The figures are the sheet's own columns, never added up again here:
 *
 *   total = goods + bag fee + delivery fee - coupon + service charge
 *
 * where the goods are the lines' amounts as charged (promotions already in
 * them: the sheet's dis_amo is what the promotions saved, told, not taken off
 * again).
 *
 * buildReceipt checks that identity in minor units and that the lines add up
 * to the goods, and refuses to render a receipt that would not equal the bill
 * (a mismatch is a bug to find, not a mail to send). Voided lines (issue 26,
 * sheet_item.voided_at) are off the bill and off the receipt. The tip is not
 * part of the total: it is shown after it, and the payments include it.
 */
import { toMinor } from '../../shared/domain/numbers';
import { detailWords } from '../../shared/domain/orderStates';
import type { Queryable } from '../db/driver';
import type { Lang } from '../messages';
import { langsFor, tr } from '../operations/localized';
import { sheetItems } from '../operations/orders/sheetRows';

export interface ReceiptLine {
  name: string;
  /** The spec and pack unit ("Large / Iced", "box"), '' when none. */
  spec: string;
  /** Bundle parts, add-ons and remarks, each a phrase. */
  details: string[];
  qua: string;
  /** The line's amount as charged (its promotion in it), minor units. */
  amountMinor: number;
}

export interface ReceiptPayment {
  method: 'balance' | 'sandbox' | 'counter';
  amountMinor: number;
  /** ISO instant it was paid. */
  paidAt: string;
  refunded: boolean;
}

export interface Receipt {
  sheetId: string;
  lang: Lang;
  outletName: string;
  shopName: string;
  address: string;
  phone: string;
  tableName: string;
  takeType: string;
  /** When the order was placed, and the zone its wall time is told in. */
  createdAt: Date;
  timeZone: string;
  currencySymbol: string;
  /** The enterprise's AmoPoint: the scale of every minor amount here. */
  scale: number;
  lines: ReceiptLine[];
  goodsMinor: number;
  /** What the promotions saved (already in the goods): told, not taken off. */
  discountMinor: number;
  bagMinor: number;
  freightMinor: number;
  couponMinor: number;
  serviceMinor: number;
  totalMinor: number;
  tipMinor: number;
  payments: ReceiptPayment[];
  title: string;
  taxNo: string;
}

/** Why no receipt: the order is not there, not paid yet, or its figures do not add up. */
export type ReceiptProblem = 'notFound' | 'notPaid' | 'mismatch';

type HeadRow = {
  sheet_id: string;
  status: number;
  pay_status: number;
  outlet_name: string;
  shop_name: string;
  address: string;
  phone: string;
  table_name: string;
  take_type: string;
  created_at: Date;
  time_zone: string;
  currency_symbol: string;
  amo_point: number;
  sales_amo: string;
  dis_amo: string;
  bag_amo: string;
  fee_amo: string;
  coupon_amo: string;
  service_amo: string;
  tip_amo: string;
  total_amo: string;
};

/** A sheet that has been paid: paid (1) or checked out (3), pay status paid (2). */
export const isPaidSheet = (s: { status: number; pay_status: number }) => (s.status === 1 || s.status === 3) && s.pay_status === 2;

export async function buildReceipt(
  tx: Queryable,
  sheetId: string,
  lang: Lang,
  company: { title?: string; taxNo?: string } = {},
): Promise<Receipt | ReceiptProblem> {
  const l = await langsFor(tx, lang, { sheetId });
  const [head] = await tx.query<HeadRow>(
    `SELECT s.sheet_id, s.status, s.pay_status, ${tr('b.base_name', l)} AS outlet_name, ${tr('sh.shop_name', l)} AS shop_name,
            ${tr('b.address', l)} AS address, b.phone, COALESCE(t.table_name, '') AS table_name, s.take_type,
            s.created_at, COALESCE(NULLIF(b.time_zone, ''), e.time_zone) AS time_zone, e.currency_symbol, e.amo_point,
            s.sales_amo::text, s.dis_amo::text, s.bag_amo::text, s.fee_amo::text, s.coupon_amo::text,
            s.service_amo::text, s.tip_amo::text, s.total_amo::text
       FROM sheet s
       JOIN base b ON b.base_id = s.base_id
       JOIN shop sh ON sh.shop_id = s.shop_id
       JOIN enterprise e ON e.ent_id = s.ent_id
       LEFT JOIN dining_table t ON t.table_id = s.table_id
      WHERE s.sheet_id = $1`,
    [sheetId],
  );
  if (!head) return 'notFound';
  if (!isPaidSheet(head)) return 'notPaid';
  const scale = head.amo_point;
  const minor = (v: string) => toMinor(v, scale);

  const voided = new Set(
    (await tx.query<{ item_id: number }>('SELECT item_id FROM sheet_item WHERE sheet_id = $1 AND voided_at IS NOT NULL', [sheetId])).map((r) => r.item_id),
  );
  const items = (await sheetItems(tx, sheetId, null, lang)).filter((i) => !voided.has(Number(i.ItemID)));
  const lines: ReceiptLine[] = items.map((i) => ({
    name: i.GoodsName,
    spec: [i.SkuItems, i.PUnit].filter((s) => s && s.trim()).join(' / '),
    details: detailWords(i.Detail, '+ '),
    qua: trimQuantity(i.Qua),
    amountMinor: minor(i.Amo),
  }));

  const payments = (
    await tx.query<{ pay_type: 'balance' | 'sandbox'; amount: string; status: string; paid_at: Date | null; created_at: Date }>(
      `SELECT pay_type, amount::text, status, paid_at, created_at FROM payment
        WHERE sheet_id = $1 AND status IN ('paid', 'refunded') ORDER BY COALESCE(paid_at, created_at), pay_id`,
      [sheetId],
    )
  ).map<ReceiptPayment>((p) => ({
    method: p.pay_type,
    amountMinor: minor(p.amount),
    paidAt: (p.paid_at ?? p.created_at).toISOString(),
    refunded: p.status === 'refunded',
  }));

  const receipt: Receipt = {
    sheetId: head.sheet_id,
    lang,
    outletName: head.outlet_name,
    shopName: head.shop_name,
    address: head.address,
    phone: head.phone,
    tableName: head.table_name,
    takeType: head.take_type,
    createdAt: head.created_at,
    timeZone: head.time_zone,
    currencySymbol: head.currency_symbol,
    scale,
    lines,
    goodsMinor: minor(head.sales_amo),
    discountMinor: minor(head.dis_amo),
    bagMinor: minor(head.bag_amo),
    freightMinor: minor(head.fee_amo),
    couponMinor: minor(head.coupon_amo),
    serviceMinor: minor(head.service_amo),
    totalMinor: minor(head.total_amo),
    tipMinor: minor(head.tip_amo),
    payments,
    // A sheet paid at the counter has no payment row: the receipt says so (renderReceipt).
    title: (company.title ?? '').trim(),
    taxNo: (company.taxNo ?? '').trim(),
  };
  return addsUp(receipt) ? receipt : 'mismatch';
}

/** The receipt's figures are the bill's: the identity of the module comment, and the lines make the goods. */
export function addsUp(r: Receipt): boolean {
  const total = r.goodsMinor + r.bagMinor + r.freightMinor - r.couponMinor + r.serviceMinor;
  const lines = r.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  return total === r.totalMinor && lines === r.goodsMinor;
}

/** '2.0000' -> '2', '0.5000' -> '0.5'. */
function trimQuantity(qua: string): string {
  return qua.includes('.') ? qua.replace(/\.?0+$/, '') : qua;
}
