/**
 * Member profile rules shared by the app and the service (SPEC section 5).
 *
 * Name: letters, digits, Chinese characters, round brackets (ASCII and
 * full-width), hyphen and underscore only; anything else (spaces, emoji,
 * punctuation) is 'Name contains invalid characters.' "Letters" are Unicode
 * letters, so accented Latin, kana or Hangul names pass too; Chinese
 * characters are letters. At most 40 characters.
 */
const NAME = /^[\p{L}\p{M}\p{Nd}()（）\-_]+$/u;
export const MAX_NAME_LENGTH = 40;

export function isValidMemberName(name: string): boolean {
  return name.length > 0 && [...name].length <= MAX_NAME_LENGTH && NAME.test(name);
}

/** A phone as the protocol writes it with its area: '853-66123456'. */
export function phoneKey(areaNo: string, phone: string): string {
  return `${areaNo}-${phone}`;
}

/**
 * Normalises a calling code and a phone number as people type them: '+853'
 * or '00853' -> '853'; spaces, hyphens, dots and brackets dropped from the
 * number. Answers null when either is not plausible (area 1-4 digits, number
 * 5-15 digits).
 */
export function normalisePhone(areaNo: string, phone: string): { areaNo: string; phone: string } | null {
  const area = areaNo.trim().replace(/^\+/, '').replace(/^00/, '');
  const number = phone.trim().replace(/[\s\-.()]/g, '');
  if (!/^\d{1,4}$/.test(area) || !/^\d{5,15}$/.test(number)) return null;
  return { areaNo: area, phone: number };
}

/** A birthday 'YYYY-MM-DD' that is a real calendar date, not before 1900 and before `today` ('YYYY-MM-DD'). */
export function isValidBirthday(value: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && value < today;
}

/**
 * A member name made from a host's nickname: characters the name rule does
 * not allow (spaces, emoji, punctuation) are dropped and the rest cut to the
 * longest name allowed; nothing left gives the platform's fallback.
 */
export function memberNameFrom(nickname: string | null | undefined, fallback: string): string {
  const kept = [...(nickname ?? '')].filter((ch) => NAME.test(ch)).slice(0, MAX_NAME_LENGTH).join('');
  return kept || fallback;
}

/** The name a member from each host gets when its nickname gives none (SPEC section 9: fallbacks per platform). */
export const NICKNAME_FALLBACKS = {
  chat: '微信用户',
  mpay: 'MPay用户',
  alipay: '支付宝用户',
  foodapp: 'mFood用户',
} as const;

/**
 * A member's sex from a host's value (SPEC section 9): default 0; the chat
 * app's value 2 maps to 1, anything else to 0. Other hosts that give 0-2 keep it.
 */
export function sexFromHost(host: keyof typeof NICKNAME_FALLBACKS, value: unknown): 0 | 1 | 2 {
  const n = Number(value);
  if (host === 'chat') return n === 2 ? 1 : 0;
  return n === 1 || n === 2 ? n : 0;
}

/** Splits a phone written 'area-number' ('853-66123456'); null when it is not one. */
export function splitPhoneKey(value: string | null | undefined): { areaNo: string; phone: string } | null {
  const m = /^\+?(\d{1,4})-(\d{5,15})$/.exec((value ?? '').trim());
  return m ? { areaNo: m[1]!, phone: m[2]! } : null;
}
