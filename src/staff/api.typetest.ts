/**
 * Type test (run by `npm run typecheck`, never executed): the staff program's
 * client is typed from the staff API's table (shared/protocol/staff.ts).
 * Each `@ts-expect-error` below fails the typecheck if the mistake it marks
 * stops being an error.
 */
import type { StaffApi, StaffSheet } from './api';

declare const api: StaffApi;
declare const sheet: StaffSheet;

export async function right() {
  const moved = await api.progress('s1', 'preparing', 1);
  const closed = await api.forceClose('s1');
  return [moved.round.kitchenState, moved.sheet.displayState, closed.payment, sheet.rounds[0]?.items[0]?.detail];
}

export async function wrong() {
  // @ts-expect-error 'cooking' is not a progress
  await api.progress('s1', 'cooking');
  const moved = await api.progress('s1', 'ready');
  // @ts-expect-error the answer's round has kitchenState, not kitchen_state
  const state = moved.round.kitchen_state;
  // @ts-expect-error a sheet's rounds are numbered by roundNo
  const no = sheet.rounds[0]?.round;
  // @ts-expect-error the sheet's status is a number
  const open: string = sheet.status;
  return [state, no, open];
}
