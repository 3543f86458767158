/**
 * The service worker's registration (issue 29 section 5), loaded once the
 * app has loaded and the page is idle (app/App.tsx), never by the page's
 * head: nothing of it is in the first screen's download.
 *
 * - The first worker controls the page at once (sw/worker.ts claims it); the
 *   shop's and the menu's answers this page read before it did are asked for
 *   again (KEPT_ENDPOINTS), through it, so that the worker keeps them: a
 *   customer who goes offline right after the first visit finds the menu.
 * - A new build's worker that waits is offered as "Update available"
 *   (UpdatePrompt); Update lets it take over and reloads the page.
 */
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Workbox } from 'workbox-window';
import { api } from '../app/api';
import { takeDirectData } from '../app/baseQuery';
import type { AppStore } from '../app/store';
import { IntlRoot } from '../i18n/IntlRoot';
import { loadLaterMessages } from '../i18n/laterMessages';
import { directData } from './directData';
import { UpdatePrompt } from './UpdatePrompt';

/** The worker's file, at the root of the app (scope '/'). */
export const WORKER_URL = '/sw.js';

/** The endpoints whose answers the worker keeps (their operations: sw/offlineData.ts OFFLINE_OPERATIONS). */
export const KEPT_ENDPOINTS = ['resolveCode', 'shopPage', 'entParams', 'homeGoods', 'goodsClasses', 'goodsPages', 'soldOut'] as const;

export function registerWorker(store: AppStore, container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Workbox | null {
  if (!container) return null;
  // The menu's goods pages straight from the network, handed to the worker to keep (directData.ts).
  takeDirectData(directData);
  const hadController = Boolean(container.controller);
  const wb = new Workbox(WORKER_URL, { scope: '/' });
  wb.addEventListener('controlling', (event) => {
    if (!hadController && !event.isUpdate) askAgain(store);
  });
  wb.addEventListener('waiting', () => {
    showUpdatePrompt(store, () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register().catch(() => undefined);
  return wb;
}

/** Asks again, through the worker that now controls the page, for the kept endpoints' answers the page holds. */
export function askAgain(store: AppStore): void {
  const kept = new Set<string>(KEPT_ENDPOINTS);
  const endpoints = api.endpoints as unknown as Record<string, { initiate(arg: unknown, options: object): unknown }>;
  for (const query of Object.values(store.getState().api.queries)) {
    if (!query || query.status !== 'fulfilled' || !kept.has(query.endpointName)) continue;
    store.dispatch(endpoints[query.endpointName]!.initiate(query.originalArgs, { forceRefetch: true, subscribe: false }) as never);
  }
}

export function showUpdatePrompt(store: AppStore, update: () => void): void {
  const element = document.createElement('div');
  document.body.appendChild(element);
  const root = createRoot(element);
  const close = () => {
    root.unmount();
    element.remove();
  };
  void loadLaterMessages().then(() =>
    root.render(
      <Provider store={store}>
        <IntlRoot>
          <UpdatePrompt
            onUpdate={() => {
              close();
              update();
            }}
            onLater={close}
          />
        </IntlRoot>
      </Provider>,
    ),
  );
}
