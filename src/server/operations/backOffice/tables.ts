/**
 * The back office's tables (issue 27 section 2): add, rename, remove, and
 * rotate a table's code. A code is what the table's QR carries and what makes
 * someone a diner at the table (http/tableScan.ts): a fresh one is 80 random
 * bits (db/seed/demo.ts tableQrCode), and replacing it makes the old one
 * unknown at once (the app then says the code is invalid and asks for a
 * scan again: client/features/entry/EntryProblem.tsx).
 *
 * A removed table keeps its row (its past sheets name it) with removed_at
 * and a new code nobody has seen; the customer's readings leave it out
 * (operations/shop/handlers.ts, operations/orders/submit.ts). Removing one
 * with an order under way (a sheet of status open or paid) is refused (409).
 *
 * Each change writes its audit row in the same transaction (who, when,
 * before, after); nothing is half-written on an error.
 */
import { randomBytes } from 'node:crypto';
import type { StaffTableJson } from '../../../shared/protocol/staffOutlets';
import { tableLink } from '../../../shared/protocol/staffOutlets';
import type { Queryable } from '../../db/driver';
import { tableQrCode } from '../../db/seed/demo';
import type { AuditRecord } from '../orders/kitchen';

/** A refusal of the back office, its status and message key (answered in the caller's language). */
export class BackOfficeRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly key: 'boTableNotFound' | 'boTableNameTaken' | 'boTableOpenSheet' | 'baseNotFound' | 'boOutletChanged' | 'boOutletInvalid',
    readonly values: Record<string, string | number> = {},
    /** More of the answer (the outlet's fresh values on a version conflict). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export interface TableDeps {
  tx: Queryable;
  now: Date;
  record: AuditRecord;
  /** The origin the app is served from (the table's link). */
  origin: string;
}

type TableRow = {
  table_id: string;
  base_id: string;
  table_name: string;
  qr_code: string;
  seats: number;
  code_rotated_at: Date | string | null;
  open_sheet: boolean;
};

const TABLE_SELECT = `SELECT t.table_id, t.base_id, t.table_name, t.qr_code, t.seats, t.code_rotated_at,
       EXISTS (SELECT 1 FROM sheet s WHERE s.table_id = t.table_id AND s.status IN (0, 1)) AS open_sheet
  FROM dining_table t`;

export function tableJson(row: TableRow, origin: string): StaffTableJson {
  return {
    tableId: row.table_id,
    baseId: row.base_id,
    name: row.table_name,
    code: row.qr_code,
    link: tableLink(origin, row.qr_code),
    seats: Number(row.seats),
    openSheet: Boolean(row.open_sheet),
    codeRotatedAt: row.code_rotated_at ? new Date(row.code_rotated_at).toISOString() : null,
  };
}

/** The outlet's tables (not removed), in their order. */
export async function listTables(db: Queryable, baseId: string, origin: string): Promise<StaffTableJson[] | null> {
  const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [baseId]);
  if (!base) return null;
  const rows = await db.query<TableRow>(`${TABLE_SELECT} WHERE t.base_id = $1 AND t.removed_at IS NULL ORDER BY t.sort, t.table_name, t.table_id`, [baseId]);
  return rows.map((r) => tableJson(r, origin));
}

/** One live table (not removed), or null. */
export async function findTable(db: Queryable, tableId: string, origin: string, lock = false): Promise<StaffTableJson | null> {
  const [row] = await db.query<TableRow>(`${TABLE_SELECT} WHERE t.table_id = $1 AND t.removed_at IS NULL${lock ? ' FOR UPDATE OF t' : ''}`, [tableId]);
  return row ? tableJson(row, origin) : null;
}

/** A fresh code with the outlet's readable prefix (its code in lower case). */
async function freshCode(tx: Queryable, baseId: string): Promise<string> {
  const [base] = await tx.query<{ base_code: string }>('SELECT base_code FROM base WHERE base_id = $1', [baseId]);
  const prefix = (base?.base_code ?? 't').toLowerCase().replace(/[^a-z0-9]/g, '') || 't';
  return tableQrCode(prefix);
}

async function nameTaken(tx: Queryable, baseId: string, name: string, except: string | null): Promise<boolean> {
  const [row] = await tx.query(
    'SELECT 1 AS one FROM dining_table WHERE base_id = $1 AND lower(table_name) = lower($2) AND removed_at IS NULL AND ($3::text IS NULL OR table_id <> $3)',
    [baseId, name, except],
  );
  return Boolean(row);
}

export async function addTable({ tx, record, origin }: TableDeps, baseId: string, name: string): Promise<StaffTableJson> {
  const [base] = await tx.query('SELECT 1 AS one FROM base WHERE base_id = $1 FOR UPDATE', [baseId]);
  if (!base) throw new BackOfficeRefusal(404, 'baseNotFound');
  if (await nameTaken(tx, baseId, name, null)) throw new BackOfficeRefusal(409, 'boTableNameTaken', { name });
  const [last] = await tx.query<{ sort: number | null; seats: number | null }>(
    'SELECT max(sort) AS sort, (SELECT seats FROM dining_table WHERE base_id = $1 ORDER BY sort DESC, table_id DESC LIMIT 1) AS seats FROM dining_table WHERE base_id = $1',
    [baseId],
  );
  const tableId = `T${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const code = await freshCode(tx, baseId);
  await tx.query(
    `INSERT INTO dining_table (table_id, base_id, table_name, table_code, qr_code, seats, sort) VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [tableId, baseId, name, code, Number(last?.seats ?? 4), Number(last?.sort ?? 0) + 1],
  );
  const table = (await findTable(tx, tableId, origin))!;
  // The code itself is a secret of the table: the audit keeps that it was made, not its value.
  await record('table.add', tableId, null, { baseId, name });
  return table;
}

export async function renameTable({ tx, record, origin }: TableDeps, tableId: string, name: string): Promise<StaffTableJson> {
  const table = await findTable(tx, tableId, origin, true);
  if (!table) throw new BackOfficeRefusal(404, 'boTableNotFound', { id: tableId });
  if (table.name === name) return table;
  if (await nameTaken(tx, table.baseId, name, tableId)) throw new BackOfficeRefusal(409, 'boTableNameTaken', { name });
  await tx.query('UPDATE dining_table SET table_name = $2, table_code = $2 WHERE table_id = $1', [tableId, name]);
  await record('table.rename', tableId, { baseId: table.baseId, name: table.name }, { baseId: table.baseId, name });
  return { ...table, name };
}

export async function removeTable({ tx, now, record }: TableDeps, tableId: string): Promise<{ tableId: string; removed: true }> {
  const table = await findTable(tx, tableId, '', true);
  if (!table) throw new BackOfficeRefusal(404, 'boTableNotFound', { id: tableId });
  if (table.openSheet) throw new BackOfficeRefusal(409, 'boTableOpenSheet', { name: table.name });
  // A new code nobody has seen: the printed one stops working with the table.
  const hidden = `removed-${randomBytes(16).toString('base64url')}`;
  await tx.query('UPDATE dining_table SET removed_at = $2, qr_code = $3 WHERE table_id = $1', [tableId, now, hidden]);
  await record('table.remove', tableId, { baseId: table.baseId, name: table.name }, null);
  return { tableId, removed: true };
}

export async function rotateTableCode({ tx, now, record, origin }: TableDeps, tableId: string): Promise<StaffTableJson> {
  const table = await findTable(tx, tableId, origin, true);
  if (!table) throw new BackOfficeRefusal(404, 'boTableNotFound', { id: tableId });
  const code = await freshCode(tx, table.baseId);
  await tx.query('UPDATE dining_table SET qr_code = $2, code_rotated_at = $3 WHERE table_id = $1', [tableId, code, now]);
  await record('table.rotateCode', tableId, { baseId: table.baseId, name: table.name, codeRotatedAt: table.codeRotatedAt }, { baseId: table.baseId, name: table.name, codeRotatedAt: now.toISOString() });
  return (await findTable(tx, tableId, origin))!;
}
