/**
 * Type test (run by `npm run typecheck`, never executed): the staff program
 * reads the outlet's live frames as shared/protocol/live.ts declares them.
 * Each `@ts-expect-error` below fails the typecheck if the mistake it marks
 * stops being an error.
 */
import type { StaffEvent } from './stream';

export function right(e: StaffEvent): string {
  return e.kind === 'menu' ? e.data.goodsId : `${e.sheetId} ${e.data.progress} ${e.data.roundCount}`;
}

export function wrong(e: StaffEvent) {
  // @ts-expect-error the sheet's id is sheetId
  const id = e.sheetID;
  if (e.kind === 'menu') return id;
  // @ts-expect-error the field is roundCount
  const rounds = e.data.rounds;
  // @ts-expect-error progress is text, not a number
  const step: number = e.data.progress;
  return [rounds, step];
}
