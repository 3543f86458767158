/**
 * The staff API's kitchen printers (issue 26 section 3), written once for the
 * service (server/http/staffPrinters.ts) and the staff program: each route's
 * body, query and answer. To be folded into the typed route table of
 * shared/protocol/staff.ts.
 *
 *   GET    /staff/stations?baseId=…      the outlet's stations (what a printer may print)
 *   GET    /staff/printers?baseId=…      the outlet's printers with their state
 *   POST   /staff/printers               adds one (stations by id or name, ["*"] all)
 *   DELETE /staff/printers/:id           removes one (and the jobs it had waiting)
 *   POST   /staff/sheets/:id/reprint     a round's tickets again, marked REPRINT / 重印
 *
 * Errors: {"error": "..."} in the caller's language: 400, 401, 404, 409.
 */
import { z } from 'zod';

export const PRINTER_ENCODINGS = ['big5', 'gb18030', 'utf8'] as const;
export const PRINTER_LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export const PRINTER_STATES = ['online', 'offline', 'unknown'] as const;
/** The stations value that means every station of the outlet (and the items of none). */
export const ALL_STATIONS = '*';

/** The language a printer prints in when the body names none: by its encoding. */
export const defaultPrinterLanguage = (
  encoding: (typeof PRINTER_ENCODINGS)[number],
): (typeof PRINTER_LANGUAGES)[number] =>
  encoding === 'gb18030' ? 'zh-CN' : encoding === 'big5' ? 'zh-TW' : 'en';

const id = z.string().trim().min(1).max(64);

export const printerListQuery = z.object({ baseId: id });

export const printerCreateBody = z.object({
  baseId: id,
  name: z.string().trim().min(1).max(60),
  /** A host name or an IP address on the kitchen's network. */
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or an IP address'),
  port: z.number().int().min(1).max(65535).default(9100),
  /** Station ids or names (any language), or ["*"] for every station. */
  stations: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
  encoding: z.enum(PRINTER_ENCODINGS),
  width: z.union([z.literal(80), z.literal(58)]),
  /** The ticket's language; default by encoding (big5 zh-TW, gb18030 zh-CN, utf8 en). */
  language: z.enum(PRINTER_LANGUAGES).optional(),
  /** Cut the paper after each ticket (default true). */
  cut: z.boolean().optional(),
});

export const printerIdParam = z.object({ id });

export const printerJson = z.object({
  printerId: z.string(),
  baseId: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** The stations it prints; allStations: every station (stations then lists them all). */
  allStations: z.boolean(),
  stations: z.array(z.object({ stationId: z.string(), name: z.string() })),
  encoding: z.enum(PRINTER_ENCODINGS),
  width: z.union([z.literal(80), z.literal(58)]),
  language: z.enum(PRINTER_LANGUAGES),
  cut: z.boolean(),
  /** online: its last send worked; offline: its last send failed; unknown: nothing sent yet. */
  state: z.enum(PRINTER_STATES),
  /** Jobs not yet printed (queued or being sent). */
  waiting: z.number().int(),
  lastError: z.string(),
  lastPrintedAt: z.string().nullable(),
});

export const printerListAnswer = z.object({ printers: z.array(printerJson) });
export const printerCreateAnswer = z.object({ printer: printerJson });
export const printerDeleteAnswer = z.object({
  printerId: z.string(),
  deleted: z.literal(true),
  dropped: z.number().int(),
});

export const reprintBody = z
  .object({
    /** The round (default: the last one). */
    round: z.number().int().min(1).max(10_000).optional(),
    /** Only this printer (default: every printer the round printed on). */
    printerId: id.optional(),
  })
  .optional();
export const reprintAnswer = z.object({
  sheetId: z.string(),
  round: z.number().int(),
  jobs: z.array(z.object({ jobId: z.string(), printerId: z.string() })),
});

export const stationListAnswer = z.object({
  stations: z.array(
    z.object({
      stationId: z.string(),
      name: z.string(),
      classIds: z.array(z.string()),
      goodsIds: z.array(z.string()),
    }),
  ),
});

export type PrinterCreateBody = z.input<typeof printerCreateBody>;
export type PrinterJson = z.output<typeof printerJson>;

/** The routes, for shared/protocol/staff.ts's route table. */
export const staffPrinterRoutes = {
  'GET /staff/stations': { query: printerListQuery, answer: stationListAnswer },
  'GET /staff/printers': { query: printerListQuery, answer: printerListAnswer },
  'POST /staff/printers': { body: printerCreateBody, answer: printerCreateAnswer },
  'DELETE /staff/printers/:id': { params: printerIdParam, answer: printerDeleteAnswer },
  'POST /staff/sheets/:id/reprint': {
    params: printerIdParam,
    body: reprintBody,
    answer: reprintAnswer,
  },
} as const;
