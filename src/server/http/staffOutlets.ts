/**
 * The back office's outlets, tables and their codes (issue 27 section 2):
 * the JSON routes of shared/protocol/staffOutlets.ts (served from the staff
 * API's table) and, beside them, the files: a table's code as SVG and PNG,
 * the outlet's A4 sheet of codes as PDF. Registered inside http/staff.ts's
 * plugin, so every route (the files too) goes through the same door:
 * STAFF_ROUTE_ACCESS (owner and manager, the manager only at its outlets;
 * kitchen and cashier accounts 403).
 *
 * What they do is operations/backOffice (tables.ts, tablesQr.ts,
 * outlets.ts); here: parsing, the caller's language, the table's link (the
 * public origin, PUBLIC_URL, else the request's own) and the answers.
 * Refusals in the caller's language: 400 (a form's problems, listed in
 * "problems"), 404, 409 (a table with an order under way; an outlet saved by
 * someone else since: its fresh values in "outlet").
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outletProblems, type OutletProblem, type OutletProblemCode } from '../../shared/domain/outletSettings';
import { STAFF_OUTLET_FILES } from '../../shared/protocol/staffOutlets';
import type { Queryable } from '../db/driver';
import { langFromHeader, message, type Lang, type MessageKey } from '../messages';
import { readOutletSettings, saveOutletSettings } from '../operations/backOffice/outlets';
import { addTable, BackOfficeRefusal, findTable, listTables, removeTable, renameTable, rotateTableCode } from '../operations/backOffice/tables';
import { qrPng, qrSheetPdf, qrSvg } from '../operations/backOffice/tablesQr';
import type { StaffDeps } from './staff';
import { actorOf, audit, requireOutlet } from './staffAuth';
import { HttpError, serveStaffRoute, staffErrorHandler } from './staffRoute';

const PROBLEM_KEYS: Record<OutletProblemCode, MessageKey> = {
  timeFormat: 'boProblemTimeFormat',
  timeEmpty: 'boProblemTimeEmpty',
  timeOverlap: 'boProblemTimeOverlap',
  dateFormat: 'boProblemDateFormat',
  radius: 'boProblemRadius',
  polygonPoints: 'boProblemPolygonPoints',
  coordinates: 'boProblemCoordinates',
  percent: 'boProblemPercent',
  money: 'boProblemMoney',
  minutes: 'boProblemMinutes',
  timeZone: 'boProblemTimeZone',
};

/** A form's problems in a language, one sentence. */
export function problemsText(problems: readonly OutletProblem[], lang: Lang): string {
  return problems.map((p) => message(PROBLEM_KEYS[p.code], lang, { field: p.field })).join(lang === 'en' ? '; ' : '；');
}

/** The origin the app is served from: PUBLIC_URL, else the request's own. */
export function originOf(req: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.host}`;
}

const recorder = (req: FastifyRequest, tx: Queryable) => (action: string, target: string, before: unknown, after: unknown) => audit(tx, actorOf(req), action, target, before, after);

function outletErrors(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof BackOfficeRefusal) {
    const lang = langFromHeader(req.headers['accept-language']);
    const problems = (err.extra.problems as OutletProblem[] | undefined) ?? null;
    const values = problems ? { ...err.values, detail: problemsText(problems, lang) } : err.values;
    return reply.code(err.status).send({ error: message(err.key, lang, values), ...err.extra });
  }
  return staffErrorHandler(err, req, reply);
}

export async function staffOutletRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  app.setErrorHandler(outletErrors);
  const origin = (req: FastifyRequest) => originOf(req, config.publicUrl);

  // ---- Tables -------------------------------------------------------------------

  serveStaffRoute(app, 'GET /staff/tables', async ({ query, req, lang }) => {
    const tables = await listTables(db, query.baseId, origin(req));
    if (!tables) throw new HttpError(404, message('baseNotFound', lang));
    return { tables };
  });

  serveStaffRoute(app, 'POST /staff/tables', async ({ body, req }) => {
    // The outlet is the body's: the door checked the role, this the outlet.
    requireOutlet(req, body.baseId);
    const now = clock.now();
    const table = await db.transaction((tx) => addTable({ tx, now, record: recorder(req, tx), origin: origin(req) }, body.baseId, body.name));
    return { table };
  });

  serveStaffRoute(app, 'PATCH /staff/tables/:id', async ({ params, body, req }) => {
    const now = clock.now();
    return { table: await db.transaction((tx) => renameTable({ tx, now, record: recorder(req, tx), origin: origin(req) }, params.id, body.name)) };
  });

  serveStaffRoute(app, 'DELETE /staff/tables/:id', ({ params, req }) => {
    const now = clock.now();
    return db.transaction((tx) => removeTable({ tx, now, record: recorder(req, tx), origin: origin(req) }, params.id));
  });

  serveStaffRoute(app, 'POST /staff/tables/:id/rotate-code', async ({ params, req }) => {
    const now = clock.now();
    return { table: await db.transaction((tx) => rotateTableCode({ tx, now, record: recorder(req, tx), origin: origin(req) }, params.id)) };
  });

  // ---- The codes as files (not JSON: beside the table, behind the same door) ----

  const tableOf = async (req: FastifyRequest) => {
    const id = String((req.params as { id?: string }).id ?? '').slice(0, 64);
    const table = await findTable(db, id, origin(req));
    if (!table) throw new BackOfficeRefusal(404, 'boTableNotFound', { id });
    return table;
  };

  app.get(STAFF_OUTLET_FILES.tableSvg, async (req, reply) => {
    const table = await tableOf(req);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Content-Disposition', `inline; filename="table-${encodeURIComponent(table.name)}.svg"`)
      .send(qrSvg(table.link, table.name));
  });

  app.get(STAFF_OUTLET_FILES.tablePng, async (req, reply) => {
    const table = await tableOf(req);
    return reply.type('image/png').header('Content-Disposition', `inline; filename="table-${encodeURIComponent(table.name)}.png"`).send(await qrPng(table.link));
  });

  app.get(STAFF_OUTLET_FILES.qrSheet, async (req, reply) => {
    const baseId = String((req.params as { baseId?: string }).baseId ?? '').slice(0, 64);
    const [base] = await db.query<{ base_name: string; base_name_tw: string; base_name_en: string }>('SELECT base_name, base_name_tw, base_name_en FROM base WHERE base_id = $1', [baseId]);
    if (!base) throw new BackOfficeRefusal(404, 'baseNotFound');
    const tables = (await listTables(db, baseId, origin(req))) ?? [];
    const { pdf, fontFallback } = await qrSheetPdf({ outlet: { zh: base.base_name, tw: base.base_name_tw, en: base.base_name_en }, tables });
    if (fontFallback) {
      req.log.warn('QR sheet without the CJK font (install fonts-noto-cjk): English texts only');
      reply.header('X-QR-Sheet-Warning', encodeURIComponent(message('boQrSheetNoFont', langFromHeader(req.headers['accept-language']))));
    }
    return reply.type('application/pdf').header('Content-Disposition', `inline; filename="qr-codes-${baseId}.pdf"`).send(pdf);
  });

  // ---- The outlet's settings --------------------------------------------------------

  serveStaffRoute(app, 'GET /staff/outlets/:baseId', async ({ params, lang }) => {
    const outlet = await readOutletSettings(db, params.baseId);
    if (!outlet) throw new HttpError(404, message('baseNotFound', lang));
    return { outlet };
  });

  serveStaffRoute(app, 'PATCH /staff/outlets/:baseId', async ({ params, body, req }) => {
    // The rules first (nothing is locked for a form that cannot be saved).
    const problems = outletProblems(body);
    if (problems.length) throw new BackOfficeRefusal(400, 'boOutletInvalid', {}, { problems });
    return { outlet: await db.transaction((tx) => saveOutletSettings({ tx, record: recorder(req, tx) }, params.baseId, body)) };
  });
}
