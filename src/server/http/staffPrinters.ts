/**
 * The staff API's kitchen printers (issue 26 section 3; bodies and answers in
 * shared/protocol/staffPrinters.ts): registered inside http/staff.ts's
 * plugin, so behind its token check, back-off and error handler. Errors in
 * the caller's language (Accept-Language, messages.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ALL_STATIONS,
  defaultPrinterLanguage,
  printerCreateBody,
  printerIdParam,
  printerListQuery,
  reprintBody,
  type PrinterJson,
} from '../../shared/protocol/staffPrinters';
import type { Queryable } from '../db/driver';
import { langFromHeader, message, type Lang, type MessageKey } from '../messages';
import { isoSeconds } from '../operations/orders/sheetState';
import { enqueueKitchenTickets, stationName } from '../printing/queue';
import type { StaffDeps } from './staff';
import { actorOf, audit, requireOutlet } from './staffAuth';
import { inputIssue } from './staffRoute';

class StaffPrinterError extends Error {
  constructor(
    readonly statusCode: number,
    msg: string,
  ) {
    super(msg);
  }
}

const langOf = (req: FastifyRequest): Lang => langFromHeader(req.headers['accept-language']);
const fail = (
  req: FastifyRequest,
  status: number,
  key: MessageKey,
  values: Record<string, string | number> = {},
) => new StaffPrinterError(status, message(key, langOf(req), values));

function parse<T extends z.ZodType>(req: FastifyRequest, schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fail(req, 400, 'printerBadRequest', { detail: inputIssue(result.error, 'body') });
}

type PrinterRow = {
  printer_id: string;
  base_id: string;
  name: string;
  host: string;
  port: number;
  all_stations: boolean;
  width_mm: number;
  lang: Lang;
  encoding: PrinterJson['encoding'];
  cut: boolean;
  state: PrinterJson['state'];
  waiting: number;
  last_error: string;
  last_printed_at: Date | null;
  stations: { stationId: string; zh: string; tw: string; en: string }[];
};

async function readPrinters(
  db: Queryable,
  where: { baseId: string } | { printerId: string },
): Promise<PrinterRow[]> {
  const [column, value] =
    'baseId' in where ? ['p.base_id', where.baseId] : ['p.printer_id', where.printerId];
  return db.query<PrinterRow>(
    `SELECT p.printer_id, p.base_id, p.name, p.host, p.port, p.all_stations, p.width_mm, p.lang, p.encoding, p.cut, p.last_error,
            CASE WHEN p.last_error_at IS NOT NULL AND (p.last_ok_at IS NULL OR p.last_error_at > p.last_ok_at) THEN 'offline'
                 WHEN p.last_ok_at IS NOT NULL THEN 'online' ELSE 'unknown' END AS state,
            (SELECT count(*)::int FROM print_job j WHERE j.printer_id = p.printer_id AND j.state <> 'printed') AS waiting,
            (SELECT max(j.printed_at) FROM print_job j WHERE j.printer_id = p.printer_id) AS last_printed_at,
            COALESCE((SELECT json_agg(json_build_object('stationId', st.station_id, 'zh', st.station_name, 'tw', st.station_name_tw, 'en', st.station_name_en)
                                      ORDER BY st.sort, st.station_id)
                        FROM station st
                       WHERE st.base_id = p.base_id
                         AND (p.all_stations OR EXISTS (SELECT 1 FROM printer_station ps WHERE ps.printer_id = p.printer_id AND ps.station_id = st.station_id))),
                     '[]'::json) AS stations
       FROM printer p WHERE ${column} = $1 ORDER BY p.name, p.printer_id`,
    [value],
  );
}

function printerOut(p: PrinterRow, lang: Lang): PrinterJson {
  return {
    printerId: p.printer_id,
    baseId: p.base_id,
    name: p.name,
    host: p.host,
    port: p.port,
    allStations: p.all_stations,
    stations: (p.stations ?? []).map((s) => ({
      stationId: s.stationId,
      name: stationName(s, lang),
    })),
    encoding: p.encoding,
    width: p.width_mm === 58 ? 58 : 80,
    language: p.lang,
    cut: p.cut,
    state: p.state,
    waiting: Number(p.waiting),
    lastError: p.last_error,
    lastPrintedAt: p.last_printed_at ? isoSeconds(p.last_printed_at) : null,
  };
}

export async function staffPrinterRoutes(app: FastifyInstance, { db }: StaffDeps): Promise<void> {
  app.get('/staff/stations', async (req) => {
    const { baseId } = parse(req, printerListQuery, req.query);
    const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [baseId]);
    if (!base) throw fail(req, 404, 'baseNotFound');
    const lang = langOf(req);
    const rows = await db.query<{
      station_id: string;
      zh: string;
      tw: string;
      en: string;
      class_ids: string[];
      goods_ids: string[];
    }>(
      `SELECT st.station_id, st.station_name AS zh, st.station_name_tw AS tw, st.station_name_en AS en,
              ARRAY(SELECT sc.class_id FROM station_class sc WHERE sc.station_id = st.station_id ORDER BY sc.class_id) AS class_ids,
              ARRAY(SELECT sg.goods_id FROM station_goods sg WHERE sg.station_id = st.station_id ORDER BY sg.goods_id) AS goods_ids
         FROM station st WHERE st.base_id = $1 ORDER BY st.sort, st.station_id`,
      [baseId],
    );
    return {
      stations: rows.map((r) => ({
        stationId: r.station_id,
        name: stationName(r, lang),
        classIds: r.class_ids ?? [],
        goodsIds: r.goods_ids ?? [],
      })),
    };
  });

  app.get('/staff/printers', async (req) => {
    const { baseId } = parse(req, printerListQuery, req.query);
    const [base] = await db.query('SELECT 1 AS one FROM base WHERE base_id = $1', [baseId]);
    if (!base) throw fail(req, 404, 'baseNotFound');
    const lang = langOf(req);
    return { printers: (await readPrinters(db, { baseId })).map((p) => printerOut(p, lang)) };
  });

  app.post('/staff/printers', async (req, reply) => {
    const body = parse(req, printerCreateBody, req.body);
    requireOutlet(req, body.baseId);
    const printerId = `PR${Date.now()}${randomBytes(3).toString('hex')}`;
    await db.transaction(async (tx) => {
      const [base] = await tx.query('SELECT 1 AS one FROM base WHERE base_id = $1 FOR UPDATE', [
        body.baseId,
      ]);
      if (!base) throw fail(req, 404, 'baseNotFound');
      const [taken] = await tx.query(
        'SELECT 1 AS one FROM printer WHERE base_id = $1 AND lower(name) = lower($2)',
        [body.baseId, body.name],
      );
      if (taken) throw fail(req, 409, 'printerNameTaken', { name: body.name });
      const all = body.stations.includes(ALL_STATIONS);
      const stationIds: string[] = [];
      if (!all) {
        for (const wanted of body.stations) {
          const [st] = await tx.query<{ station_id: string }>(
            `SELECT station_id FROM station WHERE base_id = $1
                AND (station_id = $2 OR lower($2) IN (lower(station_name), lower(station_name_tw), lower(station_name_en)))
              ORDER BY (station_id = $2) DESC, sort LIMIT 1`,
            [body.baseId, wanted],
          );
          if (!st) throw fail(req, 400, 'printerStationUnknown', { station: wanted });
          if (!stationIds.includes(st.station_id)) stationIds.push(st.station_id);
        }
      }
      await tx.query(
        `INSERT INTO printer (printer_id, base_id, name, host, port, all_stations, width_mm, lang, encoding, cut)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          printerId,
          body.baseId,
          body.name,
          body.host,
          body.port,
          all,
          body.width,
          body.language ?? defaultPrinterLanguage(body.encoding),
          body.encoding,
          body.cut ?? true,
        ],
      );
      for (const s of stationIds)
        await tx.query('INSERT INTO printer_station (printer_id, station_id) VALUES ($1, $2)', [
          printerId,
          s,
        ]);
      await audit(tx, actorOf(req), 'printer.add', printerId, null, {
        baseId: body.baseId,
        name: body.name,
        host: body.host,
        port: body.port,
        stations: all ? [ALL_STATIONS] : stationIds,
        encoding: body.encoding,
        width: body.width,
      });
    });
    const [printer] = await readPrinters(db, { printerId });
    return reply.code(201).send({ printer: printerOut(printer!, langOf(req)) });
  });

  app.delete('/staff/printers/:id', async (req) => {
    const { id } = parse(req, printerIdParam, req.params);
    return db.transaction(async (tx) => {
      const [waiting] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM print_job WHERE printer_id = $1 AND state <> 'printed'`,
        [id],
      );
      const [gone] = await tx.query<{ base_id: string; name: string; host: string; port: number }>(
        'DELETE FROM printer WHERE printer_id = $1 RETURNING printer_id, base_id, name, host, port',
        [id],
      );
      if (!gone) throw fail(req, 404, 'printerNotFound', { id });
      await audit(tx, actorOf(req), 'printer.remove', id, { baseId: gone.base_id, name: gone.name, host: gone.host, port: gone.port }, { dropped: Number(waiting?.n ?? 0) });
      return { printerId: id, deleted: true as const, dropped: Number(waiting?.n ?? 0) };
    });
  });

  app.post('/staff/sheets/:id/reprint', async (req) => {
    const { id } = parse(req, printerIdParam, req.params);
    const body = parse(req, reprintBody, req.body ?? undefined);
    return db.transaction(async (tx) => {
      const [sheet] = await tx.query<{ last_round: number | null }>(
        'SELECT (SELECT max(round_no) FROM sheet_item i WHERE i.sheet_id = s.sheet_id) AS last_round FROM sheet s WHERE s.sheet_id = $1',
        [id],
      );
      if (!sheet) throw fail(req, 404, 'sheetNotFound');
      const round = body?.round ?? sheet.last_round ?? 1;
      const [hasRound] = await tx.query(
        'SELECT 1 AS one FROM sheet_item WHERE sheet_id = $1 AND round_no = $2 LIMIT 1',
        [id, round],
      );
      if (!hasRound) throw fail(req, 404, 'printRoundNotFound', { round });
      if (body?.printerId) {
        const [p] = await tx.query(
          'SELECT 1 AS one FROM printer p JOIN sheet s ON s.base_id = p.base_id WHERE p.printer_id = $1 AND s.sheet_id = $2',
          [body.printerId, id],
        );
        if (!p) throw fail(req, 404, 'printerNotFound', { id: body.printerId });
      }
      const jobs = await enqueueKitchenTickets(tx, id, round, {
        reprint: true,
        printerId: body?.printerId,
      });
      if (jobs.length === 0) throw fail(req, 409, 'printNothingToReprint');
      return { sheetId: id, round, jobs };
    });
  });
}
