/**
 * Sessions live in the database, so any instance can answer any request. The
 * cookie holds a random secret; the table holds only its SHA-256, so a leaked
 * table does not leak sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/driver';
import type { Session } from '../operations/context';

export const SESSION_COOKIE = 'hbb_sid';

const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export async function findSession(db: Queryable, secret: string | undefined, now: Date): Promise<Session | null> {
  if (!secret || secret.length > 100) return null;
  const [row] = await db.query<{ session_id: string; ent_id: string; vip_id: string | null; role: string }>(
    'SELECT session_id, ent_id, vip_id, role FROM session WHERE session_id = $1 AND expires_at > $2',
    [hash(secret), now],
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    entId: row.ent_id,
    vipId: row.vip_id,
    role: row.role === 'member' ? 'member' : 'guest',
  };
}

/** Ends a session at once (sign-out): its row is deleted, so its cookie names nothing any more. */
export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM session WHERE session_id = $1', [sessionId]);
}

export async function createSession(
  db: Queryable,
  fields: { entId: string; vipId: string; role: Session['role'] },
  now: Date,
  days: number,
): Promise<{ session: Session; secret: string; expires: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + days * 86_400_000);
  const sessionId = hash(secret);
  await db.query(
    'INSERT INTO session (session_id, ent_id, vip_id, role, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [sessionId, fields.entId, fields.vipId, fields.role, now, expires],
  );
  return { session: { sessionId, ...fields }, secret, expires };
}
