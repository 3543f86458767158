/**
 * A ticket that keeps time: its timer from when the kitchen received the
 * order (the service's clock, ticker.ts), coloured amber then red at the
 * outlet's thresholds for its way of ordering. The timer's text is written
 * by the screen's one clock each second (no render); the ticket re-renders
 * only when its colour changes (its cards are memoized: Card, StationTicket).
 */
import { memo, useCallback, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { KitchenThresholdJson } from '../../shared/protocol/staffKitchen';
import { clockText, timerColour } from './stations';
import { serviceNow, useServiceValue, useTickingText } from './ticker';

const m = defineMessages({
  waiting: { id: 'staff.kds.waiting', defaultMessage: 'Waiting {time}' },
});

const secondsSince = (receivedMs: number, nowMs: number) => Math.max(0, (nowMs - receivedMs) / 1000);

/** The timer: m:ss, written each second by the clock; its label says what it counts. */
const Timer = memo(function Timer({ receivedMs }: { receivedMs: number }) {
  const intl = useIntl();
  const ref = useRef<HTMLSpanElement>(null);
  const text = useCallback((n: number) => clockText(secondsSince(receivedMs, n)), [receivedMs]);
  const apply = useCallback(
    (el: HTMLElement, time: string) => {
      if (el.textContent === time) return;
      el.textContent = time;
      el.setAttribute('aria-label', intl.formatMessage(m.waiting, { time }));
    },
    [intl],
  );
  useTickingText(ref, text, apply);
  const time = clockText(secondsSince(receivedMs, serviceNow()));
  return (
    <span ref={ref} className="timer" aria-label={intl.formatMessage(m.waiting, { time })}>
      {time}
    </span>
  );
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
  const receivedMs = Date.parse(receivedAt);
  const colour = useServiceValue((n) => timerColour(secondsSince(receivedMs, n), takeType, thresholds));
  return (
    <article className={`${className} timer-${colour}`} data-timer={colour} data-ticket={ticketKey} aria-label={label}>
      {heading(<Timer receivedMs={receivedMs} />)}
      {children}
    </article>
  );
}
