/** Inserting many rows of the same keys in one statement. */
import type { Queryable } from './driver';

/** Inserts rows that all have the same keys (column names) in one statement. */
export async function insertMany(tx: Queryable, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  await tx.query(insertSql(table, rows, params), params);
}

/**
 * The INSERT of rows that all have the same keys (column names), its values
 * appended to `params` (so several can go in one statement, as CTEs).
 */
export function insertSql(table: string, rows: readonly Record<string, unknown>[], params: unknown[]): string {
  const columns = Object.keys(rows[0]!);
  const tuples = rows.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(', ')})`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`;
}
