/**
 * The ready board (issue 26 section 4): a TV at the pickup counter shows the
 * outlet's pickup numbers, preparing and ready, the newest ready number
 * largest; numbers only, never names. No sign-in: the manager's board link
 * carries a long random token (in the address's fragment, which browsers
 * never send), which every read sends in the X-Board-Token header
 * (shared/protocol/staffBoard.ts). The board follows its live stream
 * (GET /staff/board/events, server/events/boardStream.ts), which pushes the
 * numbers when they change, so a number is on the board within 2 s of the
 * kitchen marking it ready; while the stream is down it reads
 * GET /staff/board/orders every pollMs (1 s) and tries the stream again. It
 * chimes when a number turns ready.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { BoardAnswer, BoardNumberJson } from '../../shared/protocol/staffBoard';

const NO_NUMBERS: BoardNumberJson[] = [];
import { readFrames } from '../stream';
import { playReadyChime, unlockChime } from './chime';
import { ANSWER_MARK } from './marks';

const m = defineMessages({
  title: { id: 'board.title', defaultMessage: 'Pickup' },
  preparing: { id: 'board.preparing', defaultMessage: 'Preparing' },
  ready: { id: 'board.ready', defaultMessage: 'Ready for pickup' },
  noneReady: { id: 'board.noneReady', defaultMessage: 'No order is ready yet' },
  nonePreparing: { id: 'board.nonePreparing', defaultMessage: 'No order is being prepared' },
  soundOn: { id: 'board.soundOn', defaultMessage: 'Turn on sound' },
  invalid: { id: 'board.invalid', defaultMessage: 'This board link is not valid (it may have been revoked). Ask a manager for a new one.' },
  offline: { id: 'board.offline', defaultMessage: 'Reconnecting…' },
});

/** The same header name as shared/protocol/staffBoard.ts BOARD_TOKEN_HEADER (a type-only import keeps zod out of the page). */
const TOKEN_HEADER = 'x-board-token';

type Status = 'loading' | 'live' | 'offline' | 'invalid';

/** A list of numbers; memoized, so a board whose other list changed leaves this one alone. */
const Numbers = memo(function Numbers({ numbers, live }: { numbers: readonly BoardNumberJson[]; live?: boolean }) {
  const [newest, ...others] = live ? numbers : [];
  return (
    // The ready list is announced as numbers turn ready (a screen reader beside the TV, or a phone's).
    <ul className="numbers" aria-live={live ? 'polite' : undefined}>
      {newest && (
        <li key={newest.pickupNo} className="newest">
          {newest.pickupNo}
        </li>
      )}
      {(live ? others : numbers).map((n) => (
        <li key={n.pickupNo}>{n.pickupNo}</li>
      ))}
    </ul>
  );
});

export function ReadyBoard({ token, pollMs = 1000 }: { token: string; pollMs?: number }) {
  const intl = useIntl();
  const [board, setBoard] = useState<BoardAnswer | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [sound, setSound] = useState(false);
  const readyBefore = useRef<Set<string> | null>(null);
  const shownKey = useRef('');

  useEffect(() => {
    let stopped = false;
    /** True while the live stream is open: it pushes the board, nothing is read. */
    let streaming = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = 2_000;
    let abort: AbortController | null = null;
    const headers = { [TOKEN_HEADER]: token, 'accept-language': intl.locale };

    const apply = (next: BoardAnswer) => {
      const ready = new Set(next.ready.map((n) => n.pickupNo));
      // A number that turned ready since the last answer (not those already ready when the board opened).
      if (readyBefore.current && [...ready].some((no) => !readyBefore.current!.has(no))) playReadyChime();
      readyBefore.current = ready;
      // The same numbers as before (a read while the stream is down, usually): nothing to render.
      const key = JSON.stringify([next.preparing, next.ready, next.readyMinutes]);
      if (key !== shownKey.current) {
        shownKey.current = key;
        setBoard(next);
      }
      setStatus('live');
    };
    // A revoked link stays refused: the page says so and stops asking.
    const refused = () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(retryTimer);
      abort?.abort();
      setStatus('invalid');
      setBoard(null);
    };

    /** While the stream is down: reads the board every pollMs. */
    const read = async () => {
      clearTimeout(pollTimer);
      if (stopped || streaming) return;
      try {
        const res = await fetch('/staff/board/orders', { headers, cache: 'no-store' });
        if (stopped) return;
        if (res.status === 401) return refused();
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as BoardAnswer;
        if (stopped || streaming) return;
        apply(next);
      } catch {
        if (!stopped && !streaming) setStatus('offline');
      }
      if (!stopped && !streaming) pollTimer = setTimeout(() => void read(), pollMs);
    };

    /** The live stream (GET /staff/board/events): the board on open and whenever its numbers change. */
    const listen = async () => {
      abort = new AbortController();
      try {
        const res = await fetch('/staff/board/events', { headers: { ...headers, accept: 'text/event-stream' }, cache: 'no-store', signal: abort.signal });
        if (res.status === 401) return refused();
        if (!res.ok || !res.body) throw new Error(String(res.status));
        streaming = true;
        retryMs = 2_000;
        clearTimeout(pollTimer);
        await readFrames(res.body, (event, _id, data) => {
          if (stopped) return;
          if (event === 'revoked') refused();
          else if (event === 'board') {
            // When a pushed board arrived (the board benchmark measures the render from here; a read's is its network timing).
            try {
              performance.mark(ANSWER_MARK);
            } catch {
              // no user timing here (an old TV browser): nothing to mark
            }
            try {
              apply(JSON.parse(data) as BoardAnswer);
            } catch {
              // a frame we cannot read: the next one will do
            }
          }
        });
      } catch {
        // refused, cut off or stopped
      }
      streaming = false;
      if (stopped) return;
      // Down: read meanwhile, and open the stream again a little later (2 s, up to 30 s apart).
      void read();
      retryTimer = setTimeout(() => void listen(), retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    };
    void listen();
    return () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(retryTimer);
      abort?.abort();
    };
  }, [token, pollMs, intl.locale]);

  const handleSound = () => setSound(unlockChime());

  if (status === 'invalid') {
    return (
      <main className="ready-board invalid">
        <p role="alert">
          <FormattedMessage {...m.invalid} />
        </p>
      </main>
    );
  }
  const newest = board?.ready[0];
  return (
    <main className="ready-board">
      <header className="board-bar">
        <h1>
          <FormattedMessage {...m.title} />
        </h1>
        {status === 'offline' && (
          <p className="board-offline" role="status">
            <FormattedMessage {...m.offline} />
          </p>
        )}
        {!sound && (
          <button type="button" className="btn" onClick={handleSound}>
            {intl.formatMessage(m.soundOn)}
          </button>
        )}
      </header>
      <div className="board-columns">
        <section className="board-preparing" aria-labelledby="board-preparing">
          <h2 id="board-preparing">
            <FormattedMessage {...m.preparing} />
          </h2>
          {board && board.preparing.length === 0 ? (
            <p className="board-empty">
              <FormattedMessage {...m.nonePreparing} />
            </p>
          ) : (
            <Numbers numbers={board?.preparing ?? NO_NUMBERS} />
          )}
        </section>
        <section className="board-ready" aria-labelledby="board-ready">
          <h2 id="board-ready">
            <FormattedMessage {...m.ready} />
          </h2>
          {board && !newest ? (
            <p className="board-empty">
              <FormattedMessage {...m.noneReady} />
            </p>
          ) : (
            <Numbers numbers={board?.ready ?? NO_NUMBERS} live />
          )}
        </section>
      </div>
    </main>
  );
}
