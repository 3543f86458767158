/**
 * Fixed-window rate limits kept in the database (table rate_limit, migration
 * 003), so every instance behind a load balancer counts against the same
 * numbers. One row per key ('order:member:VIP…', 'order:ip:203.0.113.9'):
 * an upsert adds one in the current window, or starts a new window at 1,
 * and answers the count; over the limit, the request is refused.
 *
 * The counting is its own statement, outside the operation's transaction:
 * a refused or failing request still counts (a bot's tampered submits too).
 * The gateway applies it to the operations of its `limits` map
 * (http/gateway.ts) with the numbers of config.rateLimits.
 */
import type { Queryable } from '../db/driver';

/** The length of a window. */
export const WINDOW_MS = 60_000;
/** Counters idle longer than this are deleted now and then. */
const STALE_MS = 60 * 60_000;
/** About one request in this many also deletes stale counters. */
const PRUNE_EVERY = 500;

export interface Limit {
  key: string;
  /** Requests allowed per window. */
  max: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** The first key over its limit, when refused. */
  key?: string;
  /** When the current window ends. */
  resetAt: Date;
}

/** The start of the window `now` falls in. */
export function windowStart(now: Date, windowMs = WINDOW_MS): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Counts one request against each key (one statement for all of them) and
 * says whether every key is still within its limit.
 */
export async function hit(db: Queryable, limits: readonly Limit[], now: Date, windowMs = WINDOW_MS): Promise<LimitVerdict> {
  const start = windowStart(now, windowMs);
  const resetAt = new Date(start.getTime() + windowMs);
  const unique = [...new Map(limits.map((l) => [l.key, l])).values()];
  if (unique.length === 0) return { allowed: true, resetAt };
  const params: unknown[] = [start];
  const values = unique.map((l) => `($${params.push(l.key)}, $1::timestamptz, 1)`).join(', ');
  const rows = await db.query<{ key: string; count: number }>(
    `INSERT INTO rate_limit AS r (key, window_start, count) VALUES ${values}
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
       window_start = EXCLUDED.window_start
     RETURNING key, count`,
    params,
  );
  if (Math.random() * PRUNE_EVERY < 1) {
    await db.query('DELETE FROM rate_limit WHERE window_start < $1', [new Date(now.getTime() - STALE_MS)]);
  }
  const counts = new Map(rows.map((r) => [r.key, Number(r.count)]));
  const over = unique.find((l) => (counts.get(l.key) ?? 0) > l.max);
  return over ? { allowed: false, key: over.key, resetAt } : { allowed: true, resetAt };
}
