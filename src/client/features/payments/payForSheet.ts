/**
 * Paying an order (a placed prepay order, or a settled table sheet) with the
 * chosen method:
 * - balance: PosSalSheetAcctSubmit, then paymentResult;
 * - sandbox (third party): PosPaySubmit, the payment remembered, then the
 *   browser goes to the provider's page (which comes back to paying);
 * - paylater (on delivery or at the counter): IsPayLaterSubmit, then paymentResult.
 * A refusal is shown by the error listener; the order stays, unpaid, for 'Pay now'.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { GatewayError } from '../../app/baseQuery';
import { pathOf } from '../../app/paths';
import type { RootState } from '../../app/store';
import { browser } from '../../ui/redirect';
import { rememberInflightPayment } from './inflightPayment';
import { paymentsApi, type PayType } from './paymentsApi';

export type PayOutcome = { kind: 'done'; path: string } | { kind: 'redirected'; url: string } | { kind: 'failed'; error: GatewayError };

/** The result page of a payment; `amount`: what this payment paid (a part of a table's bill, issue 28). */
export function paymentResultPath(SheetID: string, method: PayType, amount?: string): string {
  return `${pathOf('paymentResult')}?${new URLSearchParams({ SheetID, method, ...(amount ? { amount } : {}) }).toString()}`;
}

export function payingPath(SheetID: string, PayID: string): string {
  return `${pathOf('paying')}?${new URLSearchParams({ SheetID, PayID }).toString()}`;
}

export { isPayType } from '../../../shared/domain/payTypes';

/** Starts a provider payment and leaves for the provider's page. */
export function payWithProvider(SheetID: string, TotalAmo: string): ThunkAction<Promise<PayOutcome>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const result = await dispatch(paymentsApi.endpoints.startProviderPayment.initiate({ SheetID, TotalAmo }));
    if ('error' in result) return { kind: 'failed', error: result.error as GatewayError };
    rememberInflightPayment({ SheetID, PayID: result.data.PayID });
    browser.leave(result.data.PayUrl);
    return { kind: 'redirected', url: result.data.PayUrl };
  };
}

export function payForSheet(input: { SheetID: string; TotalAmo: string; PayType: PayType }): ThunkAction<Promise<PayOutcome>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const { SheetID, TotalAmo, PayType } = input;
    if (PayType === 'sandbox') return dispatch(payWithProvider(SheetID, TotalAmo));
    const result =
      PayType === 'balance'
        ? await dispatch(paymentsApi.endpoints.payByBalance.initiate({ SheetID, PayAmo: TotalAmo }))
        : await dispatch(paymentsApi.endpoints.payLater.initiate({ SheetID }));
    if ('error' in result) return { kind: 'failed', error: result.error as GatewayError };
    return { kind: 'done', path: paymentResultPath(SheetID, PayType) };
  };
}
