/** Member operations: guest sign-in so far; the sign-in issue adds the rest. */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/driver';
import { message, type Lang } from '../../messages';
import { OpError, type HandlerMap, type RowOf } from '../context';

/** The anonymous default member's entity and user (SPEC section 9); a guest's stored name (answers say it in the caller's language: message guestName). */
export const DEFAULT_GUEST = { entId: '881000000009', userId: '888000000009', name: 'walk-in guest' } as const;

export function newVipId(now: Date): string {
  return `VIP${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

async function guestRow(tx: Queryable, vipId: string, lang: Lang) {
  const [row] = await tx.query<RowOf<'EntVip_EntVipGuestLogin_Add'>>(
    `SELECT vip_id AS "VipID", CASE WHEN is_guest THEN $2 ELSE vip_name END AS "VipName", vip_code AS "VipCode",
            CASE WHEN is_guest THEN 1 ELSE 0 END AS "IsGuest", ent_id AS "EntID"
     FROM vip WHERE vip_id = $1`,
    [vipId, message('guestName', lang)],
  );
  return row!;
}

export const memberHandlers: HandlerMap = {
  /**
   * Signs the caller in as a guest of the enterprise: a guest member of its
   * own (so its orders are its own), and a session. A caller who already has a
   * session of this enterprise keeps it.
   */
  async EntVip_EntVipGuestLogin_Add(ctx, { tableData: [row] }) {
    const { tx, session, now, lang } = ctx;
    const entId = row!.EntID || DEFAULT_GUEST.entId;
    const [ent] = await tx.query('SELECT ent_id FROM enterprise WHERE ent_id = $1', [entId]);
    if (!ent) throw new OpError('entNotFound');
    if (session && session.entId === entId && session.vipId) {
      return { table1: [await guestRow(tx, session.vipId, lang)] };
    }
    const vipId = newVipId(now);
    await tx.query(
      `INSERT INTO vip (vip_id, ent_id, vip_name, is_guest, vip_code, created_at) VALUES ($1, $2, $3, true, $4, $5)`,
      [vipId, entId, DEFAULT_GUEST.name, vipId.slice(3), now],
    );
    await ctx.startSession(entId, vipId, 'guest');
    return { table1: [await guestRow(tx, vipId, lang)] };
  },
};
