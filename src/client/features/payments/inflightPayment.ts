/**
 * A provider payment the customer left the app for. Remembered before the
 * browser goes to the provider's page, so that returning (or reopening the
 * app) finds it again; forgotten once its outcome is known.
 */
export const INFLIGHT_PAYMENT_KEY = 'payment.inflight';
/** After this long a remembered payment is no longer offered. */
export const INFLIGHT_PAYMENT_TTL_MS = 60 * 60 * 1000;

export interface InflightPayment {
  SheetID: string;
  PayID: string;
  /** When it was started (ms since the epoch). */
  at: number;
}

export function rememberInflightPayment(payment: Omit<InflightPayment, 'at'>, now = Date.now()): void {
  try {
    window.localStorage.setItem(INFLIGHT_PAYMENT_KEY, JSON.stringify({ ...payment, at: now }));
  } catch {
    // Storage refused: the provider's return address still carries SheetID and PayID.
  }
}

export function inflightPayment(now = Date.now()): InflightPayment | null {
  try {
    const raw = window.localStorage.getItem(INFLIGHT_PAYMENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<InflightPayment>;
    const at = Number(parsed.at);
    if (!parsed.SheetID || !parsed.PayID || !Number.isFinite(at) || now - at > INFLIGHT_PAYMENT_TTL_MS) return null;
    return { SheetID: String(parsed.SheetID), PayID: String(parsed.PayID), at };
  } catch {
    return null;
  }
}

export function forgetInflightPayment(): void {
  try {
    window.localStorage.removeItem(INFLIGHT_PAYMENT_KEY);
  } catch {
    // nothing to forget
  }
}
