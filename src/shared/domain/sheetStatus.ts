/**
 * The sheet's status and pay status codes (orderStates.ts says what each means), in a module of their own:
 * the app's first screen reads SheetStatus (openingHours/check.ts) and nothing else of the order states
 * (issue 24: the first screen's download).
 */
export const SheetStatus = { open: 0, paid: 1, closed: 2, checkedOut: 3 } as const;
export const PayStatus = { unpaid: 0, paying: 1, paid: 2, refunded: 3 } as const;
