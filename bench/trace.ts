/**
 * Main-thread work from a Chromium trace: the summed duration of the
 * renderer main thread's top-level tasks inside a window, and the long
 * tasks among them. What a phone's CPU spends, not how long a user waited.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: Record<string, unknown>;
}

export function parseTrace(buffer: Buffer): TraceEvent[] {
  const json = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(json) ? json : (json.traceEvents ?? []);
}

/** The renderer main thread that recorded a user-timing mark of that name. */
export function mainThreadOf(events: readonly TraceEvent[], markName: string): { pid: number; tid: number; markTs: number } {
  const mark = events.find((e) => e.name === markName && (e.cat ?? '').includes('blink.user_timing'));
  if (!mark) throw new Error(`no user timing mark ${markName} in the trace`);
  return { pid: mark.pid, tid: mark.tid, markTs: mark.ts };
}

/**
 * When the page's main thread received the last response whose URL contains `urlPart` (its
 * ResourceReceiveResponse, µs), or null: the page's side of an answer, which at a CPU slowdown comes later
 * than the network's own timing says the answer ended.
 */
export function lastResponseReceived(events: readonly TraceEvent[], thread: { pid: number; tid: number }, urlPart: string): number | null {
  const ids = new Set<unknown>();
  for (const e of events) {
    const data = (e.args?.data ?? {}) as { url?: string; requestId?: unknown };
    if (e.name === 'ResourceSendRequest' && String(data.url ?? '').includes(urlPart)) ids.add(data.requestId);
  }
  let last: number | null = null;
  for (const e of events) {
    if (e.name !== 'ResourceReceiveResponse' || e.pid !== thread.pid || e.tid !== thread.tid) continue;
    if (ids.has((e.args?.data as { requestId?: unknown } | undefined)?.requestId)) last = Math.max(last ?? 0, e.ts);
  }
  return last;
}

/** Top-level task time (ms) on one thread between two trace timestamps (µs), clipped to the window. */
export function mainThreadWork(events: readonly TraceEvent[], thread: { pid: number; tid: number }, fromTs: number, toTs: number) {
  let busy = 0;
  let longest = 0;
  const longTasks: number[] = [];
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined) continue;
    const start = Math.max(e.ts, fromTs);
    const end = Math.min(e.ts + e.dur, toTs);
    if (end <= start) continue;
    busy += end - start;
    longest = Math.max(longest, e.dur);
    if (e.dur >= 50_000) longTasks.push(Math.round(e.dur / 1000));
  }
  // longestMs: the longest task that overlaps the window, whole (a phone's tap waits for all of it).
  return { ms: Math.round(busy / 100) / 10, longTasks, longestMs: Math.round(longest / 100) / 10 };
}

/** Every named event's total time (ms) in the window, largest first (nested events counted in each): a profile's first cut. */
export function eventTotals(events: readonly TraceEvent[], thread: { pid: number; tid: number }, fromTs: number, toTs: number, top = 12) {
  const out = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || e.dur === undefined || e.name === 'RunTask') continue;
    if (e.ts < fromTs || e.ts > toTs) continue;
    out.set(e.name, (out.get(e.name) ?? 0) + e.dur / 1000);
  }
  return Object.fromEntries([...out].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, Math.round(v * 10) / 10]));
}

/** The longest top-level task (ms) on one thread that starts inside a window. */
export function longestTask(events: readonly TraceEvent[], thread: { pid: number; tid: number }, fromTs: number, toTs: number): number {
  let longest = 0;
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined) continue;
    if (e.ts < fromTs || e.ts > toTs) continue;
    longest = Math.max(longest, e.dur);
  }
  return Math.round(longest / 100) / 10;
}

/**
 * The end (µs) of the first frame the thread commits to the compositor (its 'Commit' step) at or
 * after a trace time: when what the DOM held then is on screen.
 */
export function frameCommittedAfter(events: readonly TraceEvent[], thread: { pid: number; tid: number }, fromTs: number): number {
  let best = Infinity;
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || e.name !== 'Commit' || e.dur === undefined) continue;
    if (e.ts >= fromTs && e.ts + e.dur < best) best = e.ts + e.dur;
  }
  if (best === Infinity) throw new Error('no frame committed after the mark');
  return best;
}
