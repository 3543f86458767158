/**
 * The back office's menu routes (issue 27 section 1), registered inside
 * http/staff.ts's plugin: behind its door (STAFF_ROUTE_ACCESS, the rows
 * marked backOffice) and its back-off. JSON routes are the table of
 * shared/protocol/staffMenu.ts; three are not JSON:
 *
 *   POST /staff/goods/:id/picture   the picture's bytes (Content-Type image/jpeg,
 *        image/png or image/webp; at most 5 MB), resized for the menu (720x540,
 *        JPEG) and stored through the storage provider (providers/storage.ts)
 *        under GoodsPic/; answers {"goods": ...}
 *   GET  /staff/menu/export.csv?shopId=…   the menu as CSV (operations/backOffice/menuCsv.ts)
 *   POST /staff/menu/import?shopId=…&dryRun=1   a CSV (text/csv): what it would
 *        change and each row's errors; written only without dryRun and with no error
 *
 * Refusals: {"error", "fields"?: [{field, message}], "current"?: <fresh row>}
 * in the caller's language (400 input, 403 role or outlet, 404, 409 changed
 * by someone else).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/uploads';
import { menuImportAnswerSchema } from '../../shared/protocol/staffMenu';
import type { Queryable } from '../db/driver';
import { langFromHeader, message } from '../messages';
import {
  archiveClass,
  archiveGoods,
  checkGoodsReachable,
  createClass,
  createGoods,
  deleteGoods,
  MenuRefusal,
  orderClasses,
  readMenu,
  setGoodsPicture,
  updateClass,
  updateGoods,
  type MenuActor,
  type MenuDeps,
} from '../operations/backOffice/menu';
import { exportMenuCsv, importMenuCsv } from '../operations/backOffice/menuCsv';
import { sniffImage, storageProvider } from '../providers/storage';
import type { StaffDeps } from './staff';
import { actorOf, audit, OWNER, requireRoles } from './staffAuth';
import { serveStaffRoute, staffErrorHandler } from './staffRoute';

/** The size pictures are stored at: the goods' detail shows 720x540 (client GoodsChooser). */
export const PICTURE_SIZE = { width: 720, height: 540 } as const;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function menuActor(req: FastifyRequest): MenuActor {
  const a = actorOf(req);
  return a.kind === 'account' ? { kind: 'account', role: a.role, entId: a.entId, outlets: a.outlets } : { kind: 'automation', entId: a.entId, outlets: [] };
}

export async function staffMenuRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof MenuRefusal) {
      return reply.code(err.status).send({ error: err.message, ...(err.fields.length ? { fields: err.fields } : {}), ...(err.current ? { current: err.current } : {}) });
    }
    return staffErrorHandler(err, req, reply);
  });

  const limit = MAX_UPLOAD_BYTES + 64 * 1024;
  app.addContentTypeParser(PICTURE_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  const lang = (req: FastifyRequest) => langFromHeader(req.headers['accept-language']);
  /** A write in one transaction, with its audit rows. */
  const write = <T>(req: FastifyRequest, fn: (d: MenuDeps) => Promise<T>): Promise<T> =>
    db.transaction((tx: Queryable) =>
      fn({ tx, actor: menuActor(req), lang: lang(req), now: clock.now(), record: (action, target, before, after) => audit(tx, actorOf(req), action, target, before, after) }),
    );

  serveStaffRoute(app, 'GET /staff/menu', ({ query, req }) => readMenu({ tx: db, actor: menuActor(req), lang: lang(req) }, query.shopId || undefined));
  serveStaffRoute(app, 'POST /staff/classes', async ({ body, req }) => ({ class: await write(req, (d) => createClass(d, body)) }));
  serveStaffRoute(app, 'PATCH /staff/classes/:id', async ({ params, body, req }) => ({ class: await write(req, (d) => updateClass(d, params.id, body)) }));
  serveStaffRoute(app, 'PUT /staff/classes/order', async ({ body, req }) => ({ classes: await write(req, (d) => orderClasses(d, body.shopId, body.classIds)) }));
  serveStaffRoute(app, 'POST /staff/classes/:id/archive', async ({ params, body, req }) => ({ class: await write(req, (d) => archiveClass(d, params.id, body.archived)) }));
  serveStaffRoute(app, 'POST /staff/goods', async ({ body, req }) => ({ goods: await write(req, (d) => createGoods(d, body)) }));
  serveStaffRoute(app, 'PATCH /staff/goods/:id', async ({ params, body, req }) => ({ goods: await write(req, (d) => updateGoods(d, params.id, body)) }));
  serveStaffRoute(app, 'POST /staff/goods/:id/archive', async ({ params, body, req }) => ({ goods: await write(req, (d) => archiveGoods(d, params.id, body.archived)) }));
  serveStaffRoute(app, 'DELETE /staff/goods/:id', ({ params, req }) => write(req, (d) => deleteGoods(d, params.id)));

  app.post('/staff/goods/:id/picture', { bodyLimit: limit }, async (req) => {
    const goodsId = String((req.params as { id: string }).id).slice(0, 64);
    const l = lang(req);
    const storage = storageProvider(config);
    if (!storage) throw new MenuRefusal(503, message('menuPictureUnavailable', l));
    await checkGoodsReachable({ tx: db, actor: menuActor(req), lang: l }, goodsId);
    const bytes = Buffer.isBuffer(req.body) ? req.body : null;
    const type = bytes ? sniffImage(bytes) : null;
    if (!bytes || !type || !PICTURE_TYPES.includes(type) || bytes.length > MAX_UPLOAD_BYTES) throw new MenuRefusal(400, message('menuPictureType', l));
    let resized: Buffer;
    try {
      resized = await sharp(bytes).rotate().resize(PICTURE_SIZE.width, PICTURE_SIZE.height, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
    } catch {
      throw new MenuRefusal(400, message('menuPictureType', l));
    }
    const key = `GoodsPic/${goodsId}-${randomBytes(6).toString('hex')}.jpg`;
    const goods = await write(req, async (d) => {
      await storage.put(d.tx, key, 'image/jpeg', resized, d.now);
      return setGoodsPicture(d, goodsId, key);
    });
    return { goods };
  });

  app.get('/staff/menu/export.csv', async (req, reply) => {
    const shopId = String((req.query as { shopId?: string }).shopId ?? '').slice(0, 64) || undefined;
    const csv = await exportMenuCsv({ tx: db, actor: menuActor(req), lang: lang(req) }, shopId);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="menu.csv"').send(csv);
  });

  app.post('/staff/menu/import', async (req) => {
    // Importing rewrites the whole menu, every outlet's: the owner's.
    requireRoles(req, OWNER);
    const query = req.query as { shopId?: string; dryRun?: string };
    const dryRun = query.dryRun === '1' || query.dryRun === 'true';
    const csv = typeof req.body === 'string' ? req.body : '';
    const answer = await importMenuCsv(
      db,
      { actor: menuActor(req), lang: lang(req), now: clock.now(), recordIn: (tx) => (action, target, before, after) => audit(tx, actorOf(req), action, target, before, after) },
      String(query.shopId ?? '').slice(0, 64) || undefined,
      csv,
      dryRun,
    );
    return menuImportAnswerSchema.parse(answer);
  });
}
