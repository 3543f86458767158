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
  /**
   * A row's content. `firstFrame` is true while the list draws its first frame of rows (firstFramePx): a row
   * may leave out what can come a frame later (a menu's pictures, issue 24); it is drawn again once that frame
   * is painted.
   */
  renderRow: (index: number, firstFrame: boolean) => ReactNode;
  /** Called with the first row in view when it changes. */
  onFirstVisible?: (index: number) => void;
  overscan?: number;
  /**
   * The first frame with rows draws only the rows in this many pixels at the top of the view; the
   * rest of the view follows a frame later, then the overscan (issue 24: a menu's first goods in
   * tasks under 50 ms at a phone's speed). Default: the whole view at once.
   */
  firstFramePx?: number;
  label: string;
  className?: string;
  /**
   * Shown in the list's place while it has no rows (e.g. "Loading the menu…"): the list is laid out,
   * measured and its effects run before its first rows come, so they are drawn on their own (issue 24).
   */
  placeholder?: ReactNode;
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
  { count, heightOf, renderRow, onFirstVisible, overscan = 6, firstFramePx = Infinity, label, className, placeholder },
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

  // The first frame with rows draws the top of the view only (firstFramePx), the next the rest of the
  // view, then the few beyond it (the overscan, for smooth scrolling), each once the frame before is
  // painted: on a phone the first goods show sooner, and no step is one long task (issues 14, 24).
  const [stage, setStage] = useState(0);
  const hasRows = count > 0;
  const partFirst = firstFramePx < viewport;
  useEffect(() => {
    if (!hasRows || stage >= 2) return;
    let timer = 0;
    const id = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setStage((s) => (s === 0 && !partFirst ? 2 : s + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [hasRows, stage, partFirst]);
  const firstFrame = stage === 0 && partFirst;
  // The rows that start above firstFramePx (a row starting at its edge is the next frame's).
  const shown = firstFrame ? Math.min(last, firstRowAt(offsets, scrollTop + firstFramePx - 1)) : last;
  const pad = stage >= 2 ? overscan : 0;
  const start = Math.max(0, first - pad);
  const end = Math.min(count - 1, shown + pad);
  const rows: ReactNode[] = [];
  for (let i = start; i <= end; i += 1) {
    rows.push(
      <div key={i} role="listitem" aria-setsize={count} aria-posinset={i + 1} className="vrow" style={{ top: offsets[i], height: heightOf(i) }}>
        {renderRow(i, firstFrame)}
      </div>,
    );
  }
  return (
    <div ref={scroller} className={`vlist ${className ?? ''}`} onScroll={handleScroll} tabIndex={-1}>
      {count === 0 && placeholder}
      <div role="list" aria-label={label} className="vlist-inner" style={{ height: offsets[count] }}>
        {rows}
      </div>
    </div>
  );
});
