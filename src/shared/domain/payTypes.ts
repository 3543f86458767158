/**
 * How a customer pays (the PayType of the payment operations), one list for
 * both programs: the member's balance, the third-party provider (the sandbox
 * in the demo), or later (on delivery or at the counter).
 */
export const PAY_TYPES = ['balance', 'sandbox', 'paylater'] as const;
export type PayType = (typeof PAY_TYPES)[number];

export function isPayType(value: string): value is PayType {
  return (PAY_TYPES as readonly string[]).includes(value);
}

/** Where a payment is made: an order eaten at a table, and whether the customer is a registered member. */
export interface PayingAt {
  /** The order is dine-in at a table (a table's pay-after sheet, or a dine-in order placed from a table). */
  dineInAtTable: boolean;
  /** A registered member (not a guest, not signed out). */
  member: boolean;
}

/**
 * Whether a pay type is offered (issue 23), the rules of SPEC sections 5-7:
 * - pay later is "pay on delivery" (PosSalSheetIsPayLaterSubmit) or at the
 *   counter for an order taken away: a diner at a table is not offered it (a
 *   table's bill is settled online or by the staff at the counter: "Please
 *   call our staff to checkout");
 * - the balance is a registered member's ("Operation not allowed without
 *   logging-in."): at a table a guest is not offered it (away from a table
 *   the guest who picks it is offered the sign-in page);
 * - the provider's payment is offered to everyone.
 * The service refuses pay later at a table by the same rule.
 */
export function payTypeOffered(payType: string, at: PayingAt): boolean {
  if (!at.dineInAtTable) return true;
  if (payType === 'paylater') return false;
  if (payType === 'balance') return at.member;
  return true;
}
