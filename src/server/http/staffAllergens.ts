/**
 * The back office's allergens, diets and pairings routes (issue 29 sections 2
 * and 3), registered inside http/staff.ts's plugin: behind its door
 * (STAFF_ROUTE_ACCESS, the rows marked backOffice: owner and managers) and
 * its back-off. Shapes: shared/protocol/staffAllergens.ts; what a write does:
 * operations/backOffice/allergens.ts.
 *
 * Refusals: {"error", "fields"?: [{field, message}], "current"?: <fresh answer>}
 * in the caller's language (400 input, 404, 409 changed by someone else).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/driver';
import { langFromHeader } from '../messages';
import { DietRefusal, readGoodsDiet, saveGoodsDiet, saveGoodsPairings } from '../operations/backOffice/allergens';
import type { MenuActor, MenuDeps } from '../operations/backOffice/menu';
import type { StaffDeps } from './staff';
import { actorOf, audit } from './staffAuth';
import { serveStaffRoute, staffErrorHandler } from './staffRoute';

function actor(req: FastifyRequest): MenuActor {
  const a = actorOf(req);
  return a.kind === 'account' ? { kind: 'account', role: a.role, entId: a.entId, outlets: a.outlets } : { kind: 'automation', entId: a.entId, outlets: [] };
}

export async function staffAllergenRoutes(app: FastifyInstance, { db, clock }: StaffDeps): Promise<void> {
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof DietRefusal) {
      return reply.code(err.status).send({ error: err.message, ...(err.fields.length ? { fields: err.fields } : {}), ...(err.current ? { current: err.current } : {}) });
    }
    return staffErrorHandler(err, req, reply);
  });
  const lang = (req: FastifyRequest) => langFromHeader(req.headers['accept-language']);
  /** A write in one transaction, with its audit rows. */
  const write = <T>(req: FastifyRequest, fn: (d: MenuDeps) => Promise<T>): Promise<T> =>
    db.transaction((tx: Queryable) =>
      fn({ tx, actor: actor(req), lang: lang(req), now: clock.now(), record: (action, target, before, after) => audit(tx, actorOf(req), action, target, before, after) }),
    );

  serveStaffRoute(app, 'GET /staff/goods/:id/diet', async ({ params, req }) => ({ diet: await readGoodsDiet({ tx: db, actor: actor(req), lang: lang(req) }, params.id) }));
  serveStaffRoute(app, 'PUT /staff/goods/:id/diet', async ({ params, body, req }) => ({ diet: await write(req, (d) => saveGoodsDiet(d, params.id, body)) }));
  serveStaffRoute(app, 'PUT /staff/goods/:id/pairings', async ({ params, body, req }) => ({ diet: await write(req, (d) => saveGoodsPairings(d, params.id, body)) }));
}
