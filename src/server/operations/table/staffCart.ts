/**
 * Staff and a pay-after table's live cart (issue 28 section 1: a diner's
 * lines are changed by the diner, another diner with their confirmation, or
 * staff). Reading it in the staff member's language, and changing a line
 * with the diners' own change (cart.ts changeCartLine): the cart's version
 * moves, the table's phones are told on their stream, and the change is
 * written to the staff audit, all in one transaction. Served by
 * http/staffTableCart.ts (roles and outlet: its door, STAFF_ROUTE_ACCESS).
 */
import type { StaffCartLineJson, StaffTableCartJson } from '../../../shared/protocol/staffTableCart';
import type { Db, Queryable } from '../../db/driver';
import { emitTableEvent } from '../../events/emit';
import type { Lang } from '../../messages';
import { OpError } from '../context';
import { minorToDecimal4 } from '../orders/outlet';
import { bumpCart, changeCartLine, postpayTable, readCart, type LineChange, type ReadLine } from './cart';
import type { TableRow } from './diner';

/** Writes the audit row of the change (http/staffAuth.ts audit, bound to the caller). */
export type StaffRecord = (tx: Queryable, action: string, target: string, before: unknown, after: unknown) => Promise<void>;

async function tableOf(tx: Queryable, tableId: string): Promise<TableRow | null> {
  const [table] = await tx.query<TableRow>(
    `SELECT t.table_id, t.table_name, t.base_id, b.shop_id, b.ent_id, b.pay_mode
       FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1`,
    [tableId],
  );
  return table ?? null;
}

function lineJson(l: ReadLine, amoPoint: number): StaffCartLineJson {
  return {
    lineId: l.line_id,
    goodsId: l.goods_id,
    goodsName: l.shown_name || l.priced?.goodsName || '',
    skuItems: l.shown_sku || l.priced?.skuItems || '',
    pUnit: l.punit,
    qua: Number(l.punit ? l.pqua : l.mqua),
    detail: l.detail,
    remark: l.remark,
    amo: l.priced ? minorToDecimal4(l.priced.amoMinor, amoPoint) : '0.0000',
    soldOut: !l.priced,
    byName: l.by_name,
    byPlace: l.by_place,
    version: l.version,
  };
}

/** The table's cart as staff see it; null when there is no such table. Refused (OpError) at a pay-before outlet. */
export async function staffTableCart(tx: Queryable, tableId: string, lang: Lang, now: Date): Promise<StaffTableCartJson | null> {
  const table = await tableOf(tx, tableId);
  if (!table) return null;
  postpayTable(table);
  const cart = await readCart(tx, table, lang, now);
  return {
    tableId: table.table_id,
    tableName: table.table_name,
    version: cart.version,
    totalAmo: minorToDecimal4(cart.totalMinor, cart.amoPoint),
    lines: cart.lines.map((l) => lineJson(l, cart.amoPoint)),
  };
}

/** How staff change a line: one more or less, or the quantity as it should be at the line's version read. */
export type StaffLineChange = { delta: number } | { qua: number; version: number };

/**
 * Staff change a line of the table's cart: the line's quantity (packs when
 * it has a pack unit) by `delta`, or set to `qua` when the line is still at
 * `version` (else OpError 'tableCartLineChanged', nothing written). Answers
 * the line after (null: removed) and the cart; null when there is no such
 * table.
 */
export async function staffChangeCartLine(
  deps: { db: Db; lang: Lang; now: Date; record: StaffRecord },
  tableId: string,
  lineId: string,
  change: StaffLineChange,
): Promise<{ removed: boolean; line: StaffCartLineJson | null; cart: StaffTableCartJson } | null> {
  const { db, lang, now, record } = deps;
  const done = await db.transaction(async (tx) => {
    const table = await tableOf(tx, tableId);
    if (!table) return null;
    postpayTable(table);
    // First the cart's row (locked until commit), as a diner's change does: the table's changes one after another.
    const version = await bumpCart(tx, table.table_id, now);
    const [line] = await tx.query<{ punit: string }>('SELECT punit FROM table_cart_line WHERE line_id = $1 AND table_id = $2', [lineId, table.table_id]);
    if (!line) throw new OpError('tableCartLineGone');
    const r: LineChange =
      'delta' in change ? { Delta: change.delta } : { Version: change.version, ...(line.punit ? { PQua: change.qua } : { MQua: change.qua }) };
    const changed = await changeCartLine({ tx, now, lang }, table, lineId, r, { staff: true });
    await record(tx, 'table.cart.line', lineId, { tableId, ...changed.was }, changed.Removed ? null : { tableId, ...changed.now });
    await emitTableEvent(tx, { kind: 'cart', entId: table.ent_id, data: { tableId: table.table_id, version, change: 'set' } });
    return changed;
  });
  if (!done) return null;
  const cart = (await staffTableCart(db, tableId, lang, now))!;
  return { removed: done.Removed === 1, line: cart.lines.find((l) => l.lineId === lineId) ?? null, cart };
}

/** A line as it is now (the 409 of a stale change), null when it is gone. */
export async function staffCartLine(db: Queryable, tableId: string, lineId: string, lang: Lang, now: Date): Promise<StaffCartLineJson | null> {
  const cart = await staffTableCart(db, tableId, lang, now);
  return cart?.lines.find((l) => l.lineId === lineId) ?? null;
}
