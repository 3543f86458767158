/**
 * A member's favourite goods (issue 29 section 1): kept by the service per
 * member, so every phone the member signs in on shows the same hearts and the
 * same "Favourites" class at the top of the menu. Always the session's member
 * (a guest is refused by the catalogue's role); goods of another enterprise,
 * or archived, are answered as not on the menu.
 *
 *   VipFavorite_VipFavoriteGoodsListGet_Get {ShopID}                  -> [{GoodsID}...], latest first
 *   VipFavorite_VipFavoriteGoodsSubmit_Update {GoodsID, IsFavorite}   -> [{GoodsID, IsFavorite}]
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { requireMember } from '../auth/rows';
import { OpError, type HandlerMap } from '../context';

/** At most this many favourites per member: a heart more is refused with a clear message. */
export const MAX_FAVOURITES = 200;

export const favouriteHandlers: HandlerMap = {
  async VipFavorite_VipFavoriteGoodsListGet_Get(ctx, { tableData: [row] }) {
    const { vipId, entId } = requireMember(ctx);
    const rows = await ctx.tx.query<{ GoodsID: string }>(
      `SELECT f.goods_id AS "GoodsID"
         FROM vip_favourite f JOIN goods g ON g.goods_id = f.goods_id
        WHERE f.vip_id = $1 AND g.shop_id = $2 AND g.ent_id = $3 AND g.archived_at IS NULL
        ORDER BY f.created_at DESC, f.goods_id`,
      [vipId, row!.ShopID, entId],
    );
    return { table1: rows };
  },

  async VipFavorite_VipFavoriteGoodsSubmit_Update(ctx, { tableData: [row] }) {
    const { vipId, entId } = requireMember(ctx);
    const { tx, now } = ctx;
    const goodsId = row!.GoodsID;
    if (!row!.IsFavorite) {
      await tx.query('DELETE FROM vip_favourite WHERE vip_id = $1 AND goods_id = $2', [vipId, goodsId]);
      return { table1: [{ GoodsID: goodsId, IsFavorite: 0 as const }] };
    }
    const [goods] = await tx.query<{ goods_id: string }>(
      'SELECT goods_id FROM goods WHERE goods_id = $1 AND ent_id = $2 AND archived_at IS NULL',
      [goodsId, entId],
    );
    if (!goods) throw new OpError('goodsNotFound');
    // The member's row locked, so two phones adding at once count each other.
    await tx.query('SELECT 1 FROM vip WHERE vip_id = $1 FOR UPDATE', [vipId]);
    const [count] = await tx.query<{ n: number; here: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE goods_id = $2)::int AS here FROM vip_favourite WHERE vip_id = $1',
      [vipId, goodsId],
    );
    if (!count?.here && Number(count?.n ?? 0) >= MAX_FAVOURITES) throw new OpError('favouritesFull', ErrorCode.business, { count: MAX_FAVOURITES });
    await tx.query(
      'INSERT INTO vip_favourite (vip_id, goods_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (vip_id, goods_id) DO NOTHING',
      [vipId, goodsId, now],
    );
    return { table1: [{ GoodsID: goodsId, IsFavorite: 1 as const }] };
  },
};
