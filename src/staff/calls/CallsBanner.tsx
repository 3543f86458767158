/**
 * The tables' calls (issue 28 section 4): "Call staff" and "Ask for the bill"
 * from the tables' phones, over every section of the staff program (mounted
 * by app/Shell.tsx), within a moment of the call (GET /staff/events, kind
 * 'call') and with a chime. "On my way" claims a call: the first to tap it
 * wins, the phone shows who is coming; another who tapped too is told who.
 * Beside each call, the table's live cart (src/staff/tableCart).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffCallJson } from '../../shared/protocol/staffCalls';
import { defineMessages } from '../../ui-kit/defineMessages';
import { StaffError, type StaffApi } from '../api';
import type { StaffSession } from '../app/session';
import { openStaffStream } from '../stream';
import { TableCartButton, servesTables } from '../tableCart/TableCartButton';
import { playCallCue } from './callSound';

const m = defineMessages({
  region: { id: 'calls.region', defaultMessage: 'Table calls' },
  staff: { id: 'calls.staff', defaultMessage: 'Table {table} calls for staff' },
  bill: { id: 'calls.bill', defaultMessage: 'Table {table} asks for the bill' },
  online: { id: 'calls.online', defaultMessage: 'pays online' },
  card: { id: 'calls.card', defaultMessage: 'pays by card' },
  cash: { id: 'calls.cash', defaultMessage: 'pays in cash' },
  take: { id: 'calls.take', defaultMessage: 'On my way: table {table}' },
  taken: { id: 'calls.taken', defaultMessage: '{name} is on the way' },
  failed: { id: 'calls.failed', defaultMessage: 'Could not take the call: {reason}' },
});

export default function CallsBanner({ api, session }: { api: StaffApi; session: StaffSession }) {
  const intl = useIntl();
  const [calls, setCalls] = useState<StaffCallJson[]>([]);
  const [notice, setNotice] = useState('');
  const baseId = session.outlet.baseId;
  const seen = useRef<Set<string> | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api.calls(baseId);
      // A call not seen before, waiting: the chime (not for those already there when the screen opened).
      const fresh = list.filter((c) => !c.acknowledgedAt && seen.current && !seen.current.has(c.callId));
      seen.current = new Set(list.map((c) => c.callId));
      if (fresh.length > 0) playCallCue();
      setCalls(list);
    } catch {
      // the next event or the stream's return reads again
    }
  }, [api, baseId]);

  useEffect(() => {
    void load();
    return openStaffStream(session.token, baseId, {
      onEvent(e) {
        if ((e as { kind: string }).kind === 'call') void load();
      },
      onOpen: () => void load(),
      onReload: () => void load(),
      onDown: () => undefined,
    });
  }, [baseId, load, session.token]);

  const take = async (call: StaffCallJson) => {
    setNotice('');
    try {
      await api.ackCall(call.callId);
    } catch (err) {
      setNotice(intl.formatMessage(m.failed, { reason: err instanceof StaffError ? err.message : String(err) }));
    }
    await load();
  };

  if (calls.length === 0 && !notice) return null;
  const payWords = { online: m.online, card: m.card, cash: m.cash } as const;
  return (
    <section className="calls-banner" aria-label={intl.formatMessage(m.region)} aria-live="polite">
      <ul>
        {calls.map((c) => (
          <li key={c.callId} className={c.acknowledgedAt ? 'call taken' : 'call waiting'}>
            <span className="call-text">
              <FormattedMessage {...(c.kind === 'bill' ? m.bill : m.staff)} values={{ table: c.tableName }} />
              {c.kind === 'bill' && c.payHow ? <> · <FormattedMessage {...payWords[c.payHow]} /></> : null}
            </span>
            {c.acknowledgedAt ? (
              <span className="call-taken">
                <FormattedMessage {...m.taken} values={{ name: c.acknowledgedBy }} />
              </span>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => void take(c)}>
                <FormattedMessage {...m.take} values={{ table: c.tableName }} />
              </button>
            )}
            {/* The table's live cart (issue 28 section 1): the roles that serve tables. */}
            {servesTables(session.role) && <TableCartButton api={api} tableId={c.tableId} tableName={c.tableName} />}
          </li>
        ))}
      </ul>
      {notice && <p role="alert">{notice}</p>}
    </section>
  );
}
