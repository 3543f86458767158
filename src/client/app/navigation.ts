/**
 * Navigation the way SPEC section 2 describes it: a tab page is opened by
 * switching tabs (the tab replaces the current entry, so tabs do not pile up
 * in history), any other page by ordinary navigation (pushed, so back
 * returns). An unknown route logs '找不到路由' and shows the not-found page.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeForPath } from './paths';

export const ROUTE_NOT_FOUND_LOG = '找不到路由';

export type NavigationKind = 'switchTab' | 'navigateTo' | 'unknown';

export function navigationKind(to: string): NavigationKind {
  const pathname = to.split('?')[0] ?? '';
  const route = routeForPath(pathname);
  if (!route) return 'unknown';
  return route.tab ? 'switchTab' : 'navigateTo';
}

export function useGo() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const kind = navigationKind(to);
      if (kind === 'unknown') console.error(ROUTE_NOT_FOUND_LOG, to);
      navigate(to, { replace: options.replace ?? kind === 'switchTab' });
    },
    [navigate],
  );
}
