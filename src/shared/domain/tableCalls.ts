/**
 * Issue 28 section 4: "Call staff" and "Ask for the bill" from a table's
 * pages. A table calls again for the same kind only after the cooldown (the
 * service refuses sooner; the app says it on the button).
 */
export const TABLE_CALL_KINDS = ['staff', 'bill'] as const;
export type TableCallKind = (typeof TABLE_CALL_KINDS)[number];
/** How a table asking for the bill means to pay. */
export const BILL_PAY_HOWS = ['online', 'card', 'cash'] as const;
export type BillPayHow = (typeof BILL_PAY_HOWS)[number];
/** Seconds between two calls of one kind from one table. */
export const TABLE_CALL_COOLDOWN_SECONDS = 120;

/** Seconds left before the table may call again, given its last call of that kind (none: 0). */
export function callCooldownLeft(lastCallAt: Date | null, now: Date, cooldownSeconds = TABLE_CALL_COOLDOWN_SECONDS): number {
  if (!lastCallAt) return 0;
  const left = cooldownSeconds - Math.floor((now.getTime() - lastCallAt.getTime()) / 1000);
  return Math.max(0, Math.min(cooldownSeconds, left));
}
