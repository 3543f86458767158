/**
 * The staff's sold-out marks on goods and skus (POST /staff/goods/:id/sold-out,
 * /staff/skus/:id/sold-out). The live event of the menu is written by a
 * trigger on these columns (migrations/009_live_events.sql). Null when there
 * is no such goods or sku.
 */
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { Queryable } from '../../db/driver';

export async function markGoodsSoldOut(db: Queryable, goodsId: string, soldOut: boolean, now: Date): Promise<StaffAnswer<'POST /staff/goods/:id/sold-out'> | null> {
  const [goods] = await db.query<{ goods_id: string; sold_out: boolean }>(
    'UPDATE goods SET sold_out = $2, updated_at = $3 WHERE goods_id = $1 RETURNING goods_id, sold_out',
    [goodsId, soldOut, now],
  );
  return goods ? { goodsId: goods.goods_id, soldOut: goods.sold_out } : null;
}

export async function markSkuSoldOut(db: Queryable, skuId: string, soldOut: boolean): Promise<StaffAnswer<'POST /staff/skus/:id/sold-out'> | null> {
  const [sku] = await db.query<{ sku_id: string; goods_id: string; sold_out: boolean }>(
    'UPDATE goods_sku SET sold_out = $2 WHERE sku_id = $1 RETURNING sku_id, goods_id, sold_out',
    [skuId, soldOut],
  );
  return sku ? { skuId: sku.sku_id, goodsId: sku.goods_id, soldOut: sku.sold_out } : null;
}
