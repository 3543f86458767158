/**
 * Who is signed in on this screen and where: today the staff token and the
 * outlet chosen after it, kept for the tab's life (sessionStorage). The
 * sign-in section (src/staff/signIn) makes one; staff accounts will replace
 * the token behind the same shape.
 */
import type { Outlet } from '../api';

export interface StaffSession {
  token: string;
  outlet: Outlet;
}

const SESSION_KEY = 'staffSession';

export function readSession(): StaffSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as StaffSession | null;
    return s && typeof s.token === 'string' && s.outlet?.baseId ? s : null;
  } catch {
    return null;
  }
}

/** Ends the staff session (DELETE /staff/session, issue 26): the service forgets it and clears its cookie. */
export async function signOutStaff(): Promise<void> {
  try {
    await fetch('/staff/session', { method: 'DELETE' });
  } catch {
    // offline: the session ends by itself at its expiry
  }
}

export function saveSession(session: StaffSession | null): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}
