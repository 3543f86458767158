/**
 * The name a member is shown by (issue 23): their own, or, until they set
 * one, their phone number masked ("Member 66****56"), never a blank. Both the
 * app and the staff screen show it so, each in its own words for "Member
 * {phone}"; the stored name stays blank, so the profile asks for one.
 */

/** A phone number with its middle hidden: 66****56 (8 digits), 138****5678 (11 or more); 4 digits or fewer as they are. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length <= 4) return digits;
  const [head, tail] = digits.length >= 11 ? [3, 4] : [2, 2];
  return `${digits.slice(0, head)}${'*'.repeat(digits.length - head - tail)}${digits.slice(-tail)}`;
}

/**
 * The member's name as shown: the name when it has more than spaces, else
 * `fallback` given the masked phone (a program's "Member {phone}"), else ''
 * (no phone either: a member from a host app without one).
 */
export function memberNameShown(name: string | null | undefined, phone: string | null | undefined, fallback: (maskedPhone: string) => string): string {
  const own = (name ?? '').trim();
  if (own) return own;
  const number = (phone ?? '').trim();
  return number ? fallback(maskPhone(number)) : '';
}
