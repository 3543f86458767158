/**
 * The menu of the staff's add-items chooser (GET /staff/chooser, issue 26
 * section 5): an outlet's goods with their specs, packs, bundle groups and
 * add-ons, in the caller's language (goods and bundle parts switched off at
 * the outlet, or archived, left out: issue 27), and the outlet's tables (which are free
 * to move a sheet to). The prices shown are the list's current ones; what a
 * round costs is decided when it is added (lines.ts, promotions included).
 */
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { Queryable } from '../../db/driver';
import type { Lang } from '../../messages';
import { langsFor, tr, trBy } from '../localized';
import { BOM_MIN, offAt } from './lines';

type Menu = StaffAnswer<'GET /staff/chooser'>;

export async function staffMenu(db: Queryable, baseId: string, lang: Lang): Promise<Menu | null> {
  const [base] = await db.query<{ shop_id: string }>('SELECT shop_id FROM base WHERE base_id = $1', [baseId]);
  if (!base) return null;
  const l = await langsFor(db, lang, { baseId });
  const list = (sql: string) => `(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${sql}) x)`;
  const [read] = await db.query<{
    goods: { goods_id: string; name: string; price: string; sold_out: boolean }[];
    skus: { sku_id: string; goods_id: string; spec: string; price: string; sold_out: boolean }[];
    packs: { goods_id: string; punit: string; name: string; ref: string; price: string }[];
    groups: { bom_class_id: string; goods_id: string; name: string; select_type: number; select_qua: number; select_min: number }[];
    parts: { bom_class_id: string; goods_id: string; name: string; bom_amo: string; sold_out: boolean }[];
    addons: { goods_id: string; option_id: string; name: string; price: string }[];
    tables: { table_id: string; name: string; free: boolean }[];
  }>(
    `SELECT
       ${list(`SELECT g.goods_id, ${tr('g.goods_name', l)} AS name, g.sales_price::text AS price, g.sold_out
                 FROM goods g WHERE g.shop_id = $1 AND g.goods_type <> 9 AND g.archived_at IS NULL AND NOT ${offAt('g', '$2')}
                ORDER BY g.sort, g.goods_code`)} AS goods,
       ${list(`SELECT k.sku_id, k.goods_id, ${trBy('g.sku_attribute_values', 'k.sku_items', l)} AS spec, k.sales_price::text AS price, k.sold_out
                 FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id WHERE g.shop_id = $1 ORDER BY k.sort, k.sku_id`)} AS skus,
       ${list(`SELECT p.goods_id, p.punit, ${tr('p.punit', l)} AS name, p.ref::text AS ref, p.sales_price::text AS price
                 FROM goods_punit p JOIN goods g ON g.goods_id = p.goods_id WHERE g.shop_id = $1 ORDER BY p.pcode`)} AS packs,
       ${list(`SELECT c.bom_class_id, c.goods_id, ${tr('c.class_name', l)} AS name, c.select_type, c.select_qua, ${BOM_MIN('c.')} AS select_min
                 FROM goods_bom_class c JOIN goods g ON g.goods_id = c.goods_id WHERE g.shop_id = $1 ORDER BY c.sort, c.bom_class_id`)} AS groups,
       ${list(`SELECT i.bom_class_id, i.goods_id, ${tr('p.goods_name', l)} AS name, i.bom_amo::text AS bom_amo, p.sold_out
                 FROM goods_bom_item i JOIN goods_bom_class c ON c.bom_class_id = i.bom_class_id JOIN goods g ON g.goods_id = c.goods_id
                 JOIN goods p ON p.goods_id = i.goods_id WHERE g.shop_id = $1 AND NOT ${offAt('p', '$2')} ORDER BY i.sort, i.goods_id`)} AS parts,
       ${list(`SELECT k.goods_id, o.option_id, ${tr('o.value', l)} AS name, o.sales_price::text AS price
                 FROM goods_charging_link k JOIN goods_charging o ON o.option_id = k.option_id JOIN goods g ON g.goods_id = k.goods_id
                WHERE g.shop_id = $1 ORDER BY o.sort, o.option_id`)} AS addons,
       ${list(`SELECT t.table_id, t.table_name AS name,
                      NOT EXISTS (SELECT 1 FROM sheet s WHERE s.table_id = t.table_id AND s.status = 0) AS free
                 FROM dining_table t WHERE t.base_id = $2 ORDER BY t.sort, t.table_name`)} AS tables`,
    [base.shop_id, baseId],
  );
  const r = read!;
  return {
    goods: r.goods.map((g) => ({
      goodsId: g.goods_id,
      name: g.name,
      price: g.price,
      soldOut: g.sold_out,
      skus: r.skus.filter((k) => k.goods_id === g.goods_id).map((k) => ({ skuId: k.sku_id, spec: k.spec, price: k.price, soldOut: k.sold_out })),
      packs: r.packs.filter((p) => p.goods_id === g.goods_id).map((p) => ({ pUnit: p.punit, name: p.name, ref: p.ref, price: p.price })),
      bomGroups: r.groups
        .filter((c) => c.goods_id === g.goods_id)
        .map((c) => ({
          bomClassId: c.bom_class_id,
          name: c.name,
          selectType: c.select_type,
          selectQua: c.select_qua,
          selectMin: c.select_min,
          parts: r.parts.filter((p) => p.bom_class_id === c.bom_class_id).map((p) => ({ goodsId: p.goods_id, name: p.name, bomAmo: p.bom_amo, soldOut: p.sold_out })),
        })),
      addOns: r.addons.filter((o) => o.goods_id === g.goods_id).map((o) => ({ optionId: o.option_id, name: o.name, price: o.price })),
    })),
    tables: r.tables.map((t) => ({ tableId: t.table_id, name: t.name, free: t.free })),
  };
}
