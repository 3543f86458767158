/** A ticket's words, shared by the expo's cards and the stations' tickets: where the order goes, the ticket's name. */
import { IntlMessageFormat } from 'intl-messageformat';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { CLOCK } from '../../ui-kit/format';
import type { StaffRound, StaffSheet } from '../api';

const m = defineMessages({
  card: { id: 'staff.card', defaultMessage: 'Order {number}, {where}' },
  cardRound: { id: 'staff.cardRound', defaultMessage: 'Order {number}, {where}, round {round}' },
  table: { id: 'staff.table', defaultMessage: 'Table {table}' },
  pickup: { id: 'staff.pickup', defaultMessage: 'Pickup {time}' },
  pickupAsap: { id: 'staff.pickupAsap', defaultMessage: 'Pickup, as soon as possible' },
  delivery: { id: 'staff.delivery', defaultMessage: 'Delivery {time}' },
  deliveryAsap: { id: 'staff.deliveryAsap', defaultMessage: 'Delivery, as soon as possible' },
  dineIn: { id: 'staff.dineIn', defaultMessage: 'Dine in' },
});

/** Where orders go, per screen language: many share one (a board of 200 pickups: "Pickup, as soon as possible"). */
const wheres = new WeakMap<IntlShape, Map<string, string>>();

/** Where the order goes: its table, or its pickup or delivery time. */
export function whereOf(intl: IntlShape, s: StaffSheet): string {
  let known = wheres.get(intl);
  if (!known || known.size > 1_000) wheres.set(intl, (known = new Map()));
  const key = `${s.tableName}\u0000${s.takeType}\u0000${s.takeTime ?? ''}`;
  let where = known.get(key);
  if (where === undefined) known.set(key, (where = whereWords(intl, s)));
  return where;
}

function whereWords(intl: IntlShape, s: StaffSheet): string {
  const time = s.takeTime ? intl.formatTime(new Date(s.takeTime), CLOCK) : '';
  if (s.tableName) return intl.formatMessage(m.table, { table: s.tableName });
  if (s.takeType === 'delivery') return time ? intl.formatMessage(m.delivery, { time }) : intl.formatMessage(m.deliveryAsap);
  if (s.takeType === 'pickup') return time ? intl.formatMessage(m.pickup, { time }) : intl.formatMessage(m.pickupAsap);
  return intl.formatMessage(m.dineIn);
}

/**
 * The tickets' names' messages, compiled once per screen language: react-intl's formatMessage keys its cache by
 * each call's arguments (JSON), a cost a board of 200 tickets pays 200 times.
 */
const names = new WeakMap<IntlShape, { card: IntlMessageFormat; cardRound: IntlMessageFormat }>();

function compiled(intl: IntlShape, d: MessageDescriptor): IntlMessageFormat {
  return new IntlMessageFormat(intl.messages[d.id!] ?? d.defaultMessage!, intl.locale, intl.formats, { ignoreTag: true });
}

/** Whether a ticket is one of several rounds of its sheet (its name and its card say which round). */
export function severalRounds(s: StaffSheet, round: StaffRound): boolean {
  return (s.rounds?.length ?? 1) > 1 || round.roundNo > 1;
}

/** The ticket's accessible name: "Order 0001, Table A10, round 2" (the round when it is one of several). */
export function ticketLabel(intl: IntlShape, s: StaffSheet, round: StaffRound): string {
  // A pickup or delivery order's number of the day (issue 26 section 4), else the sheet's last digits.
  const number = s.pickupNo || s.sheetId.slice(-4);
  const where = whereOf(intl, s);
  let name = names.get(intl);
  if (!name) names.set(intl, (name = { card: compiled(intl, m.card), cardRound: compiled(intl, m.cardRound) }));
  return String(severalRounds(s, round) ? name.cardRound.format({ number, where, round: round.roundNo }) : name.card.format({ number, where }));
}
