/**
 * Waiting for a sign-in under way to end (ensureSession.ts): the store's
 * middleware wakes the waiters. A module of its own, without the sign-in's
 * endpoints: the store (in the first screen's scripts) carries only this.
 */
import type { Middleware } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { selectSignInUnderWay } from './authSlice';

/** Who waits for a store's sign-in to end, by the store's getState (the same function thunks are given). */
const waiting = new WeakMap<() => unknown, Set<() => void>>();

/** Wakes those waiting for a sign-in once the store's sign-in is no longer under way (in the store's middleware). */
export const signInWaitMiddleware: Middleware<object, RootState> = (api) => (next) => (action) => {
  const result = next(action);
  const waiters = waiting.get(api.getState);
  if (waiters?.size && !selectSignInUnderWay(api.getState())) {
    const woken = [...waiters];
    waiters.clear();
    for (const wake of woken) wake();
  }
  return result;
};

/** At most this long for a sign-in under way: one that never ends (a flow that broke) does not hold an order for ever. */
export const SIGN_IN_WAIT_MS = 20_000;

export function signInEnded(getState: () => RootState): Promise<'ended' | 'timeout'> {
  if (!selectSignInUnderWay(getState())) return Promise.resolve('ended');
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
