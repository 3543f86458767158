/**
 * Staff fix an order (issue 26 section 5): the routes of
 * shared/protocol/staffFix.ts, behind the staff API's door (http/staff.ts
 * registers this plugin after its guard and error handler, so
 * STAFF_ROUTE_ACCESS holds the roles and the outlet of each).
 *
 *   POST /staff/sheets/:id/lines/:itemId/void   counter roles, with a manager's or owner's login and PIN
 *   POST /staff/sheets/:id/lines                counter roles: a round added at the screen
 *   POST /staff/sheets/:id/move                 counter roles: to a free table of the same outlet
 *   GET  /staff/chooser?baseId=…                   every role: the chooser's menu and the outlet's tables
 *
 * The approval of a void: the approver's login and PIN, checked as
 * POST /staff/pin-check checks them (the same rate_limit counters per login
 * and per IP: past STAFF_ACCOUNT_FAILURES / STAFF_AUTH_FAILURES wrong PINs a
 * minute, 429 with Retry-After, a right PIN too). A wrong PIN, or an
 * approver who is not a manager or owner of the sheet's outlet, is 403 and
 * an audit row ('pin.check', refused). What the void does is
 * operations/orders/fixOrder.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/protocol/staffAccounts';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { message, type Lang } from '../messages';
import { addLines, moveSheet, voidLine, type FixLine } from '../operations/orders/fixOrder';
import { staffMenu } from '../operations/orders/staffMenu';
import { hit, windowStart, WINDOW_MS } from './rateLimit';
import { actorOf, audit, MANAGERS } from './staffAuth';
import { verifySecret } from './staffPasswords';
import { HttpError, serveStaffRoute } from './staffRoute';

export interface StaffFixDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

export interface Approver {
  accountId: string;
  login: string;
  displayName: string;
  role: StaffRole;
}

/**
 * Checks an approval at the screen: the approver's login and PIN, a role of
 * `roles`, enabled, of the sheet's enterprise and outlet. Answers the
 * approver, or throws 403 (wrong or not allowed) or 429 (backed off).
 */
export async function verifyApprover(
  deps: { db: Queryable; config: Config; now: Date },
  req: FastifyRequest,
  lang: Lang,
  given: { login: string; pin: string },
  where: { entId: string; baseId: string; action: string },
  roles: readonly StaffRole[] = MANAGERS,
): Promise<Approver> {
  const { db, config, now } = deps;
  const login = given.login.toLowerCase();
  const keys = { ip: `staff:pin:ip:${req.ip}`, login: `staff:pin:login:${login}` };
  const start = windowStart(now);
  const counts = await db.query<{ key: string; count: number }>('SELECT key, count FROM rate_limit WHERE key = ANY ($1::text[]) AND window_start = $2', [[keys.ip, keys.login], start]);
  const count = (key: string) => Number(counts.find((r) => r.key === key)?.count ?? 0);
  if (count(keys.ip) >= config.staffAuthFailuresPerMinute || count(keys.login) >= config.staffAccounts.accountFailuresPerMinute) {
    const seconds = Math.max(1, Math.ceil((start.getTime() + WINDOW_MS - now.getTime()) / 1000));
    throw new BackedOff(message('staffSignInBackoff', lang, { seconds }), seconds);
  }
  const [a] = await db.query<{ account_id: string; ent_id: string; login: string; display_name: string; role: StaffRole; outlets: string[]; pin_hash: string | null; disabled: boolean }>(
    'SELECT account_id, ent_id, login, display_name, role, outlets, pin_hash, disabled FROM staff_account WHERE lower(login) = $1',
    [login],
  );
  const right = await verifySecret(given.pin, a?.pin_hash);
  const approved = Boolean(a && right && !a.disabled && roles.includes(a.role) && a.ent_id === where.entId && (a.role === 'owner' || a.outlets.includes(where.baseId)));
  if (!right) {
    await hit(db, [
      { key: keys.ip, max: config.staffAuthFailuresPerMinute },
      { key: keys.login, max: config.staffAccounts.accountFailuresPerMinute },
    ], now);
  }
  if (!approved) {
    const actor = actorOf(req);
    await audit(db, { ...actor, entId: actor.entId ?? where.entId, baseId: where.baseId }, 'pin.check', a?.account_id ?? login, null, {
      approved: false,
      action: where.action,
      reason: !a || !right ? 'pin' : 'not-allowed',
    });
    throw new HttpError(403, message('voidPinRefused', lang));
  }
  return { accountId: a!.account_id, login: a!.login, displayName: a!.display_name, role: a!.role };
}

/** 429 with Retry-After (the PIN checks are backed off; staffErrorHandler sends the header). */
export class BackedOff extends HttpError {
  constructor(
    msg: string,
    readonly retryAfter: number,
  ) {
    super(429, msg);
  }
}

export async function staffFixRoutesPlugin(app: FastifyInstance, { db, config, clock }: StaffFixDeps): Promise<void> {
  const deps = (req: FastifyRequest, tx: Queryable, lang: Lang) => {
    const actor = actorOf(req);
    return {
      tx,
      config,
      now: clock.now(),
      lang,
      staffId: actor.id,
      record: (action: string, target: string, before: unknown, after: unknown) => audit(tx, actor, action, target, before, after),
    };
  };

  serveStaffRoute(app, 'POST /staff/sheets/:id/lines/:itemId/void', async ({ params, body, lang, req }) => {
    const [sheet] = await db.query<{ ent_id: string; base_id: string }>('SELECT ent_id, base_id FROM sheet WHERE sheet_id = $1', [params.id]);
    if (!sheet) throw new HttpError(404, `no sheet ${params.id}`);
    const approver = await verifyApprover({ db, config, now: clock.now() }, req, lang, body.approver, { entId: sheet.ent_id, baseId: sheet.base_id, action: 'sheet.void' });
    return db.transaction((tx) => voidLine(deps(req, tx, lang), params.id, params.itemId, { reason: body.reason, note: body.note, approver }));
  });

  serveStaffRoute(app, 'POST /staff/sheets/:id/lines', ({ params, body, lang, req }) => {
    if (body.lines.some((l) => !(l.pQua > 0 || l.mQua > 0))) throw new HttpError(400, 'body: every line needs a quantity (pQua or mQua above 0)');
    return db.transaction((tx) => addLines(deps(req, tx, lang), params.id, { lines: body.lines as FixLine[], remark: body.remark }));
  });

  serveStaffRoute(app, 'POST /staff/sheets/:id/move', ({ params, body, lang, req }) =>
    db.transaction((tx) => moveSheet(deps(req, tx, lang), params.id, body.tableId)),
  );

  serveStaffRoute(app, 'GET /staff/chooser', async ({ query, lang }) => {
    const menu = await staffMenu(db, query.baseId, lang);
    if (!menu) throw new HttpError(404, `no outlet ${query.baseId}`);
    return menu;
  });
}
