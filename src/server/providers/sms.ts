/**
 * Text messages (SMS). The service asks a provider to send a message to a
 * phone; which provider depends on the configuration:
 *
 * - the sandbox provider (config.sandbox): writes the message into the
 *   database table `sandbox_sms`, in the caller's transaction, so a message
 *   exists exactly when the code it carries was stored, and any instance can
 *   show it. Tests and the demo read it at `GET /sandbox/sms?phone=853-66123456`
 *   (http/identity.ts).
 * - no provider (production without one configured): sending is refused with
 *   'Text messages cannot be sent right now.' A production provider would
 *   write into an outbox table the same way and deliver after commit.
 */
import type { Queryable } from '../db/driver';
import type { Lang } from '../messages';

export interface SmsMessage {
  /** 'area-number', e.g. '853-66123456'. */
  phoneKey: string;
  text: string;
  lang: Lang;
}

export interface SmsProvider {
  readonly name: string;
  /** Queues the message in the caller's transaction. */
  send(tx: Queryable, message: SmsMessage, now: Date): Promise<void>;
}

export const sandboxSms: SmsProvider = {
  name: 'sandbox',
  async send(tx, { phoneKey, text, lang }, now) {
    await tx.query('INSERT INTO sandbox_sms (phone_key, text, lang, created_at) VALUES ($1, $2, $3, $4)', [phoneKey, text, lang, now]);
  },
};

/** The provider for this configuration; null when the service cannot send texts. */
export function smsProvider(config: { sandbox: boolean }): SmsProvider | null {
  return config.sandbox ? sandboxSms : null;
}

export interface OutboxMessage {
  phone: string;
  text: string;
  lang: string;
  sentAt: string;
}

/** The sandbox outbox of one phone, newest first (at most 50). */
export async function readSandboxOutbox(q: Queryable, phoneKey: string): Promise<OutboxMessage[]> {
  const rows = await q.query<{ phone_key: string; text: string; lang: string; created_at: Date }>(
    'SELECT phone_key, text, lang, created_at FROM sandbox_sms WHERE phone_key = $1 ORDER BY message_id DESC LIMIT 50',
    [phoneKey],
  );
  return rows.map((r) => ({ phone: r.phone_key, text: r.text, lang: r.lang, sentAt: new Date(r.created_at).toISOString() }));
}

export type CodePurpose = 'login' | 'change';

const TEXTS: Record<CodePurpose, Record<Lang, string>> = {
  login: {
    en: '[HBB Order] Your verification code is {code}. It is valid for 10 minutes. Do not share it with anyone.',
    'zh-CN': '【HBB点餐】您的验证码是 {code}，10 分钟内有效。请勿告诉他人。',
    'zh-TW': '【HBB點餐】您的驗證碼是 {code}，10 分鐘內有效。請勿告訴他人。',
  },
  change: {
    en: '[HBB Order] You are changing the phone number of your membership. Your verification code is {code}. It is valid for 10 minutes.',
    'zh-CN': '【HBB点餐】您正在更换会员手机号码，验证码是 {code}，10 分钟内有效。',
    'zh-TW': '【HBB點餐】您正在更換會員手機號碼，驗證碼是 {code}，10 分鐘內有效。',
  },
};

/** The text of a verification code message in the caller's language. */
export function codeMessageText(purpose: CodePurpose, code: string, lang: Lang): string {
  return TEXTS[purpose][lang].replace('{code}', code);
}
