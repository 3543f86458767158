/** Boot: detect the host browser, choose the language, build the store, render. */
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { feedbackApi } from './app/feedbackApi';
import { installErrorReporter } from './app/errorReporter';
import { initialLocale } from './app/language';
import { makeStore } from './app/store';
import { hostDetected, localeChosen } from './app/uiSlice';
import { detectHost, isIOS } from './host/detect';
import { blockDoubleTapZoom } from './host/noDoubleTapZoom';

const host = detectHost(navigator.userAgent, window as unknown as Record<string, unknown>);
const { store, persistor } = makeStore(undefined, { host });
store.dispatch(hostDetected(host.id));
store.dispatch(localeChosen(initialLocale(host)));

installErrorReporter((content) => store.dispatch(feedbackApi.endpoints.sendFeedback.initiate({ content })).unwrap());
if (isIOS(navigator.userAgent)) blockDoubleTapZoom();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} persistor={persistor} />);
