/**
 * A Server-Sent Events reader for tests and the push benchmark: fetch with a
 * streamed body, frames parsed as EventSource does (id, event, data; comment
 * lines counted as beats).
 */
export interface SseFrame {
  id: string | null;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  frames: SseFrame[];
  beats: number;
  /** Resolves with the first frame (already received or coming) that matches, or rejects after timeoutMs. */
  next(match: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** The frames' parsed data of plain events. */
  events<T = Record<string, unknown>>(): T[];
  closed: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}, onFrame?: (f: SseFrame) => void): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: SseFrame[] = [];
  const waiters: { match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
  const client: SseClient = {
    status: res.status,
    frames,
    beats: 0,
    next(match, timeoutMs = 5000) {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (f: SseFrame) => (clearTimeout(timer), resolve(f)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.data.slice(0, 120)))}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    events: <T,>() => frames.filter((f) => f.event === 'message').map((f) => JSON.parse(f.data) as T),
    closed: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.body || res.status !== 200) {
    await res.text().catch(() => undefined);
    return client;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  client.closed = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              if (line.startsWith(': beat')) client.beats += 1;
              continue;
            }
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'data') {
              frame.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          frames.push(frame);
          onFrame?.(frame);
          for (const w of [...waiters]) {
            if (w.match(frame)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(frame);
            }
          }
        }
      }
    } catch {
      // aborted or cut off
    }
  })();
  return client;
}
