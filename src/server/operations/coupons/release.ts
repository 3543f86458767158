/**
 * Gives an order's coupon back (issue 25): when the order did not happen or
 * was closed unpaid, the coupon it used can be used again. The one place this
 * is written; the customer's cancel (payments/handlers.ts) and the staff's
 * unpaid close (orders/kitchen.ts) call it in their transaction.
 */
import type { Queryable } from '../../db/driver';

export async function releaseCoupon(tx: Queryable, sheetId: string): Promise<void> {
  await tx.query(`UPDATE vip_card SET status = 0, used_sheet_id = '', used_at = NULL WHERE used_sheet_id = $1 AND status = 1`, [sheetId]);
}
