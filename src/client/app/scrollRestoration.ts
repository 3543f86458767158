/**
 * Scroll position per history entry: a page reached by a link or a tab opens
 * at the top; going back (or forward) returns to where the customer was on
 * that entry. The browser's own restoration is turned off: it would restore
 * before a page loaded on demand has its content, and the hash router would
 * otherwise carry one page's scroll position over to the next.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restore keeps trying while the page's content loads. */
const RESTORE_WINDOW_MS = 2000;

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const handleScroll = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);

  useLayoutEffect(() => {
    // The leaving entry's position was kept by its scroll events: reading scrollY here would read
    // it already clamped to the new, maybe shorter, page.
    currentKey.current = location.key;
    const target = navigationType === 'POP' ? (positions.current.get(location.key) ?? 0) : 0;
    window.scrollTo(0, target);
    if (target === 0) return;
    // The page and its data load after this: keep trying until the page is tall enough.
    const started = Date.now();
    let frame = 0;
    const retry = () => {
      if (currentKey.current !== location.key) return;
      if (Math.abs(window.scrollY - target) < 1 || Date.now() - started > RESTORE_WINDOW_MS) {
        positions.current.set(location.key, window.scrollY);
        return;
      }
      window.scrollTo(0, target);
      frame = window.requestAnimationFrame(retry);
    };
    frame = window.requestAnimationFrame(retry);
    return () => window.cancelAnimationFrame(frame);
  }, [location.key, navigationType]);
}
