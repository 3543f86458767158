/**
 * Order (sheet) states shared by the service and the app.
 *
 *   status      0 open (ordering; unpaid prepay orders and pay-after table sheets)
 *               1 paid (a prepay order whose payment was confirmed)
 *               2 closed (cancelled by the customer or closed by staff)
 *               3 checked out (a pay-after table sheet that was settled)
 *   payStatus   0 unpaid, 1 paying (a payment is waiting for the provider),
 *               2 paid, 3 refunded
 *   progress    what the kitchen and counter have done:
 *               placed, preparing, ready, delivering, completed
 *   isPayLater  pay on delivery (or at the counter) was chosen
 *
 * The states a customer sees (SPEC section 4) derive from these.
 */
import { PayStatus, SheetStatus } from './sheetStatus';

export { PayStatus, SheetStatus } from './sheetStatus';
export const PROGRESS = ['placed', 'preparing', 'ready', 'delivering', 'completed'] as const;
export type Progress = (typeof PROGRESS)[number];

export type DisplayState =
  | 'unpaid'
  | 'paid'
  | 'preparing'
  | 'ready'
  | 'delivering'
  | 'completed'
  | 'pickedUp'
  | 'checkedOut'
  | 'expired'
  | 'cancelled'
  | 'ordering';

export interface SheetStateInput {
  status: number;
  payStatus: number;
  progress: string;
  isPayLater: boolean;
  /** 1 takeout, 2 dine-in. */
  businessMode: string;
  /** 'pickup' | 'delivery' | 'dinein' */
  takeType: string;
  /** 'prepay' | 'postpay' (a pay-after table sheet is 'ordering' while open). */
  payMode?: string;
  /** Whether the order was never paid and its time to pay ran out. */
  expired?: boolean;
}

/** The state a customer sees for a sheet. */
export function displayState(s: SheetStateInput): DisplayState {
  if (s.status === SheetStatus.closed) return s.expired ? 'expired' : 'cancelled';
  if (s.status === SheetStatus.checkedOut) return 'checkedOut';
  if (s.progress === 'completed') return s.takeType === 'pickup' ? 'pickedUp' : 'completed';
  if (s.progress === 'delivering') return 'delivering';
  if (s.progress === 'ready') return 'ready';
  if (s.progress === 'preparing') return 'preparing';
  if (s.status === SheetStatus.paid || s.payStatus === PayStatus.paid) return 'paid';
  if (s.status === SheetStatus.open && s.payMode === 'postpay') return 'ordering';
  if (s.isPayLater) return 'preparing';
  return s.expired ? 'expired' : 'unpaid';
}

/** A customer may cancel an order that nobody has started on. */
export function canCancel(s: SheetStateInput): boolean {
  return cancelRefusal(s) === null;
}

/**
 * Why the service refuses a customer's cancel (PosSalSheet_PosSalSheetCloseSubmit_V5_Add),
 * or null when it accepts it: the order is over ('closed'), the kitchen or
 * counter has started on it ('started'), or a payment is under way ('paying').
 * A paid order nobody has started on is cancelled and refunded the way it was paid.
 */
export type CancelRefusal = 'closed' | 'started' | 'paying';

export function cancelRefusal(s: SheetStateInput): CancelRefusal | null {
  if (s.status !== SheetStatus.open && s.status !== SheetStatus.paid) return 'closed';
  if (s.progress !== 'placed') return 'started';
  if (s.payStatus === PayStatus.paying) return 'paying';
  return null;
}

/**
 * The forward-only progress rule (the staff's moves, issue 25): a round's
 * progress moves along PROGRESS and never back. 'forward' when `to` is a
 * later step than `from`, 'same' when it is the same step (nothing to do),
 * 'backward' when it is an earlier one (refused). An unknown progress reads
 * as 'placed'.
 */
export type ProgressMove = 'forward' | 'same' | 'backward';

export function progressMove(from: string, to: Progress): ProgressMove {
  const a = Math.max(0, PROGRESS.indexOf(from as Progress));
  const b = PROGRESS.indexOf(to);
  return b > a ? 'forward' : b === a ? 'same' : 'backward';
}

/**
 * The next step of a round as the kitchen's button makes it, or null when it
 * has none left: placed -> preparing -> ready -> (a delivery) delivering ->
 * completed. Only a delivery goes through 'delivering' (the service refuses
 * it for any other order).
 */
export function nextProgress(progress: string, takeType: string): Progress | null {
  switch (progress) {
    case 'placed':
      return 'preparing';
    case 'preparing':
      return 'ready';
    case 'ready':
      return takeType === 'delivery' ? 'delivering' : 'completed';
    case 'delivering':
      return 'completed';
    default:
      return null;
  }
}

/** The kitchen's columns, in order. */
export const KITCHEN_COLUMNS = ['new', 'preparing', 'ready', 'delivering'] as const;
export type KitchenColumn = (typeof KITCHEN_COLUMNS)[number];

const COLUMN_OF_PROGRESS: Partial<Record<string, KitchenColumn>> = { placed: 'new', preparing: 'preparing', ready: 'ready', delivering: 'delivering' };

/** What the kitchen column of a round depends on: its sheet's state and all its rounds. */
export interface KitchenSheet {
  status: number;
  /** The sheet's display state as the service sends it (displayState()). */
  displayState: string;
  payMode: string;
}

/**
 * The column of the kitchen screen a round's card belongs in, or null when
 * it is not the kitchen's: the sheet is closed or checked out, unpaid (or its
 * time to pay ran out), or the round was served. A table's sheet that was all
 * served but not paid stays in view (its last round, under 'ready') for the
 * counter to close.
 */
export function kitchenColumn(
  sheet: KitchenSheet,
  round: { roundNo: number; progress: string },
  rounds: readonly { roundNo: number; progress: string }[],
): KitchenColumn | null {
  if (sheet.status === SheetStatus.closed || sheet.status === SheetStatus.checkedOut) return null;
  if (sheet.displayState === 'unpaid' || sheet.displayState === 'expired') return null;
  if (round.progress === 'completed') {
    const allServed = rounds.every((r) => r.progress === 'completed');
    const last = rounds[rounds.length - 1];
    return sheet.payMode === 'postpay' && sheet.status === SheetStatus.open && allServed && round.roundNo === last?.roundNo ? 'ready' : null;
  }
  return COLUMN_OF_PROGRESS[round.progress] ?? null;
}

/**
 * A line's detail (sheet_item.Detail: JSON with its bundle parts, add-ons and
 * remarks) as words, in that order: the parts' names, the add-ons' values
 * (after `addOnMark`, e.g. '+ ' on the kitchen's cards) and the remarks.
 * Text that is not such JSON is one word; an empty detail none.
 */
export function detailWords(detail: string, addOnMark = ''): string[] {
  if (!detail.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return [detail];
  }
  if (!parsed || typeof parsed !== 'object') return [detail];
  const d = parsed as { bomList?: unknown; attachmentList?: unknown; remarkList?: unknown };
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const word = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  return [
    ...list(d.bomList).map((b) => word((b as { GoodsName?: unknown } | null)?.GoodsName)),
    ...list(d.attachmentList)
      .map((a) => word((a as { Value?: unknown } | null)?.Value))
      .map((v) => (v ? addOnMark + v : '')),
    ...list(d.remarkList).map(word),
  ].filter(Boolean);
}
