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
import type { Middleware, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { authApi } from './authApi';
import { memberSignedIn, signInFailed, signInStarted, type AuthStatus } from './authSlice';

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

/** A sign-in is under way: the saga's, another ensureSession's, a provider's page, or the customer's answer to it. */
const UNDER_WAY: ReadonlySet<AuthStatus> = new Set(['signingIn', 'redirecting', 'askingAuthorization']);

/** Who waits for a store's sign-in to end, by the store's getState (the same function thunks are given). */
const waiting = new WeakMap<() => unknown, Set<() => void>>();

/** Wakes those waiting for a sign-in once the store's sign-in is no longer under way (in the store's middleware). */
export const signInWaitMiddleware: Middleware<object, RootState> = (api) => (next) => (action) => {
  const result = next(action);
  const waiters = waiting.get(api.getState);
  if (waiters?.size && !UNDER_WAY.has(api.getState().auth.status)) {
    const woken = [...waiters];
    waiters.clear();
    for (const wake of woken) wake();
  }
  return result;
};

/** At most this long for a sign-in under way: one that never ends (a flow that broke) does not hold an order for ever. */
export const SIGN_IN_WAIT_MS = 20_000;

function signInEnded(getState: () => RootState): Promise<'ended' | 'timeout'> {
  if (!UNDER_WAY.has(getState().auth.status)) return Promise.resolve('ended');
  return new Promise((resolve) => {
    const waiters = waiting.get(getState) ?? new Set();
    waiting.set(getState, waiters);
    const timer = setTimeout(() => {
      waiters.delete(wake);
      resolve('timeout');
    }, SIGN_IN_WAIT_MS);
    const wake = () => {
      clearTimeout(timer);
      resolve('ended');
    };
    waiters.add(wake);
  });
}

/** A session for an order: the signed-in customer's (once a sign-in under way has ended), else a new guest's. */
export function ensureSession(): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    // Two callers woken by the same ending: the first starts the guest sign-in, the second waits for it.
    for (;;) {
      const ended = await signInEnded(getState);
      if (getState().auth.member) return true;
      if (ended === 'timeout' || !UNDER_WAY.has(getState().auth.status)) break;
    }
    dispatch(signInStarted());
    return dispatch(guestSignIn());
  };
}
