/**
 * The staff HTTP API: what the kitchen and the counter do to orders and the
 * menu. JSON in and out, on the same listener as everything else, behind
 * `Authorization: Bearer <STAFF_TOKEN>` (config.staffToken; compared in
 * constant time; off when there is no token, the production default).
 *
 *   GET  /staff/sheets?baseId=…&status=…&limit=…  the counter's list, newest first; each
 *        sheet with its rounds (each its own kitchen state and remark beside its lines) and,
 *        as before, all its lines; texts in the caller's language (Accept-Language)
 *   POST /staff/sheets/:id/progress {"progress": "preparing"|"ready"|"delivering"|"completed", "round"?: n}
 *        moves one round forward (its kitchen state); the sheet's progress is derived
 *        (its least advanced round's). Without "round": the sheet's only round; 409 when
 *        it has several. Forward only; 409 on a backward move or a closed sheet
 *   POST /staff/sheets/:id/close {"paidAtCounter": true?, "force": true?}
 *        closes an open sheet (a table's, at the end): status 3 (checked out,
 *        paid) when paid online or paidAtCounter, else 2 (closed unpaid; its
 *        coupon is given back). While a payment is pending: 409, unless
 *        force, which ends the payment first as cancel-payment does (paid at
 *        the provider: recorded as paid, and the sheet is not closed unpaid)
 *   POST /staff/sheets/:id/cancel-payment
 *        ends the sheet's pending payment, the provider asked first: paid
 *        there, recorded as paid; else closed there and cancelled here
 *        ({"payment": "paid" | "cancelled", "sheet": …}); 409 when none is
 *        pending, 502 when the provider cannot tell (nothing changed)
 *   POST /staff/goods/:id/sold-out {"soldOut": true|false}
 *   POST /staff/skus/:id/sold-out  {"soldOut": true|false}
 *   GET  /staff/members/by-code/:code   the member behind a scanned member code
 *        ('<VipCode>-<6 digits>', operations/auth/memberCode.ts) of the current
 *        or the previous minute: {"member": {VipID, VipName, VipCode, Phone (masked), Balance, Score}};
 *        404 for any other code (stale, forged, a guest's, malformed)
 *
 * The routes' parameters, bodies and answers are declared once in
 * src/shared/protocol/staff.ts (served through http/staffRoute.ts); what they
 * do to an order is operations/orders/kitchen.ts, the sold-out marks
 * operations/menu/soldOut.ts: this file authenticates, parses and routes.
 *
 * Errors: {"error": "..."} with 400 (bad input), 401 (no or wrong token),
 * 404 (no such sheet, goods, sku or member code), 409 (not allowed in the sheet's state),
 * 502 (the payment provider could not be asked).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { memberByCode } from '../operations/auth/memberCode';
import { markGoodsSoldOut, markSkuSoldOut } from '../operations/menu/soldOut';
import { cancelSheetPayment, closeSheet, moveRound } from '../operations/orders/kitchen';
import { listStaffSheets, withoutPayers } from '../operations/orders/staffSheets';
import { actorOf, audit, MANAGERS, requireRoles, seesPayers, staffGuard } from './staffAuth';
import { serveStaffCalls } from './staffCalls';
import { serveStaffTableCart } from './staffTableCart';
import { staffFixRoutesPlugin } from './staffFix';
import { staffMenuRoutes } from './staffMenu';
import { staffAllergenRoutes } from './staffAllergens';
import { staffOutletRoutes } from './staffOutlets';
import { staffKitchenRoutes } from './staffKitchen';
import { staffLoyaltyRoutes } from './staffLoyalty';
import { staffPrinterRoutes } from './staffPrinters';
import { staffReportRoutes } from './staffReports';
import { HttpError, serveStaffRoute, staffErrorHandler } from './staffRoute';

export interface StaffDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

export async function staffRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  // The token, compared in constant time, and the per-IP back-off after wrong ones (http/staffAuth.ts).
  const guard = staffGuard({ db, config, clock });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return (await guard(req, reply)) ?? undefined;
  });

  app.setErrorHandler(staffErrorHandler);

  // The kitchen's printers (issue 26): behind the same door and error handler.
  await app.register(staffPrinterRoutes, { db, config, clock });
  // Table calls (issue 28): "Call staff" and "Ask for the bill", acknowledged here.
  serveStaffCalls(app, { db, config, clock });
  // A table's live cart as staff change it (issue 28 section 1).
  serveStaffTableCart(app, { db, config, clock });
  // Staff fix an order (issue 26 section 5): voids, items added, a sheet moved.
  await app.register(staffFixRoutesPlugin, { db, config, clock });
  // The back office's menu (issue 27 section 1).
  await app.register(staffMenuRoutes, { db, config, clock });
  // Its allergens, diets and pairings (issue 29, http/staffAllergens.ts).
  await app.register(staffAllergenRoutes, { db, config, clock });
  // The back office's outlets, tables and QR codes (issue 27 section 2).
  await app.register(staffOutletRoutes, { db, config, clock });
  // The kitchen's stations and expo (issue 26 section 2, http/staffKitchen.ts).
  await app.register(staffKitchenRoutes, { db, config, clock });
  // The back office's reports (issue 27 section 4).
  await app.register(staffReportRoutes, { db, config, clock });
  await app.register(staffLoyaltyRoutes, { db, config, clock });

  /** The audit row of this request's action, written in `tx` (http/staffAuth.ts audit). */
  const recorder =
    (req: FastifyRequest, tx: Queryable) =>
    (action: string, target: string, before: unknown, after: unknown): Promise<void> =>
      audit(tx, actorOf(req), action, target, before, after);

  serveStaffRoute(app, 'GET /staff/sheets', async ({ query, lang, req }) => {
    const answer = await listStaffSheets(db, query, lang, clock.now());
    // Who paid: the counter's roles only (issue 28); the kitchen's screens see the payments without the payers.
    return seesPayers(req) ? answer : { sheets: answer.sheets.map(withoutPayers) };
  });

  serveStaffRoute(app, 'POST /staff/sheets/:id/progress', ({ params, body, lang, req }) => {
    const now = clock.now();
    return db.transaction((tx) => moveRound({ tx, now, lang, record: recorder(req, tx) }, params.id, body.progress, body.round));
  });

  serveStaffRoute(app, 'POST /staff/sheets/:id/close', ({ params, body, lang, req }) => {
    // Force close (a payment under way is ended) needs a manager (issue 26).
    if (body?.force) requireRoles(req, MANAGERS);
    const now = clock.now();
    return db.transaction((tx) => closeSheet({ tx, config, now, lang, record: recorder(req, tx) }, params.id, body));
  });

  serveStaffRoute(app, 'POST /staff/sheets/:id/cancel-payment', ({ params, lang, req }) => {
    const now = clock.now();
    return db.transaction((tx) => cancelSheetPayment({ tx, config, now, lang, record: recorder(req, tx) }, params.id));
  });

  serveStaffRoute(app, 'POST /staff/goods/:id/sold-out', async ({ params, body, req }) => {
    const goods = await markGoodsSoldOut(db, params.id, body.soldOut, clock.now(), recorder(req, db));
    if (!goods) throw new HttpError(404, `no goods ${params.id}`);
    return goods;
  });

  serveStaffRoute(app, 'GET /staff/members/by-code/:code', async ({ params, req }) => {
    const member = await memberByCode(db, config.memberCodeSecret, params.code, clock.now());
    if (!member) throw new HttpError(404, 'no member with this code (member codes change every minute)');
    // Who looked whom up at the counter.
    await audit(db, actorOf(req), 'member.lookup', member.VipID, null, null);
    return { member };
  });

  serveStaffRoute(app, 'POST /staff/skus/:id/sold-out', async ({ params, body, req }) => {
    const sku = await markSkuSoldOut(db, params.id, body.soldOut, recorder(req, db));
    if (!sku) throw new HttpError(404, `no sku ${params.id}`);
    return sku;
  });
}
