/**
 * The ready board's routes (issue 26 section 4; shapes in
 * shared/protocol/staffBoard.ts):
 *
 * - the links, behind the staff door (http/staffAuth.ts staffGuard): an owner
 *   or manager of the outlet lists, creates and revokes them, each write with
 *   its audit row. A link's token is 32 random bytes (base64url), answered
 *   once at creation; the table keeps only its SHA-256.
 * - the board's read, GET /staff/board/orders, with no sign-in: the token in
 *   the X-Board-Token header; a bad or revoked one is 401. It answers pickup
 *   numbers only (operations/orders/board.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BOARD_PAGE, BOARD_TOKEN_HEADER, type BoardLinkJson } from '../../shared/protocol/staffBoard';
import type { Queryable } from '../db/driver';
import { message } from '../messages';
import { boardNumbers } from '../operations/orders/board';
import { isoSeconds } from '../operations/orders/sheetState';
import type { StaffDeps } from './staff';
import { actorOf, audit, requireOutlet, staffGuard } from './staffAuth';
import { HttpError, serveStaffRoute, staffErrorHandler } from './staffRoute';
import { langFromHeader } from '../messages';

export const boardTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

type LinkRow = {
  link_id: string;
  base_id: string;
  name: string;
  ready_minutes: number;
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
};

const LINK_COLUMNS = 'link_id, base_id, name, ready_minutes, created_by, created_at, revoked_at';

const linkJson = (r: LinkRow): BoardLinkJson => ({
  linkId: r.link_id,
  baseId: r.base_id,
  name: r.name,
  readyMinutes: r.ready_minutes,
  createdBy: r.created_by,
  createdAt: isoSeconds(r.created_at),
  revokedAt: isoSeconds(r.revoked_at),
});

/** The live link of a token (null: none, or revoked). */
export async function boardLinkOf(db: Queryable, token: string): Promise<LinkRow | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM board_link WHERE token_hash = $1 AND revoked_at IS NULL`, [boardTokenHash(token)]);
  return row ?? null;
}

export async function staffBoardRoutesPlugin(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  app.setErrorHandler(staffErrorHandler);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  // The board's read: no staff sign-in, the link's token instead.
  serveStaffRoute(app, 'GET /staff/board/orders', async ({ req }) => {
    const raw = req.headers[BOARD_TOKEN_HEADER];
    const link = await boardLinkOf(db, typeof raw === 'string' ? raw.trim() : '');
    if (!link) throw new HttpError(401, message('boardLinkInvalid', langFromHeader(req.headers['accept-language'])));
    return boardNumbers(db, link.base_id, link.ready_minutes, clock.now());
  });

  // The links: owners and managers of the outlet (STAFF_ROUTE_ACCESS), behind the staff door.
  await app.register(async (links) => {
    const guard = staffGuard({ db, config, clock });
    links.addHook('onRequest', async (req, reply) => (await guard(req, reply)) ?? undefined);

    serveStaffRoute(links, 'GET /staff/board-links', async ({ query }) => {
      const rows = await db.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM board_link WHERE base_id = $1 ORDER BY created_at DESC, link_id`, [query.baseId]);
      return { links: rows.map(linkJson) };
    });

    serveStaffRoute(links, 'POST /staff/board-links', async ({ body, req }) => {
      requireOutlet(req, body.baseId);
      const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [body.baseId]);
      if (!base) throw new HttpError(404, `no outlet ${body.baseId}`);
      const token = randomBytes(32).toString('base64url');
      const actor = actorOf(req);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.query<LinkRow>(
          `INSERT INTO board_link (link_id, base_id, name, token_hash, ready_minutes, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${LINK_COLUMNS}`,
          [`BRD${randomBytes(8).toString('hex')}`, body.baseId, body.name, boardTokenHash(token), body.readyMinutes, actor.name, clock.now()],
        );
        await audit(tx, actor, 'board.link.create', created!.link_id, null, { baseId: body.baseId, name: body.name, readyMinutes: body.readyMinutes });
        return created!;
      });
      return { link: linkJson(row), token, path: `${BOARD_PAGE}#${token}` };
    });

    serveStaffRoute(links, 'DELETE /staff/board-links/:id', async ({ params, req }) => {
      const [found] = await db.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM board_link WHERE link_id = $1`, [params.id]);
      if (!found) throw new HttpError(404, `no board link ${params.id}`);
      requireOutlet(req, found.base_id);
      const row = await db.transaction(async (tx) => {
        const [revoked] = await tx.query<LinkRow>(
          `UPDATE board_link SET revoked_at = COALESCE(revoked_at, $2) WHERE link_id = $1 RETURNING ${LINK_COLUMNS}`,
          [params.id, clock.now()],
        );
        await audit(tx, actorOf(req), 'board.link.revoke', params.id, { revokedAt: isoSeconds(found.revoked_at) }, { revokedAt: isoSeconds(revoked!.revoked_at) });
        return revoked!;
      });
      return { link: linkJson(row) };
    });
  });
}
