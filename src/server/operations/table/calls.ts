/**
 * "Call staff" and "Ask for the bill" (issue 28 section 4). A scanned diner
 * calls from the table's pages; the same table calls again for the same kind
 * only after TABLE_CALL_COOLDOWN_SECONDS (counted under the table's row lock,
 * so two phones calling at once make one call). A call reaches the outlet's
 * staff screen on GET /staff/events (kind 'call'); the staff member who
 * acknowledges it claims it (the first one: a conditional update, so two
 * acknowledging at once have one winner), and the table's phones see "on the
 * way" (GET /events/tables/:tableId, and TableCall_TableCallGet_Get).
 */
import { randomBytes } from 'node:crypto';
import { callCooldownLeft, TABLE_CALL_COOLDOWN_SECONDS, type BillPayHow, type TableCallKind } from '../../../shared/domain/tableCalls';
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { Queryable } from '../../db/driver';
import { emitTableEvent } from '../../events/emit';
import { SCAN_VALID_HOURS } from '../../http/tableScan';
import { OpError, type HandlerMap, type RowOf } from '../context';
import type { AuditRecord } from '../orders/kitchen';
import { isoSeconds } from '../orders/sheetState';
import { dinerAt } from './diner';

type CallDb = {
  call_id: string;
  ent_id: string;
  base_id: string;
  table_id: string;
  table_name: string;
  kind: TableCallKind;
  pay_how: '' | BillPayHow;
  created_at: Date;
  acknowledged_by: string | null;
  acknowledged_by_name: string;
  acknowledged_at: Date | null;
};

const CALL_COLUMNS = `c.call_id, c.ent_id, c.base_id, c.table_id, t.table_name, c.kind, c.pay_how, c.created_at,
  c.acknowledged_by, c.acknowledged_by_name, c.acknowledged_at`;

function callRow(c: CallDb, now: Date): RowOf<'TableCall_TableCallGet_Get'> {
  return {
    CallID: c.call_id,
    Kind: c.kind,
    PayHow: c.pay_how,
    CreatedDate: c.created_at.toISOString(),
    Acknowledged: c.acknowledged_at ? 1 : 0,
    AckName: c.acknowledged_by_name,
    CooldownSeconds: callCooldownLeft(c.created_at, now),
  };
}

/** The table's latest call of each kind (within a scan's validity), staff first. */
async function latestCalls(tx: Queryable, tableId: string, now: Date): Promise<CallDb[]> {
  return tx.query<CallDb>(
    `SELECT DISTINCT ON (c.kind) ${CALL_COLUMNS}
       FROM table_call c JOIN dining_table t ON t.table_id = c.table_id
      WHERE c.table_id = $1 AND c.created_at >= $2
      ORDER BY c.kind DESC, c.created_at DESC`,
    [tableId, new Date(now.getTime() - SCAN_VALID_HOURS * 3_600_000)],
  );
}

async function emitCall(tx: Queryable, c: CallDb): Promise<void> {
  await emitTableEvent(tx, {
    kind: 'call',
    entId: c.ent_id,
    baseId: c.base_id,
    data: {
      tableId: c.table_id,
      tableName: c.table_name,
      callId: c.call_id,
      call: c.kind,
      payHow: c.pay_how,
      acknowledged: c.acknowledged_at !== null,
      byName: c.acknowledged_by_name,
    },
  });
}

export const tableCallHandlers: HandlerMap = {
  async TableCall_TableCallSubmit_Add(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    // The table's row locked: two phones calling at once are counted one after the other.
    const { table, vipId } = await dinerAt(ctx, row!.TableID, { lock: true });
    const kind = row!.Kind;
    const payHow = kind === 'bill' ? (row!.PayHow ?? '') : '';
    const last = (await latestCalls(tx, table.table_id, now)).find((c) => c.kind === kind);
    const left = callCooldownLeft(last?.created_at ?? null, now);
    if (left > 0) throw new OpError('callCooldown', undefined, { seconds: left });
    const callId = `TC${now.getTime().toString(36)}${randomBytes(5).toString('hex')}`;
    await tx.query(
      `INSERT INTO table_call (call_id, ent_id, base_id, table_id, vip_id, kind, pay_how, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [callId, table.ent_id, table.base_id, table.table_id, vipId, kind, payHow, now],
    );
    const call: CallDb = {
      call_id: callId,
      ent_id: table.ent_id,
      base_id: table.base_id,
      table_id: table.table_id,
      table_name: table.table_name,
      kind,
      pay_how: payHow,
      created_at: now,
      acknowledged_by: null,
      acknowledged_by_name: '',
      acknowledged_at: null,
    };
    await emitCall(tx, call);
    return { table1: [{ ...callRow(call, now), CooldownSeconds: TABLE_CALL_COOLDOWN_SECONDS }] };
  },

  async TableCall_TableCallGet_Get(ctx, { tableData: [row] }) {
    const { table } = await dinerAt(ctx, row!.TableID);
    return { table1: (await latestCalls(ctx.tx, table.table_id, ctx.now)).map((c) => callRow(c, ctx.now)) };
  },
};

type StaffCall = StaffAnswer<'GET /staff/calls'>['calls'][number];

function staffCall(c: CallDb): StaffCall {
  return {
    callId: c.call_id,
    tableId: c.table_id,
    tableName: c.table_name,
    kind: c.kind,
    payHow: c.pay_how,
    createdAt: isoSeconds(c.created_at)!,
    acknowledgedAt: isoSeconds(c.acknowledged_at),
    acknowledgedBy: c.acknowledged_by_name,
  };
}

/** How long an acknowledged call stays on the staff's list. */
const ACKNOWLEDGED_SHOWN_MS = 10 * 60_000;
/** How long an unacknowledged call stays on it. */
const OPEN_SHOWN_MS = SCAN_VALID_HOURS * 3_600_000;

/** GET /staff/calls?baseId=…: the outlet's calls waiting (oldest first), then those acknowledged in the last minutes. */
export async function listStaffCalls(db: Queryable, baseId: string, now: Date): Promise<StaffAnswer<'GET /staff/calls'>> {
  const rows = await db.query<CallDb>(
    `SELECT ${CALL_COLUMNS} FROM table_call c JOIN dining_table t ON t.table_id = c.table_id
      WHERE c.base_id = $1 AND ((c.acknowledged_at IS NULL AND c.created_at >= $2) OR c.acknowledged_at >= $3)
      ORDER BY (c.acknowledged_at IS NULL) DESC, c.created_at
      LIMIT 200`,
    [baseId, new Date(now.getTime() - OPEN_SHOWN_MS), new Date(now.getTime() - ACKNOWLEDGED_SHOWN_MS)],
  );
  return { calls: rows.map(staffCall) };
}

/** The outlet of a call ('' when there is none): the route checks the staff member's outlets with it. */
export async function callOutlet(db: Queryable, callId: string): Promise<string> {
  const [row] = await db.query<{ base_id: string }>('SELECT base_id FROM table_call WHERE call_id = $1', [callId]);
  return row?.base_id ?? '';
}

export type AckResult = { ok: true; call: StaffCall } | { ok: false; reason: 'notFound' } | { ok: false; reason: 'taken'; by: string };

/**
 * POST /staff/calls/:id/ack: the first to acknowledge claims the call (one
 * conditional update: of two at once, one wins and the other is told who);
 * the audit row and the table's event in the same transaction.
 */
export async function acknowledgeCall(tx: Queryable, callId: string, actor: { id: string; name: string }, now: Date, record: AuditRecord): Promise<AckResult> {
  const [claimed] = await tx.query<{ call_id: string }>(
    `UPDATE table_call SET acknowledged_by = $2, acknowledged_by_name = $3, acknowledged_at = $4
      WHERE call_id = $1 AND acknowledged_at IS NULL RETURNING call_id`,
    [callId, actor.id, actor.name, now],
  );
  const [call] = await tx.query<CallDb>(`SELECT ${CALL_COLUMNS} FROM table_call c JOIN dining_table t ON t.table_id = c.table_id WHERE c.call_id = $1`, [callId]);
  if (!call) return { ok: false, reason: 'notFound' };
  if (!claimed) return { ok: false, reason: 'taken', by: call.acknowledged_by_name };
  await record('call.acknowledge', callId, { acknowledged: false }, { acknowledged: true, tableId: call.table_id, kind: call.kind });
  await emitCall(tx, call);
  return { ok: true, call: staffCall(call) };
}
