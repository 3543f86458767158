/** System parameters of an enterprise and of an outlet (SPEC sections 3 and 7). */
import type { HandlerMap, RowOf } from '../context';
import { OpError } from '../context';

/**
 * Outlet parameter values are sent escaped, the way the real service sends
 * them (the app unescapes them; OpeningHours is then JSON).
 */
export function escapeParm(value: string): string {
  return escape(value);
}

export const paramHandlers: HandlerMap = {
  async SysParm_EntSysParmGet_Get({ tx, session }, { tableData: [row] }) {
    const entId = row!.Other_EntID || row!.EntID || session?.entId;
    if (!entId) throw new OpError('entNotFound');
    const [ent] = await tx.query('SELECT ent_id FROM enterprise WHERE ent_id = $1', [entId]);
    if (!ent) throw new OpError('entNotFound');
    const parms = await tx.query<RowOf<'SysParm_EntSysParmGet_Get'>>(
      `SELECT parm_id AS "ParmID", parm_value AS "ParmValue" FROM ent_parm
       WHERE ent_id = $1 AND ($2::text IS NULL OR parm_id = $2) ORDER BY parm_id`,
      [entId, row!.ParmID || null],
    );
    return { table1: parms };
  },

  async SysParm_BaseParmGet_Get({ tx }, { tableData: [row] }) {
    const [base] = await tx.query('SELECT base_id FROM base WHERE base_id = $1', [row!.BaseID]);
    if (!base) throw new OpError('baseNotFound');
    const parms = await tx.query<{ BaseID: string; ParmID: string; ParmValue: string }>(
      `SELECT base_id AS "BaseID", parm_id AS "ParmID", parm_value AS "ParmValue" FROM base_parm
       WHERE base_id = $1 AND ($2::text IS NULL OR parm_id = $2) ORDER BY parm_id`,
      [row!.BaseID, row!.ParmID || null],
    );
    return { table1: parms.map((p) => ({ ...p, ParmValue: escapeParm(p.ParmValue) })) };
  },
};
