/** The resend countdown of the phone pages: a code per phone at most every N seconds (the service says N). */
import { useCallback, useEffect, useState } from 'react';
import { readResendMap, writeResendMap } from './phoneStorage';

/**
 * Seconds until another code may be asked for the phone `key`, ticking each
 * second. Kept per phone in session storage, so a trip to areaCodeSelect or a
 * reload does not forget it.
 */
export function useResendCountdown(key: string) {
  const [untils, setUntils] = useState<Record<string, number>>(readResendMap);
  const [now, setNow] = useState(() => Date.now());
  const until = key ? (untils[key] ?? 0) : 0;
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((forKey: string, resendIn: number) => {
    const at = Date.now();
    setNow(at);
    setUntils((prev) => {
      const next: Record<string, number> = { [forKey]: at + Math.max(1, resendIn) * 1000 };
      for (const [k, v] of Object.entries(prev)) if (k !== forKey && v > at) next[k] = v;
      writeResendMap(next);
      return next;
    });
  }, []);
  return { seconds, start };
}
