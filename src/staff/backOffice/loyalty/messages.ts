/** The loyalty section's messages shared by its panels (each panel declares its own beside it). */
import { defineMessages } from '../../../ui-kit/defineMessages';

export const problemMessages = defineMessages({
  required: { id: 'staff.loyalty.problem.required', defaultMessage: 'Required.' },
  money: { id: 'staff.loyalty.problem.money', defaultMessage: 'An amount like 12.50, never negative.' },
  positive: { id: 'staff.loyalty.problem.positive', defaultMessage: 'More than 0.' },
  atMost: { id: 'staff.loyalty.problem.atMost', defaultMessage: 'Not more than the amount before it.' },
  whole: { id: 'staff.loyalty.problem.whole', defaultMessage: 'A whole number.' },
  range: { id: 'staff.loyalty.problem.range', defaultMessage: 'A whole number in the allowed range.' },
  percent: { id: 'staff.loyalty.problem.percent', defaultMessage: 'A discount is the whole percent paid, 1 to 99.' },
  minimum: { id: 'staff.loyalty.problem.minimum', defaultMessage: 'The minimum spend is at least the value.' },
  dates: { id: 'staff.loyalty.problem.dates', defaultMessage: 'The end cannot be before the start.' },
  reason: { id: 'staff.loyalty.problem.reason', defaultMessage: 'Give a reason (at least 2 characters).' },
  pin: { id: 'staff.loyalty.problem.pin', defaultMessage: 'Your PIN: 4 to 8 digits.' },
  signed: { id: 'staff.loyalty.problem.signed', defaultMessage: 'An amount like 15 or -20.00.' },
  notZero: { id: 'staff.loyalty.problem.notZero', defaultMessage: 'Not zero.' },
});

export const commonMessages = defineMessages({
  save: { id: 'staff.loyalty.save', defaultMessage: 'Save' },
  saved: { id: 'staff.loyalty.saved', defaultMessage: 'Saved.' },
  conflict: { id: 'staff.loyalty.conflict', defaultMessage: 'Changed by someone else: the form now shows the current values. Check them and save again.' },
  failed: { id: 'staff.loyalty.failed', defaultMessage: 'Not saved: {reason}' },
  forbidden: { id: 'staff.loyalty.forbidden', defaultMessage: 'Only the owner may change this.' },
  loading: { id: 'staff.loyalty.loading', defaultMessage: 'Loading…' },
});
