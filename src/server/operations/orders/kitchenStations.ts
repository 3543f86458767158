/**
 * The kitchen's stations and the expo (issue 26 section 2): a cook marks a
 * line done, bumps a round's ticket off a station's screen (its lines there
 * done), recalls a bumped ticket; a manager sets the timers' thresholds.
 * Each write runs in the caller's transaction with its audit row and a live
 * event ('progress': the screens read the orders again), so two screens and
 * a reload agree. Shapes: shared/protocol/staffKitchen.ts.
 */
import type { StaffAnswer, StaffBody } from '../../../shared/protocol/staff';
import { DEFAULT_AMBER_S, DEFAULT_RED_S, RECALL_LIMIT, TAKE_TYPES, type KitchenThresholdJson } from '../../../shared/protocol/staffKitchen';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import type { Lang } from '../../messages';
import { stationName } from '../../printing/queue';
import { KitchenRefusal, type AuditRecord } from './kitchen';
import { isoSeconds } from './sheetState';
import { ITEM_STATIONS_SQL } from './staffSheets';

export interface StationDeps {
  tx: Queryable;
  now: Date;
  /** The account's id (or 'automation'): who marked or bumped. */
  actorId: string;
  record: AuditRecord;
}

/** The outlet's thresholds, one per way of ordering (the defaults where none is set). */
export async function thresholdsOf(db: Queryable, baseId: string): Promise<KitchenThresholdJson[]> {
  const rows = await db.query<{ take_type: string; amber_s: number; red_s: number }>('SELECT take_type, amber_s, red_s FROM kitchen_threshold WHERE base_id = $1', [baseId]);
  return TAKE_TYPES.map((takeType) => {
    const row = rows.find((r) => r.take_type === takeType);
    return { takeType, amberSeconds: row?.amber_s ?? DEFAULT_AMBER_S, redSeconds: row?.red_s ?? DEFAULT_RED_S };
  });
}

/** GET /staff/kitchen: the stations, thresholds, the service's clock and the station's last bumped tickets. */
export async function kitchenSetup(db: Queryable, baseId: string, station: string | undefined, lang: Lang, now: Date): Promise<StaffAnswer<'GET /staff/kitchen'> | null> {
  const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [baseId]);
  if (!base) return null;
  const stations = await db.query<{ station_id: string; zh: string; tw: string; en: string }>(
    'SELECT station_id, station_name AS zh, station_name_tw AS tw, station_name_en AS en FROM station WHERE base_id = $1 ORDER BY sort, station_id',
    [baseId],
  );
  const bumped = station
    ? await db.query<{ sheet_id: string; round_no: number; station_id: string; table_name: string | null; bumped_at: Date }>(
        `SELECT b.sheet_id, b.round_no, b.station_id, t.table_name, b.bumped_at
           FROM kitchen_bump b JOIN sheet s ON s.sheet_id = b.sheet_id LEFT JOIN dining_table t ON t.table_id = s.table_id
          WHERE b.base_id = $1 AND b.station_id = $2 AND b.recalled_at IS NULL
          ORDER BY b.bumped_at DESC, b.bump_id DESC LIMIT ${RECALL_LIMIT}`,
        [baseId, station],
      )
    : [];
  return {
    now: now.toISOString(),
    stations: stations.map((s) => ({ stationId: s.station_id, name: stationName(s, lang) })),
    thresholds: await thresholdsOf(db, baseId),
    bumped: bumped.map((b) => ({ sheetId: b.sheet_id, roundNo: b.round_no, stationId: b.station_id, tableName: b.table_name ?? '', bumpedAt: isoSeconds(b.bumped_at) })),
  };
}

/** Marks a line done, or not done again. */
export async function markItemDone({ tx, now, actorId, record }: StationDeps, sheetId: string, itemId: number, done: boolean): Promise<StaffAnswer<'POST /staff/sheets/:id/items/:item/done'>> {
  const [item] = await tx.query<{ kitchen_done_at: Date | null; voided_at: Date | null }>(
    'SELECT kitchen_done_at, voided_at FROM sheet_item WHERE sheet_id = $1 AND item_id = $2 FOR UPDATE',
    [sheetId, itemId],
  );
  if (!item) throw new KitchenRefusal('notFound', `no line ${itemId} on sheet ${sheetId}`);
  if (done && item.voided_at) throw new KitchenRefusal('conflict', `line ${itemId} of sheet ${sheetId} is voided`);
  const changed = done !== (item.kitchen_done_at !== null);
  let doneAt = item.kitchen_done_at;
  if (changed) {
    doneAt = done ? now : null;
    await tx.query('UPDATE sheet_item SET kitchen_done_at = $3, kitchen_done_by = $4 WHERE sheet_id = $1 AND item_id = $2', [sheetId, itemId, doneAt, done ? actorId : null]);
    await emitSheetEvent(tx, sheetId, 'progress');
    await record('kitchen.itemDone', `${sheetId}:${itemId}`, { done: !done }, { done });
  }
  return { itemId, doneAt: isoSeconds(doneAt), changed };
}

async function stationOfSheet(tx: Queryable, sheetId: string, station: string): Promise<{ base_id: string; station_id: string }> {
  const [row] = await tx.query<{ base_id: string; station_id: string | null }>(
    'SELECT s.base_id, st.station_id FROM sheet s LEFT JOIN station st ON st.station_id = $2 AND st.base_id = s.base_id WHERE s.sheet_id = $1 FOR UPDATE OF s',
    [sheetId, station],
  );
  if (!row) throw new KitchenRefusal('notFound', `no sheet ${sheetId}`);
  if (!row.station_id) throw new KitchenRefusal('notFound', `no station ${station} at the outlet of sheet ${sheetId}`);
  return { base_id: row.base_id, station_id: row.station_id };
}

/** Bumps a round's ticket at a station: its (unvoided) lines there done, the ticket off the screen until recalled. */
export async function bumpTicket({ tx, now, actorId, record }: StationDeps, sheetId: string, body: StaffBody<'POST /staff/sheets/:id/bump'>): Promise<StaffAnswer<'POST /staff/sheets/:id/bump'>> {
  const { base_id, station_id } = await stationOfSheet(tx, sheetId, body.station);
  const lines = await tx.query<{ item_id: number; kitchen_done_at: Date | null; voided_at: Date | null }>(
    `SELECT i.item_id, i.kitchen_done_at, i.voided_at FROM sheet_item i LEFT JOIN goods g ON g.goods_id = i.goods_id
      WHERE i.sheet_id = $1 AND i.round_no = $2 AND $3 = ANY (${ITEM_STATIONS_SQL}) ORDER BY i.item_id`,
    [sheetId, body.round, station_id],
  );
  if (lines.length === 0) throw new KitchenRefusal('notFound', `round ${body.round} of sheet ${sheetId} has nothing for station ${station_id}`);
  const [live] = await tx.query('SELECT 1 AS one FROM kitchen_bump WHERE sheet_id = $1 AND round_no = $2 AND station_id = $3 AND recalled_at IS NULL', [sheetId, body.round, station_id]);
  if (live) throw new KitchenRefusal('conflict', `round ${body.round} of sheet ${sheetId} is already bumped at station ${station_id}`);
  const toMark = lines.filter((l) => !l.kitchen_done_at && !l.voided_at).map((l) => l.item_id);
  if (toMark.length) {
    await tx.query('UPDATE sheet_item SET kitchen_done_at = $3, kitchen_done_by = $4 WHERE sheet_id = $1 AND item_id = ANY ($2::int[])', [sheetId, toMark, now, actorId]);
  }
  await tx.query('INSERT INTO kitchen_bump (base_id, sheet_id, round_no, station_id, bumped_at, bumped_by) VALUES ($1, $2, $3, $4, $5, $6)', [
    base_id,
    sheetId,
    body.round,
    station_id,
    now,
    actorId,
  ]);
  const [table] = await tx.query<{ table_name: string | null }>('SELECT t.table_name FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id WHERE s.sheet_id = $1', [sheetId]);
  await emitSheetEvent(tx, sheetId, 'progress');
  await record('kitchen.bump', `${sheetId}:${body.round}`, null, { station: station_id, doneItems: toMark });
  return {
    bumped: { sheetId, roundNo: body.round, stationId: station_id, tableName: table?.table_name ?? '', bumpedAt: isoSeconds(now) },
    doneItems: toMark,
  };
}

/** Brings a bumped ticket back onto its station's screen (its lines stay as they are). */
export async function recallTicket({ tx, now, record }: StationDeps, sheetId: string, body: StaffBody<'POST /staff/sheets/:id/recall'>): Promise<StaffAnswer<'POST /staff/sheets/:id/recall'>> {
  const { station_id } = await stationOfSheet(tx, sheetId, body.station);
  const rows = await tx.query('UPDATE kitchen_bump SET recalled_at = $4 WHERE sheet_id = $1 AND round_no = $2 AND station_id = $3 AND recalled_at IS NULL RETURNING bump_id', [
    sheetId,
    body.round,
    station_id,
    now,
  ]);
  if (rows.length === 0) throw new KitchenRefusal('conflict', `round ${body.round} of sheet ${sheetId} is not bumped at station ${station_id}`);
  await emitSheetEvent(tx, sheetId, 'progress');
  await record('kitchen.recall', `${sheetId}:${body.round}`, { station: station_id, bumped: true }, { station: station_id, bumped: false });
  return { recalled: true };
}

/** Sets a way of ordering's thresholds at an outlet. */
export async function setThreshold(
  { tx, record }: Pick<StationDeps, 'tx' | 'record'>,
  body: StaffBody<'PUT /staff/kitchen/thresholds'>,
): Promise<StaffAnswer<'PUT /staff/kitchen/thresholds'> | null> {
  const [base] = await tx.query('SELECT 1 AS one FROM base WHERE base_id = $1', [body.baseId]);
  if (!base) return null;
  const before = (await thresholdsOf(tx, body.baseId)).find((t) => t.takeType === body.takeType);
  await tx.query(
    `INSERT INTO kitchen_threshold (base_id, take_type, amber_s, red_s) VALUES ($1, $2, $3, $4)
     ON CONFLICT (base_id, take_type) DO UPDATE SET amber_s = EXCLUDED.amber_s, red_s = EXCLUDED.red_s`,
    [body.baseId, body.takeType, body.amberSeconds, body.redSeconds],
  );
  await record('kitchen.thresholds', `${body.baseId}:${body.takeType}`, before ?? null, { amberSeconds: body.amberSeconds, redSeconds: body.redSeconds });
  return { thresholds: await thresholdsOf(tx, body.baseId) };
}
