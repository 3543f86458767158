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
