/**
 * One clock for every timer on the kitchen's screen: ticks each second,
 * shifted to the service's clock (GET /staff/kitchen's `now`, so the sandbox
 * clock moves the timers too). A timer re-renders itself, not its ticket's lines.
 */
import { useSyncExternalStore } from 'react';

let offsetMs = 0;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** The service's time as it answered (ISO): the screen's clock follows it from now on. */
export function syncClock(serviceNow: string): void {
  const at = Date.parse(serviceNow);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
  now = Date.now() + offsetMs;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now() + offsetMs;
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The service's time now (ms), re-rendering the caller each second. */
export const useServiceNow = (): number => useSyncExternalStore(subscribe, () => now);
