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
export const SheetStatus = { open: 0, paid: 1, closed: 2, checkedOut: 3 } as const;
export const PayStatus = { unpaid: 0, paying: 1, paid: 2, refunded: 3 } as const;
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
