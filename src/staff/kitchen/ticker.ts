/**
 * One clock for every timer on the kitchen's screen: ticks each second,
 * shifted to the service's clock (GET /staff/kitchen's `now`, so the sandbox
 * clock moves the timers too). On each tick the timers' texts are written
 * straight into their elements (one loop over the screen's timers, no React
 * render), and a ticket re-renders only when its colour changes
 * (useServiceValue with a selector): 200 tickets on screen cost text
 * writes, not 200 renders. A timer far out of view (a tablet shows two to
 * six of 200 tickets) is written every FAR_EVERY seconds, and at once when
 * it comes within half a screen of view: each write changes the text of a
 * ticket's heading, and the layout the browser does for it again.
 */
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

let offsetMs = 0;
let now = Date.now();
const listeners = new Set<() => void>();
/** The timers' elements and what each shows. */
const texts = new Map<HTMLElement, (nowMs: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** A timer out of view is written on every FAR_EVERY-th tick (so its label is never more than that behind). */
export const FAR_EVERY = 15;
/** The timers' elements now out of view (more than half a screen away). */
const far = new Set<HTMLElement>();
let ticks = 0;
let observer: IntersectionObserver | null | undefined;

/** Watches whether each timer is in view (no IntersectionObserver: every timer counts as in view). */
function visibility(): IntersectionObserver | null {
  if (observer !== undefined) return observer;
  observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const el = entry.target as HTMLElement;
              if (entry.isIntersecting) {
                // Coming into view: its time now, before it is seen.
                far.delete(el);
                texts.get(el)?.(now);
              } else far.add(el);
            }
          },
          { rootMargin: '50% 0px' },
        )
      : null;
  return observer;
}

function tick(everyTimer = false): void {
  ticks += 1;
  const all = everyTimer || ticks % FAR_EVERY === 0;
  for (const [el, write] of texts) if (all || !far.has(el)) write(now);
  for (const l of listeners) l();
}

function start(): void {
  timer ??= setInterval(() => {
    now = Date.now() + offsetMs;
    tick();
  }, 1000);
}

function stopIfIdle(): void {
  if (listeners.size === 0 && texts.size === 0) {
    clearInterval(timer);
    timer = undefined;
  }
}

/** The service's time as it answered (ISO): the screen's clock follows it from now on. */
export function syncClock(serviceNow: string): void {
  const at = Date.parse(serviceNow);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
  now = Date.now() + offsetMs;
  // The clock may have moved (the sandbox's): every timer, in view or not.
  tick(true);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
    stopIfIdle();
  };
}

/** The service's time now (ms). */
export const serviceNow = (): number => now;

/** A value of the service's time (a ticket's colour): the caller re-renders only when it changes. */
export const useServiceValue = <T,>(select: (nowMs: number) => T): T => useSyncExternalStore(subscribe, () => select(now));

/** Writes `text(now)` into the element on every tick (and at once), with no render. */
export function useTickingText(ref: RefObject<HTMLElement | null>, text: (nowMs: number) => void | string, apply?: (el: HTMLElement, value: string) => void): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const write = (n: number) => {
      const value = text(n);
      if (typeof value !== 'string') return;
      if (apply) apply(el, value);
      else if (el.textContent !== value) el.textContent = value;
    };
    texts.set(el, write);
    visibility()?.observe(el);
    start();
    write(now);
    return () => {
      texts.delete(el);
      far.delete(el);
      observer?.unobserve(el);
      stopIfIdle();
    };
  }, [ref, text, apply]);
}
