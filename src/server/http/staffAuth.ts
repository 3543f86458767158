/**
 * Who calls the staff API, and what they may do (issues 22 and 26).
 *
 * Two ways in:
 * - a person's staff session cookie (STAFF_COOKIE, set by POST /staff/session
 *   in http/staffAccounts.ts): the caller is that account, with its role
 *   (owner, manager, cashier, kitchen) and its outlets (an owner's: every
 *   outlet of its enterprise);
 * - the automation key, `Authorization: Bearer <STAFF_TOKEN>` (scripts,
 *   tests), compared in constant time (both sides hashed): the caller is
 *   'automation', with every right.
 *
 * `requireStaff(req, reply, { roles, baseId })` answers the actor, or sends
 * 401 (nobody), 403 (a role or an outlet the account does not have) or 429
 * and answers null. The staff routes of http/staff.ts and
 * http/staffScreen.ts and the staff stream go through `staffGuard`, which
 * looks the route up in STAFF_ROUTE_ACCESS (the role x route table), finds
 * the outlet the request touches (the query's baseId, the sheet's, the
 * goods' shop's outlets) and calls requireStaff. A route not in the table is
 * the owner's (and automation's) only.
 *
 * Back-off (issue 22): wrong tokens (and requests with no credentials) are
 * counted per client IP in the database's fixed-window counters
 * (http/rateLimit.ts); past config.staffAuthFailuresPerMinute in a minute,
 * every token request from that IP (a right token too) is 429 until the
 * minute ends. A valid session cookie is not affected (a kitchen tablet on
 * the Wi-Fi of someone guessing keeps working). Sign-in keeps counters of its
 * own (http/staffAccounts.ts).
 *
 * Every staff action writes a row of staff_audit with `audit(...)`, in the
 * transaction that performs it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/protocol/staffAccounts';
import { STAFF_ROLES } from '../../shared/protocol/staffAccounts';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Queryable } from '../db/driver';
import { langFromHeader, message, type MessageKey } from '../messages';
import { hit, windowStart, WINDOW_MS } from './rateLimit';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The staff session cookie (Path=/staff, HttpOnly, SameSite=Strict). */
export const STAFF_COOKIE = 'hbb_staff';

/** The cookie's secret as the table keeps it. */
export const staffSessionHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function staffTokenCheck(token: string): (req: FastifyRequest) => boolean {
  const expected = digest(token);
  return (req) => {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(req.headers.authorization ?? '');
    return Boolean(match && timingSafeEqual(digest(match[1]!), expected));
  };
}

const say = (req: FastifyRequest, key: MessageKey, values: Record<string, string | number> = {}) =>
  message(key, langFromHeader(req.headers['accept-language']), values);

export function refuseStaff(reply: FastifyReply, req?: FastifyRequest) {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer realm="staff"')
    .header('Cache-Control', 'no-store')
    .send({ error: req ? say(req, 'staffSignInRequired') : message('staffSignInRequired', 'en') });
}

/** Who is calling: a person's account, or the automation key. */
export type StaffActor =
  | {
      kind: 'automation';
      id: 'automation';
      name: 'automation';
      /** The enterprise and outlet of what this request touches, when known (for the audit). */
      entId: string | null;
      baseId: string | null;
      /** When the request was authenticated (the service's clock): the audit's time. */
      at: Date;
    }
  | {
      kind: 'account';
      id: string;
      name: string;
      login: string;
      role: StaffRole;
      entId: string;
      /** The outlets it may act on (an owner's: every outlet of its enterprise). */
      outlets: string[];
      baseId: string | null;
      /** The session's hash (sign-out ends it). */
      sessionHash: string;
      at: Date;
    };

export interface StaffGuardDeps {
  db: Queryable;
  config: Config;
  clock: Pick<Clock, 'now'>;
}

export interface StaffAccess {
  /** The roles allowed (automation always is). */
  roles: readonly StaffRole[];
  /** The outlet the request acts on; the account must be scoped to it. */
  baseId?: string | null;
  /** Or: any of these outlets will do (goods belong to a shop's outlets). */
  anyOf?: readonly string[] | null;
}

export const ALL_ROLES: readonly StaffRole[] = STAFF_ROLES;
/** The counter: closing bills, payments, members. */
export const COUNTER: readonly StaffRole[] = ['owner', 'manager', 'cashier'];
/** What only a manager (or the owner) approves: a force close. */
export const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];
export const OWNER: readonly StaffRole[] = ['owner'];

/** How a route finds the outlet(s) it touches. */
type Scope = 'none' | 'query' | 'sheet' | 'goods' | 'sku' | 'printer' | 'table' | 'outletParam';

/**
 * The role x route table of the staff API (issue 26, issue 27's rule: the
 * roles hold on the service). Keys are Fastify's method and route url.
 */
export const STAFF_ROUTE_ACCESS: Record<string, { roles: readonly StaffRole[]; scope: Scope; backOffice?: true }> = {
  'GET /staff/sheets': { roles: ALL_ROLES, scope: 'query' },
  'POST /staff/sheets/:id/progress': { roles: ALL_ROLES, scope: 'sheet' },
  // A force close ({"force": true}) also needs MANAGERS (http/staff.ts checks it with requireRoles).
  'POST /staff/sheets/:id/close': { roles: COUNTER, scope: 'sheet' },
  'POST /staff/sheets/:id/cancel-payment': { roles: COUNTER, scope: 'sheet' },
  'POST /staff/goods/:id/sold-out': { roles: ['owner', 'manager', 'kitchen'], scope: 'goods' },
  'POST /staff/skus/:id/sold-out': { roles: ['owner', 'manager', 'kitchen'], scope: 'sku' },
  'GET /staff/members/by-code/:code': { roles: COUNTER, scope: 'none' },
  'GET /staff/outlets': { roles: ALL_ROLES, scope: 'none' },
  'GET /staff/goods': { roles: ALL_ROLES, scope: 'query' },
  'GET /staff/events': { roles: ALL_ROLES, scope: 'query' },
  // Printers and stations (issue 26 section 3, http/staffPrinters.ts): the screen shows them; managers manage them.
  'GET /staff/stations': { roles: ALL_ROLES, scope: 'query' },
  'GET /staff/printers': { roles: ALL_ROLES, scope: 'query' },
  // The body's baseId: checked in the handler with requireOutlet.
  'POST /staff/printers': { roles: MANAGERS, scope: 'none' },
  'DELETE /staff/printers/:id': { roles: MANAGERS, scope: 'printer' },
  'POST /staff/sheets/:id/reprint': { roles: ALL_ROLES, scope: 'sheet' },
  // Table calls (issue 28, http/staffCalls.ts): every role sees and claims them; an acknowledgement's outlet is checked in the handler (requireOutlet).
  'GET /staff/calls': { roles: ALL_ROLES, scope: 'query' },
  'POST /staff/calls/:id/ack': { roles: ALL_ROLES, scope: 'none' },
  // A table's live cart (issue 28, http/staffTableCart.ts): the roles that serve tables, of the table's outlet; not the kitchen's.
  'GET /staff/tables/:id/cart': { roles: COUNTER, scope: 'table' },
  'POST /staff/tables/:id/cart/lines/:lineId': { roles: COUNTER, scope: 'table' },
  // The ready board's links (issue 26 section 4, http/staffBoard.ts): managers; the outlet of a body or a link is checked in the handler.
  'GET /staff/board-links': { roles: MANAGERS, scope: 'query' },
  'POST /staff/board-links': { roles: MANAGERS, scope: 'none' },
  'DELETE /staff/board-links/:id': { roles: MANAGERS, scope: 'none' },
  // Staff fix an order (issue 26 section 5, http/staffFix.ts): a void also needs a manager's or owner's login and PIN.
  'POST /staff/sheets/:id/lines/:itemId/void': { roles: COUNTER, scope: 'sheet' },
  'POST /staff/sheets/:id/lines': { roles: COUNTER, scope: 'sheet' },
  'POST /staff/sheets/:id/move': { roles: COUNTER, scope: 'sheet' },
  'GET /staff/chooser': { roles: ALL_ROLES, scope: 'query' },
  // The back office (issue 27), marked backOffice: backOfficeAccess.test.ts walks every such row with every role.
  // Its menu (http/staffMenu.ts): goods belong to the enterprise; a manager changes availability only at their outlets (checked in operations/backOffice/menu.ts).
  'GET /staff/menu': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/classes': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PATCH /staff/classes/:id': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/classes/order': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/classes/:id/archive': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/goods': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PATCH /staff/goods/:id': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/goods/:id/archive': { roles: MANAGERS, scope: 'none', backOffice: true },
  'DELETE /staff/goods/:id': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/goods/:id/picture': { roles: MANAGERS, scope: 'none', backOffice: true },
  // Allergens, diets and pairings (issue 29; http/staffAllergens.ts).
  'GET /staff/goods/:id/diet': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/diet': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/pairings': { roles: MANAGERS, scope: 'none', backOffice: true },
  'GET /staff/menu/export.csv': { roles: MANAGERS, scope: 'none', backOffice: true },
  // A goods' pack units, bundle groups, add-ons and spec translations (operations/backOffice/menuExtras.ts): a manager writes them only when every outlet selling the goods is theirs.
  'GET /staff/goods/:id/extras': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/pack-units': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/bundle-groups': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/add-ons': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/goods/:id/spec-texts': { roles: MANAGERS, scope: 'none', backOffice: true },
  // Rewrites every outlet's menu: the owner's (http/staffMenu.ts).
  'POST /staff/menu/import': { roles: OWNER, scope: 'none', backOffice: true },
  // The back office's outlets, tables and codes (issue 27 section 2, http/staffOutlets.ts).
  'GET /staff/tables': { roles: MANAGERS, scope: 'query', backOffice: true },
  // The body's baseId: checked in the handler with requireOutlet.
  'POST /staff/tables': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PATCH /staff/tables/:id': { roles: MANAGERS, scope: 'table', backOffice: true },
  'DELETE /staff/tables/:id': { roles: MANAGERS, scope: 'table', backOffice: true },
  'POST /staff/tables/:id/rotate-code': { roles: MANAGERS, scope: 'table', backOffice: true },
  'GET /staff/tables/:id/code.svg': { roles: MANAGERS, scope: 'table', backOffice: true },
  'GET /staff/tables/:id/code.png': { roles: MANAGERS, scope: 'table', backOffice: true },
  'GET /staff/outlets/:baseId/qr-sheet': { roles: MANAGERS, scope: 'outletParam', backOffice: true },
  'GET /staff/outlets/:baseId': { roles: MANAGERS, scope: 'outletParam', backOffice: true },
  'PATCH /staff/outlets/:baseId': { roles: MANAGERS, scope: 'outletParam', backOffice: true },
  // The kitchen's stations and expo (issue 26 section 2, http/staffKitchen.ts): cooks mark, bump, recall; managers set the thresholds.
  'GET /staff/kitchen': { roles: ALL_ROLES, scope: 'query' },
  'POST /staff/sheets/:id/items/:item/done': { roles: ['owner', 'manager', 'kitchen'], scope: 'sheet' },
  'POST /staff/sheets/:id/bump': { roles: ['owner', 'manager', 'kitchen'], scope: 'sheet' },
  'POST /staff/sheets/:id/recall': { roles: ['owner', 'manager', 'kitchen'], scope: 'sheet' },
  // The body's baseId: checked in the handler with requireOutlet.
  'PUT /staff/kitchen/thresholds': { roles: MANAGERS, scope: 'none' },
  // back office: reports (issue 27 section 4, http/staffReports.ts); a manager on their outlets only.
  'GET /staff/reports/sales': { roles: MANAGERS, scope: 'query', backOffice: true },
  // back office: loyalty (issue 27 section 3, http/staffLoyalty.ts): enterprise-wide; the owner changes the rules.
  'GET /staff/loyalty/settings': { roles: MANAGERS, scope: 'none', backOffice: true },
  'PUT /staff/loyalty/settings': { roles: OWNER, scope: 'none', backOffice: true },
  'POST /staff/loyalty/recharge-rules': { roles: OWNER, scope: 'none', backOffice: true },
  'PUT /staff/loyalty/recharge-rules/:id': { roles: OWNER, scope: 'none', backOffice: true },
  'GET /staff/loyalty/plans': { roles: MANAGERS, scope: 'none', backOffice: true },
  'POST /staff/loyalty/plans': { roles: OWNER, scope: 'none', backOffice: true },
  'PUT /staff/loyalty/plans/:id': { roles: OWNER, scope: 'none', backOffice: true },
  'POST /staff/loyalty/plans/:id/codes': { roles: OWNER, scope: 'none', backOffice: true },
  'GET /staff/loyalty/plans/:id/codes': { roles: OWNER, scope: 'none', backOffice: true },
  'GET /staff/loyalty/members': { roles: MANAGERS, scope: 'none', backOffice: true },
  'GET /staff/loyalty/members/:id': { roles: MANAGERS, scope: 'none', backOffice: true },
  // The caller's own PIN too (http/staffLoyalty.ts checkPin).
  'POST /staff/loyalty/members/:id/adjust': { roles: MANAGERS, scope: 'none', backOffice: true },
};

const actors = new WeakMap<FastifyRequest, StaffActor>();

/** The actor requireStaff (or staffGuard) found for this request. */
export function actorOf(req: FastifyRequest): StaffActor {
  const actor = actors.get(req);
  if (!actor) throw new Error(`no staff actor for ${req.method} ${req.url}: the route is not behind requireStaff`);
  return actor;
}

class StaffForbidden extends Error {
  readonly statusCode = 403;
}

/** Inside a handler: refuses (403, through the error handler) an account whose role is not among `roles`. */
export function requireRoles(req: FastifyRequest, roles: readonly StaffRole[]): void {
  const actor = actorOf(req);
  if (actor.kind === 'account' && !roles.includes(actor.role)) throw new StaffForbidden(say(req, 'staffRoleForbidden', { role: actor.role }));
}

/** Whether the caller is told who paid a sheet's payments (issue 28): the counter's roles and the automation key. */
export function seesPayers(req: FastifyRequest): boolean {
  const actor = actorOf(req);
  return actor.kind !== 'account' || COUNTER.includes(actor.role);
}

/** Inside a handler: refuses (403) an account not scoped to `baseId` (an outlet named in a body). */
export function requireOutlet(req: FastifyRequest, baseId: string): void {
  const actor = actorOf(req);
  if (actor.kind === 'account' && !actor.outlets.includes(baseId)) throw new StaffForbidden(say(req, 'staffOutletForbidden'));
  actor.baseId = baseId;
}

/** Who an account is, as its rows read (staffAccounts.ts reads the rest of the account). */
export type StaffAccountColumns = {
  account_id: string;
  ent_id: string;
  login: string;
  display_name: string;
  role: StaffRole;
  outlets: string[];
};

type SessionRow = StaffAccountColumns & {
  session_hash: string;
  last_seen_at: Date;
};

/** The live session of a cookie's secret (not expired, its account not disabled), with the account's outlets. */
export async function findStaffSession(db: Queryable, secret: string | undefined, now: Date): Promise<SessionRow | null> {
  if (!secret || secret.length > 100) return null;
  const [row] = await db.query<SessionRow>(
    `SELECT a.account_id, a.ent_id, a.login, a.display_name, a.role,
            CASE WHEN a.role = 'owner' THEN ARRAY(SELECT b.base_id FROM base b WHERE b.ent_id = a.ent_id ORDER BY b.base_id) ELSE a.outlets END AS outlets,
            s.session_hash, s.last_seen_at
       FROM staff_session s JOIN staff_account a ON a.account_id = s.account_id
      WHERE s.session_hash = $1 AND s.expires_at > $2 AND NOT a.disabled`,
    [staffSessionHash(secret), now],
  );
  return row ?? null;
}

/** The deps-bound requireStaff: the one check every staff route uses. */
export function staffAccess({ db, config, clock }: StaffGuardDeps) {
  const tokenOk = staffTokenCheck(config.staffToken ?? '');
  const max = config.staffAuthFailuresPerMinute;

  async function backedOff(req: FastifyRequest, reply: FastifyReply, now: Date): Promise<boolean> {
    const key = `staff:fail:${req.ip}`;
    const start = windowStart(now);
    const [row] = await db.query<{ count: number }>('SELECT count FROM rate_limit WHERE key = $1 AND window_start = $2', [key, start]);
    if (Number(row?.count ?? 0) < max) return false;
    const retryAfter = Math.max(1, Math.ceil((start.getTime() + WINDOW_MS - now.getTime()) / 1000));
    await reply.code(429).header('Retry-After', String(retryAfter)).header('Cache-Control', 'no-store').send({ error: say(req, 'staffTokenBackoff', { seconds: retryAfter }) });
    return true;
  }

  /** The actor, or null with the answer sent (401 or 429). */
  async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<StaffActor | null> {
    const now = clock.now();
    if (req.headers.authorization === undefined) {
      const session = await findStaffSession(db, req.cookies?.[STAFF_COOKIE], now);
      if (session) {
        // Last seen, at most once a minute per session.
        if (now.getTime() - new Date(session.last_seen_at).getTime() > 60_000) {
          await db.query('UPDATE staff_session SET last_seen_at = $2 WHERE session_hash = $1', [session.session_hash, now]);
        }
        return {
          kind: 'account',
          id: session.account_id,
          name: session.display_name,
          login: session.login,
          role: session.role,
          entId: session.ent_id,
          outlets: session.outlets ?? [],
          baseId: null,
          sessionHash: session.session_hash,
          at: now,
        };
      }
    }
    if (await backedOff(req, reply, now)) return null;
    if (config.staffToken && req.headers.authorization !== undefined && tokenOk(req)) {
      return { kind: 'automation', id: 'automation', name: 'automation', entId: null, baseId: null, at: now };
    }
    await hit(db, [{ key: `staff:fail:${req.ip}`, max }], now);
    await refuseStaff(reply, req);
    return null;
  }

  /**
   * The actor when the caller may act with `access` (its role among
   * `roles`, scoped to `baseId` or one of `anyOf`); otherwise the answer is
   * sent (401, 403, 429) and null.
   */
  async function requireStaff(req: FastifyRequest, reply: FastifyReply, access: StaffAccess): Promise<StaffActor | null> {
    const actor = await authenticate(req, reply);
    if (!actor) return null;
    const bases = access.baseId ? [access.baseId] : (access.anyOf ?? []);
    if (actor.kind === 'account') {
      if (!access.roles.includes(actor.role)) {
        await reply.code(403).header('Cache-Control', 'no-store').send({ error: say(req, 'staffRoleForbidden', { role: actor.role }) });
        return null;
      }
      if (bases.length > 0) {
        const mine = bases.find((b) => actor.outlets.includes(b));
        if (!mine) {
          await reply.code(403).header('Cache-Control', 'no-store').send({ error: say(req, 'staffOutletForbidden') });
          return null;
        }
        actor.baseId = mine;
      }
    } else if (bases.length > 0) {
      actor.baseId = bases[0]!;
      const [base] = await db.query<{ ent_id: string }>('SELECT ent_id FROM base WHERE base_id = $1', [actor.baseId]);
      actor.entId = base?.ent_id ?? null;
    }
    actors.set(req, actor);
    return actor;
  }

  return requireStaff;
}

export type RequireStaff = ReturnType<typeof staffAccess>;

/** The outlets a request of the table touches: none found means the handler answers (404) for itself. */
async function outletsOf(db: Queryable, scope: Scope, req: FastifyRequest): Promise<string[] | null> {
  const params = (req.params ?? {}) as Record<string, string | undefined>;
  const query = (req.query ?? {}) as Record<string, string | undefined>;
  const id = String(params.id ?? '').slice(0, 64);
  switch (scope) {
    case 'none':
      return null;
    case 'query': {
      const baseId = String(query.baseId ?? '').slice(0, 64);
      return baseId ? [baseId] : null;
    }
    case 'sheet':
      return (await db.query<{ base_id: string }>('SELECT base_id FROM sheet WHERE sheet_id = $1', [id])).map((r) => r.base_id);
    case 'goods':
      return (await db.query<{ base_id: string }>('SELECT b.base_id FROM goods g JOIN base b ON b.shop_id = g.shop_id WHERE g.goods_id = $1 ORDER BY b.base_id', [id])).map((r) => r.base_id);
    case 'table':
      return (await db.query<{ base_id: string }>('SELECT base_id FROM dining_table WHERE table_id = $1', [id])).map((r) => r.base_id);
    case 'outletParam': {
      const baseId = String(params.baseId ?? '').slice(0, 64);
      return baseId ? [baseId] : null;
    }
    case 'printer':
      return (await db.query<{ base_id: string }>('SELECT base_id FROM printer WHERE printer_id = $1', [id])).map((r) => r.base_id);
    case 'sku':
      return (
        await db.query<{ base_id: string }>(
          'SELECT b.base_id FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id JOIN base b ON b.shop_id = g.shop_id WHERE k.sku_id = $1 ORDER BY b.base_id',
          [id],
        )
      ).map((r) => r.base_id);
  }
}

/**
 * The staff routes' door (an onRequest hook's body): null when the caller
 * may call this route (STAFF_ROUTE_ACCESS) on the outlet it touches;
 * otherwise the reply, already sent (401, 403, or 429 while the IP is
 * backed off).
 */
export function staffGuard(deps: StaffGuardDeps): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | null> {
  const requireStaff = staffAccess(deps);
  return async (req, reply) => {
    const entry = STAFF_ROUTE_ACCESS[`${req.method} ${req.routeOptions.url ?? ''}`] ?? { roles: OWNER, scope: 'none' as const };
    const bases = await outletsOf(deps.db, entry.scope, req);
    const actor = await requireStaff(req, reply, { roles: entry.roles, anyOf: bases && bases.length > 0 ? bases : null });
    return actor ? null : reply;
  };
}

/**
 * Writes who did what (staff_audit), in the caller's transaction: `before`
 * and `after` as JSON (null when there is none).
 */
export async function audit(tx: Queryable, actor: StaffActor, action: string, target: string, before: unknown, after: unknown): Promise<void> {
  await tx.query(
    `INSERT INTO staff_audit (at, actor, actor_name, ent_id, base_id, action, target, before, after)
     VALUES ($9, $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [actor.id, actor.name, actor.entId, actor.baseId, action, target, before === undefined || before === null ? null : JSON.stringify(before), after === undefined || after === null ? null : JSON.stringify(after), actor.at],
  );
}
