/**
 * The stored checkout of an older version brought to this one
 * (CHECKOUT_VERSION, checkoutSlice.ts), in its own chunk: redux-persist's
 * migrate loads it only when the stored checkout is older than the app.
 *
 * Field by field: every field of the draft this version has, of the type it
 * has here (else its default: a field an older version did not have, or a
 * value it kept otherwise, is reset), the coupon when it is one, the
 * agreement when it is true. A version whose change needs more than that
 * adds its step to STEPS (the step to version n runs on a checkout stored
 * before n), and bumps CHECKOUT_VERSION.
 */
import type { PersistedState } from 'redux-persist';
import type { CheckoutState } from './checkoutSlice';

type Stored = Partial<CheckoutState> & Record<string, unknown>;

/** Steps by the version they bring a stored checkout to (none yet: version 1 is the first stored). */
const STEPS: Readonly<Record<number, (s: Stored) => Stored>> = {};

/** The stored checkout brought to `version`, whose empty state is `initial` (both passed by checkoutSlice.ts, which loads this module). */
export function migrateStoredCheckout(stored: PersistedState, initial: CheckoutState, version: number): PersistedState {
  const from = stored?._persist.version ?? -1;
  let s = { ...stored } as Stored;
  for (let v = from + 1; v <= version; v += 1) s = STEPS[v]?.(s) ?? s;
  const draft: Record<string, unknown> = { ...initial.draft };
  for (const [key, value] of Object.entries(s.draft ?? {})) {
    const empty = draft[key];
    if (key in draft && (typeof value === typeof empty || (empty === null && typeof value === 'number'))) draft[key] = value;
  }
  const coupon = s.coupon && typeof s.coupon === 'object' && typeof s.coupon.CardID === 'string' ? s.coupon : null;
  return {
    ...initial,
    entId: typeof s.entId === 'string' ? s.entId : '',
    draft,
    coupon,
    termsAgreed: s.termsAgreed === true,
    _persist: stored!._persist,
  } as PersistedState;
}
