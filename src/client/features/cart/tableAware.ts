/**
 * Issue 28: at a pay-after table the cart is the table's, kept by the service
 * (features/table, its own chunk, loaded by the app's frame at such a table).
 * That chunk registers how it adds (registerTableCartAdder); what is added
 * before it has loaded waits for it. Pay-before outlets and pickup keep the
 * phone's own cart.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { selectBaseInfo, selectShopParams } from '../../session';
import { cartLineAdded, type CartLineAddedPayload } from './cartSlice';

type Dispatch = (action: ThunkAction<unknown, RootState, unknown, UnknownAction>) => unknown;
export type TableCartAdder = (tableId: string, payload: CartLineAddedPayload) => ThunkAction<unknown, RootState, unknown, UnknownAction>;

let adder: TableCartAdder | null = null;
const waiting: { tableId: string; payload: CartLineAddedPayload; dispatch: Dispatch }[] = [];

/** The table's chunk says how it adds; what was added meanwhile goes now. */
export function registerTableCartAdder(add: TableCartAdder): void {
  adder = add;
  for (const w of waiting.splice(0)) w.dispatch(add(w.tableId, w.payload));
}

/** The table's id when the phone is at a pay-after table (its cart is the table's), else ''. */
export function payAfterTableOf(state: RootState): string {
  const tableId = selectShopParams(state).TableID;
  return tableId && selectBaseInfo(state)?.PayMode === 'postpay' ? tableId : '';
}

/** Puts goods in the cart: the table's at a pay-after table, else the phone's own. */
export function cartAdd(payload: CartLineAddedPayload): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const tableId = payAfterTableOf(getState());
    if (!tableId) dispatch(cartLineAdded(payload));
    else if (adder) dispatch(adder(tableId, payload));
    else waiting.push({ tableId, payload, dispatch });
  };
}
