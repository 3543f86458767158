/**
 * The kitchen's timers (issue 26 section 2): seconds since the kitchen
 * received an order at which its ticket turns amber and red, unless the
 * outlet set its own per way of ordering (PUT /staff/kitchen/thresholds).
 * No zod here: the staff program's bundle imports it.
 */
export const TAKE_TYPES = ['dinein', 'pickup', 'delivery'] as const;
export type TakeType = (typeof TAKE_TYPES)[number];
export const DEFAULT_AMBER_S = 300;
export const DEFAULT_RED_S = 480;
/** How many bumped tickets a recall offers. */
export const RECALL_LIMIT = 10;
