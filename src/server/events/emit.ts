/**
 * Writing live events: one row in event_outbox in the caller's transaction
 * and a NOTIFY that PostgreSQL sends only when that transaction commits, so
 * an event goes out exactly when its change is there to be read, and every
 * instance listening hears it (hub.ts). Callers add one line where an order
 * changes: `await emitSheetEvent(tx, sheetId, 'progress');`. Sold-out marks
 * are written by a trigger (migrations/009_live_events.sql).
 *
 * An event carries the sheet's state, its rounds count and who added the
 * latest round (a member's name or the place of a guest at the table), never
 * a phone number or an address. VipIDs (vipIds, round.vip) are for routing
 * only: streams send `round.mine` instead and no VipIDs (routes.ts, forClient).
 */
import type { Queryable } from '../db/driver';

export const EVENTS_CHANNEL = 'hbb_events';

/** What happened to the sheet (the note a customer sees is derived from the state, not this). */
export type SheetEventKind = 'placed' | 'round' | 'withdrawn' | 'paid' | 'payment' | 'settling' | 'progress' | 'cancelled' | 'closed';

export interface LiveEvent {
  /** event_outbox.event_id as text (bigint). */
  id: string;
  kind: SheetEventKind | 'menu';
  entId: string;
  baseId: string;
  sheetId: string;
  vipIds: string[];
  data: Record<string, unknown>;
  /** When it was written (ISO, UTC). */
  at: string;
}

/** The JSON of a LiveEvent, built by SQL from an event_outbox row `e` (the same shape the sold-out trigger sends). */
export const EVENT_JSON = `json_build_object('id', e.event_id::text, 'kind', e.kind, 'entId', e.ent_id, 'baseId', e.base_id,
  'sheetId', e.sheet_id, 'vipIds', e.vip_ids, 'data', e.data,
  'at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * Who ordered each round of a sheet, as the table may see them: a member's
 * name, or 'guest' with the orderer's place at the table (1 = the first to
 * order), for "Guest 2".
 */
export const ROUND_AUTHORS_SQL = `
  WITH orderers AS (
    SELECT r.vip_id, min(r.round_no) AS first_round FROM sheet_round r WHERE r.sheet_id = $1 GROUP BY r.vip_id
  ), placed AS (
    SELECT o.vip_id, row_number() OVER (ORDER BY o.first_round) AS place FROM orderers o
  )
  SELECT r.round_no AS "RoundNo", CASE WHEN v.is_guest THEN '' ELSE v.vip_name END AS "ByName", p.place::int AS "ByPlace"
    FROM sheet_round r JOIN placed p ON p.vip_id = r.vip_id JOIN vip v ON v.vip_id = r.vip_id
   WHERE r.sheet_id = $1 ORDER BY r.round_no`;

/** The rounds' authors of a sheet (table4 of the sheet detail): [{RoundNo, ByName ('' for a guest), ByPlace}]. */
export async function roundAuthors(tx: Queryable, sheetId: string): Promise<{ RoundNo: number; ByName: string; ByPlace: number }[]> {
  return tx.query(ROUND_AUTHORS_SQL, [sheetId]);
}

/**
 * Writes the sheet's event in the caller's transaction (one statement: the
 * latest round's author, the outbox row and its NOTIFY). Reads the sheet as
 * it is now (after the change), so call it after the change's statements.
 */
export async function emitSheetEvent(tx: Queryable, sheetId: string, kind: SheetEventKind): Promise<void> {
  await tx.query(
    `WITH latest AS (
       SELECT a.*, r.vip_id FROM (${ROUND_AUTHORS_SQL}) a JOIN sheet_round r ON r.sheet_id = $1 AND r.round_no = a."RoundNo"
        ORDER BY a."RoundNo" DESC LIMIT 1
     ), e AS (
       INSERT INTO event_outbox (kind, ent_id, base_id, sheet_id, vip_ids, data)
       SELECT $2, s.ent_id, s.base_id, s.sheet_id,
              ARRAY(SELECT DISTINCT v FROM (SELECT s.vip_id AS v UNION SELECT r.vip_id FROM sheet_round r WHERE r.sheet_id = s.sheet_id) u
                     WHERE v IS NOT NULL ORDER BY v),
              jsonb_build_object('status', s.status, 'payStatus', s.pay_status, 'progress', s.progress,
                'isPayLater', s.is_pay_later, 'takeType', s.take_type, 'payMode', s.pay_mode,
                'businessMode', s.business_mode::text, 'roundCount', s.round_count, 'tableId', COALESCE(s.table_id, ''),
                'settling', s.settle_started_at IS NOT NULL,
                'round', (SELECT jsonb_build_object('no', l."RoundNo", 'byName', l."ByName", 'byPlace', l."ByPlace", 'vip', l.vip_id) FROM latest l))
         FROM sheet s WHERE s.sheet_id = $1
       RETURNING *)
     SELECT pg_notify('${EVENTS_CHANNEL}', ${EVENT_JSON}::text) FROM e`,
    [sheetId, kind],
  );
}
