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
