/**
 * The live streams of the service (Server-Sent Events), one connection per
 * stream URL however many components listen. When the stream dies (in-app
 * browsers kill them, proxies cut them) it falls back to polling: listeners
 * are told to read again ('catchUp') after 2 s, 4 s, 8 s... up to 60 s, and
 * each time the stream is tried again. Coming back to the tab catches up at
 * once. The connection resumes from the last event id it saw. A service
 * instance that is restarting sends `event: reconnect` with the pause it asks
 * for: the stream comes back after it (through the load balancer, to another
 * instance), resuming from the last event, without reading everything again.
 */
import { GATEWAY_PATH } from '../../../shared/protocol/envelope';
import type { LiveFrame } from '../../../shared/protocol/live';
import { gatewayUrl } from '../../app/config';

/** An event as the service sends it (a frame of shared/protocol/live.ts: without VipIDs, with round.mine). */
export type LiveEvent = LiveFrame;

export interface LiveListener {
  onEvent(event: LiveEvent): void;
  /** Something may have been missed (a reload event, the stream died, the tab came back): read again. */
  catchUp(): void;
}

export const FIRST_POLL_MS = 2_000;
export const MAX_POLL_MS = 60_000;

/** The stream's address on the data endpoint's host. */
export function liveUrl(path: string): string {
  return gatewayUrl().slice(0, -GATEWAY_PATH.length) + path;
}

class Connection {
  readonly listeners = new Set<LiveListener>();
  private source: EventSource | null = null;
  private lastId: string | null = null;
  private delay = FIRST_POLL_MS;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly url: string) {}

  start(): void {
    document.addEventListener('visibilitychange', this.handleVisible);
    window.addEventListener('pagehide', this.handleHide);
    window.addEventListener('pageshow', this.handleShow);
    this.open();
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.handleVisible);
    window.removeEventListener('pagehide', this.handleHide);
    window.removeEventListener('pageshow', this.handleShow);
    this.close();
  }

  private close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    this.source = null;
  }

  /**
   * Leaving the page (a payment provider's page, a reload): the stream is
   * closed first, so the browser does not cut it mid-connection (Firefox
   * reports that as an error) and a page kept in the back-forward cache holds
   * no connection.
   */
  private readonly handleHide = () => this.close();

  /** Back from the back-forward cache: what was missed is read, and the stream opened again. */
  private readonly handleShow = (e: PageTransitionEvent) => {
    if (!e.persisted || this.source) return;
    this.delay = FIRST_POLL_MS;
    this.catchUp();
    this.open();
  };

  private open(): void {
    if (typeof EventSource === 'undefined') {
      this.schedulePoll();
      return;
    }
    const url = this.lastId ? `${this.url}${this.url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(this.lastId)}` : this.url;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.delay = FIRST_POLL_MS;
    };
    source.onmessage = (m: MessageEvent<string>) => {
      if (m.lastEventId) this.lastId = m.lastEventId;
      let event: LiveEvent;
      try {
        event = JSON.parse(m.data) as LiveEvent;
      } catch {
        return;
      }
      for (const l of [...this.listeners]) l.onEvent(event);
    };
    source.addEventListener('reload', () => this.catchUp());
    source.addEventListener('reconnect', (m: Event) => {
      source.close();
      if (this.source === source) this.source = null;
      let ms = 1_000;
      try {
        const asked = Number((JSON.parse((m as MessageEvent<string>).data) as { retryMs?: unknown }).retryMs);
        if (Number.isFinite(asked) && asked >= 0) ms = Math.min(asked, MAX_POLL_MS);
      } catch {
        // no pause given: the default
      }
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.open();
      }, ms);
    });
    source.onerror = () => {
      // Do not let the browser retry on its own: poll meanwhile, and try the stream again with each poll.
      source.close();
      if (this.source === source) this.source = null;
      this.schedulePoll();
    };
  }

  private schedulePoll(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.delay = Math.min(this.delay * 2, MAX_POLL_MS);
      this.catchUp();
      if (typeof EventSource === 'undefined') this.schedulePoll();
      else this.open();
    }, this.delay);
  }

  private catchUp(): void {
    for (const l of [...this.listeners]) l.catchUp();
  }

  private readonly handleVisible = () => {
    if (document.visibilityState !== 'visible') return;
    this.catchUp();
    if (!this.source && typeof EventSource !== 'undefined') {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.delay = FIRST_POLL_MS;
      this.open();
    }
  };
}

const connections = new Map<string, Connection>();

/** Listens to a stream (path on the service, e.g. '/events/orders'); answers the function that stops listening. */
export function subscribeLive(path: string, listener: LiveListener): () => void {
  const url = liveUrl(path);
  let connection = connections.get(url);
  if (!connection) {
    connection = new Connection(url);
    connections.set(url, connection);
    connection.listeners.add(listener);
    connection.start();
  } else {
    connection.listeners.add(listener);
  }
  const c = connection;
  return () => {
    c.listeners.delete(listener);
    if (c.listeners.size === 0) {
      c.stop();
      connections.delete(url);
    }
  };
}
