/**
 * Member profile rules shared by the app and the service (SPEC section 5).
 *
 * Name: letters, digits, Chinese characters, round brackets (ASCII and
 * full-width), hyphen and underscore; and, between two letters, one space or
 * one apostrophe (' or ’), so 'Tom Tourist', 'Tom O'Brien' and 'd’Almeida'
 * pass (issue 23 item 16: SPEC 5's rule was written for Chinese names).
 * Anything else (two spaces, a space at either end or next to a digit or a
 * sign, emoji, other punctuation) is 'Name contains invalid characters.'
 * "Letters" are Unicode letters, so accented Latin, kana or Hangul names pass
 * too; Chinese characters are letters. At most 40 characters.
 */
const NAME_CHAR = /^[\p{L}\p{M}\p{Nd}()（）\-_]$/u;
const NAME = /^[\p{L}\p{M}\p{Nd}()（）\-_]+(?:[ '’][\p{L}\p{M}\p{Nd}()（）\-_]+)*$/u;
/** A separator (space, apostrophe) not after a letter (and its marks) or not before a letter. */
const LOOSE_SEPARATOR = /(?<![\p{L}][\p{M}]*)[ '’]|[ '’](?!\p{L})/u;
export const MAX_NAME_LENGTH = 40;

export function isValidMemberName(name: string): boolean {
  return name.length > 0 && [...name].length <= MAX_NAME_LENGTH && NAME.test(name) && !LOOSE_SEPARATOR.test(name);
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
 * not allow (emoji, punctuation) are dropped, a run of spaces or apostrophes
 * between two letters is kept as its first one, any other is dropped, and
 * the rest is cut to the longest name allowed; nothing left gives the
 * platform's fallback.
 */
export function memberNameFrom(nickname: string | null | undefined, fallback: string): string {
  // Only name characters and separators; any other whitespace counts as a space.
  const chars = [...(nickname ?? '').replace(/\s/gu, ' ')].filter((ch) => NAME_CHAR.test(ch) || ch === ' ' || ch === "'" || ch === '’');
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    if (NAME_CHAR.test(ch)) {
      out.push(ch);
      continue;
    }
    // A separator: kept once, when a letter (and its marks) is before it and a letter follows the run.
    let end = i;
    while (end + 1 < chars.length && !NAME_CHAR.test(chars[end + 1]!)) end += 1;
    const before = out.join('');
    if (/\p{L}\p{M}*$/u.test(before) && end + 1 < chars.length && /^\p{L}$/u.test(chars[end + 1]!)) out.push(ch);
    i = end;
  }
  // Cut to the longest name allowed, never ending on a separator.
  const kept = out.slice(0, MAX_NAME_LENGTH).join('').replace(/[ '’]+$/u, '');
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
