/** The sagas' own chunk (loaded by lazySagas.ts): redux-saga and the root saga. */
import type { MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { rootSaga } from './rootSaga';

export function runRootSaga(store: MiddlewareAPI, context: Record<string, unknown>): (action: UnknownAction) => void {
  // The same wiring as redux-saga's middleware: one channel the store's actions are put on.
  const channel = stdChannel<UnknownAction>();
  runSaga({ channel, dispatch: store.dispatch, getState: store.getState, context }, rootSaga);
  return (action) => channel.put(action);
}
