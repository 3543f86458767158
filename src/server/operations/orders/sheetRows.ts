/**
 * A sheet's lines and rounds as the sheet reads answer them (the detail, the
 * merge preview of a table's sheet): who ordered a round is told only as
 * Mine (the caller's session ordered it), never as a VipID.
 */
import type { Queryable } from '../../db/driver';
import type { RowOf } from '../context';
import type { Lang } from '../../messages';
import { kitchenState } from '../../../shared/domain/rounds';
import { langsFor, tr, trBy } from '../localized';
import { localizedDetails } from './lineTexts';
import { isoSeconds } from './sheetState';
import { voidReasonText } from './voidReasons';

type SheetItemRow = RowOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get', 'table2'>;
type SheetRoundRow = RowOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get', 'table3'>;

/**
 * The lines of a sheet, rounds in order (sheetItemRow of schemas.ts). The
 * goods name, sku items and pack unit are the menu's, in the caller's
 * language (operations/localized.ts); the line's stored text when the menu
 * no longer has them. So are the bundle parts and add-ons of Detail (lineTexts.ts).
 */
export async function sheetItems(tx: Queryable, sheetId: string, vipId: string | null, lang: Lang): Promise<SheetItemRow[]> {
  const l = await langsFor(tx, lang, { sheetId });
  const or = (translated: string, stored: string) => `COALESCE(NULLIF(${translated}, ''), ${stored})`;
  const items = await tx.query<SheetItemRow>(
    `SELECT i.item_id AS "ItemID", i.round_no AS "RoundNo", i.goods_id AS "GoodsID", i.sku_id AS "SkuID",
            ${or(tr('p.punit', l), 'i.punit')} AS "PUnit",
            ${or(tr('g.goods_name', l), 'i.goods_name')} AS "GoodsName",
            ${or(trBy('g.sku_attribute_values', 'k.sku_items', l), 'i.sku_items')} AS "SkuItems",
            i.qua AS "Qua", i.pqua AS "PQua", i.mqua AS "MQua",
            i.price AS "Price", i.sales_price AS "SalesPrice", i.amo AS "Amo", i.dis_amo AS "DisAmo",
            i.sal_type::text AS "SalType", i.detail AS "Detail",
            i.punit_price AS "PUnitPrice", i.ref AS "Ref",
            CASE WHEN $2::text IS NOT NULL AND r.staff_id IS NULL AND COALESCE(r.vip_id, s.vip_id) = $2 THEN 1 ELSE 0 END AS "Mine",
            CASE WHEN $2::text IS NOT NULL AND COALESCE(i.added_by, r.vip_id, s.vip_id) = $2 THEN 1 ELSE 0 END AS "AddedByMe",
            CASE WHEN i.qua = trunc(i.qua) AND i.qua > 0 THEN i.qua::int ELSE 1 END AS "Units",
            (SELECT count(*) FROM payment_cover c JOIN payment p ON p.pay_id = c.pay_id
              WHERE c.sheet_id = i.sheet_id AND c.item_id = i.item_id AND c.live AND p.status = 'paid')::int AS "PaidQua",
            (SELECT count(*) FROM payment_cover c JOIN payment p ON p.pay_id = c.pay_id
              WHERE c.sheet_id = i.sheet_id AND c.item_id = i.item_id AND c.live AND p.status = 'pending')::int AS "HeldQua",
            COALESCE((SELECT string_agg(DISTINCT CASE WHEN v.is_guest THEN '' ELSE v.vip_name END, ', ')
               FROM payment_cover c JOIN payment p ON p.pay_id = c.pay_id LEFT JOIN vip v ON v.vip_id = p.vip_id
              WHERE c.sheet_id = i.sheet_id AND c.item_id = i.item_id AND c.live AND p.status = 'pending'), '') AS "HeldBy",
            CASE WHEN i.voided_at IS NULL THEN 0 ELSE 1 END AS "IsVoid", i.void_reason AS "VoidReason"
       FROM sheet_item i
       JOIN sheet s ON s.sheet_id = i.sheet_id
       LEFT JOIN sheet_round r ON r.sheet_id = i.sheet_id AND r.round_no = i.round_no
       LEFT JOIN goods g ON g.goods_id = i.goods_id
       LEFT JOIN goods_sku k ON k.sku_id = i.sku_id AND i.sku_id <> ''
       LEFT JOIN goods_punit p ON p.goods_id = i.goods_id AND p.punit = i.punit AND i.punit <> ''
      WHERE i.sheet_id = $1
      ORDER BY i.round_no, i.item_id`,
    [sheetId, vipId],
  );
  const details = await localizedDetails(tx, items.map((i) => i.Detail), l);
  // A voided line's reason in the caller's language (issue 26 section 5: orders/fixOrder.ts).
  return items.map((i, n) => ({ ...i, Detail: details[n]!, VoidReason: voidReasonText(i.VoidReason ?? '', lang) }));
}

/**
 * The rounds of a sheet (sheetRoundRow of schemas.ts), each with its own
 * remark and kitchen state (issue 23 item 2). A sheet written without rounds
 * (the demo's) reads as one round: the whole sheet, its owner's.
 * Withdrawn rounds are left out.
 */
export async function sheetRounds(
  tx: Queryable,
  sheet: { sheet_id: string; vip_id: string | null; total_amo: string; remark: string; created_at: Date; progress: string },
  vipId: string | null,
): Promise<SheetRoundRow[]> {
  const rounds = await tx.query<{ round_no: number; amount: string; remark: string; created_at: Date; vip_id: string; progress: string; withdrawn: boolean }>(
    'SELECT round_no, amount, remark, created_at, vip_id, progress, withdrawn_at IS NOT NULL AS withdrawn FROM sheet_round WHERE sheet_id = $1 ORDER BY round_no',
    [sheet.sheet_id],
  );
  const mine = (owner: string | null) => (vipId !== null && owner === vipId ? (1 as const) : (0 as const));
  const state = (progress: string) => ({ Progress: progress, KitchenState: kitchenState(progress) });
  if (rounds.length === 0) {
    return [
      { RoundNo: 1, RoundAmo: sheet.total_amo, Remark: sheet.remark, CreatedDate: isoSeconds(sheet.created_at), Mine: mine(sheet.vip_id), ...state(sheet.progress) },
    ];
  }
  // A round its diner withdrew (orders/withdraw.ts) is no longer on the sheet.
  return rounds.filter((r) => !r.withdrawn).map((r) => ({
    RoundNo: r.round_no,
    RoundAmo: r.amount,
    Remark: r.remark,
    CreatedDate: isoSeconds(r.created_at),
    Mine: mine(r.vip_id),
    ...state(r.progress),
  }));
}

/** Whether the member ordered on the sheet: its owner, or a round's. */
export async function orderedOn(tx: Queryable, sheetId: string, sheetVipId: string | null, vipId: string | null): Promise<boolean> {
  if (!vipId) return false;
  if (sheetVipId === vipId) return true;
  const [round] = await tx.query('SELECT 1 AS one FROM sheet_round WHERE sheet_id = $1 AND vip_id = $2 LIMIT 1', [sheetId, vipId]);
  return Boolean(round);
}
