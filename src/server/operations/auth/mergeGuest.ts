/**
 * A guest who signs in becomes the member (issue 23 item 1). At a pay-before
 * outlet a guest orders and pays, then signs in (a new phone registers, or an
 * existing member's phone or openid signs in): what the guest had belongs to
 * that member, moved inside the sign-in's own transaction, so the order list
 * and the order's page go on answering in that browser.
 *
 * What moves (everything keyed by the guest that is not a ledger):
 * - the guest's sheets (`sheet.vip_id`) and the rounds they sent to a
 *   table's sheet (`sheet_round.vip_id`), with their LocalSheetIDs, so a
 *   retry of the same order as the member still finds its first answer;
 * - the guest's payments (`payment.vip_id`): a provider's callback that is
 *   still to come credits the member's order as it would have the guest's;
 * - a table's settle held by the guest's session moves to the new session;
 * - the guest's past live events name the member too, so the member's
 *   stream, resuming, replays them.
 * A guest has no ledger (balance, points, coupons, addresses, top-ups are a
 * member's): nothing of those is moved, and no points are given for orders
 * paid as a guest. The table the browser scanned and the cart are the
 * browser's (a signed cookie, local storage) and stay as they are.
 *
 * The guest's session ends and its row records `merged_into`, so a guest is
 * merged once. Order submits of the guest and of the member are serialised
 * with the move by the submit path's per-member advisory lock.
 */
import type { Queryable } from '../../db/driver';
import { SUBMIT_LOCK_CLASS } from '../orders/submit';
import type { OpContext, Session } from '../context';

export interface GuestMerge {
  sheets: number;
  rounds: number;
  payments: number;
}

/**
 * Starts the member's session, first moving to the member what the caller's
 * guest session of the same enterprise had. The one call the sign-in and
 * registration handlers make instead of `ctx.startSession(entId, vipId, 'member')`.
 */
export async function startMemberSession(ctx: OpContext, entId: string, vipId: string): Promise<Session> {
  const before = ctx.session;
  const session = await ctx.startSession(entId, vipId, 'member');
  if (before && before.role === 'guest' && before.vipId && before.entId === entId && before.vipId !== vipId) {
    await mergeGuest(ctx.tx, { guestVipId: before.vipId, guestSessionId: before.sessionId, memberVipId: vipId, sessionId: session.sessionId, now: ctx.now });
  }
  return session;
}

/** Moves a guest's orders, rounds and payments to a member of the same enterprise; null when there was no such guest to merge. */
export async function mergeGuest(
  tx: Queryable,
  m: { guestVipId: string; guestSessionId: string; memberVipId: string; sessionId: string; now: Date },
): Promise<GuestMerge | null> {
  const { guestVipId: guest, memberVipId: member, now } = m;
  // Both members' submits wait for the move (in a fixed order: no deadlock with another merge).
  for (const id of [guest, member].sort()) await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBMIT_LOCK_CLASS, id]);
  const [marked] = await tx.query<{ vip_id: string }>(
    `UPDATE vip g SET merged_into = $2, merged_at = $3
       FROM vip v
      WHERE g.vip_id = $1 AND g.is_guest AND g.merged_into IS NULL
        AND v.vip_id = $2 AND NOT v.is_guest AND v.ent_id = g.ent_id
      RETURNING g.vip_id`,
    [guest, member, now],
  );
  if (!marked) return null;

  // A LocalSheetID the member already used (the same browser, an earlier member session) keeps the member's;
  // the guest's is set aside, so neither answer is mistaken for the other.
  const sheets = await tx.query(
    `UPDATE sheet s SET vip_id = $2,
            local_sheet_id = CASE WHEN EXISTS (SELECT 1 FROM sheet o WHERE o.vip_id = $2 AND o.local_sheet_id = s.local_sheet_id)
                                  THEN NULL ELSE s.local_sheet_id END
      WHERE s.vip_id = $1 RETURNING s.sheet_id`,
    [guest, member],
  );
  const rounds = await tx.query(
    `UPDATE sheet_round r SET vip_id = $2,
            local_sheet_id = CASE WHEN EXISTS (SELECT 1 FROM sheet_round o WHERE o.vip_id = $2 AND o.local_sheet_id = r.local_sheet_id)
                                  THEN r.local_sheet_id || ':' || $1 ELSE r.local_sheet_id END
      WHERE r.vip_id = $1 RETURNING r.sheet_id`,
    [guest, member],
  );
  const payments = await tx.query('UPDATE payment SET vip_id = $2 WHERE vip_id = $1 RETURNING pay_id', [guest, member]);
  await tx.query('UPDATE sheet SET settle_session_id = $2 WHERE settle_session_id = $1', [m.guestSessionId, m.sessionId]);
  await tx.query(
    `UPDATE event_outbox SET vip_ids = array_append(vip_ids, $2::text)
      WHERE vip_ids @> ARRAY[$1::text] AND NOT vip_ids @> ARRAY[$2::text]`,
    [guest, member],
  );
  await tx.query('UPDATE session SET expires_at = $2 WHERE session_id = $1 AND expires_at > $2', [m.guestSessionId, now]);
  return { sheets: sheets.length, rounds: rounds.length, payments: payments.length };
}
