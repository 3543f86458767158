/**
 * A station's screen (issue 26 section 2): only its lines, one ticket per
 * round of an order (a table's round 2 is a ticket of its own, with its
 * remark), oldest first. Tap a line: done; Bump: the ticket's lines done and
 * the ticket off the screen; Recall: the last 10 bumped tickets, newest
 * first, each back into its place.
 */
import { memo, useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { CLOCK } from '../../ui-kit/format';
import type { StaffItem, StaffRound, StaffSheet } from '../api';
import type { BumpedTicketJson, KitchenThresholdJson } from '../../shared/protocol/staffKitchen';
import { m as bm } from './boardMessages';
import { Lines } from './Lines';
import { allDay, linesAt, takeTypeOf } from './stations';
import { TicketHeading } from './TicketHeading';
import { ticketLabel, whereOf } from './ticketWords';
import { TimedTicket } from './TimedTicket';
import type { RoundCard } from './Board';

const m = defineMessages({
  bump: { id: 'staff.kds.bump', defaultMessage: 'Bump' },
  bumpTicket: { id: 'staff.kds.bumpTicket', defaultMessage: 'Bump {ticket}' },
  recall: { id: 'staff.kds.recall', defaultMessage: 'Recall' },
  recallTicket: { id: 'staff.kds.recallTicket', defaultMessage: 'Recall {where}, round {round}, bumped {time}' },
  noRecall: { id: 'staff.kds.noRecall', defaultMessage: 'Nothing bumped yet' },
  allDay: { id: 'staff.kds.allDay', defaultMessage: 'All day' },
  allDayNone: { id: 'staff.kds.allDayNone', defaultMessage: 'Nothing to cook' },
  empty: { id: 'staff.kds.empty', defaultMessage: 'No tickets for this station' },
  tickets: { id: 'staff.kds.tickets', defaultMessage: 'Tickets' },
});

/** The "all day" counts of the screen's lines still to cook; memoized (the expo renders again as its cards are added). */
export const AllDay = memo(function AllDay({ cards, station }: { cards: readonly RoundCard[]; station: string }) {
  const counts = allDay(
    cards.map((c) => c.round),
    station,
  );
  return (
    <aside className="all-day" aria-labelledby="all-day-title">
      <h2 id="all-day-title">
        <FormattedMessage {...m.allDay} />
      </h2>
      {counts.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.allDayNone} />
        </p>
      ) : (
        <ul>
          {counts.map((c) => (
            <li key={c.name}>
              <strong>{c.count}</strong> {c.name}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
});

/** One ticket of a station's screen; memoized: another ticket's change (a pushed event) leaves it alone. */
const StationTicket = memo(function StationTicket({
  ticketKey,
  sheet: s,
  round,
  station,
  thresholds,
  fresh,
  onDone,
  onBump,
}: {
  ticketKey: string;
  sheet: StaffSheet;
  round: StaffRound;
  station: string;
  thresholds: readonly KitchenThresholdJson[];
  fresh: boolean;
  onDone: (sheetId: string, item: StaffItem, done: boolean) => void;
  onBump: (sheetId: string, round: number) => void;
}) {
  const intl = useIntl();
  const label = ticketLabel(intl, s, round);
  const sheetId = s.sheetId;
  const lines = useMemo(() => linesAt(round, station), [round, station]);
  const onLineDone = useCallback((i: StaffItem, done: boolean) => onDone(sheetId, i, done), [onDone, sheetId]);
  return (
    <TimedTicket
      receivedAt={round.receivedAt || round.createdAt}
      takeType={takeTypeOf(s)}
      thresholds={thresholds}
      className={`card ticket${fresh ? ' fresh' : ''}`}
      label={label}
      ticketKey={ticketKey}
      heading={(timer) => <TicketHeading where={whereOf(intl, s)} fresh={fresh} timer={timer} />}
    >
      {round.roundNo > 1 && (
        <h3>
          <FormattedMessage {...bm.round} values={{ round: round.roundNo }} />
        </h3>
      )}
      <Lines items={lines} onDone={onLineDone} />
      {round.remark && (
        <p className="remark">
          <FormattedMessage {...bm.remark} values={{ remark: round.remark }} />
        </p>
      )}
      <button type="button" className="btn btn-primary bump" aria-label={intl.formatMessage(m.bumpTicket, { ticket: label })} onClick={() => onBump(sheetId, round.roundNo)}>
        <FormattedMessage {...m.bump} />
      </button>
    </TimedTicket>
  );
});

export function StationBoard({
  cards,
  station,
  thresholds,
  bumped,
  sheets,
  fresh,
  onDone,
  onBump,
  onRecall,
}: {
  cards: readonly RoundCard[];
  station: string;
  thresholds: readonly KitchenThresholdJson[];
  bumped: readonly BumpedTicketJson[];
  sheets: readonly StaffSheet[];
  fresh: (key: string) => boolean;
  onDone: (sheetId: string, item: StaffItem, done: boolean) => void;
  onBump: (sheetId: string, round: number) => void;
  onRecall: (sheetId: string, round: number) => void;
}) {
  const intl = useIntl();
  const tickets = cards
    .filter((c) => !c.round.withdrawn && linesAt(c.round, station).length > 0 && !(c.round.bumped ?? []).includes(station))
    .sort((a, b) => (a.round.receivedAt || a.round.createdAt).localeCompare(b.round.receivedAt || b.round.createdAt) || a.key.localeCompare(b.key));
  return (
    <div className="station-board">
      <section className="tickets" aria-label={intl.formatMessage(m.tickets)}>
        {tickets.length === 0 && (
          <p className="muted">
            <FormattedMessage {...m.empty} />
          </p>
        )}
        {tickets.map(({ key, sheet, round }) => (
          <StationTicket key={key} ticketKey={key} sheet={sheet} round={round} station={station} thresholds={thresholds} fresh={fresh(key)} onDone={onDone} onBump={onBump} />
        ))}
      </section>
      <div className="side">
        <AllDay cards={tickets} station={station} />
        <details className="recall">
          <summary>
            <FormattedMessage {...m.recall} />
          </summary>
          {bumped.length === 0 ? (
            <p className="muted">
              <FormattedMessage {...m.noRecall} />
            </p>
          ) : (
            <ul>
              {bumped.map((b) => {
                const s = sheets.find((x) => x.sheetId === b.sheetId);
                const where = s ? whereOf(intl, s) : b.tableName || b.sheetId;
                return (
                  <li key={`${b.sheetId}:${b.roundNo}`}>
                    <button type="button" className="btn" onClick={() => onRecall(b.sheetId, b.roundNo)}>
                      <FormattedMessage {...m.recallTicket} values={{ where, round: b.roundNo, time: intl.formatTime(new Date(b.bumpedAt), CLOCK) }} />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </details>
      </div>
    </div>
  );
}
