/**
 * redux-saga, loaded beside the first screen instead of inside it (issue 14:
 * its 5 KiB gz and the sign-in sagas leave the entry chunk). The store gets
 * this small middleware at once; it hands every action to the saga channel
 * once the saga chunk has loaded, and keeps the ones dispatched before that
 * (a shop entered while the chunk was on its way) to hand over first, so no
 * flow misses its start.
 */
import type { Middleware, MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';

export type SagaRunner = (store: MiddlewareAPI, context: Record<string, unknown>) => (action: UnknownAction) => void;

export function loadSagaRunner(): Promise<SagaRunner> {
  return import(/* webpackChunkName: "sagas" */ './sagaRunner').then((m) => m.runRootSaga);
}

export function createLazySagas(context: Record<string, unknown>, load: () => Promise<SagaRunner> = loadSagaRunner) {
  let store: MiddlewareAPI | null = null;
  let put: ((action: UnknownAction) => void) | null = null;
  const early: UnknownAction[] = [];
  const middleware: Middleware = (api) => {
    store = api;
    return (next) => (action) => {
      const result = next(action);
      if (put) put(action as UnknownAction);
      else early.push(action as UnknownAction);
      return result;
    };
  };
  /** Loads the sagas and starts them (once the store exists). */
  const start = async () => {
    const run = await load();
    if (!store) throw new Error('the saga middleware is not in a store');
    const send = run(store, context);
    put = send;
    for (const action of early.splice(0)) send(action);
  };
  return { middleware, start };
}
