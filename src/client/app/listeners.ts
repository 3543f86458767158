/**
 * Effects run on the store's actions, after the reducers, as RTK's createListenerMiddleware runs them: the
 * few this app has (the error listener, the language's, the member's). Issue 24: that middleware (its tasks,
 * forks, cancellation and listener actions, none of which the app uses) was 1.3 KiB gzipped of the entry.
 *
 * An effect starts in the dispatch, once the action has been reduced; one that throws or rejects is
 * reported on the console and the others still run, as with RTK's.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

export interface ListenerApi {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  /** The state before the action was reduced. */
  getOriginalState: () => unknown;
}

type Effect<A> = (action: A, api: ListenerApi) => unknown;

/** Which actions an effect is for: one action creator's, or a type guard's. */
export type ListenerOptions<A> =
  | { actionCreator: { match: (action: unknown) => action is A }; effect: Effect<A> }
  | { matcher: (action: unknown) => action is A; effect: Effect<A> };

interface Entry {
  match: (action: unknown) => boolean;
  effect: Effect<never>;
}

export function createListeners() {
  const entries: Entry[] = [];
  const middleware: Middleware = (store) => (next) => (action) => {
    const original: unknown = store.getState();
    const result = next(action);
    const api: ListenerApi = { dispatch: store.dispatch, getState: store.getState, getOriginalState: () => original };
    for (const entry of entries) {
      if (!entry.match(action)) continue;
      try {
        Promise.resolve((entry.effect as Effect<unknown>)(action, api)).catch(reportError);
      } catch (err) {
        reportError(err);
      }
    }
    return result;
  };
  return {
    middleware,
    /** Runs the effect on every matching action from now on. */
    startListening<A>(options: ListenerOptions<A>): void {
      const match = 'actionCreator' in options ? options.actionCreator.match : options.matcher;
      entries.push({ match, effect: options.effect as Effect<never> });
    },
  };
}

function reportError(err: unknown): void {
  console.error('listener effect failed', err);
}
