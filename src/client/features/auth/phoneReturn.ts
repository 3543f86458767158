/**
 * Coming and going on the phone pages: back to where the customer came from
 * (a redirect only to a known page of the app, else back in history, else a
 * fallback), and the trip to areaCodeSelect and back (?AreaNo=).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathOf, routeForPath } from '../../app/paths';

/**
 * How many history entries back the page that opened this one is (0: none,
 * the page was opened directly). A trip to areaCodeSelect and back adds one
 * entry; it passes the count on in the history state.
 */
export function useReturnSteps(): number {
  const location = useLocation();
  const steps = (location.state as { returnSteps?: unknown } | null)?.returnSteps;
  if (typeof steps === 'number' && steps >= 0) return steps;
  return location.key !== 'default' ? 1 : 0;
}

/** An in-app path to go to after signing in, or null: only a known page of the app. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  const route = routeForPath(value.split('?')[0] ?? '');
  if (!route || route.name === 'loginByCode' || route.name === 'areaCodeSelect') return null;
  return value;
}

/** Back to the page the customer came from: `redirect` if given, else back in history, else `fallback`. */
export function useLeave(fallback: string): (redirect?: string | null) => void {
  const navigate = useNavigate();
  const steps = useReturnSteps();
  return useCallback(
    (redirect?: string | null) => {
      if (redirect) navigate(redirect, { replace: true });
      else if (steps > 0) navigate(-steps);
      else navigate(fallback, { replace: true });
    },
    [navigate, steps, fallback],
  );
}

/** Opens areaCodeSelect, which comes back here with ?AreaNo=. */
export function useOpenAreaCodeSelect(areaNo: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const steps = useReturnSteps();
  return useCallback(() => {
    const query = new URLSearchParams(location.search);
    query.delete('AreaNo');
    const rest = query.toString();
    const from = `${location.pathname}${rest ? `?${rest}` : ''}`;
    const target = new URLSearchParams({ from, current: areaNo });
    navigate(`${pathOf('areaCodeSelect')}?${target.toString()}`, { state: { returnSteps: steps } });
  }, [navigate, location.pathname, location.search, areaNo, steps]);
}
