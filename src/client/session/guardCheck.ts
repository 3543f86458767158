/**
 * Whether ordering is possible now (SPEC section 4), from the outlet and the
 * table's sheet: the rule alone, without the app's routes (guardRule.ts adds
 * where a refusal leads), so that the page's head (boot/firstPaint.ts) can
 * ask it too without carrying the route table.
 */
import { canPlaceOrder, resolveOpeningHours, type CanPlaceOrderResult } from '../../shared/domain/openingHours';
import type { BaseInfo, SignSheet } from './shopSlice';

export function guardFor(base: BaseInfo | null, sheet: SignSheet | null, zone: string, now: Date): CanPlaceOrderResult {
  if (!base) return { ok: true };
  return canPlaceOrder({
    hours: resolveOpeningHours({ openingHours: base.OpeningHours, BeginTime: base.BeginTime, EndTime: base.EndTime }),
    zone,
    now,
    sheet: sheet ? { Status: sheet.Status, CreatedDate: sheet.CreatedDate ? new Date(sheet.CreatedDate) : null } : null,
    webOrderDuration: base.WebOrderDuration,
  });
}
