/**
 * Who may act at a table (issue 28, on issue 22's rule): a browser that
 * scanned the table's code (http/tableScan.ts) with a session (a guest's or
 * a member's) of the table's enterprise. The table's cart and its calls
 * answer anyone else as if the table did not exist.
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { SCAN_VALID_HOURS } from '../../http/tableScan';
import { OpError, type OpContext } from '../context';

export type TableRow = {
  table_id: string;
  table_name: string;
  base_id: string;
  shop_id: string;
  ent_id: string;
  pay_mode: string;
};

/** The table and the caller's VipID, or a refusal: no session, not scanned (scanToOrder), another enterprise's. */
export async function dinerAt(ctx: OpContext, tableId: string, options: { lock?: boolean } = {}): Promise<{ table: TableRow; vipId: string }> {
  const { session } = ctx;
  if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  if (!ctx.scannedTables?.includes(tableId)) throw new OpError('scanToOrder');
  const [table] = await ctx.tx.query<TableRow>(
    `SELECT t.table_id, t.table_name, t.base_id, b.shop_id, b.ent_id, b.pay_mode
       FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1${options.lock ? ' FOR UPDATE OF t' : ''}`,
    [tableId],
  );
  if (!table || table.ent_id !== session.entId) throw new OpError('tableNotFound');
  return { table, vipId: session.vipId };
}

/** Joins older than this no longer count for "Guest 2" (a new party at the table starts again). */
export const joinedSince = (now: Date) => new Date(now.getTime() - SCAN_VALID_HOURS * 3_600_000);

/** Records that the caller joined the table's cart (their place: the order they joined in, for "Guest 2"). */
export async function joinTable(ctx: OpContext, tableId: string, vipId: string): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO table_cart_member (table_id, vip_id, joined_at) VALUES ($1, $2, $3)
     ON CONFLICT (table_id, vip_id) DO UPDATE SET joined_at = CASE WHEN table_cart_member.joined_at < $4 THEN $3 ELSE table_cart_member.joined_at END`,
    [tableId, vipId, ctx.now, joinedSince(ctx.now)],
  );
}

/** SQL of the places at a table ($1 the table, $2 joinedSince): vip_id, place (1 = the first to join). */
export const PLACES_SQL = `SELECT vip_id, row_number() OVER (ORDER BY joined_at, vip_id)::int AS place
  FROM table_cart_member WHERE table_id = $1 AND joined_at >= $2`;
