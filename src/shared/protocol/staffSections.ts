/**
 * The staff program's sections and who may use each (issue 27: the page does
 * not show what the service refuses). One table for the tabs (src/staff/app)
 * and the service's tests: each section names the route it stands on, and
 * its roles are exactly those the service lets through that route
 * (STAFF_ROUTE_ACCESS in src/server/http/staffAuth.ts, or the handler's own
 * check for the accounts' routes). src/server/http/backOfficeAccess.test.ts
 * walks every section with every role against the service.
 */
import type { StaffRole } from './staffAccounts';

/** In the order the navigation shows them. */
export const STAFF_SECTION_IDS = ['kitchen', 'soldOut', 'member', 'menu', 'outlets', 'printers', 'boards', 'accounts', 'loyalty', 'reports'] as const;
export type StaffSectionId = (typeof STAFF_SECTION_IDS)[number];

const ALL: readonly StaffRole[] = ['owner', 'manager', 'cashier', 'kitchen'];
const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];

export interface StaffSectionAccess {
  /** The roles that see the section's tab. */
  roles: readonly StaffRole[];
  /** The service route the section is for ("METHOD /path" as Fastify names it): its roles are the section's. */
  route: string;
}

export const STAFF_SECTION_ACCESS: Readonly<Record<StaffSectionId, StaffSectionAccess>> = {
  kitchen: { roles: ALL, route: 'GET /staff/sheets' },
  // Marking goods sold out: the kitchen and the managers, not the counter.
  soldOut: { roles: ['owner', 'manager', 'kitchen'], route: 'POST /staff/goods/:id/sold-out' },
  // Looking a member's code up: the counter.
  member: { roles: ['owner', 'manager', 'cashier'], route: 'GET /staff/members/by-code/:code' },
  menu: { roles: MANAGERS, route: 'GET /staff/menu' },
  outlets: { roles: MANAGERS, route: 'GET /staff/outlets/:baseId' },
  printers: { roles: ALL, route: 'GET /staff/printers' },
  // The ready board's links (issue 26 section 4).
  boards: { roles: MANAGERS, route: 'GET /staff/board-links' },
  accounts: { roles: MANAGERS, route: 'GET /staff/accounts' },
  loyalty: { roles: MANAGERS, route: 'GET /staff/loyalty/settings' },
  reports: { roles: MANAGERS, route: 'GET /staff/reports/sales' },
};

/** The sections a caller may use: an account's role's, or every one for the automation key (it acts with every right). */
export function sectionsFor(role: StaffRole | 'automation'): StaffSectionId[] {
  return STAFF_SECTION_IDS.filter((id) => role === 'automation' || STAFF_SECTION_ACCESS[id].roles.includes(role));
}
