/**
 * Place an order, then pay for it (SPEC sections 4 and 5): the flow behind
 * the confirm page's button, spanning checkout (the submit), the cart (its
 * ordered lines go), the shop (a table's pay-after sheet), payments (the
 * payment) and orders (where a placed order is followed). It lives here so
 * that none of those features reaches into another (house style 9).
 *
 * The cart stays until the service says the order is placed. A refusal of
 * the figures (50010) reads the prices again. A placed order that could not
 * be paid is followed on its page, which offers 'Pay now'.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { ErrorCode } from '../../shared/protocol/envelope';
import type { GatewayError } from '../app/baseQuery';
import type { RootState } from '../app/store';
import type { CartEntry } from '../../shared/domain/cart';
import { cartLinesOrdered } from '../features/cart';
import { orderPlaced, placeOrder, refreshCartPrices, type OrderRequest, type PayMode } from '../features/checkout';
import { orderDetailsPath } from '../features/orders';
import { isPayType, payForSheet } from '../features/payments';
import { shopParamsChanged, signSheetRefreshed } from '../session';

export interface PlaceAndPayInput {
  payMode: PayMode;
  request: OrderRequest;
  /** The lines being ordered: they leave the cart once the order is placed, and are priced again on a refusal of the figures. */
  entries: readonly CartEntry[];
  /** The service's clock (its offset from this device's) and the shop's zone: the order's LocalSheetID is made from them. */
  clock: { offsetMs: number; zone: string };
  /** Pay before: the chosen payment method and the total to pay when the service does not say. */
  payType: string;
  total: string;
  /** Pay after: the table, and when its sheet was opened if known. */
  TableID: string;
  sheetCreatedDate?: string;
}

export type PlaceAndPayOutcome =
  /** Not placed; on a refusal of the figures the cart's prices were read again. */
  | { kind: 'refused'; pricesRefreshed: boolean }
  /** Placed; `next` is the page to go to in place of the confirm page (none while a payment app has the customer). */
  | { kind: 'placed'; next?: string };

export interface PlaceAndPayEvents {
  /** The submit was refused (null: no session could be started); called before the prices are read again. */
  refused: (error: GatewayError | null) => void;
  /** The service placed the order; called before the payment starts. */
  placed: () => void;
}

export function placeAndPay(
  input: PlaceAndPayInput,
  on: PlaceAndPayEvents,
): ThunkAction<Promise<PlaceAndPayOutcome>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const serviceNow = () => new Date(Date.now() + input.clock.offsetMs);
    const result = await dispatch(placeOrder(input.request, { now: serviceNow(), zone: input.clock.zone }));
    if (!result.ok) {
      const error = result.error;
      on.refused(error);
      if (error?.kind === 'business' && error.code === ErrorCode.mismatch) {
        await dispatch(refreshCartPrices(input.entries));
        return { kind: 'refused', pricesRefreshed: true };
      }
      // Network failures and timeouts are toasted; the same order (same LocalSheetID) can be sent again.
      return { kind: 'refused', pricesRefreshed: false };
    }
    const { order } = result;
    on.placed();
    dispatch(cartLinesOrdered(input.entries.flatMap((e) => e.list.map((l) => l.uid))));
    dispatch(orderPlaced());
    if (input.payMode === 'postpay') {
      dispatch(shopParamsChanged({ PosSignSheetID: order.SheetID }));
      dispatch(
        signSheetRefreshed({
          SheetID: order.SheetID,
          Status: order.Status,
          CreatedDate: order.CreatedDate || input.sheetCreatedDate || serviceNow().toISOString(),
          TableID: input.TableID,
        }),
      );
      return { kind: 'placed', next: orderDetailsPath(order.SheetID) };
    }
    if (!isPayType(input.payType)) return { kind: 'placed' };
    const outcome = await dispatch(payForSheet({ SheetID: order.SheetID, TotalAmo: order.TotalAmo || input.total, PayType: input.payType }));
    if (outcome.kind === 'done') return { kind: 'placed', next: outcome.path };
    // A refused payment leaves a placed, unpaid order: its page offers 'Pay now'.
    if (outcome.kind === 'failed') return { kind: 'placed', next: orderDetailsPath(order.SheetID) };
    return { kind: 'placed' };
  };
}
