/**
 * The rounds of a sheet in the kitchen (issue 23 item 2). Each round of
 * ordering is a ticket of its own with its own progress (the values of
 * orderStates.PROGRESS); the sheet's progress is derived from its rounds: the
 * least advanced round's, so a round added after the others were served
 * brings the sheet back to 'placed' and the kitchen sees it as new.
 *
 * What the kitchen and the customer call a round's progress:
 *   placed -> new, preparing -> preparing, ready -> ready,
 *   completed -> served; delivering (a delivery's one round) -> ready (it left the kitchen).
 */
import { PROGRESS, type Progress } from './orderStates';

export const KITCHEN_STATES = ['new', 'preparing', 'ready', 'served'] as const;
export type KitchenState = (typeof KITCHEN_STATES)[number];

const KITCHEN_OF: Record<Progress, KitchenState> = {
  placed: 'new',
  preparing: 'preparing',
  ready: 'ready',
  delivering: 'ready',
  completed: 'served',
};

export function isProgress(value: string): value is Progress {
  return (PROGRESS as readonly string[]).includes(value);
}

/** A round's kitchen state from its progress (an unknown progress reads as new). */
export function kitchenState(progress: string): KitchenState {
  return isProgress(progress) ? KITCHEN_OF[progress] : 'new';
}

/** The sheet's progress derived from its rounds' (the least advanced; 'placed' for none). */
export function sheetProgressOf(rounds: readonly string[]): Progress {
  let least: number = PROGRESS.length;
  for (const p of rounds) least = Math.min(least, isProgress(p) ? PROGRESS.indexOf(p) : 0);
  return least === PROGRESS.length ? 'placed' : PROGRESS[least]!;
}

/** A sku's items ('大，', 'Large;Iced') as the values' names, in order, without separators. */
export function specWords(skuItems: string): string[] {
  return skuItems
    .split(/[;；，,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}
