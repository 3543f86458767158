/**
 * The ordering guard's rule (SPEC section 4), without the hooks that keep an
 * ordering page honest (guard.ts): what the shop entry needs on the first
 * screen to choose between home and orderEntry.
 */
import type { CanPlaceOrderResult } from '../../shared/domain/openingHours';
import { pathOf } from '../app/paths';
export { guardFor } from './guardCheck';

/** The orderEntry address for a refusal. */
export function orderEntryPath(result: Exclude<CanPlaceOrderResult, { ok: true }>): string {
  const query = new URLSearchParams({ reason: result.reason });
  if (result.reason === 'closed' && result.opensAt) query.set('opensAt', result.opensAt.toISOString());
  return `${pathOf('orderEntry')}?${query.toString()}`;
}
