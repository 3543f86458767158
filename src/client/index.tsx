/** Boot: detect the host browser, choose the language, build the store, render (app/App.tsx mount). */
import type { mount as mountApp } from './app/App';
import { installErrorReporter } from './app/errorReporter';
import { initialLocale } from './app/language';
import { makeStore } from './app/store';
import { hostDetected, localeChosen } from './app/uiSlice';
import { detectHost, isIOS } from './host/detect';
import { loadMessages } from './i18n/loadMessages';

const host = detectHost(navigator.userAgent, window as unknown as Record<string, unknown>);
// A host whose sign-in may leave the page needs the sign-in flows at once; a plain browser's guest
// sign-in does not hold up the first screen, so redux-saga loads after the first paint there.
const signInFirst = host.signIn !== 'none';
const { store, persistor, startSagas } = makeStore(undefined, { host, deferSagas: !signInFirst });
store.dispatch(hostDetected(host.id));
const locale = initialLocale(host);
store.dispatch(localeChosen(locale));
// Issue 14: nothing waits in line. The messages (preloaded by the page's head) and, on a table link, the
// shop's first requests start now, while React renders, not after the entry page's chunk has loaded.
loadMessages(locale).catch(() => undefined);
import(/* webpackChunkName: "enter-shop" */ './features/entry/enterShop')
  .then(({ prefetchFromAddress }) => store.dispatch(prefetchFromAddress(window.location)))
  .catch(() => undefined);

// The feedback endpoint loads with the first error to report, not with the first screen.
installErrorReporter((content) =>
  import(/* webpackChunkName: "feedback" */ './app/feedbackApi').then(({ feedbackApi }) =>
    store.dispatch(feedbackApi.endpoints.sendFeedback.initiate({ content })).unwrap(),
  ),
);
// iOS only, and only once the page is up: its own small chunk, not the entry's.
if (isIOS(navigator.userAgent)) void import(/* webpackChunkName: "ios-taps" */ './host/noDoubleTapZoom').then((m) => m.blockDoubleTapZoom());

// The shell (providers, router, tab bar) is a chunk of its own that the page's head preloads beside
// this one: the two download in parallel, and the entry chunk stays small (issue 14's budget).
const loadShell = (tries: number): Promise<{ mount: typeof mountApp }> =>
  import(/* webpackChunkName: "shell" */ './app/App').catch((err: unknown) =>
    tries > 1 ? new Promise((r) => setTimeout(r, 1000)).then(() => loadShell(tries - 1)) : Promise.reject(err),
  );
const root = document.getElementById('root');
if (root) {
  loadShell(3).then(
    ({ mount }) => mount(root, store, persistor),
    (err: unknown) => console.error('the app could not load', err),
  );
}
if (!signInFirst) requestAnimationFrame(() => setTimeout(() => void startSagas(), 0));
