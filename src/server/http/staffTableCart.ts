/**
 * The staff API's table cart (issue 28 section 1; routes in
 * shared/protocol/staffTableCart.ts, the work in
 * operations/table/staffCart.ts): served inside http/staff.ts's plugin, so
 * behind its door (STAFF_ROUTE_ACCESS: the counter's roles of the table's
 * outlet), back-off and error handler. A stale change is 409 with the line
 * as it is now.
 */
import type { FastifyInstance } from 'fastify';
import { message } from '../messages';
import { OpError } from '../operations/context';
import { staffCartLine, staffChangeCartLine, staffTableCart } from '../operations/table/staffCart';
import type { StaffDeps } from './staff';
import { actorOf, audit } from './staffAuth';
import { HttpError, serveStaffRoute } from './staffRoute';

/** The cart's refusals as the staff API answers them. */
const STATUS: Partial<Record<OpError['key'], number>> = { tableCartLineGone: 404, tableCartPostpayOnly: 409, tableCartLineChanged: 409 };

export function serveStaffTableCart(app: FastifyInstance, { db, clock }: StaffDeps): void {
  serveStaffRoute(app, 'GET /staff/tables/:id/cart', async ({ params, lang }) => {
    try {
      const cart = await staffTableCart(db, params.id, lang, clock.now());
      if (!cart) throw new HttpError(404, message('tableNotFound', lang));
      return { cart };
    } catch (err) {
      throw refusal(err, lang);
    }
  });

  serveStaffRoute(app, 'POST /staff/tables/:id/cart/lines/:lineId', async ({ params, body, lang, req }) => {
    const actor = actorOf(req);
    const now = clock.now();
    try {
      const done = await staffChangeCartLine({ db, lang, now, record: (tx, ...entry) => audit(tx, actor, ...entry) }, params.id, params.lineId, body);
      if (!done) throw new HttpError(404, message('tableNotFound', lang));
      return done;
    } catch (err) {
      if (err instanceof OpError && err.key === 'tableCartLineChanged') {
        // Never a silent overwrite: the line as it is now, for the screen to show.
        throw new HttpError(409, message('staffCartLineChanged', lang), { line: await staffCartLine(db, params.id, params.lineId, lang, clock.now()) });
      }
      throw refusal(err, lang);
    }
  });
}

function refusal(err: unknown, lang: Parameters<typeof message>[1]): unknown {
  if (err instanceof OpError && STATUS[err.key]) return new HttpError(STATUS[err.key]!, message(err.key, lang, err.values));
  return err;
}
