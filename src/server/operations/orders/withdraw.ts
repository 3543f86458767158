/**
 * Withdrawing a round from a table's running sheet (issue 22), the answer of
 * PosSalSheet_PosSalSheetCloseSubmit_V5_Add on a pay-after table sheet.
 *
 * A table's sheet is shared by everyone at the table: no diner may cancel it
 * whole (the first to order could otherwise cancel everyone's rounds);
 * cancelling or closing it is the staff's (http/staff.ts). A diner may
 * withdraw a round of their own while the kitchen has not started it
 * (the round's own kitchen state, sheet_round.progress, is still 'placed'),
 * the sheet is open, and nobody is settling
 * or paying it. RoundNo names the round; without it (an app that sends only
 * SheetID) the caller's latest round not yet withdrawn.
 *
 * The round's lines leave the sheet and its amount the sheet's totals; the
 * round's row stays, marked withdrawn. When no round is left, the sheet is
 * closed (status 2) and the table is free again.
 */
import { SheetStatus } from '../../../shared/domain/orderStates';
import { sheetProgressOf } from '../../../shared/domain/rounds';
import { decimal4 } from '../../../shared/protocol/envelope';
import { emitSheetEvent } from '../../events/emit';
import { OpError, type OpContext, type RowOf } from '../context';
import { isSettling, SHEET_STATE_COLUMNS, type SheetStateRow } from './sheetState';
import { refreshServiceCharge } from '../payments/bill';

type Round = { round_no: number; vip_id: string; amount: string; progress: string; withdrawn_at: Date | null };

/**
 * Withdraws a round of the caller (vipId) from the table sheet `sheetId`,
 * whose row the caller has locked. `atTable`: the caller's browser scanned
 * the sheet's table (a diner there, told why not rather than 'does not exist').
 */
export async function withdrawRound(
  ctx: Pick<OpContext, 'tx' | 'now'>,
  sheetId: string,
  vipId: string,
  roundNo: number | undefined,
  atTable: boolean,
): Promise<{ table1: RowOf<'PosSalSheet_PosSalSheetCloseSubmit_V5_Add'>[] }> {
  const { tx, now } = ctx;
  const [sheet] = await tx.query<SheetStateRow & { vip_id: string | null }>(`SELECT s.vip_id, ${SHEET_STATE_COLUMNS} FROM sheet s WHERE s.sheet_id = $1`, [sheetId]);
  if (!sheet) throw new OpError('sheetNotFound');
  const rounds = await tx.query<Round>(
    'SELECT round_no, vip_id, amount::text AS amount, progress, withdrawn_at FROM sheet_round WHERE sheet_id = $1 ORDER BY round_no',
    [sheetId],
  );
  const own = rounds.filter((r) => r.vip_id === vipId);
  // Someone who neither ordered on it nor sits at it: not theirs to know about.
  if (own.length === 0 && sheet.vip_id !== vipId && !atTable) throw new OpError('sheetNotFound');

  let round: Round | undefined;
  if (roundNo !== undefined) {
    round = rounds.find((r) => r.round_no === roundNo);
    if (!round || round.vip_id !== vipId) throw new OpError(own.length > 0 ? 'roundNotYours' : 'tableCancelStaff');
    if (round.withdrawn_at) throw new OpError('roundWithdrawn', undefined, { round: roundNo });
  } else {
    round = own.filter((r) => !r.withdrawn_at).at(-1);
    if (!round) throw new OpError('tableCancelStaff');
  }

  if (sheet.status === SheetStatus.checkedOut || sheet.pay_status === 2) throw new OpError('sheetPaid');
  if (sheet.status !== SheetStatus.open) throw new OpError('sheetClosed');
  if (sheet.pay_status === 1) throw new OpError('paymentPending');
  if (isSettling(sheet, now)) throw new OpError('sheetSettling');
  const { round_no: no, amount } = round;
  if (round.progress !== 'placed') throw new OpError('roundStarted', undefined, { round: no });

  const remaining = rounds.filter((r) => !r.withdrawn_at && r.round_no !== no);
  const left = remaining.length;
  // The sheet's kitchen state is its rounds' (shared/domain/rounds.ts): without this one, the least advanced of the rest.
  const progress = left > 0 ? sheetProgressOf(remaining.map((r) => r.progress)) : 'placed';
  const [changed] = await tx.query<{ status: number; pay_status: number }>(
    `WITH gone AS (
       DELETE FROM sheet_item WHERE sheet_id = $1 AND round_no = $2 RETURNING amo, dis_amo
     ), r AS (
       UPDATE sheet_round SET withdrawn_at = $3 WHERE sheet_id = $1 AND round_no = $2
     )
     UPDATE sheet SET sales_amo = sales_amo - (SELECT COALESCE(sum(amo), 0) FROM gone),
                      dis_amo = dis_amo - (SELECT COALESCE(sum(dis_amo), 0) FROM gone),
                      total_amo = total_amo - $4::numeric,
                      status = CASE WHEN $5::int = 0 THEN $6::int ELSE status END,
                      progress = $7,
                      updated_at = $3
      WHERE sheet_id = $1
     RETURNING status, pay_status`,
    [sheetId, no, now, amount, left, SheetStatus.closed, progress],
  );
  await refreshServiceCharge(tx, sheetId);
  await emitSheetEvent(tx, sheetId, left === 0 ? 'cancelled' : 'withdrawn');
  return {
    table1: [{ SheetID: sheetId, Status: changed!.status, PayStatus: changed!.pay_status, RefundAmo: decimal4(0), RefundTo: '', RoundNo: no }],
  };
}
