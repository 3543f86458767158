/**
 * The outlet's live events (GET /staff/events, Server-Sent Events) read with
 * fetch, since EventSource cannot send the staff token as a header (a signed-in
 * person's session cookie, token '', goes by itself). When the
 * stream ends or fails it is opened again after 2 s (up to 30 s apart),
 * resuming from the last event id; onOpen lets the screen read everything
 * again, in case something was missed meanwhile.
 */
import type { LiveFrame } from '../shared/protocol/live';
import type { StaffListedSheetJson } from '../shared/protocol/staff';

/**
 * An event of the outlet's stream: a frame of shared/protocol/live.ts; a sheet's event carries the sheet as
 * GET /staff/sheets lists it (null: no longer in the outlet's list; absent from an older service).
 */
export type StaffEvent = LiveFrame & { sheet?: StaffListedSheetJson | null };

export interface StreamHandlers {
  onEvent(e: StaffEvent): void;
  onOpen(): void;
  onReload(): void;
  onDown(): void;
}

/** Reads a Server-Sent Events body to its end, handing each frame's event name, id and data to onFrame. */
export async function readFrames(body: NonNullable<Response['body']>, onFrame: (event: string, id: string, data: string) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id = '';
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      onFrame(event, id, data);
    }
  }
}

export function openStaffStream(token: string, baseId: string, handlers: StreamHandlers, locale?: string): () => void {
  let stopped = false;
  let lastId = '';
  let delay = 2_000;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    abort = new AbortController();
    try {
      // The sheets the events carry come in the screen's language (a query parameter: Firefox did not open the
      // stream with an Accept-Language header of the page's own).
      const lang = locale ? `&lang=${encodeURIComponent(locale)}` : '';
      const res = await fetch(`/staff/events?baseId=${encodeURIComponent(baseId)}${lang}`, {
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          accept: 'text/event-stream',
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      delay = 2_000;
      handlers.onOpen();
      await readFrames(res.body, (event, id, data) => {
        if (event === 'reload') handlers.onReload();
        else if (data) {
          if (id) lastId = id;
          try {
            handlers.onEvent(JSON.parse(data) as StaffEvent);
          } catch {
            // a frame we cannot read: skip it
          }
        }
      });
    } catch {
      // cut off, refused or stopped
    }
    if (stopped) return;
    handlers.onDown();
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 30_000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}
