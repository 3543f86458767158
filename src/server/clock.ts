/**
 * The service's clock: real time unless someone sets it. One instance per
 * server, shared by the gateway (every handler's `ctx.now`) and the sandbox
 * routes that move it (POST /sandbox/clock); tests set it through the harness.
 */
export interface Clock {
  /** The service's idea of now. */
  now(): Date;
  /** Fixes the clock at `d`; null returns to real time (of the base clock). */
  set(d: Date | null): void;
  /** The fixed time, or null when the clock follows real time. */
  fixed(): Date | null;
}

export function createClock(base: () => Date = () => new Date()): Clock {
  let fixedAt: Date | null = null;
  return {
    now: () => (fixedAt ? new Date(fixedAt.getTime()) : base()),
    set(d) {
      if (d !== null && Number.isNaN(d.getTime())) throw new RangeError('clock: invalid date');
      fixedAt = d === null ? null : new Date(d.getTime());
    },
    fixed: () => (fixedAt ? new Date(fixedAt.getTime()) : null),
  };
}

/** Accepts a Clock, or a plain function of now (wrapped so it can still be set). */
export function toClock(clock: Clock | (() => Date) | undefined): Clock {
  if (!clock) return createClock();
  return typeof clock === 'function' ? createClock(clock) : clock;
}
