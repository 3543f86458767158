/**
 * The staff API's table calls (issue 28 section 4; routes in
 * shared/protocol/staffCalls.ts): served inside http/staff.ts's plugin, so
 * behind its door (STAFF_ROUTE_ACCESS), back-off and error handler. The first
 * to acknowledge a call claims it (operations/table/calls.ts); the others get
 * 409 naming who did.
 */
import type { FastifyInstance } from 'fastify';
import { message } from '../messages';
import { acknowledgeCall, callOutlet, listStaffCalls } from '../operations/table/calls';
import type { StaffDeps } from './staff';
import { actorOf, audit, requireOutlet } from './staffAuth';
import { HttpError, serveStaffRoute } from './staffRoute';

export function serveStaffCalls(app: FastifyInstance, { db, clock }: StaffDeps): void {
  serveStaffRoute(app, 'GET /staff/calls', async ({ query, lang }) => {
    const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [query.baseId]);
    if (!base) throw new HttpError(404, message('baseNotFound', lang));
    return listStaffCalls(db, query.baseId, clock.now());
  });

  serveStaffRoute(app, 'POST /staff/calls/:id/ack', async ({ params, lang, req }) => {
    const baseId = await callOutlet(db, params.id);
    if (!baseId) throw new HttpError(404, message('callNotFound', lang));
    requireOutlet(req, baseId);
    const actor = actorOf(req);
    const now = clock.now();
    const done = await db.transaction((tx) =>
      acknowledgeCall(tx, params.id, { id: actor.id, name: actor.name }, now, (action, target, before, after) => audit(tx, actor, action, target, before, after)),
    );
    if (done.ok) return { call: done.call };
    if (done.reason === 'notFound') throw new HttpError(404, message('callNotFound', lang));
    throw new HttpError(409, message('callAcknowledged', lang, { name: done.by }));
  });
}
