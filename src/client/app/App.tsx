/** The app's providers around the shell. */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { HashRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { IntlRoot } from '../i18n/IntlRoot';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { Toasts } from '../ui/Toasts';
import { Shell } from './Shell';
import type { AppStore } from './store';

export function Providers({ store, persistor, children }: { store: AppStore; persistor: Persistor; children: ReactNode }) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <IntlRoot>
          <ConfirmProvider>
            {children}
            <Toasts />
          </ConfirmProvider>
        </IntlRoot>
      </PersistGate>
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
