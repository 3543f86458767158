/**
 * Signing in as a guest of the shop (EntVip_EntVipGuestLogin_Add), written
 * once: the sign-in saga falls back to it, and checkout calls ensureSession
 * before an order, because the service needs a session to take one (a
 * customer whose sign-in failed at the scan gets one then).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { authApi } from './authApi';
import { memberSignedIn, signInFailed, signInStarted } from './authSlice';

/** Signs the customer in as a guest of the current shop; true when it worked. */
export function guestSignIn(): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const { ShopID, BaseID } = getState().shop.params;
    const result = await dispatch(authApi.endpoints.guestLogin.initiate({ ShopID: ShopID || undefined, BaseID: BaseID || undefined }));
    if ('data' in result && result.data) {
      dispatch(memberSignedIn(result.data));
      return true;
    }
    dispatch(signInFailed());
    return false;
  };
}

/** A session for an order: the signed-in customer's, else a new guest's. */
export function ensureSession(): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    if (getState().auth.member) return true;
    dispatch(signInStarted());
    return dispatch(guestSignIn());
  };
}
