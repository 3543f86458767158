/**
 * Placing an order: a session first (a guest one for a plain browser), then
 * the submit with the order's LocalSheetID, the same id on every retry of
 * the same order (see localSheetId.ts). The id is let go once the service
 * says the order is placed.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { GatewayError } from '../../app/baseQuery';
import type { RootState } from '../../app/store';
import { ensureSession } from '../../session';
import { checkoutApi, type OrderRequest, type PlacedOrder } from './checkoutApi';
import { fingerprint, forgetLocalSheetIds, localSheetIdFor, newLocalSheetId } from './localSheetId';

export type PlaceOrderResult = { ok: true; order: PlacedOrder; LocalSheetID: string } | { ok: false; error: GatewayError | null };

export function placeOrder(request: OrderRequest, clock: { now: Date; zone: string }): ThunkAction<Promise<PlaceOrderResult>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    if (!(await dispatch(ensureSession()))) return { ok: false, error: null };
    const key = fingerprint(JSON.stringify(request));
    const LocalSheetID = localSheetIdFor(key, () => newLocalSheetId(clock.now, clock.zone));
    const result = await dispatch(checkoutApi.endpoints.submitOrder.initiate({ row: { ...request.row, LocalSheetID }, items: request.items }));
    if ('error' in result) return { ok: false, error: (result.error as GatewayError) ?? null };
    forgetLocalSheetIds();
    return { ok: true, order: result.data, LocalSheetID };
  };
}
