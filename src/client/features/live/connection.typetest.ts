/**
 * Type test (run by `npm run typecheck`, never executed): the app reads the
 * live frames as shared/protocol/live.ts declares them. Each
 * `@ts-expect-error` below fails the typecheck if the mistake it marks stops
 * being an error.
 */
import type { LiveEvent } from './connection';

export function right(e: LiveEvent): string {
  if (e.kind === 'menu') return e.data.soldOut ? e.data.goodsId : '';
  return `${e.sheetId} ${e.data.progress} ${e.data.status} ${e.data.round?.mine ? 'mine' : e.data.round?.byName ?? ''}`;
}

export function wrong(e: LiveEvent) {
  if (e.kind === 'menu') {
    // @ts-expect-error a sold-out mark has no progress
    return e.data.progress;
  }
  // @ts-expect-error the field is payStatus
  const paid = e.data.pay_status;
  // @ts-expect-error a frame carries round.mine, never the VipID
  const vip = e.data.round?.vip;
  // @ts-expect-error 'cooking' is not a progress
  const cooking = e.data.progress === 'cooking';
  // @ts-expect-error 'moved' is not a kind
  const moved = e.kind === 'moved';
  return [paid, vip, cooking, moved];
}
