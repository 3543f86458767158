/**
 * What every live stream (Server-Sent Events) does alike, whatever it sends:
 * the event-stream head and the first `retry:` and hello comment, a comment
 * every heartbeatMs (proxies close an idle stream), a client that does not
 * read cut off once its unsent bytes pass maxBufferBytes, a last frame before
 * the end (bye), and one close however it comes (the client left, evicted,
 * shutdown). The customer's and staff streams (routes.ts Stream) and the
 * ready board's (boardStream.ts BoardStream) build on it.
 */
import type { ServerResponse } from 'node:http';
import type { LiveStream } from './streams';

export interface SseStreamLimits {
  heartbeatMs: number;
  maxBufferBytes: number;
}

export abstract class SseStream implements LiveStream {
  closed = false;
  private readonly beat: NodeJS.Timeout;

  constructor(
    protected readonly raw: ServerResponse,
    private readonly limits: SseStreamLimits,
    private readonly onClose: () => void,
  ) {
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.write('retry: 3000\n: hello\n\n');
    this.beat = setInterval(() => this.write(': beat\n\n'), limits.heartbeatMs);
    this.beat.unref();
    raw.on('close', () => this.close());
  }

  protected write(frame: string): void {
    if (this.closed) return;
    this.raw.write(frame);
    // A client that does not read keeps its frames in our memory: bounded, then cut off.
    if (this.raw.writableLength > this.limits.maxBufferBytes) this.raw.destroy();
  }

  /** Writes a last frame (evicted, reconnect, revoked) and closes. */
  bye(frame: string): void {
    this.write(frame);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.beat);
    this.stopped();
    this.onClose();
    if (!this.raw.destroyed) this.raw.end();
  }

  /** The stream closes: a kind's own timers stop here (before onClose). */
  protected stopped(): void {}
}
