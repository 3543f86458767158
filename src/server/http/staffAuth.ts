/**
 * The staff token check shared by the staff API (http/staff.ts), the kitchen
 * screen's reads (http/staffScreen.ts) and the staff event stream:
 * `Authorization: Bearer <STAFF_TOKEN>`, compared in constant time (both
 * sides hashed).
 *
 * Back-off (issue 22): wrong tokens are counted per client IP in the
 * database's fixed-window counters (http/rateLimit.ts, so every instance
 * counts against the same number); once an IP has sent
 * config.staffAuthFailuresPerMinute wrong tokens in a minute, every staff
 * request from it (a right token too, so a guess that hits tells nothing) is
 * answered 429 with Retry-After until the minute ends.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Queryable } from '../db/driver';
import { hit, windowStart, WINDOW_MS } from './rateLimit';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function staffTokenCheck(token: string): (req: FastifyRequest) => boolean {
  const expected = digest(token);
  return (req) => {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(req.headers.authorization ?? '');
    return Boolean(match && timingSafeEqual(digest(match[1]!), expected));
  };
}

export function refuseStaff(reply: FastifyReply) {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer realm="staff"')
    .header('Cache-Control', 'no-store')
    .send({ error: 'a valid staff token is required: Authorization: Bearer <STAFF_TOKEN>' });
}

export interface StaffGuardDeps {
  db: Queryable;
  config: Config;
  clock: Pick<Clock, 'now'>;
}

/**
 * The staff routes' door: null when the request carries the staff token;
 * otherwise the reply, already sent (401, or 429 while the IP is backed off).
 */
export function staffGuard({ db, config, clock }: StaffGuardDeps): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | null> {
  const authorized = staffTokenCheck(config.staffToken ?? '');
  const max = config.staffAuthFailuresPerMinute;
  return async (req, reply) => {
    const now = clock.now();
    const key = `staff:fail:${req.ip}`;
    const start = windowStart(now);
    const [row] = await db.query<{ count: number }>('SELECT count FROM rate_limit WHERE key = $1 AND window_start = $2', [key, start]);
    const backOff = (Number(row?.count ?? 0) >= max);
    if (!backOff && config.staffToken && authorized(req)) return null;
    if (!backOff) {
      await hit(db, [{ key, max }], now);
      return refuseStaff(reply);
    }
    const retryAfter = Math.max(1, Math.ceil((start.getTime() + WINDOW_MS - now.getTime()) / 1000));
    return reply
      .code(429)
      .header('Retry-After', String(retryAfter))
      .header('Cache-Control', 'no-store')
      .send({ error: `too many wrong staff tokens from this address: try again in ${retryAfter} s` });
  };
}
