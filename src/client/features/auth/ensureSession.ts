/**
 * The service needs a session to take an order: a customer nobody has signed
 * in yet (a plain browser) signs in as a guest of the shop first.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { authApi } from './authApi';
import { memberSignedIn, signInFailed, signInStarted } from './authSlice';

export function ensureSession(): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    if (getState().auth.member) return true;
    const { ShopID, BaseID } = getState().shop.params;
    dispatch(signInStarted());
    const result = await dispatch(authApi.endpoints.guestLogin.initiate({ ShopID, BaseID }));
    if ('data' in result && result.data) {
      dispatch(memberSignedIn(result.data));
      return true;
    }
    dispatch(signInFailed());
    return false;
  };
}
