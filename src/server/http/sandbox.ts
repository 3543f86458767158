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
 */
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Clock } from '../clock';

export interface SandboxDeps {
  clock: Clock;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const setClockBody = z.object({
  now: z.union([z.null(), z.string().regex(ISO_DATE_TIME, 'expected an ISO date-time with a zone, e.g. 2026-03-15T12:00:00+08:00')]),
});

function clockState(clock: Clock) {
  return { now: clock.now().toISOString(), fixed: clock.fixed() !== null };
}

export async function sandboxRoutes(app: FastifyInstance, { clock }: SandboxDeps): Promise<void> {
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
}
