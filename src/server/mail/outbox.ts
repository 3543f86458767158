/**
 * The mail outbox (migration 028): a mail is a row written in the
 * transaction that asks for it, so a rolled-back request sends nothing and a
 * committed one is sent even if this instance stops. The worker of any
 * instance claims due rows (FOR UPDATE SKIP LOCKED), sends them, and marks
 * them sent; a failed send waits with a back-off and is given up after the
 * configured attempts (last_error says why).
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/driver';
import type { Lang } from '../messages';
import type { RenderedMail } from '../receipts/render';

export interface QueuedMail {
  entId: string;
  sheetId: string | null;
  vipId: string | null;
  kind: 'receipt';
  to: string;
  lang: Lang;
  mail: RenderedMail;
}

/** Listeners told when this instance queues a mail (the worker's kick). */
const queuedHere = new Set<() => void>();

export function onMailQueued(listener: () => void): () => void {
  queuedHere.add(listener);
  return () => queuedHere.delete(listener);
}

export async function queueMail(tx: Queryable, m: QueuedMail, now: Date): Promise<string> {
  const mailId = `MAIL${now.getTime()}${randomBytes(6).toString('hex')}`;
  await tx.query(
    `INSERT INTO mail_outbox (mail_id, ent_id, sheet_id, vip_id, kind, to_addr, lang, subject, text_body, html_body, created_at, next_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [mailId, m.entId, m.sheetId, m.vipId, m.kind, m.to, m.lang, m.mail.subject, m.mail.text, m.mail.html, now],
  );
  // The transaction may not have committed yet: the worker looks a moment later, and polls anyway.
  setTimeout(() => queuedHere.forEach((l) => l()), 50).unref();
  return mailId;
}

export type ClaimedMail = {
  mail_id: string;
  to_addr: string;
  subject: string;
  text_body: string;
  html_body: string;
  lang: string;
  attempts: number;
};

/** Claims up to `limit` due mails for `me` until `now + claimMs` (a claim of an instance that died runs out). */
export async function claimMails(db: Queryable, now: Date, limit: number, me: string, claimMs: number, maxAttempts: number): Promise<ClaimedMail[]> {
  if (limit < 1) return [];
  return db.query<ClaimedMail>(
    `UPDATE mail_outbox m SET claimed_by = $2, claimed_until = $3, attempts = m.attempts + 1
      WHERE m.mail_id IN (
        SELECT mail_id FROM mail_outbox
         WHERE sent_at IS NULL AND next_at <= $1 AND attempts < $5 AND (claimed_until IS NULL OR claimed_until < $1)
         ORDER BY next_at, mail_id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING m.mail_id, m.to_addr, m.subject, m.text_body, m.html_body, m.lang, m.attempts`,
    [now, me, new Date(now.getTime() + claimMs), limit, maxAttempts],
  );
}

export async function markSent(db: Queryable, mailId: string, me: string, now: Date, messageId: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = $3, message_id = $4, claimed_by = NULL, claimed_until = NULL, last_error = ''
      WHERE mail_id = $1 AND claimed_by = $2 AND sent_at IS NULL`,
    [mailId, me, now, messageId],
  );
}

export async function markFailed(db: Queryable, mailId: string, me: string, reason: string, retryAt: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET next_at = $3, last_error = $4, claimed_by = NULL, claimed_until = NULL
      WHERE mail_id = $1 AND claimed_by = $2 AND sent_at IS NULL`,
    [mailId, me, retryAt, reason.slice(0, 500)],
  );
}

/** Doubles from `retryMs` per failed attempt, at most `maxMs`. */
export function mailBackOffMs(attempts: number, retryMs: number, maxMs: number): number {
  return Math.min(maxMs, retryMs * 2 ** Math.max(0, attempts - 1));
}
