/** A sheet's ids, dates and the state a customer sees of it (src/shared/domain/orderStates.ts). */
import { type DisplayState, PayStatus, SheetStatus, displayState } from '../../../shared/domain/orderStates';
import { randomInt } from 'node:crypto';

/** A new sheet id: 876, the time in milliseconds and 6 random digits. */
export function newSheetId(now: Date): string {
  return `876${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** ISO date-time in UTC to the second, as the other sheet reads send it; '' for none. */
export function isoSeconds(d: unknown): string {
  if (d === null || d === undefined || d === '') return '';
  const date = d instanceof Date ? d : new Date(String(d));
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * How long an unpaid prepay order is shown as waiting for payment before it
 * is shown as expired (the displayed state only: see orderStates.ts).
 */
export const UNPAID_ORDER_MINUTES = 30;

/**
 * How long an online settle of a postpay table sheet holds the sheet (no
 * more rounds) while no payment has started; a payment in progress holds it
 * until it ends.
 */
export const SETTLE_HOLD_MINUTES = 10;

/** The sheet columns the displayed state and the guards need, selected from `s`. */
export const SHEET_STATE_COLUMNS = `s.status, s.pay_status, s.progress, s.is_pay_later, s.business_mode, s.take_type,
  s.pay_mode, s.created_at, s.settle_started_at`;

export type SheetStateRow = {
  status: number;
  pay_status: number;
  progress: string;
  is_pay_later: boolean;
  business_mode: number;
  take_type: string;
  pay_mode: string;
  created_at: Date;
  settle_started_at: Date | null;
};

/** The state a customer sees of a sheet at `now`. */
export function sheetDisplayState(row: SheetStateRow, now: Date): DisplayState {
  const expired =
    row.pay_mode === 'prepay' &&
    row.status === SheetStatus.open &&
    row.pay_status === PayStatus.unpaid &&
    !row.is_pay_later &&
    now.getTime() - new Date(row.created_at).getTime() > UNPAID_ORDER_MINUTES * 60_000;
  return displayState({
    status: row.status,
    payStatus: row.pay_status,
    progress: row.progress,
    isPayLater: row.is_pay_later,
    businessMode: String(row.business_mode),
    takeType: row.take_type,
    payMode: row.pay_mode,
    expired,
  });
}

/** Whether a postpay sheet is being settled at `now` (no more rounds). */
export function isSettling(row: Pick<SheetStateRow, 'pay_status' | 'settle_started_at'>, now: Date): boolean {
  if (row.pay_status === PayStatus.paying) return true;
  if (!row.settle_started_at) return false;
  return now.getTime() - new Date(row.settle_started_at).getTime() < SETTLE_HOLD_MINUTES * 60_000;
}
