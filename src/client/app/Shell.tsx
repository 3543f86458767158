/**
 * The app shell: every route of SPEC section 2 with its page loaded on demand,
 * the page title, a back button on pages that are not tabs, the bottom tab bar
 * (hidden by hideTabBar), 300 ms fade-and-slide transitions, the not-found page.
 */
import { defineMessages } from '../i18n/defineMessages';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { NavLink } from '../ui/links';
import { useAppSelector } from './hooks';
import { PageLoader } from './PageLoader';
import { ROUTE_NOT_FOUND_LOG } from './navigation';
import { ENTRY_PATH, pathOf, routes, routeTitles, tabRoutes, type RouteDef } from './routes';
import { selectHideTabBar } from './uiSlice';
import { useScrollRestoration } from './scrollRestoration';
import { TabBar } from './TabBar';
import { useRestoreShop } from '../features/entry';
import { AuthorizePrompt } from '../session';
import { isFirstScreenUp, takeOverFirstScreen } from '../boot/firstScreen';

const messages = defineMessages({
  back: { id: 'shell.back', defaultMessage: 'Back' },
  notFound: { id: 'shell.notFound', defaultMessage: 'There is no page at this address.' },
  goHome: { id: 'shell.goHome', defaultMessage: 'Go to the home page' },
});

/** Where a page's Back goes when it is the first page of the app in this tab (nothing of the app's to go back to). */
const BACK_TO: Partial<Record<RouteDef['name'], RouteDef['name']>> = {
  paying: 'orderList',
  paymentResult: 'orderList',
  orderDetails: 'orderList',
  rechargeResult: 'vipBalance',
  vipBalance: 'mine',
};

/**
 * The header's Back: the app's previous page, never a page before the app (issue 23: coming back
 * from a payment provider, the entry before the app's is the provider's "This payment is
 * complete"). The router numbers the app's history entries from 0 in each document it starts in.
 */
export function headerBack(route: RouteDef['name'], navigate: (to: string | number, options?: { replace: boolean }) => void): void {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  if (typeof idx === 'number' && idx > 0) navigate(-1);
  else navigate(pathOf(BACK_TO[route] ?? 'home'), { replace: true });
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function PageFrame({ route }: { route: RouteDef }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const hideTabBar = useAppSelector(selectHideTabBar);
  const title = intl.formatMessage(route.title);
  useDocumentTitle(title);
  // Every page has its title as its heading but home, whose heading is the shop's name; tabs have no back button.
  const showHeader = route.path !== ENTRY_PATH && route.name !== 'home';
  return (
    <div
      className={`page${route.tab && !hideTabBar ? ' with-tab-bar' : ''}`}
      data-route={route.name}
    >
      {showHeader && (
        <header className={route.tab ? 'page-header tab-header' : 'page-header'}>
          {!route.tab && (
            <button
              type="button"
              className="back"
              aria-label={intl.formatMessage(messages.back)}
              onClick={() => headerBack(route.name, (to, options) => (typeof to === 'number' ? navigate(to) : navigate(to, options)))}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          )}
          <h1>{title}</h1>
        </header>
      )}
      <main className="page-body">
        <PageLoader load={route.load} />
      </main>
      {route.tab && !hideTabBar && <TabBar />}
    </div>
  );
}

function NotFound() {
  const location = useLocation();
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(routeTitles.notFound));
  useEffect(() => {
    console.error(ROUTE_NOT_FOUND_LOG, location.pathname);
  }, [location.pathname]);
  return (
    <div className="page">
      <main className="page-body not-found">
        <h1>
          <FormattedMessage {...routeTitles.notFound} />
        </h1>
        <p>
          <FormattedMessage {...messages.notFound} />
        </p>
        <NavLink className="btn btn-primary" to={tabRoutes[0]!.path} replace>
          <FormattedMessage {...messages.goHome} />
        </NavLink>
      </main>
    </div>
  );
}

/**
 * A page's 300 ms entrance; none for a page that appears under the head's drawing of the first
 * screen (boot/firstPaint.ts): it is revealed in place when the drawing goes, not slid in after.
 */
function PageTransition({ children }: { children: ReactNode }) {
  const [underDrawing] = useState(isFirstScreenUp);
  return <div className={underDrawing ? undefined : 'page-transition'}>{children}</div>;
}

export function Shell() {
  const location = useLocation();
  useScrollRestoration();
  useRestoreShop(location.pathname === ENTRY_PATH || location.pathname === '/scanCodeEntry');
  // The head's drawing shows the home page: it stays over the entry's and the home page's loading
  // (they take it away when they are done: EntryPage, HomePage), never over any other page.
  useLayoutEffect(() => {
    if (location.pathname !== ENTRY_PATH && location.pathname !== pathOf('home')) takeOverFirstScreen();
  }, [location.pathname]);
  return (
    <>
      <AuthorizePrompt />
      <PageTransition key={location.pathname}>
        <Routes location={location}>
          {routes.map((r) => (
            <Route key={r.name} path={r.path} element={<PageFrame route={r} />} />
          ))}
          <Route path="/scanCodeEntry" element={<PageFrame route={routes[0]!} />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </PageTransition>
    </>
  );
}
