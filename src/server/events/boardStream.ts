/**
 * The ready board's live stream (issue 26 section 4):
 *
 *   GET /staff/board/events    no sign-in: the board link's token in the X-Board-Token header
 *                              (401 for a bad or revoked one, as GET /staff/board/orders)
 *
 * The board's numbers are pushed, not re-read by the TV: on open, then after
 * each live event of the link's outlet (the hub's `base:<BaseID>` key; a
 * burst of events within `debounceMs` makes one read), the stream reads the
 * board once (operations/orders/board.ts) and sends it as
 * `event: board` with the BoardAnswer as data, when the numbers changed. The
 * frames carry pickup numbers only: never the events' names or rounds. A
 * ready number that expires (the link's readyMinutes) leaves at the next
 * read, and at the latest every `refreshMs`.
 *
 * A revoked link: this instance's streams of it are told at once
 * (BoardStreams.revoke, from DELETE /staff/board-links/:id), those of other
 * instances at their next read; `event: revoked`, then the stream ends and
 * the board says so. A heartbeat comment keeps proxies from closing an idle
 * stream; a board that does not read is cut off.
 */
import type { ServerResponse } from 'node:http';
import type { BoardAnswer } from '../../shared/protocol/staffBoard';
import { SseStream, type SseStreamLimits } from './sseStream';

export interface BoardStreamOptions extends SseStreamLimits {
  /** Events within this long make one read. */
  debounceMs: number;
  /** A read at least this often (expired ready numbers; a revocation on another instance). */
  refreshMs: number;
}

export const DEFAULT_BOARD_STREAM_OPTIONS: Omit<BoardStreamOptions, 'heartbeatMs' | 'maxBufferBytes'> = { debounceMs: 100, refreshMs: 30_000 };

export const REVOKED_FRAME = 'event: revoked\ndata: {}\n\n';

/** The key of a board answer's numbers (its `now` changes every read: not a change to send). */
const numbersKey = (a: BoardAnswer) => JSON.stringify([a.readyMinutes, a.preparing, a.ready]);

export class BoardStream extends SseStream {
  private lastKey = '';
  private reading = false;
  private again = false;
  private debounce: NodeJS.Timeout | undefined;
  private readonly refresh: NodeJS.Timeout;

  constructor(
    raw: ServerResponse,
    private readonly opts: BoardStreamOptions,
    /** The board now, or null when the link is no longer valid. */
    private readonly read: () => Promise<BoardAnswer | null>,
    onClose: () => void,
    private readonly onError: (err: unknown) => void,
  ) {
    super(raw, opts, onClose);
    this.refresh = setInterval(() => void this.push(), opts.refreshMs);
    this.refresh.unref();
  }

  /** Something changed at the outlet: a read shortly (one for a burst). */
  changed(): void {
    if (this.closed || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.push();
    }, this.opts.debounceMs);
  }

  /** Reads the board and sends it if its numbers changed; one read at a time, a request meanwhile reads again after. */
  async push(): Promise<void> {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        const answer = await this.read();
        if (this.closed) return;
        if (!answer) return this.bye(REVOKED_FRAME);
        const key = numbersKey(answer);
        if (key === this.lastKey) continue;
        this.lastKey = key;
        this.write(`event: board\ndata: ${JSON.stringify(answer)}\n\n`);
      } while (this.again && !this.closed);
    } catch (err) {
      // The database failed: the board keeps what it shows; the next event or refresh tries again.
      this.onError(err);
    } finally {
      this.reading = false;
    }
  }

  protected override stopped(): void {
    clearInterval(this.refresh);
    clearTimeout(this.debounce);
  }
}

/** This instance's open board streams by link, so a revocation reaches them at once. */
export class BoardStreams {
  private readonly byLink = new Map<string, Set<BoardStream>>();

  add(linkId: string, stream: BoardStream): () => void {
    let set = this.byLink.get(linkId);
    if (!set) this.byLink.set(linkId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.byLink.delete(linkId);
    };
  }

  /** The link was revoked: its boards are told so and their streams end. */
  revoke(linkId: string): void {
    for (const stream of [...(this.byLink.get(linkId) ?? [])]) stream.bye(REVOKED_FRAME);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byLink.values()) n += set.size;
    return n;
  }
}
