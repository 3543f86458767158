/**
 * The ordering guard's rule (SPEC section 4), without the hooks that keep an
 * ordering page honest (guard.ts): what the shop entry needs on the first
 * screen to choose between home and orderEntry.
 */
import { canPlaceOrder, resolveOpeningHours, type CanPlaceOrderResult } from '../../../shared/domain/openingHours';
import { pathOf } from '../../app/paths';
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

/** The orderEntry address for a refusal. */
export function orderEntryPath(result: Exclude<CanPlaceOrderResult, { ok: true }>): string {
  const query = new URLSearchParams({ reason: result.reason });
  if (result.reason === 'closed' && result.opensAt) query.set('opensAt', result.opensAt.toISOString());
  return `${pathOf('orderEntry')}?${query.toString()}`;
}
