/**
 * A windowed list: only the rows in view (plus a few) are in the DOM, so a
 * menu of 5,000 goods scrolls as smoothly as one of 50. Rows have known
 * heights; offsets are prefix sums, the first visible row a binary search.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';

export interface VirtualListHandle {
  scrollToIndex(index: number): void;
}

interface Props {
  count: number;
  heightOf: (index: number) => number;
  renderRow: (index: number) => ReactNode;
  /** Called with the first row in view when it changes. */
  onFirstVisible?: (index: number) => void;
  overscan?: number;
  label: string;
  className?: string;
}

export function firstRowAt(offsets: readonly number[], top: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= top) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

export const VirtualList = forwardRef<VirtualListHandle, Props>(function VirtualList(
  { count, heightOf, renderRow, onFirstVisible, overscan = 6, label, className },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  const offsets = useMemo(() => {
    const out = new Array<number>(count + 1);
    out[0] = 0;
    for (let i = 0; i < count; i += 1) out[i + 1] = out[i]! + heightOf(i);
    return out;
  }, [count, heightOf]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // The observer reports the height after the browser's own layout (issue 14: reading clientHeight here
    // forced a layout of the whole page before the first rows could be painted, 20 ms at 4x CPU).
    if (typeof ResizeObserver === 'undefined') {
      setViewport(el.clientHeight || 800);
      return;
    }
    const observer = new ResizeObserver(([entry]) => setViewport(Math.round(entry?.contentRect.height ?? 0) || 800));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const frame = useRef(0);
  const handleScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setScrollTop(scroller.current?.scrollTop ?? 0);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  useImperativeHandle(ref, () => ({
    scrollToIndex(index: number) {
      const el = scroller.current;
      if (!el) return;
      el.scrollTop = offsets[Math.max(0, Math.min(index, count))] ?? 0;
      setScrollTop(el.scrollTop);
    },
  }));

  const first = count === 0 ? 0 : firstRowAt(offsets, scrollTop);
  const last = count === 0 ? -1 : Math.min(count - 1, firstRowAt(offsets, scrollTop + viewport));
  useEffect(() => {
    if (count > 0) onFirstVisible?.(first);
  }, [first, count, onFirstVisible]);

  // The first frame with rows draws the rows in view only; the few beyond them (the overscan, for smooth
  // scrolling) follow once that frame is painted: on a phone the first goods show sooner (issue 14).
  const [warm, setWarm] = useState(false);
  const hasRows = count > 0;
  useEffect(() => {
    if (!hasRows || warm) return;
    let timer = 0;
    const id = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setWarm(true), 0);
    });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [hasRows, warm]);
  const pad = warm ? overscan : 0;
  const start = Math.max(0, first - pad);
  const end = Math.min(count - 1, last + pad);
  const rows: ReactNode[] = [];
  for (let i = start; i <= end; i += 1) {
    rows.push(
      <div key={i} role="listitem" aria-setsize={count} aria-posinset={i + 1} className="vrow" style={{ top: offsets[i], height: heightOf(i) }}>
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div ref={scroller} className={`vlist ${className ?? ''}`} onScroll={handleScroll} tabIndex={-1}>
      <div role="list" aria-label={label} className="vlist-inner" style={{ height: offsets[count] }}>
        {rows}
      </div>
    </div>
  );
});
