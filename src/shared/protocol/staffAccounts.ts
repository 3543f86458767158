/**
 * The staff accounts' routes of the staff API (issue 26 section 1): their
 * bodies and answers, written once for the service (src/server/http/staffAccounts.ts)
 * and the staff program (src/staff/signIn/SignIn.tsx), spread into the typed
 * route table of shared/protocol/staff.ts.
 */
import { z } from 'zod';

export const STAFF_ROLES = ['owner', 'manager', 'cashier', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Login names: 3-40 of a-z, 0-9, '.', '_', '-' (compared in lower case). */
export const staffLogin = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,40}$/, 'a login name is 3-40 letters, digits, ".", "_" or "-"');
/** Passwords: 8-200 characters. */
export const staffPassword = z.string().min(8, 'a password has at least 8 characters').max(200);
/** PINs: 4-6 digits. */
export const staffPin = z.string().regex(/^\d{4,6}$/, 'a PIN is 4-6 digits');
const outletIds = z.array(z.string().trim().min(1).max(64)).max(200);

/** An account as the API answers it (never its hashes). */
export const staffAccount = z.object({
  accountId: z.string(),
  entId: z.string(),
  login: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The outlets (baseIds) it is scoped to; an owner's are every outlet of its enterprise. */
  outlets: z.array(z.string()),
  hasPin: z.boolean(),
  disabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** Who the caller is: a person's account, or the automation key (STAFF_TOKEN) with every right. */
export const staffMe = z.union([
  z.object({ kind: z.literal('account'), account: staffAccount }),
  z.object({ kind: z.literal('automation') }),
]);
export type StaffMe = z.infer<typeof staffMe>;

/** An account's id in a path. */
const accountParams = z.object({ id: z.string().trim().min(1).max(64) });

export const staffAccountRoutes = {
  /** Sign in: sets the staff session cookie (HttpOnly, SameSite=Strict, Path=/staff). 401 wrong, 429 backed off. */
  'POST /staff/session': {
    body: z.object({ login: z.string().trim().min(1).max(80), password: z.string().min(1).max(200) }),
    answer: z.object({ account: staffAccount, expiresAt: z.string() }),
  },
  /** Sign out: ends the session and clears the cookie. */
  'DELETE /staff/session': { body: z.undefined(), answer: z.object({ signedOut: z.boolean() }) },
  'GET /staff/me': { body: z.undefined(), answer: staffMe },
  /** Owner: every account of the enterprise; manager: those of its outlets. */
  'GET /staff/accounts': { body: z.undefined(), answer: z.object({ accounts: z.array(staffAccount) }) },
  /** Owner (or automation, naming entId or outlets of one enterprise). 409 when the login is taken. */
  'POST /staff/accounts': {
    body: z.object({
      login: staffLogin,
      displayName: z.string().trim().min(1).max(80),
      role: z.enum(STAFF_ROLES),
      outlets: outletIds.default([]),
      password: staffPassword,
      pin: staffPin.optional(),
      entId: z.string().trim().min(1).max(64).optional(),
    }),
    answer: z.object({ account: staffAccount }),
  },
  /** Owner: role, outlets, disabled, display name, with the version it read (409 when it changed since). */
  'PATCH /staff/accounts/:id': {
    params: accountParams,
    body: z.object({
      version: z.number().int().min(1),
      role: z.enum(STAFF_ROLES).optional(),
      outlets: outletIds.optional(),
      disabled: z.boolean().optional(),
      displayName: z.string().trim().min(1).max(80).optional(),
    }),
    answer: z.object({ account: staffAccount }),
  },
  /** A person changes their own password with the old one; an owner resets another's without. Ends the account's other sessions. */
  'POST /staff/accounts/:id/password': {
    params: accountParams,
    body: z.object({ password: staffPassword, oldPassword: z.string().max(200).optional() }),
    answer: z.object({ account: staffAccount }),
  },
  /** A person sets their own PIN; an owner sets another's. */
  'POST /staff/accounts/:id/pin': { params: accountParams, body: z.object({ pin: staffPin }), answer: z.object({ account: staffAccount }) },
  /**
   * An approval at the screen (a void, a force close): the approver's login
   * and PIN; approved when the PIN is right and the approver is a manager or
   * owner of `baseId` (when given). 429 while backed off.
   */
  'POST /staff/pin-check': {
    body: z.object({ login: z.string().trim().min(1).max(80), pin: z.string().min(1).max(12), baseId: z.string().trim().min(1).max(64).optional(), action: z.string().trim().max(80).optional() }),
    answer: z.object({
      approved: z.boolean(),
      approver: z.object({ accountId: z.string(), displayName: z.string(), role: z.enum(STAFF_ROLES) }).optional(),
    }),
  },
  /** Owner (and automation): the audit, newest first; `before` (an audit id) pages back. */
  'GET /staff/audit': {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).optional(),
      before: z.coerce.number().int().min(1).optional(),
      action: z.string().trim().max(80).optional(),
      target: z.string().trim().max(80).optional(),
    }),
    answer: z.object({
      entries: z.array(
        z.object({
          id: z.number().int(),
          at: z.string(),
          actor: z.string(),
          actorName: z.string(),
          baseId: z.string().nullable(),
          action: z.string(),
          target: z.string(),
          before: z.unknown(),
          after: z.unknown(),
        }),
      ),
    }),
  },
} as const;

export type StaffAccountRoute = keyof typeof staffAccountRoutes;
