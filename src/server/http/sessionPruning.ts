/**
 * Background pruning of sessions (issue 22). Sessions live in the database
 * until they expire (SESSION_DAYS) or their customer signs out; nothing read
 * them out of the table, and every guest sign-in (a bot's too) left a guest
 * row for good. A periodic task of each instance (an unref'd timer, so it
 * never keeps the process alive; stopped when the server closes), every
 * config.sessionPruning.intervalMs, deletes in bounded batches:
 *
 * - expired sessions: at most `batch` a run, oldest first;
 * - idle guests: guests created more than `guestIdleDays` days ago (default
 *   7) that have nothing of theirs but sessions (no order, round, payment,
 *   address, coupon...: no row of any table that refers to the guest, found
 *   from the database's foreign keys, so a table added later is respected),
 *   with their sessions: at most `batch` a run. Such a guest is signed out;
 *   the app makes a new guest the next time it needs one.
 *
 * Several instances may prune at once: rows another run holds are skipped
 * (SKIP LOCKED).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';

export interface PruneResult {
  sessions: number;
  guests: number;
}

/** The columns of other tables that refer to a vip row (foreign keys), the session's left out. */
async function vipReferences(db: Db): Promise<{ table: string; column: string }[]> {
  return db.query<{ table: string; column: string }>(
    `SELECT cl.relname AS "table", a.attname AS "column"
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'vip'::regclass AND cl.relname <> 'session'
      ORDER BY 1, 2`,
  );
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One run: expired sessions, then idle guests, each at most `batch`. */
export async function pruneSessions(db: Db, now: Date, options: { batch: number; guestIdleDays: number }): Promise<PruneResult> {
  const expired = await db.query<{ one: number }>(
    `DELETE FROM session WHERE session_id IN (
       SELECT session_id FROM session WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING 1 AS one`,
    [now, options.batch],
  );
  const cutoff = new Date(now.getTime() - options.guestIdleDays * 86_400_000);
  const refs = await vipReferences(db);
  const nothingOfTheirs = refs.map((r) => `AND NOT EXISTS (SELECT 1 FROM ${quote(r.table)} x WHERE x.${quote(r.column)} = v.vip_id)`).join('\n         ');
  const guests = await db.transaction(async (tx) => {
    const idle = await tx.query<{ vip_id: string }>(
      `SELECT v.vip_id FROM vip v
        WHERE v.is_guest AND v.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM session s WHERE s.vip_id = v.vip_id AND s.created_at >= $1)
          ${nothingOfTheirs}
        ORDER BY v.created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [cutoff, options.batch],
    );
    if (idle.length === 0) return 0;
    const ids = idle.map((r) => r.vip_id);
    await tx.query('DELETE FROM session WHERE vip_id = ANY ($1::text[])', [ids]);
    await tx.query('DELETE FROM vip WHERE vip_id = ANY ($1::text[])', [ids]);
    return ids.length;
  });
  return { sessions: expired.length, guests };
}

/** Starts the periodic pruning with the server, and stops it (waiting for a run under way) when the server closes. */
export function registerSessionPruning(app: FastifyInstance, { db, config, clock }: { db: Db; config: Config; clock: Clock }): void {
  const { intervalMs, batch, guestIdleDays } = config.sessionPruning;
  if (intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pruneSessions(db, clock.now(), { batch, guestIdleDays })
      .then((pruned) => {
        if (pruned.sessions + pruned.guests > 0) app.log.info({ pruned }, 'sessions pruned');
      })
      .catch((err: unknown) => app.log.error({ err }, 'session pruning failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
