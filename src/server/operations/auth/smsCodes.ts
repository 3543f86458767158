/**
 * SMS verification codes (issue 6): six digits from crypto.randomInt, single
 * use, valid 10 minutes, dead after 5 wrong tries; at most one send per phone
 * per 60 s, and daily caps per phone and per client IP (config.smsLimits).
 * Codes are stored as HMAC-SHA256 with the service's sign-in key.
 *
 * Atomicity: the send gate is one conditional upsert of the phone's
 * `sms_phone` row (and of the IP's `sms_ip_day` row), so of any number of
 * concurrent sends for one phone exactly one claims the row and sends; the
 * others wait on the row lock (PostgreSQL) or the single connection (PGlite),
 * then see the fresh last_sent_at and are refused. The check locks the code's
 * row (SELECT ... FOR UPDATE), so concurrent guesses count one by one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../../shared/protocol/envelope';
import { normalisePhone, phoneKey } from '../../../shared/domain/member';
import type { Queryable } from '../../db/driver';
import { codeMessageText, smsProvider, type CodePurpose } from '../../providers/sms';
import { OpError, type OpContext } from '../context';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
export const MAX_WRONG_TRIES = 5;

const hashCode = (secret: string, key: string, code: string) => createHmac('sha256', secret).update(`${key}:${code}`).digest('base64url');
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The normalised area and number of a request, with the area checked against sms_area. */
export async function requirePhone(q: Queryable, areaNo: string | undefined, phone: string | undefined): Promise<{ areaNo: string; phone: string; key: string }> {
  if (!phone || !phone.trim()) throw new OpError('phoneRequired');
  const normal = normalisePhone(areaNo?.trim() ? areaNo : '853', phone);
  if (!normal) throw new OpError('phoneInvalid');
  const [area] = await q.query('SELECT 1 AS one FROM sms_area WHERE area_no = $1', [normal.areaNo]);
  if (!area) throw new OpError('areaNoInvalid');
  return { ...normal, key: phoneKey(normal.areaNo, normal.phone) };
}

/**
 * Sends a new code to the phone, or refuses: within 60 s of the last send
 * ('Please wait N seconds'), over a daily cap, or without an SMS provider.
 */
export async function sendCode(ctx: OpContext, key: string, purpose: CodePurpose): Promise<void> {
  const { tx, now, config } = ctx;
  const sms = smsProvider(config);
  if (!sms) throw new OpError('smsUnavailable');
  const day = utcDay(now);

  const [claimed] = await tx.query(
    `INSERT INTO sms_phone AS p (phone_key, last_sent_at, day, day_count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (phone_key) DO UPDATE
        SET last_sent_at = EXCLUDED.last_sent_at,
            day = EXCLUDED.day,
            day_count = CASE WHEN p.day = EXCLUDED.day THEN p.day_count + 1 ELSE 1 END
      WHERE p.last_sent_at <= EXCLUDED.last_sent_at - make_interval(secs => $4)
        AND (p.day <> EXCLUDED.day OR p.day_count < $5)
     RETURNING day_count`,
    [key, now, day, RESEND_SECONDS, config.smsLimits.phonePerDay],
  );
  if (!claimed) {
    const [last] = await tx.query<{ last_sent_at: Date }>('SELECT last_sent_at FROM sms_phone WHERE phone_key = $1', [key]);
    const since = last ? (now.getTime() - new Date(last.last_sent_at).getTime()) / 1000 : RESEND_SECONDS;
    if (since < RESEND_SECONDS) {
      const seconds = Math.min(RESEND_SECONDS, Math.max(1, Math.ceil(RESEND_SECONDS - since)));
      throw new OpError('smsWait', ErrorCode.rateLimited, { seconds });
    }
    throw new OpError('smsDailyLimit', ErrorCode.rateLimited);
  }

  const ip = ctx.ip ?? '';
  const [ipClaimed] = await tx.query(
    `INSERT INTO sms_ip_day AS d (ip, day, sent) VALUES ($1, $2, 1)
     ON CONFLICT (ip, day) DO UPDATE SET sent = d.sent + 1 WHERE d.sent < $3
     RETURNING sent`,
    [ip, day, config.smsLimits.ipPerDay],
  );
  // Refused: the phone's claim above is rolled back with the rest.
  if (!ipClaimed) throw new OpError('smsDailyLimit', ErrorCode.rateLimited);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query('DELETE FROM sms_code WHERE phone_key = $1 AND created_at < $2', [key, new Date(now.getTime() - 86_400_000)]);
  await tx.query(
    `INSERT INTO sms_code (phone_key, code_hash, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [key, hashCode(config.signInSecret, key, code), purpose, now, new Date(now.getTime() + CODE_TTL_SECONDS * 1000)],
  );
  await tx.query('INSERT INTO sms_send (phone_key, ip, sent_at) VALUES ($1, $2, $3)', [key, ip, now]);
  await sms.send(tx, { phoneKey: key, text: codeMessageText(purpose, code, ctx.lang), lang: ctx.lang }, now);
}

/**
 * Checks (and on success spends) the newest code of the phone. Refusals:
 * no code, used or expired ('... has expired or has been used'), dead after 5
 * wrong tries ('Too many wrong codes...', even for the right code), wrong
 * ('... is incorrect'). A wrong try is counted: that refusal commits.
 *
 * Call it before any other write of the handler (a committed refusal commits
 * everything the transaction did so far).
 */
export async function checkCode(ctx: OpContext, key: string, code: string | undefined): Promise<void> {
  const { tx, now, config } = ctx;
  const typed = (code ?? '').trim();
  if (!typed) throw new OpError('smsCodeRequired');
  const [row] = await tx.query<{ code_id: string; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
    `SELECT code_id, code_hash, attempts, expires_at, used_at FROM sms_code
      WHERE phone_key = $1 ORDER BY created_at DESC, code_id DESC LIMIT 1 FOR UPDATE`,
    [key],
  );
  if (!row) throw new OpError('smsCodeWrong');
  if (row.attempts >= MAX_WRONG_TRIES) throw new OpError('smsCodeTooManyWrong');
  if (row.used_at || new Date(row.expires_at).getTime() <= now.getTime()) throw new OpError('smsCodeExpired');
  const expected = Buffer.from(row.code_hash);
  const actual = Buffer.from(hashCode(config.signInSecret, key, typed));
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await tx.query('UPDATE sms_code SET used_at = $2 WHERE code_id = $1', [row.code_id, now]);
    return;
  }
  const [after] = await tx.query<{ attempts: number }>('UPDATE sms_code SET attempts = attempts + 1 WHERE code_id = $1 RETURNING attempts', [row.code_id]);
  const dead = (after?.attempts ?? MAX_WRONG_TRIES) >= MAX_WRONG_TRIES;
  throw new OpError(dead ? 'smsCodeTooManyWrong' : 'smsCodeWrong', ErrorCode.business, {}, { commit: true });
}
