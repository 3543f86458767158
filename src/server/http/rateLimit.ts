/**
 * Fixed-window rate limits kept in the database (table rate_limit, migration
 * 003), so every instance behind a load balancer counts against the same
 * numbers. One row per key ('order:member:VIP…', 'order:ip:203.0.113.9'):
 * an upsert adds one in the current window, or starts a new window at 1,
 * and answers the count; over the limit, the request is refused.
 *
 * The gateway (http/gateway.ts) counts in the request's own transaction, so
 * a limit costs no commit of its own: the caller's session and its counters
 * are read in one statement first (a caller already at a limit is refused
 * before any work, nothing written), and the counting upsert is the
 * transaction's last statement, so its row locks are held only until the
 * commit that follows it. A request refused by a limit is rolled back and
 * writes nothing (not even a count). A request that fails otherwise (a
 * tampered total, a bad payload: a bot's attempts) still counts, with a
 * statement of its own after the rollback. It applies to the operations of
 * its `limits` and `anonymousWrites` (config.rateLimits,
 * config.anonymousWriteLimits).
 *
 * Across instances: the counters are rows of the one database every
 * instance uses, so the limits hold for the whole service, not per instance.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable } from '../db/driver';
import type { Session } from '../operations/context';

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
  /** Each key's count in the current window, this request included. */
  counts?: Record<string, number>;
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
  // Sorted: concurrent transactions lock the counters' rows in one order (no deadlock).
  const unique = [...new Map(limits.map((l) => [l.key, l])).values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
  const all = Object.fromEntries(counts);
  return over ? { allowed: false, key: over.key, resetAt, counts: all } : { allowed: true, resetAt, counts: all };
}

/** The caller's session and the counts so far of the keys it may be limited by (see sessionWithCounts). */
export interface SessionCounts {
  session: Session | null;
  /** Count in the current window per key (keys without a row this window are absent). */
  counts: Record<string, number>;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * One statement: the session of the cookie's secret (as http/session.ts's
 * findSession) and the current window's counts of `keys` and, when the
 * session has a member, of `memberPrefix` + its VipID.
 */
export async function sessionWithCounts(
  db: Queryable,
  secret: string | undefined,
  now: Date,
  keys: readonly string[],
  memberPrefix: string | null,
  windowMs = WINDOW_MS,
): Promise<SessionCounts> {
  const sessionId = secret && secret.length <= 100 ? hashSecret(secret) : null;
  const [row] = await db.query<{ session_id: string | null; ent_id: string; vip_id: string | null; role: string; counts: Record<string, number> | string | null }>(
    `SELECT s.session_id, s.ent_id, s.vip_id, s.role,
            (SELECT json_object_agg(r.key, r.count) FROM rate_limit r
              WHERE r.window_start = $3 AND (r.key = ANY ($4::text[]) OR r.key = $5 || s.vip_id)) AS counts
       FROM (SELECT 1) AS one LEFT JOIN session s ON s.session_id = $1 AND s.expires_at > $2`,
    [sessionId, now, windowStart(now, windowMs), keys, memberPrefix],
  );
  const raw = row?.counts ?? null;
  const counts = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, number>;
  const session: Session | null = row?.session_id
    ? { sessionId: row.session_id, entId: row.ent_id, vipId: row.vip_id, role: row.role === 'member' ? 'member' : 'guest' }
    : null;
  return { session, counts };
}

/** The first limit the caller has already used up (this request would be one more), if any. */
export function usedUp(limits: readonly Limit[], counts: Record<string, number>): Limit | undefined {
  return limits.find((l) => Number(counts[l.key] ?? 0) >= l.max);
}

/**
 * The network a client address belongs to, for the per-network limits
 * (issue 22): an IPv4 address's /24 ('203.0.113.0/24'; an IPv4-mapped IPv6
 * address counts as its IPv4 one), an IPv6 address's /64
 * ('2001:db8:1:2::/64'). Anything else is its own network.
 */
export function networkOf(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const v4 = mapped ? mapped[1]! : bare;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(bare)) return bare;
  // Expand '::' (and an IPv4 tail) to eight groups, then keep the first four.
  let text = bare.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * What one instance last heard of a counter shared by all (the service's
 * anonymous writes this minute, issue 22): each count the database answers
 * is noted, so a request can be slowed before it takes a connection without
 * a statement of its own.
 */
export class GlobalGauge {
  private window = 0;
  private count = 0;

  note(now: Date, count: number | undefined, windowMs = WINDOW_MS): void {
    if (count === undefined) return;
    const w = windowStart(now, windowMs).getTime();
    if (w !== this.window) {
      this.window = w;
      this.count = count;
    } else if (count > this.count) this.count = count;
  }

  /** Whether the count of the current window has reached `max`. */
  over(now: Date, max: number, windowMs = WINDOW_MS): boolean {
    return this.window === windowStart(now, windowMs).getTime() && this.count >= max;
  }
}
