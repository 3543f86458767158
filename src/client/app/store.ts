/**
 * The store: one API slice, the shell's and features' slices, the error
 * listener, redux-saga for the sign-in flows, and redux-persist for the cart
 * (versioned, SPEC section 4) and the checkout's choices kept with it.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, type PersistedState } from 'redux-persist';
import type { Storage } from 'redux-persist';
import { api } from './api';
import { errorListener } from './errorListener';
import { createLazySagas } from './lazySagas';
import { createLanguageListener } from './language';
import { PLAIN_BROWSER, type HostInfo } from '../host/detect';
import { uiSlice } from './uiSlice';
import { shopSlice, authSlice, type SignInEnv, createMemberListener, signInWaitMiddleware } from '../session';
import { cartSlice, CART_VERSION, type CartState } from '../features/cart';
import { checkoutSlice, CHECKOUT_VERSION, migrateCheckout } from '../features/checkout';
import { localStore } from '../host/storage';

/** localStorage as redux-persist storage; a memory stand-in where storage is refused (private mode). */
export function browserStorage(): Storage {
  const memory = new Map<string, string>();
  const ls = (() => {
    try {
      const s = window.localStorage;
      s.setItem('__probe', '1');
      s.removeItem('__probe');
      return s;
    } catch {
      return null;
    }
  })();
  return {
    getItem: async (key: string) => (ls ? ls.getItem(key) : (memory.get(key) ?? null)),
    setItem: async (key: string, value: string) => {
      if (ls) ls.setItem(key, value);
      else memory.set(key, value);
    },
    removeItem: async (key: string) => {
      if (ls) ls.removeItem(key);
      else memory.delete(key);
    },
  };
}

export const CART_STORAGE_KEY = 'cart';

export function cartPersistConfig(storage: Storage) {
  return {
    key: CART_STORAGE_KEY,
    storage,
    version: CART_VERSION,
    // A cart stored by another cart version is dropped, not migrated.
    migrate: (state: PersistedState) =>
      Promise.resolve(
        state && state._persist?.version === CART_VERSION && (state as unknown as CartState).cartVersion === CART_VERSION
          ? state
          : undefined,
      ),
  };
}

export const CHECKOUT_STORAGE_KEY = 'checkout';

function makeRootReducer(storage: Storage) {
  return combineReducers({
    [api.reducerPath]: api.reducer,
    [uiSlice.reducerPath]: uiSlice.reducer,
    [shopSlice.reducerPath]: shopSlice.reducer,
    [authSlice.reducerPath]: authSlice.reducer,
    [cartSlice.reducerPath]: persistReducer(cartPersistConfig(storage), cartSlice.reducer),
    // The checkout's choices are kept with the cart until the order is placed (checkoutSlice.ts).
    [checkoutSlice.reducerPath]: persistReducer({ key: CHECKOUT_STORAGE_KEY, storage, version: CHECKOUT_VERSION, migrate: migrateCheckout }, checkoutSlice.reducer),
  });
}

export type RootState = ReturnType<ReturnType<typeof makeRootReducer>>;

export function makeStore(
  preloadedState?: Partial<RootState>,
  options: {
    storage?: Storage;
    host?: HostInfo;
    signInEnv?: SignInEnv;
    /** Leave loading the sagas to the caller (startSagas), e.g. until after the first paint. */
    deferSagas?: boolean;
  } = {},
) {
  // redux-saga loads in a chunk of its own, beside the first screen (lazySagas.ts), and with it the
  // page's sign-in environment (sagaRunner.ts) unless a test gives its own.
  const sagas = createLazySagas(options.signInEnv ? { signInEnv: options.signInEnv } : {});
  const memberListener = createMemberListener(options.signInEnv?.local ?? localStore);
  const languageListener = createLanguageListener(options.host ?? PLAIN_BROWSER);
  const store = configureStore({
    reducer: makeRootReducer(options.storage ?? browserStorage()),
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(errorListener.middleware, languageListener.middleware, memberListener.middleware, signInWaitMiddleware)
        .concat(api.middleware, sagas.middleware),
    devTools: __DEV__ ? { trace: true, traceLimit: 25 } : false,
    // RTK Query's answers notify the page at the end of the task they arrive in, not in the next
    // animation frame: rendered in a frame, a page's render and its layout and paint were one task
    // (the 5,000-goods menu's first goods: 70-110 ms at 4x CPU, issue 24); now they are two.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
  const startSagas = () => sagas.start().catch((err: unknown) => console.error('the sign-in flows could not load', err));
  if (!options.deferSagas) void startSagas();
  const persistor = persistStore(store);
  // The cart is written a moment after each change; a reload or a closed tab in that moment must not lose it.
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => void persistor.flush());
  return { store, persistor, startSagas };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
