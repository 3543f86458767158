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
 * The event's shape is shared/protocol/live.ts; its data is built here from
 * the schema's keys (SHEET_DATA_SQL), so renaming one breaks tsc here.
 */
import type { CallEventData, CartEventData, MenuEventData, OutboxSheetData, SheetEventKind } from '../../shared/protocol/live';
import type { Queryable } from '../db/driver';
import { SCAN_VALID_HOURS } from '../http/tableScan';

export type { SheetEventKind };

export const EVENTS_CHANNEL = 'hbb_events';

/**
 * An event as PostgreSQL hands it to the hub and the streams: the outbox's
 * JSON, not parsed (shared/protocol/live.ts outboxEventSchema is its shape,
 * checked on the streams under tests; its data is typed as far as a record
 * read back from SQL can be).
 */
export interface LiveEvent {
  /** event_outbox.event_id as text (bigint). */
  id: string;
  kind: SheetEventKind | 'menu' | 'cart' | 'call';
  entId: string;
  baseId: string;
  sheetId: string;
  vipIds: string[];
  data: Partial<OutboxSheetData & MenuEventData & CartEventData & CallEventData> & Record<string, unknown>;
  /** When it was written (ISO, UTC). */
  at: string;
}

/** The JSON of a LiveEvent, built by SQL from an event_outbox row `e` (the same shape the sold-out trigger sends). */
export const EVENT_JSON = `json_build_object('id', e.event_id::text, 'kind', e.kind, 'entId', e.ent_id, 'baseId', e.base_id,
  'sheetId', e.sheet_id, 'vipIds', e.vip_ids, 'data', e.data,
  'at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * Who ordered each round of a sheet, as the table may see them: a member's
 * name, or 'guest' with the orderer's place at the table, for "Guest 2":
 * the place the table's cart gives them (the order they joined it in,
 * operations/table/diner.ts PLACES_SQL, counted from the scans valid when
 * the sheet was opened), so a guest is the same "Guest 2" on the cart's
 * lines and on the rounds; an orderer who never joined the cart comes after
 * those who did, in the order of their first round.
 */
export const ROUND_AUTHORS_SQL = `
  WITH orderers AS (
    SELECT r.vip_id, min(r.round_no) AS first_round FROM sheet_round r WHERE r.sheet_id = $1 GROUP BY r.vip_id
  ), seated AS (
    SELECT m.vip_id, row_number() OVER (ORDER BY m.joined_at, m.vip_id) AS place
      FROM sheet s JOIN table_cart_member m ON m.table_id = s.table_id
     WHERE s.sheet_id = $1 AND m.joined_at >= s.created_at - interval '${SCAN_VALID_HOURS} hours'
  ), placed AS (
    SELECT o.vip_id,
           COALESCE(st.place, (SELECT count(*) FROM seated) + row_number() OVER (PARTITION BY st.place IS NULL ORDER BY o.first_round)) AS place
      FROM orderers o LEFT JOIN seated st ON st.vip_id = o.vip_id
  )
  SELECT r.round_no AS "RoundNo", CASE WHEN v.is_guest THEN '' ELSE v.vip_name END AS "ByName", p.place::int AS "ByPlace"
    FROM sheet_round r JOIN placed p ON p.vip_id = r.vip_id JOIN vip v ON v.vip_id = r.vip_id
   WHERE r.sheet_id = $1 ORDER BY r.round_no`;

/** The rounds' authors of a sheet (table4 of the sheet detail): [{RoundNo, ByName ('' for a guest), ByPlace}]. */
export async function roundAuthors(tx: Queryable, sheetId: string): Promise<{ RoundNo: number; ByName: string; ByPlace: number }[]> {
  return tx.query(ROUND_AUTHORS_SQL, [sheetId]);
}

/** Each key of a sheet event's data (shared/protocol/live.ts) and the SQL of its value, over the sheet `s`. */
const SHEET_DATA_SQL: Record<Exclude<keyof OutboxSheetData, 'round'>, string> = {
  status: 's.status',
  payStatus: 's.pay_status',
  progress: 's.progress',
  isPayLater: 's.is_pay_later',
  takeType: 's.take_type',
  payMode: 's.pay_mode',
  businessMode: 's.business_mode::text',
  roundCount: 's.round_count',
  tableId: "COALESCE(s.table_id, '')",
  settling: 's.settle_started_at IS NOT NULL',
};

/** The latest round's keys and their SQL, over `l` (the `latest` row of emitSheetEvent). */
const ROUND_DATA_SQL: Record<keyof NonNullable<OutboxSheetData['round']>, string> = { no: 'l."RoundNo"', byName: 'l."ByName"', byPlace: 'l."ByPlace"', vip: 'l.vip_id' };

const jsonPairs = (keys: Record<string, string>) =>
  Object.entries(keys)
    .map(([key, sql]) => `'${key}', ${sql}`)
    .join(', ');

/** The data of a sheet event as SQL: the sheet's state and the latest round's author. */
export const SHEET_DATA_JSON = `jsonb_build_object(${jsonPairs(SHEET_DATA_SQL)},
  'round', (SELECT jsonb_build_object(${jsonPairs(ROUND_DATA_SQL)}) FROM latest l))`;

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
              ${SHEET_DATA_JSON}
         FROM sheet s WHERE s.sheet_id = $1
       RETURNING *)
     SELECT pg_notify('${EVENTS_CHANNEL}', ${EVENT_JSON}::text) FROM e`,
    [sheetId, kind],
  );
}

/**
 * Issue 28: a table's event (its live cart changed, or a call to staff), in
 * the caller's transaction as emitSheetEvent's. Delivered under
 * 'table:<TableID>' (the table's stream, GET /events/tables/:tableId); a
 * call also under its outlet (the staff stream). No VipIDs: the cart's
 * lines are read again by the phones, who see their authors' names only.
 */
export async function emitTableEvent(
  tx: Queryable,
  event: { kind: 'cart'; entId: string; data: CartEventData } | { kind: 'call'; entId: string; baseId: string; data: CallEventData },
): Promise<void> {
  await tx.query(
    `WITH e AS (
       INSERT INTO event_outbox (kind, ent_id, base_id, data) VALUES ($1, $2, $3, $4::jsonb) RETURNING *)
     SELECT pg_notify('${EVENTS_CHANNEL}', ${EVENT_JSON}::text) FROM e`,
    [event.kind, event.entId, event.kind === 'call' ? event.baseId : '', JSON.stringify(event.data)],
  );
}
