/**
 * The orders as the staff see them (the counter's list and the sheet in the
 * answers of the staff's moves, http/staff.ts): a sheet with its rounds, each
 * beside its own lines, in the staff's language. The answers' shapes are
 * declared once in src/shared/protocol/staff.ts.
 */
import type { Db, Queryable } from '../../db/driver';
import type { Progress } from '../../../shared/domain/orderStates';
import { isProgress, kitchenState } from '../../../shared/domain/rounds';
import { STAFF_LIST_LIMIT, type StaffRoundJson, type StaffSheetJson, type StaffSheetsAnswer } from '../../../shared/protocol/staff';
import type { Lang } from '../../messages';
import { langsFor, tr, trBy } from '../localized';
import { localizedDetails } from './lineTexts';
import { voidReasonText } from './voidReasons';
import { sheetAddress } from './sheetAddress';
import { isoSeconds, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from './sheetState';
import { maskPhone } from '../../../shared/domain/memberName';
import { sumMoney, toMinor } from '../../../shared/domain/numbers';
import { serviceChargeMinor } from '../../../shared/domain/orderTotals';
import { minorToDecimal4 } from './outlet';


/** A stored progress (the table's CHECK holds it to PROGRESS; anything else reads as placed, as kitchenState does). */
const progressOf = (p: string): Progress => (isProgress(p) ? p : 'placed');

export type StaffSheetRow = SheetStateRow & {
  sheet_id: string;
  base_id: string;
  table_id: string | null;
  table_name: string | null;
  pos_type: number;
  total_amo: string;
  fee_amo: string;
  bag_amo: string;
  coupon_amo: string;
  cust_name: string;
  cust_phone: string;
  cust_region: string;
  cust_address: string;
  cust_house: string;
  take_time: Date | null;
  remark: string;
  round_count: number;
  updated_at: Date;
  pickup_no: string;
  service_amo: string;
  tip_amo: string;
  paid_amo: string;
  pending_amo: string;
  sales_amo?: string;
  dis_amo?: string;
  service_bp?: number | null;
  amo_point?: number | null;
  payments: PaymentJsonRow[] | string | null;
};

/** A payment as the columns' json_agg has it (timestamps as PostgreSQL writes them). */
type PaymentJsonRow = {
  payId: string;
  payType: string;
  status: string;
  amount: string;
  tipAmo: string;
  part: string;
  createdAt?: string | null;
  paidAt?: string | null;
  shareN?: number | null;
  shareOf?: number | null;
  units?: { itemId: number; qua: number }[] | null;
  guest?: boolean | null;
  payerName?: string | null;
  payerPhone?: string | null;
};

const STAFF_SHEET_COLUMNS = `s.sheet_id, s.base_id, s.table_id, t.table_name, s.pos_type, s.total_amo, s.fee_amo, s.bag_amo, s.coupon_amo,
  s.cust_name, s.cust_phone, s.cust_region, s.cust_address, s.cust_house, s.take_time, s.remark, s.round_count, s.updated_at, s.pickup_no, ${SHEET_STATE_COLUMNS},
  s.service_amo, s.tip_amo, s.sales_amo, s.dis_amo,
  (SELECT b.service_charge_bp FROM base b WHERE b.base_id = s.base_id) AS service_bp,
  (SELECT e.amo_point FROM enterprise e WHERE e.ent_id = s.ent_id) AS amo_point,
  COALESCE((SELECT sum(p.amount - p.tip_amo) FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'paid'), 0)::text AS paid_amo,
  COALESCE((SELECT sum(p.amount - p.tip_amo) FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'pending'), 0)::text AS pending_amo,
  (SELECT COALESCE(json_agg(json_build_object('payId', p.pay_id, 'payType', p.pay_type, 'status', p.status, 'amount', p.amount::text,
                                              'tipAmo', p.tip_amo::text, 'part', p.part, 'createdAt', p.created_at, 'paidAt', p.paid_at,
                                              'shareN', p.share_n, 'shareOf', p.share_of, 'guest', v.is_guest, 'payerName', v.vip_name, 'payerPhone', v.phone,
                                              'units', (SELECT json_agg(json_build_object('itemId', c.item_id, 'qua', c.n) ORDER BY c.item_id)
                                                          FROM (SELECT item_id, count(*)::int AS n FROM payment_cover WHERE pay_id = p.pay_id GROUP BY item_id) c))
                            ORDER BY p.created_at, p.pay_id), '[]'::json)
     FROM payment p LEFT JOIN vip v ON v.vip_id = p.vip_id
    WHERE p.sheet_id = s.sheet_id AND p.status IN ('pending', 'paid', 'refunded')) AS payments`;

export function sheetJson(s: StaffSheetRow, now: Date, lang: Lang = 'en'): StaffSheetJson {
  return {
    sheetId: s.sheet_id,
    baseId: s.base_id,
    tableId: s.table_id ?? '',
    tableName: s.table_name ?? '',
    posType: s.pos_type,
    businessMode: String(s.business_mode),
    takeType: s.take_type,
    payMode: s.pay_mode,
    status: s.status,
    payStatus: s.pay_status,
    isPayLater: s.is_pay_later,
    progress: progressOf(s.progress),
    displayState: sheetDisplayState(s, now),
    totalAmo: s.total_amo,
    feeAmo: s.fee_amo,
    bagAmo: s.bag_amo,
    couponAmo: s.coupon_amo,
    custName: s.cust_name,
    custPhone: s.cust_phone,
    address: sheetAddress(s, lang),
    takeTime: isoSeconds(s.take_time),
    remark: s.remark,
    roundCount: s.round_count,
    createdAt: isoSeconds(s.created_at),
    updatedAt: isoSeconds(s.updated_at),
    pickupNo: s.pickup_no ?? '',
    ...billOf(s),
  };
}

/**
 * Issue 28: the bill's figures and payments of a staff sheet row, exact in
 * minor units at the enterprise's AmoPoint (rest = total - paid - being paid).
 */
function billOf(s: StaffSheetRow) {
  if (s.service_amo === undefined) return {};
  const scale = s.amo_point ?? 4;
  const m = (v: string | null | undefined) => toMinor(String(v ?? '0'), scale);
  const d4 = (minor: number) => minorToDecimal4(minor, scale);
  const totalMinor = m(s.total_amo);
  const paidMinor = m(s.paid_amo);
  const pendingMinor = m(s.pending_amo);
  const serviceMinor = m(s.service_amo);
  // The outlet's rate, when it is the one the sheet's service charge was computed with (the outlet may have changed it since).
  const subtotalMinor = Math.max(0, m(s.sales_amo) - m(s.coupon_amo));
  const bp = s.service_bp ?? 0;
  const serviceBp = serviceChargeMinor(subtotalMinor, bp) === serviceMinor ? { serviceBp: serviceMinor > 0 ? bp : 0 } : {};
  const payments = typeof s.payments === 'string' ? (JSON.parse(s.payments) as PaymentJsonRow[]) : s.payments;
  return {
    salesAmo: d4(m(s.sales_amo)),
    disAmo: d4(m(s.dis_amo)),
    ...serviceBp,
    serviceAmo: d4(serviceMinor),
    tipAmo: d4(m(s.tip_amo)),
    paidAmo: d4(paidMinor),
    pendingAmo: d4(pendingMinor),
    restAmo: d4(Math.max(0, sumMoney([totalMinor, -paidMinor, -pendingMinor]))),
    payments: (payments ?? []).map((p) => {
      const payer: 'member' | 'guest' | '' = p.guest === true ? 'guest' : p.guest === false ? 'member' : '';
      return {
        payId: p.payId,
        payType: p.payType,
        status: p.status,
        amount: d4(m(p.amount)),
        tipAmo: d4(m(p.tipAmo)),
        part: p.part,
        createdAt: isoSeconds(p.createdAt),
        paidAt: isoSeconds(p.paidAt),
        shareN: p.shareN ?? 0,
        shareOf: p.shareOf ?? 0,
        units: p.units ?? [],
        payer,
        payerName: payer === 'member' ? (p.payerName ?? '').trim() : '',
        payerPhone: payer === 'member' ? maskPhone(p.payerPhone ?? '') : '',
      };
    }),
  };
}

/** Roles that are told who paid (the counter's); the kitchen's screens get the payers blank. */
export function withoutPayers<S extends { payments?: { payerName?: string; payerPhone?: string }[] }>(sheet: S): S {
  if (!sheet.payments) return sheet;
  return { ...sheet, payments: sheet.payments.map((p) => ({ ...p, payerName: '', payerPhone: '' })) };
}

/** The sheet, its row locked for the change (null when there is none). */
export async function lockedSheet(tx: Queryable, sheetId: string): Promise<StaffSheetRow | null> {
  const [sheet] = await tx.query<StaffSheetRow>(
    `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id
      WHERE s.sheet_id = $1 FOR UPDATE OF s`,
    [sheetId],
  );
  return sheet ?? null;
}

export async function readSheet(tx: Queryable, sheetId: string): Promise<StaffSheetRow> {
  const [sheet] = await tx.query<StaffSheetRow>(
    `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id WHERE s.sheet_id = $1`,
    [sheetId],
  );
  return sheet!;
}

export type RoundRow = { sheet_id: string; round_no: number; progress: string; remark: string; created_at: Date; progress_at: Date | null; withdrawn_at?: Date | null; allergens?: string };

/** What the kitchen's screen adds to a round: when it was received, where its ticket is bumped. */
export interface RoundKitchen {
  receivedAt?: Date | null;
  bumped?: string[];
}

/** A round as the staff API answers it. */
export function roundJson(r: Pick<RoundRow, 'round_no' | 'progress' | 'remark' | 'created_at' | 'progress_at' | 'withdrawn_at' | 'allergens'>, k: RoundKitchen = {}): StaffRoundJson {
  return {
    roundNo: r.round_no,
    progress: progressOf(r.progress),
    kitchenState: kitchenState(r.progress),
    remark: r.remark,
    createdAt: isoSeconds(r.created_at),
    movedAt: isoSeconds(r.progress_at),
    withdrawn: Boolean(r.withdrawn_at),
    receivedAt: isoSeconds(k.receivedAt ?? r.created_at),
    bumped: k.bumped ?? [],
    allergens: r.allergens ? r.allergens.split(',') : [],
  };
}

/**
 * The rounds of a sheet from its round rows; a sheet written without them
 * (the demo's) is one round: the sheet's progress and remark. A round number
 * of the lines without a row reads as the sheet does.
 */
export function roundsOf(sheet: StaffSheetRow, rows: readonly RoundRow[], itemRounds: readonly number[]) {
  const byNo = new Map(rows.map((r) => [r.round_no, r]));
  for (const no of rows.length === 0 ? [1, ...itemRounds] : itemRounds) {
    if (!byNo.has(no)) {
      byNo.set(no, { sheet_id: sheet.sheet_id, round_no: no, progress: sheet.progress, remark: no === 1 ? sheet.remark : '', created_at: sheet.created_at, progress_at: null });
    }
  }
  return [...byNo.values()].sort((a, b) => a.round_no - b.round_no);
}

/**
 * A line's kitchen stations (migrations/017_printing.sql): its goods' own at
 * the sheet's outlet (the override), else those fed by its goods' class.
 * Reads `i` (sheet_item), `g` (goods) and the sheet's outlet from sheet_item's sheet.
 */
export const ITEM_STATIONS_SQL = `COALESCE(
  (SELECT array_agg(sg.station_id ORDER BY st.sort, st.station_id) FROM station_goods sg JOIN station st ON st.station_id = sg.station_id
    WHERE sg.goods_id = i.goods_id AND st.base_id = (SELECT base_id FROM sheet WHERE sheet_id = i.sheet_id)),
  (SELECT array_agg(sc.station_id ORDER BY st.sort, st.station_id) FROM station_class sc JOIN station st ON st.station_id = sc.station_id
    WHERE sc.class_id = g.class_id AND st.base_id = (SELECT base_id FROM sheet WHERE sheet_id = i.sheet_id)),
  '{}'::text[])`;

/** The counter's list: an outlet's sheets (of one status), newest first, with their rounds and lines in `lang`. */
export async function listStaffSheets(
  db: Db,
  q: { baseId: string; status?: number | undefined; limit?: number | undefined; sheetIds?: string | undefined },
  lang: Lang,
  now: Date,
): Promise<StaffSheetsAnswer> {
  const sheets = await db.query<StaffSheetRow>(
    `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id
      WHERE s.base_id = $1 AND ($2::int IS NULL OR s.status = $2) AND ($4::text[] IS NULL OR s.sheet_id = ANY ($4::text[]))
      ORDER BY s.created_at DESC, s.sheet_id DESC LIMIT $3`,
    [q.baseId, q.status ?? null, q.limit ?? STAFF_LIST_LIMIT, q.sheetIds ? q.sheetIds.split(',').map((id) => id.trim()) : null],
  );
  // The lines in the staff's language (Accept-Language), as the customers' order pages show them.
  const l = await langsFor(db, lang, { baseId: q.baseId });
  const or = (translated: string, stored: string) => `COALESCE(NULLIF(${translated}, ''), ${stored})`;
  const ids = sheets.map((s) => s.sheet_id);
  const rounds = sheets.length
    ? await db.query<RoundRow>(
        // Withdrawn rounds too: the kitchen shows them struck through (issue 26 section 2).
        'SELECT sheet_id, round_no, progress, remark, created_at, progress_at, withdrawn_at, allergens FROM sheet_round WHERE sheet_id = ANY ($1::text[]) ORDER BY sheet_id, round_no',
        [ids],
      )
    : [];
  // The kitchen's screen (issue 26 section 2): a pay-first order reaches the kitchen when paid; the live bumps.
  const paidAt = new Map(
    sheets.length
      ? (
          await db.query<{ sheet_id: string; paid_at: Date }>(
            "SELECT sheet_id, min(paid_at) AS paid_at FROM payment WHERE sheet_id = ANY ($1::text[]) AND paid_at IS NOT NULL GROUP BY sheet_id",
            [ids],
          )
        ).map((r) => [r.sheet_id, r.paid_at])
      : [],
  );
  const bumps = sheets.length
    ? await db.query<{ sheet_id: string; round_no: number; station_id: string }>(
        'SELECT sheet_id, round_no, station_id FROM kitchen_bump WHERE sheet_id = ANY ($1::text[]) AND recalled_at IS NULL ORDER BY station_id',
        [ids],
      )
    : [];
  const rawItems = sheets.length
    ? await db.query<{
        sheet_id: string; item_id: number; goods_id: string; round_no: number; goods_name: string; sku_items: string; punit: string; qua: string; pqua: string; mqua: string; amo: string; detail: string;
        voided_at: Date | null; void_reason: string; kitchen_done_at: Date | null; station_ids: string[] | null;
      }>(
        `SELECT i.sheet_id, i.item_id, i.goods_id, i.round_no, ${or(tr('g.goods_name', l), 'i.goods_name')} AS goods_name,
                ${or(trBy('g.sku_attribute_values', 'k.sku_items', l), 'i.sku_items')} AS sku_items,
                ${or(tr('p.punit', l), 'i.punit')} AS punit, i.qua, i.pqua, i.mqua, i.amo, i.detail,
                i.voided_at, i.void_reason, i.kitchen_done_at, ${ITEM_STATIONS_SQL} AS station_ids
           FROM sheet_item i
           LEFT JOIN goods g ON g.goods_id = i.goods_id
           LEFT JOIN goods_sku k ON k.sku_id = i.sku_id AND i.sku_id <> ''
           LEFT JOIN goods_punit p ON p.goods_id = i.goods_id AND p.punit = i.punit AND i.punit <> ''
          WHERE i.sheet_id = ANY ($1::text[]) ORDER BY i.sheet_id, i.round_no, i.item_id`,
        [ids],
      )
    : [];
  // The bundle parts and add-ons of the lines in the same language (lineTexts.ts).
  const details = await localizedDetails(db, rawItems.map((i) => i.detail), l);
  const items = rawItems.map((i, n) => ({
    sheetId: i.sheet_id,
    itemId: i.item_id,
    goodsId: i.goods_id,
    roundNo: i.round_no,
    goodsName: i.goods_name,
    skuItems: i.sku_items,
    pUnit: i.punit,
    qua: i.qua,
    pQua: i.pqua,
    mQua: i.mqua,
    amo: i.amo,
    // Voided by staff (issue 26 section 5): struck through, its reason in the staff's language.
    voided: i.voided_at !== null,
    voidReason: voidReasonText(i.void_reason ?? '', lang),
    detail: details[n]!,
    stationIds: i.station_ids ?? [],
    doneAt: isoSeconds(i.kitchen_done_at),
  }));
  return {
    sheets: sheets.map((s) => {
      const lines = items.filter((i) => i.sheetId === s.sheet_id).map(({ sheetId: _, ...i }) => i);
      const own = roundsOf(s, rounds.filter((r) => r.sheet_id === s.sheet_id), [...new Set(lines.map((i) => i.roundNo))]);
      return {
        ...sheetJson(s, now, lang),
        // Each round beside its own lines: its kitchen state and its remark (issues 22 and 23).
        rounds: own.map((r) => {
          const paid = s.pay_mode === 'prepay' ? paidAt.get(s.sheet_id) : undefined;
          const receivedAt = paid && paid > r.created_at ? paid : r.created_at;
          const bumped = bumps.filter((b) => b.sheet_id === s.sheet_id && b.round_no === r.round_no).map((b) => b.station_id);
          return { ...roundJson(r, { receivedAt, bumped }), items: lines.filter((i) => i.roundNo === r.round_no) };
        }),
        items: lines,
      };
    }),
  };
}
