/**
 * The staff API's kitchen stations and expo (issue 26 section 2; shapes in
 * shared/protocol/staffKitchen.ts, work in operations/orders/kitchenStations.ts):
 *
 *   GET  /staff/kitchen?baseId=…&station=…        stations, thresholds, the service's clock,
 *        the station's last 10 bumped tickets (newest first)
 *   POST /staff/sheets/:id/items/:item/done {"done": true|false}
 *   POST /staff/sheets/:id/bump   {"round": n, "station": "<stationId>"}
 *   POST /staff/sheets/:id/recall {"round": n, "station": "<stationId>"}
 *   PUT  /staff/kitchen/thresholds {"baseId", "takeType", "amberSeconds", "redSeconds"} (managers)
 *
 * Registered inside http/staff.ts's plugin: behind its guard and error handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/driver';
import { message } from '../messages';
import { bumpTicket, kitchenSetup, markItemDone, recallTicket, setThreshold } from '../operations/orders/kitchenStations';
import type { StaffDeps } from './staff';
import { actorOf, audit, requireOutlet } from './staffAuth';
import { HttpError, serveStaffRoute } from './staffRoute';

export async function staffKitchenRoutes(app: FastifyInstance, { db, clock }: StaffDeps): Promise<void> {
  const deps = (req: FastifyRequest, tx: Queryable) => {
    const actor = actorOf(req);
    return {
      tx,
      now: clock.now(),
      actorId: actor.id,
      record: (action: string, target: string, before: unknown, after: unknown) => audit(tx, actor, action, target, before, after),
    };
  };
  serveStaffRoute(app, 'GET /staff/kitchen', async ({ query, lang }) => {
    const setup = await kitchenSetup(db, query.baseId, query.station, lang, clock.now());
    if (!setup) throw new HttpError(404, message('baseNotFound', lang));
    return setup;
  });
  serveStaffRoute(app, 'POST /staff/sheets/:id/items/:item/done', ({ params, body, req }) =>
    db.transaction((tx) => markItemDone(deps(req, tx), params.id, params.item, body.done)),
  );
  serveStaffRoute(app, 'POST /staff/sheets/:id/bump', ({ params, body, req }) => db.transaction((tx) => bumpTicket(deps(req, tx), params.id, body)));
  serveStaffRoute(app, 'POST /staff/sheets/:id/recall', ({ params, body, req }) => db.transaction((tx) => recallTicket(deps(req, tx), params.id, body)));
  serveStaffRoute(app, 'PUT /staff/kitchen/thresholds', async ({ body, lang, req }) => {
    // The outlet is named in the body: the account must be scoped to it.
    requireOutlet(req, body.baseId);
    const answer = await db.transaction((tx) => setThreshold(deps(req, tx), body));
    if (!answer) throw new HttpError(404, message('baseNotFound', lang));
    return answer;
  });
}
