/** The app's providers around the shell, and the app's start in the page (mount). */
import { startTransition, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { HashRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { IntlRoot } from '../i18n/IntlRoot';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { Toasts } from '../ui/Toasts';
import { Shell } from './Shell';
import type { AppStore } from './store';

/**
 * Its children once redux-persist has read the stored cart and checkout back, nothing before: redux-persist's
 * PersistGate without its class and lifecycle code (issue 24: the entry's size). Rehydrated already (the
 * boot waits for it, issue 24), it renders them at once, in the same render.
 */
function Rehydrated({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const ready = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return ready ? children : null;
}

export function Providers({ store, persistor, children }: { store: AppStore; persistor: Persistor; children: ReactNode }) {
  return (
    <Provider store={store}>
      <Rehydrated persistor={persistor}>
        <IntlRoot>
          <ConfirmProvider>
            {children}
            <Toasts />
          </ConfirmProvider>
        </IntlRoot>
      </Rehydrated>
    </Provider>
  );
}

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Providers store={store} persistor={persistor}>
      <HashRouter>
        <Shell />
      </HashRouter>
    </Providers>
  );
}

/** The next task: whatever waits (a tap, a frame) goes first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** redux-persist has read the stored cart and checkout back. */
function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the app in the page (the boot, index.tsx, calls it once the shell has loaded). Issue 24: in
 * tasks of a phone's 50 ms at most, not one long one between the head's drawing and the first tap:
 * the store was made in the boot's task; here, a task later, the rehydrated cart, then, another task
 * later, the first render as a transition, which React interrupts every few milliseconds for
 * whatever the customer does.
 */
export async function mount(element: HTMLElement, store: AppStore, persistor: Persistor): Promise<void> {
  await nextTask();
  await rehydrated(persistor);
  await nextTask();
  const root = createRoot(element);
  startTransition(() => root.render(<App store={store} persistor={persistor} />));
  // Once the page has loaded and the phone is idle (app/afterIdle.ts): the offline app's service worker (issue 29
  // section 5) and the menu's code and classes (issue 24), never in the first screen's download.
  const run = () => void import(/* webpackChunkName: "after-idle" */ './afterIdle').then((m) => m.afterIdle(store));
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
