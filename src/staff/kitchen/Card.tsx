/** One card of the kitchen board: one round of a sheet, its timer, lines, station chips and the counter's buttons. */
import { lazy, memo, Suspense, useCallback } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { type StaffApi, type StaffItem, type StaffRound, type StaffSheet } from '../api';
import { FixButton } from '../fixOrder/FixButton';
import { nextProgress, type Progress } from '../../shared/domain/orderStates';
import type { StaffAnswer } from '../../shared/protocol/staff';
import { Lines } from './Lines';
import { stationProgress, takeTypeOf } from './stations';
import { TicketHeading } from './TicketHeading';
import { severalRounds, ticketLabel, whereOf } from './ticketWords';
import { TimedTicket } from './TimedTicket';
import { allergyOf } from './allergyOf';
import { m } from './boardMessages';

/** The banner's words (the 14 allergens in the screen's language) load with the first card that has an allergy. */
const AllergyBanner = lazy(() => import(/* webpackChunkName: "allergy" */ './AllergyBanner').then((a) => ({ default: a.AllergyBanner })));

/** The next step of a round (shared/domain/orderStates.ts nextProgress) and its button's words. */
function nextStep(s: StaffSheet, progress: string): { progress: Progress; label: MessageDescriptor } | null {
  const next = nextProgress(progress, s.takeType);
  if (next === 'completed') return { progress: next, label: progress === 'delivering' ? m.toDelivered : s.takeType === 'pickup' ? m.toPickedUp : m.toServed };
  const labels: Partial<Record<Progress, MessageDescriptor>> = { preparing: m.toPreparing, ready: m.toReady, delivering: m.toDelivering };
  return next ? { progress: next, label: labels[next]! } : null;
}

/** What a card's buttons do: one object for every card of the board (stable across renders, so cards stay memoized). */
export interface CardActions {
  api: StaffApi;
  forward(s: StaffSheet, round: StaffRound, progress: Progress): void;
  closePaid(s: StaffSheet): void;
  cancelPayment(s: StaffSheet): void;
  forceClose(s: StaffSheet): void;
  done(sheetId: string, item: StaffItem, done: boolean): void;
  /** The sheet was fixed (src/staff/fixOrder): read again. */
  changed(): void;
}

/**
 * Memoized: the board re-renders for one sheet's change (a pushed event) and every other card, its sheet and
 * round the same objects, is left alone.
 */
export const Card = memo(function Card({
  sheet: s,
  round,
  stations,
  thresholds,
  fresh,
  actions,
}: {
  sheet: StaffSheet;
  round: StaffRound;
  stations: NonNullable<StaffAnswer<'GET /staff/kitchen'>>['stations'];
  thresholds: NonNullable<StaffAnswer<'GET /staff/kitchen'>>['thresholds'];
  fresh: boolean;
  actions: CardActions;
}) {
  const intl = useIntl();
  const next = nextStep(s, round.progress);
  const tableOpen = s.payMode === 'postpay' && s.status === 0;
  const several = severalRounds(s, round);
  const label = ticketLabel(intl, s, round);
  const chips = stationProgress(round, stations);
  const sheetId = s.sheetId;
  const onLineDone = useCallback((i: StaffItem, done: boolean) => actions.done(sheetId, i, done), [actions, sheetId]);
  return (
    <TimedTicket
      receivedAt={round.receivedAt || round.createdAt || s.createdAt}
      takeType={takeTypeOf(s)}
      thresholds={thresholds}
      className={`card${fresh ? ' fresh' : ''}${round.withdrawn ? ' withdrawn' : ''}`}
      label={label}
      ticketKey={`${s.sheetId}:${round.roundNo}`}
      heading={(timer) => <TicketHeading where={whereOf(intl, s)} fresh={fresh} timer={timer} />}
    >
      <p className={s.pickupNo ? 'pickup-no' : 'muted small'}>
        {s.pickupNo ? <strong style={{ fontSize: 32 }}>{s.pickupNo}</strong> : `#${s.sheetId}`}
        {s.custName ? ` · ${s.custName}` : ''}
      </p>
      {s.takeType === 'delivery' && s.address && <p className="address">{s.address}</p>}
      {/* Issue 29: an allergy (the customer's filter, or a note) before anything else of the order. */}
      {allergyOf(round) && (
        <Suspense fallback={null}>
          <AllergyBanner round={round} />
        </Suspense>
      )}
      {chips.length > 0 && (
        <ul className="chips">
          {chips.map((c) => (
            <li key={c.stationId} className={c.done === c.total ? 'chip done' : 'chip'}>
              <FormattedMessage {...m.progress} values={{ station: c.name, done: c.done, total: c.total }} />
            </li>
          ))}
        </ul>
      )}
      <div className="round">
        {several && (
          <h3>
            <FormattedMessage {...m.round} values={{ round: round.roundNo }} />
          </h3>
        )}
        {round.withdrawn ? (
          <p>
            <del>
              <FormattedMessage {...m.withdrawn} values={{ round: round.roundNo }} />
            </del>
          </p>
        ) : (
          // Tap a line: done (where the outlet has stations: the kitchen's screens).
          <Lines items={round.items} onDone={stations.length > 0 ? onLineDone : undefined} />
        )}
      </div>
      {/* The round's own remark, beside its lines (issue 22 item 4). */}
      {round.remark && (
        <p className="remark">
          <FormattedMessage {...m.remark} values={{ remark: round.remark }} />
        </p>
      )}
      {s.isPayLater && s.payStatus !== 2 && (
        <p className="muted small">
          <FormattedMessage {...m.payLater} />
        </p>
      )}
      {tableOpen && s.payStatus !== 2 && (
        <p className="muted small">
          <FormattedMessage {...(s.payStatus === 1 ? m.paying : m.unpaidTable)} />
        </p>
      )}
      <div className="actions">
        {next && round.progress !== 'completed' && (
          <button type="button" className="btn btn-primary" onClick={() => actions.forward(s, round, next.progress)}>
            <FormattedMessage {...next.label} />
          </button>
        )}
        {tableOpen && (
          <button type="button" className="btn" onClick={() => actions.closePaid(s)}>
            <FormattedMessage {...m.closePaid} />
          </button>
        )}
        {s.payStatus === 1 && (
          <button type="button" className="btn" onClick={() => actions.cancelPayment(s)}>
            <FormattedMessage {...m.cancelPayment} />
          </button>
        )}
        {tableOpen && (
          <button type="button" className="btn btn-danger" onClick={() => actions.forceClose(s)}>
            <FormattedMessage {...m.forceClose} />
          </button>
        )}
        <FixButton api={actions.api} sheet={s} onChanged={actions.changed} />
      </div>
    </TimedTicket>
  );
});
