/**
 * Sandbox routes for the demo and the browser journeys, registered by app.ts
 * only when `config.sandbox` is on (never in production by default). They are
 * served by the same listener as everything else (HOST, 127.0.0.1 unless told).
 *
 *   GET  /sandbox/clock                  -> {"now": "<ISO>", "fixed": false}
 *   POST /sandbox/clock {"now": "<ISO>"} -> fixes the service's clock there
 *   POST /sandbox/clock {"now": null}    -> back to real time
 *
 * The clock is the one the gateway reads for every operation's `ctx.now`
 * (opening hours, promotions, web order windows, sessions).
 *
 *   POST /sandbox/sign-in {"vipId": "VIP0000000001"} -> {"VipID", "VipName"}
 *
 * signs a member in without a code, as a real sign-in would (a session in the
 * database and the same HttpOnly session cookie): for tests and the demo
 * until the sign-in issue lands. A guest's vip gets a guest session.
 *
 *   GET  /sandbox/tables                 -> {"byName": {"A01": "HBK-…", …}, "qrCodes": {"dineIn": …}, "sheetQrCodes": {"open": …}}
 *
 * the demo tables' QR codes, which are random at seeding (issue 16): how
 * journeys and benchmarks find a table's code by its name.
 *
 * The sandbox payment provider's pages are in ./payments.ts.
 */
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { demoCodes } from '../db/seed';
import { createSession, SESSION_COOKIE } from './session';

export interface SandboxDeps {
  clock: Clock;
  db: Db;
  config: Config;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const setClockBody = z.object({
  now: z.union([z.null(), z.string().regex(ISO_DATE_TIME, 'expected an ISO date-time with a zone, e.g. 2026-03-15T12:00:00+08:00')]),
});

const signInBody = z.object({ vipId: z.string().trim().min(1).max(64) });

function clockState(clock: Clock) {
  return { now: clock.now().toISOString(), fixed: clock.fixed() !== null };
}

export async function sandboxRoutes(app: FastifyInstance, { clock, db, config }: SandboxDeps): Promise<void> {
  app.get('/sandbox/tables', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return demoCodes(db);
  });

  // The tables' live carts and calls emptied (issue 28): the journeys share the demo's tables, and a
  // table's cart lives on the service, so each journey starts its table afresh, as it frees its sheet.
  app.post('/sandbox/table-carts/clear', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const lines = await db.query<{ n: number }>('WITH gone AS (DELETE FROM table_cart_line RETURNING 1) SELECT count(*)::int AS n FROM gone');
    await db.query('UPDATE table_cart SET version = version + 1, updated_at = now()');
    await db.query('DELETE FROM table_cart_member');
    const calls = await db.query<{ n: number }>('WITH gone AS (DELETE FROM table_call RETURNING 1) SELECT count(*)::int AS n FROM gone');
    return { lines: lines[0]?.n ?? 0, calls: calls[0]?.n ?? 0 };
  });

  app.get('/sandbox/clock', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return clockState(clock);
  });

  app.post('/sandbox/clock', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const parsed = setClockBody.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({ error: `body must be {"now": "<ISO date-time>" | null}: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` });
    }
    let when: Date | null = null;
    if (parsed.data.now !== null) {
      // Strict: no rolling 2026-02-30 over into March.
      const parsedTime = DateTime.fromISO(parsed.data.now, { setZone: true });
      if (!parsedTime.isValid) return reply.code(400).send({ error: `now: not a date-time: ${parsed.data.now}` });
      when = parsedTime.toJSDate();
    }
    clock.set(when);
    return clockState(clock);
  });

  app.post('/sandbox/sign-in', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const parsed = signInBody.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'body must be {"vipId": "<member id>"}' });
    const now = clock.now();
    const started = await db.transaction(async (tx) => {
      const [vip] = await tx.query<{ vip_id: string; ent_id: string; vip_name: string; is_guest: boolean }>(
        'SELECT vip_id, ent_id, vip_name, is_guest FROM vip WHERE vip_id = $1',
        [parsed.data.vipId],
      );
      if (!vip) return null;
      const created = await createSession(tx, { entId: vip.ent_id, vipId: vip.vip_id, role: vip.is_guest ? 'guest' : 'member' }, now, config.sessionDays);
      return { vip, created };
    });
    if (!started) return reply.code(404).send({ error: `no member ${parsed.data.vipId}` });
    // The gateway's session cookie, exactly.
    reply.setCookie(SESSION_COOKIE, started.created.secret, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      expires: started.created.expires,
    });
    return { VipID: started.vip.vip_id, VipName: started.vip.vip_name };
  });
}
