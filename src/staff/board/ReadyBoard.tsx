/**
 * The ready board (issue 26 section 4): a TV at the pickup counter shows the
 * outlet's pickup numbers, preparing and ready, the newest ready number
 * largest; numbers only, never names. No sign-in: the manager's board link
 * carries a long random token (in the address's fragment, which browsers
 * never send), which every read sends in the X-Board-Token header
 * (GET /staff/board/orders, shared/protocol/staffBoard.ts). It reads again
 * every second (pollMs), so a number is on the board within 2 s of the
 * kitchen marking it ready, and chimes when a number turns ready.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { BoardAnswer } from '../../shared/protocol/staffBoard';
import { playReadyChime, unlockChime } from './chime';

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

export function ReadyBoard({ token, pollMs = 1000 }: { token: string; pollMs?: number }) {
  const intl = useIntl();
  const [board, setBoard] = useState<BoardAnswer | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [sound, setSound] = useState(false);
  const readyBefore = useRef<Set<string> | null>(null);
  const shownKey = useRef('');

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const res = await fetch('/staff/board/orders', { headers: { [TOKEN_HEADER]: token, 'accept-language': intl.locale }, cache: 'no-store' });
        if (stopped) return;
        if (res.status === 401) {
          setStatus('invalid');
          setBoard(null);
          return; // a revoked link stays refused: the page says so and stops asking
        }
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as BoardAnswer;
        if (stopped) return;
        const ready = new Set(next.ready.map((n) => n.pickupNo));
        // A number that turned ready since the last read (not those already ready when the board opened).
        if (readyBefore.current && [...ready].some((no) => !readyBefore.current!.has(no))) playReadyChime();
        readyBefore.current = ready;
        // The same numbers as a second ago (the usual answer): nothing to render.
        const key = JSON.stringify([next.preparing, next.ready, next.readyMinutes]);
        if (key !== shownKey.current) {
          shownKey.current = key;
          setBoard(next);
        }
        setStatus('live');
      } catch {
        if (!stopped) setStatus('offline');
      }
      if (!stopped) timer = setTimeout(() => void read(), pollMs);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
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
  const [newest, ...others] = board?.ready ?? [];
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
            <ul className="numbers">
              {board?.preparing.map((n) => (
                <li key={n.pickupNo}>{n.pickupNo}</li>
              ))}
            </ul>
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
            // Announced as numbers turn ready (a screen reader beside the TV, or a phone's).
            <ul className="numbers" aria-live="polite">
              {newest && (
                <li key={newest.pickupNo} className="newest">
                  {newest.pickupNo}
                </li>
              )}
              {others.map((n) => (
                <li key={n.pickupNo}>{n.pickupNo}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
