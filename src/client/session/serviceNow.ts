/** The service's clock on this phone, ticking: what the ordering guard and the hours shown read. */
import { useEffect, useState } from 'react';

export const CLOCK_TICK_MS = 1000;

/** The service's now (this phone's plus the offset), ticking each second (or every `tickMs`). */
export function useServiceNow(offsetMs: number, tickMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date(Date.now() + offsetMs));
  useEffect(() => {
    setNow(new Date(Date.now() + offsetMs));
    const timer = setInterval(() => setNow(new Date(Date.now() + offsetMs)), tickMs);
    return () => clearInterval(timer);
  }, [offsetMs, tickMs]);
  return now;
}
