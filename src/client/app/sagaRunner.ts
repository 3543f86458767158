/** The sagas' own chunk (loaded by lazySagas.ts): redux-saga and the root saga. */
import type { MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { browserSignInEnv } from '../session';
import { rootSaga } from './rootSaga';

export function runRootSaga(store: MiddlewareAPI, context: Record<string, unknown>): (action: UnknownAction) => void {
  // The same wiring as redux-saga's middleware: one channel the store's actions are put on.
  const channel = stdChannel<UnknownAction>();
  // The sign-in flows reach the page (address, redirects, host objects) only through signInEnv; tests give their own.
  const withEnv = { ...context, signInEnv: context.signInEnv ?? browserSignInEnv() };
  runSaga({ channel, dispatch: store.dispatch, getState: store.getState, context: withEnv }, rootSaga);
  return (action) => channel.put(action);
}
