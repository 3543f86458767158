/**
 * The ready board's numbers (issue 26 section 4; http/staffBoard.ts serves
 * them): an outlet's pickup and delivery orders that are the kitchen's
 * (shared/domain/orderStates.ts kitchenColumn: not unpaid, not closed), as
 * their pickup numbers only, never a name, phone or address.
 *
 * - preparing: new or being prepared, oldest first;
 * - ready: ready to collect, newest first; a number leaves when it is
 *   collected (the kitchen marks it completed) or `readyMinutes` after it
 *   turned ready.
 */
import { kitchenColumn } from '../../../shared/domain/orderStates';
import type { BoardAnswer } from '../../../shared/protocol/staffBoard';
import type { Queryable } from '../../db/driver';
import { isoSeconds, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from './sheetState';

/** How far back the board looks (an order left open for days is not the counter's any more). */
const BOARD_HORIZON_MS = 36 * 3_600_000;

type BoardRow = SheetStateRow & { pickup_no: string; ready_at: Date | null };

export async function boardNumbers(db: Queryable, baseId: string, readyMinutes: number, now: Date): Promise<BoardAnswer> {
  const rows = await db.query<BoardRow>(
    `SELECT s.pickup_no, ${SHEET_STATE_COLUMNS},
            COALESCE((SELECT r.progress_at FROM sheet_round r WHERE r.sheet_id = s.sheet_id AND r.round_no = 1), s.updated_at) AS ready_at
       FROM sheet s
      WHERE s.base_id = $1 AND s.status IN (0, 1) AND s.created_at > $2 AND s.pickup_no <> ''
        AND s.progress IN ('placed', 'preparing', 'ready')
      ORDER BY s.created_at, s.sheet_id`,
    [baseId, new Date(now.getTime() - BOARD_HORIZON_MS)],
  );
  const preparing: BoardAnswer['preparing'] = [];
  const ready: BoardAnswer['ready'] = [];
  const readyFrom = now.getTime() - readyMinutes * 60_000;
  for (const row of rows) {
    const sheet = { status: row.status, payMode: row.pay_mode, displayState: sheetDisplayState(row, now) };
    const column = kitchenColumn(sheet, { roundNo: 1, progress: row.progress }, [{ roundNo: 1, progress: row.progress }]);
    if (column === 'new' || column === 'preparing') preparing.push({ pickupNo: row.pickup_no, readyAt: '' });
    else if (column === 'ready' && row.ready_at && new Date(row.ready_at).getTime() > readyFrom) {
      ready.push({ pickupNo: row.pickup_no, readyAt: isoSeconds(row.ready_at) });
    }
  }
  ready.sort((a, b) => b.readyAt.localeCompare(a.readyAt) || b.pickupNo.localeCompare(a.pickupNo));
  return { baseId, readyMinutes, now: isoSeconds(now), preparing, ready };
}
