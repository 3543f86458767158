/**
 * Who is signed in on this screen and where: today the staff token and the
 * outlet chosen after it, kept for the tab's life (sessionStorage). The
 * sign-in section (src/staff/signIn) makes one; staff accounts will replace
 * the token behind the same shape.
 */
import type { StaffRole } from '../../shared/protocol/staffAccounts';
import type { StaffSectionId } from '../../shared/protocol/staffSections';
import { sectionsFor } from '../../shared/protocol/staffSections';
import type { Outlet } from '../api';

export interface StaffSession {
  /** The automation key (scripts, tests), or '' for a person (the HttpOnly cookie carries their session). */
  token: string;
  outlet: Outlet;
  /** A person's role: the sections shown are its (the automation key has every right). */
  role?: StaffRole;
}

/** The sections this session may use (issue 27: the page does not show what the service refuses). */
export function sessionSections(session: StaffSession): StaffSectionId[] {
  return sectionsFor(session.role ?? 'automation');
}

const SESSION_KEY = 'staffSession';

export function readSession(): StaffSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as StaffSession | null;
    // A person's session kept from before roles were kept with it: signed in again (the cookie makes it one tap).
    return s && typeof s.token === 'string' && s.outlet?.baseId && (s.token !== '' || s.role) ? s : null;
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
