/**
 * renderWithProviders (house style 5): a real store (makeStore with memory
 * storage), the intl provider with the locale's real messages, a memory router.
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Persistor, Storage } from 'redux-persist';
import { Providers } from '../app/App';
import { makeStore, type RootState } from '../app/store';
import type { Locale } from '../app/uiSlice';

export function memoryStorage(initial: Record<string, string> = {}): Storage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: async (k: string) => data.get(k) ?? null,
    setItem: async (k: string, v: string) => {
      data.set(k, v);
    },
    removeItem: async (k: string) => {
      data.delete(k);
    },
  };
}

/** Resolves once the store's persisted slices are read back (redux-persist's bootstrapped). */
export function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}

export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    locale = 'en',
    route = '/',
    storage = memoryStorage(),
    ...options
  }: { preloadedState?: Partial<RootState>; locale?: Locale; route?: string; storage?: Storage } & RenderOptions = {},
) {
  const { store, persistor } = makeStore(
    { ...preloadedState, ui: { locale, hostId: 'browser', hideTabBar: false, toasts: [], ...preloadedState?.ui } },
    { storage },
  );
  const result = render(
    <Providers store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Providers>,
    options,
  );
  return { store, persistor, ...result };
}
