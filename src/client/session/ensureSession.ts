/**
 * Signing in as a guest of the shop (EntVip_EntVipGuestLogin_Add), written
 * once: the sign-in saga falls back to it, and checkout calls ensureSession
 * before an order, because the service needs a session to take one (a
 * customer whose sign-in failed at the scan gets one then).
 *
 * ensureSession waits for a sign-in under way (the chat app's, say) before it
 * signs anyone in as a guest: a guest sign-in sent beside it made a second
 * session, and whichever answer came last set the cookie. A member who had
 * just allowed the chat app found themselves a walk-in guest on the mine page.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { authApi } from './authApi';
import { memberSignedIn, selectSignInUnderWay, signInFailed, signInStarted } from './authSlice';
import { signInEnded } from './signInWait';

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

/** A session for an order: the signed-in customer's (once a sign-in under way has ended), else a new guest's. */
export function ensureSession(): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    // Two callers woken by the same ending: the first starts the guest sign-in, the second waits for it.
    for (;;) {
      const ended = await signInEnded(getState);
      if (getState().auth.member) return true;
      if (ended === 'timeout' || !selectSignInUnderWay(getState())) break;
    }
    dispatch(signInStarted());
    return dispatch(guestSignIn());
  };
}
