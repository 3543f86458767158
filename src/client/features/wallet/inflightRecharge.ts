/**
 * A top-up the customer left the app for (the payment provider's page).
 * Remembered before the browser leaves, so that the wallet, opened later or
 * after a reload, still finds it and leads to its result; forgotten once its
 * outcome is known.
 */
export const INFLIGHT_RECHARGE_KEY = 'recharge.inflight';
/** After this long a remembered top-up is no longer offered. */
export const INFLIGHT_RECHARGE_TTL_MS = 60 * 60 * 1000;

export interface InflightRecharge {
  SheetID: string;
  amount: string;
  at: number;
}

export function rememberInflightRecharge(recharge: Omit<InflightRecharge, 'at'>, now = Date.now()): void {
  try {
    window.localStorage.setItem(INFLIGHT_RECHARGE_KEY, JSON.stringify({ ...recharge, at: now }));
  } catch {
    // Storage refused: the provider's return address still carries the SheetID.
  }
}

export function inflightRecharge(now = Date.now()): InflightRecharge | null {
  try {
    const raw = window.localStorage.getItem(INFLIGHT_RECHARGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<InflightRecharge>;
    if (typeof parsed.SheetID !== 'string' || !parsed.SheetID || !(now - Number(parsed.at) < INFLIGHT_RECHARGE_TTL_MS)) return null;
    return { SheetID: parsed.SheetID, amount: String(parsed.amount ?? ''), at: Number(parsed.at) };
  } catch {
    return null;
  }
}

export function forgetInflightRecharge(SheetID?: string): void {
  try {
    if (SheetID && inflightRecharge()?.SheetID !== SheetID) return;
    window.localStorage.removeItem(INFLIGHT_RECHARGE_KEY);
  } catch {
    // nothing to forget
  }
}

export const rechargeResultPath = (SheetID: string) => `/pages/rechargeResult/rechargeResult?SheetID=${encodeURIComponent(SheetID)}`;
