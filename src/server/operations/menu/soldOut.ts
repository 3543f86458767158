/**
 * The staff's sold-out marks on goods and skus (POST /staff/goods/:id/sold-out,
 * /staff/skus/:id/sold-out). The live event of the menu is written by a
 * trigger on these columns (migrations/009_live_events.sql). Null when there
 * is no such goods or sku.
 */
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { Queryable } from '../../db/driver';
import type { AuditRecord } from '../orders/kitchen';

export async function markGoodsSoldOut(db: Queryable, goodsId: string, soldOut: boolean, now: Date, record: AuditRecord): Promise<StaffAnswer<'POST /staff/goods/:id/sold-out'> | null> {
  // `was`: the row before this statement (a subquery reads the statement's snapshot), for the audit.
  const [goods] = await db.query<{ goods_id: string; sold_out: boolean; was: boolean }>(
    'UPDATE goods SET sold_out = $2, updated_at = $3 WHERE goods_id = $1 RETURNING goods_id, sold_out, (SELECT o.sold_out FROM goods o WHERE o.goods_id = $1) AS was',
    [goodsId, soldOut, now],
  );
  if (!goods) return null;
  await record('goods.soldOut', goodsId, { soldOut: goods.was }, { soldOut: goods.sold_out });
  return { goodsId: goods.goods_id, soldOut: goods.sold_out };
}

export async function markSkuSoldOut(db: Queryable, skuId: string, soldOut: boolean, record: AuditRecord): Promise<StaffAnswer<'POST /staff/skus/:id/sold-out'> | null> {
  const [sku] = await db.query<{ sku_id: string; goods_id: string; sold_out: boolean; was: boolean }>(
    'UPDATE goods_sku SET sold_out = $2 WHERE sku_id = $1 RETURNING sku_id, goods_id, sold_out, (SELECT o.sold_out FROM goods_sku o WHERE o.sku_id = $1) AS was',
    [skuId, soldOut],
  );
  if (!sku) return null;
  await record('sku.soldOut', skuId, { soldOut: sku.was }, { soldOut: sku.sold_out });
  return { skuId: sku.sku_id, goodsId: sku.goods_id, soldOut: sku.sold_out };
}
