/**
 * A ticket that keeps time: its timer from when the kitchen received the
 * order (the service's clock, ticker.ts), coloured amber then red at the
 * outlet's thresholds for its way of ordering. Only the heading and the
 * ticket's colour re-render each second; its lines (children) do not.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { KitchenThresholdJson } from '../../shared/protocol/staffKitchen';
import { clockText, timerColour } from './stations';
import { useServiceNow } from './ticker';

const m = defineMessages({
  waiting: { id: 'staff.kds.waiting', defaultMessage: 'Waiting {time}' },
});

export function TimedTicket({
  receivedAt,
  takeType,
  thresholds,
  className,
  label,
  ticketKey,
  heading,
  children,
}: {
  receivedAt: string;
  takeType: KitchenThresholdJson['takeType'];
  thresholds: readonly KitchenThresholdJson[];
  className: string;
  label: string;
  /** '<sheetId>:<round>' (data-ticket: the benchmark and tests find a ticket by it). */
  ticketKey: string;
  heading: (timer: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const now = useServiceNow();
  const seconds = Math.max(0, (now - Date.parse(receivedAt)) / 1000);
  const colour = timerColour(seconds, takeType, thresholds);
  const time = clockText(seconds);
  return (
    <article className={`${className} timer-${colour}`} data-timer={colour} data-ticket={ticketKey} aria-label={label}>
      {heading(
        <span className="timer" aria-label={intl.formatMessage(m.waiting, { time })}>
          {time}
        </span>,
      )}
      {children}
    </article>
  );
}
