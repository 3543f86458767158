/**
 * The live streams open on this instance, and their caps (issue 22, item 5):
 * at most config.streams.perSession per session and perIp per client IP (over
 * either the oldest of that session or IP is closed, with an `evicted` event:
 * the newest wins, so a phone that reconnects is never locked out by its own
 * stale streams), and at most `max` in all (over it a new stream is refused
 * with 503: the app polls instead). One guest cookie could otherwise hold
 * thousands of sockets and lock every other client out.
 *
 * On shutdown (http/shutdown.ts) every stream is told to reconnect (SSE
 * `retry:` with a jittered delay and `event: reconnect`) and closed, and a
 * stream asked for meanwhile gets the same answer at once: the clients come
 * back through the load balancer to another instance and resume with
 * Last-Event-ID.
 */
import type { Config } from '../config';

export type StreamKind = 'orders' | 'sheet' | 'staff';
export const STREAM_KINDS: readonly StreamKind[] = ['orders', 'sheet', 'staff'];

/** What the registry needs of a stream (events/sseStream.ts SseStream: routes.ts Stream, boardStream.ts BoardStream). */
export interface LiveStream {
  readonly closed: boolean;
  /** Writes a last frame and closes. */
  bye(frame: string): void;
}

interface Entry {
  kind: StreamKind;
  session: string | null;
  ip: string;
}

/** The frame an evicted stream gets: a native EventSource waits 30 s before it tries again. */
export const EVICTED_FRAME = 'retry: 30000\nevent: evicted\ndata: {"reason":"a newer stream of this session or address replaced this one"}\n\n';

/** The frame of a stream closed by a shutdown: reconnect after a short, jittered pause (to another instance). */
export function reconnectFrame(random = Math.random): string {
  const ms = 500 + Math.floor(random() * 2500);
  return `retry: ${ms}\nevent: reconnect\ndata: {"retryMs":${ms}}\n\n`;
}

export class OpenStreams {
  private readonly entries = new Map<LiveStream, Entry>();
  private readonly bySession = new Map<string, LiveStream[]>();
  private readonly byIp = new Map<string, LiveStream[]>();
  /** Set by the shutdown: every stream asked for is told to reconnect elsewhere. */
  closing = false;
  /** Counters for /metrics (http/metrics.ts). */
  readonly counts = { opened: 0, evictedSession: 0, evictedIp: 0, refusedFull: 0, toldToReconnect: 0 };

  constructor(readonly limits: Config['streams']) {}

  get size(): number {
    return this.entries.size;
  }

  /** Open streams by kind. */
  byKind(): Record<StreamKind, number> {
    const out: Record<StreamKind, number> = { orders: 0, sheet: 0, staff: 0 };
    for (const e of this.entries.values()) out[e.kind] += 1;
    return out;
  }

  /** True when a new stream may not open: the instance holds `max` already. */
  full(): boolean {
    return this.entries.size >= this.limits.max;
  }

  /** Registers an opened stream, closing the oldest of its session or IP beyond their caps. */
  add(stream: LiveStream, entry: Entry): void {
    if (this.closing) {
      this.counts.toldToReconnect += 1;
      stream.bye(reconnectFrame());
      return;
    }
    this.counts.opened += 1;
    this.entries.set(stream, entry);
    if (entry.session !== null) push(this.bySession, entry.session, stream);
    push(this.byIp, entry.ip, stream);
    if (entry.session !== null) this.evictOver(this.bySession.get(entry.session)!, this.limits.perSession, 'evictedSession');
    this.evictOver(this.byIp.get(entry.ip)!, this.limits.perIp, 'evictedIp');
  }

  /** Forgets a closed stream (its close handler calls this). */
  remove(stream: LiveStream): void {
    const entry = this.entries.get(stream);
    if (!entry) return;
    this.entries.delete(stream);
    if (entry.session !== null) pull(this.bySession, entry.session, stream);
    pull(this.byIp, entry.ip, stream);
  }

  /** Shutdown: tells every stream to reconnect (elsewhere) and closes it; later ones get the same. */
  closeAll(): void {
    this.closing = true;
    for (const stream of [...this.entries.keys()]) {
      this.counts.toldToReconnect += 1;
      stream.bye(reconnectFrame());
      this.remove(stream);
    }
  }

  private evictOver(list: LiveStream[], cap: number, counter: 'evictedSession' | 'evictedIp'): void {
    while (list.length > cap) {
      const oldest = list[0]!;
      this.counts[counter] += 1;
      this.remove(oldest);
      oldest.bye(EVICTED_FRAME);
    }
  }
}

function push(map: Map<string, LiveStream[]>, key: string, stream: LiveStream): void {
  const list = map.get(key);
  if (list) list.push(stream);
  else map.set(key, [stream]);
}

function pull(map: Map<string, LiveStream[]>, key: string, stream: LiveStream): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(stream);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}
