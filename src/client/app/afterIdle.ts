/**
 * What the app does once the page has loaded and the phone is idle (App.tsx's
 * mount loads this module then, never in the first screen's download):
 *
 * - Issue 29 section 5: registers the offline app's service worker (none in
 *   browsers without service workers, as in some in-app browsers: the app
 *   works as before there).
 * - Issue 24: once a shop is entered, the menu's code
 * (its route chunk and the later messages) and the shop's goods classes, so
 * that "Order now" opens a menu that waits for its goods only: the menu
 * renders when both its classes and its first goods are in, and the classes'
 * answer, asked beside the goods', came up to 45 ms after them at a phone's
 * speed. Nothing is asked before a shop is entered.
 * - Issue 24: the confirmation dialog's code (ui/ConfirmDialog.tsx), so that a
 *   confirmation shows at once.
 */
import { selectShopParams } from '../session';
// The menu's API alone (not the feature's module, which brings its pages): the classes' prefetch.
// eslint-disable-next-line no-restricted-imports
import { menuApi } from '../features/menu/menuApi';
import { loadConfirmDialog } from '../ui/ConfirmDialog';
import { routes } from './routes';
import type { AppStore } from './store';

/** How old the classes may be before a warm-up asks again, seconds (the menu's own query keeps them as long). */
const CLASSES_FRESH_S = 60;

export function afterIdle(store: AppStore): void {
  if (!__DEV__ && 'serviceWorker' in navigator) void import(/* webpackChunkName: "sw-register" */ '../sw/register').then((m) => m.registerWorker(store));
  loadConfirmDialog().catch(() => undefined);
  warmMenu(store);
}

/** Once a shop is entered (now or at the store's next change with one): the menu's chunk and its classes, once. */
export function warmMenu(store: AppStore): void {
  let done = false;
  const warm = () => {
    const { ShopID, BaseID } = selectShopParams(store.getState());
    if (done || !ShopID) return;
    done = true;
    unsubscribe();
    void routes
      .find((r) => r.name === 'goodsList')
      ?.load()
      .catch(() => undefined);
    void store.dispatch(menuApi.util.prefetch('goodsClasses', { ShopID, BaseID }, { ifOlderThan: CLASSES_FRESH_S }) as never);
  };
  const unsubscribe = store.subscribe(warm);
  warm();
}
