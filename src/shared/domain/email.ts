/**
 * An email address a mail server takes, checked the same way by the receipt
 * form and the service (issue 29): one @, a dotted domain whose last part has
 * two letters or more, no spaces, angle brackets or quotes; at most 254
 * characters. Answers the trimmed address, or null.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export const EMAIL_MAX = 254;

export function normalizeEmail(raw: string): string | null {
  const email = raw.trim();
  return email.length <= EMAIL_MAX && EMAIL.test(email) ? email : null;
}
