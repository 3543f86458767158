/** A ticket's words, shared by the expo's cards and the stations' tickets: where the order goes, the ticket's name. */
import type { IntlShape } from 'react-intl';
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

/** Where the order goes: its table, or its pickup or delivery time. */
export function whereOf(intl: IntlShape, s: StaffSheet): string {
  const time = s.takeTime ? intl.formatTime(new Date(s.takeTime), CLOCK) : '';
  if (s.tableName) return intl.formatMessage(m.table, { table: s.tableName });
  if (s.takeType === 'delivery') return time ? intl.formatMessage(m.delivery, { time }) : intl.formatMessage(m.deliveryAsap);
  if (s.takeType === 'pickup') return time ? intl.formatMessage(m.pickup, { time }) : intl.formatMessage(m.pickupAsap);
  return intl.formatMessage(m.dineIn);
}

/** The ticket's accessible name: "Order 0001, Table A10, round 2". */
export function ticketLabel(intl: IntlShape, s: StaffSheet, round: StaffRound, several: boolean): string {
  // A pickup or delivery order's number of the day (issue 26 section 4), else the sheet's last digits.
  const number = s.pickupNo || s.sheetId.slice(-4);
  const where = whereOf(intl, s);
  return several ? intl.formatMessage(m.cardRound, { number, where, round: round.roundNo }) : intl.formatMessage(m.card, { number, where });
}
