/**
 * The durable print queue (migrations/017_printing.sql print_job): tickets
 * are rendered and enqueued in the transaction in which the kitchen receives
 * a round; the worker (printing/worker.ts) claims, sends and marks them.
 *
 * Where the kitchen receives a round (the call sites of enqueueKitchenTickets):
 * - a pay-after table's round, when it is submitted (orders/submit.ts);
 * - a pay-before order, when it is paid (payments/settle.ts markSheetPaid),
 *   or when its customer chooses to pay later at the counter or on delivery
 *   (payments/handlers.ts, pay later).
 * The unique job_key '<sheet>:<round>' per printer makes a second call for
 * the same round (a retried callback, paid after pay-later) enqueue nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/driver';
import { message, type Lang } from '../messages';
import { encodeTicket, ticketText, type PrinterEncoding } from './encode';
import { linesFor, ticketDocument, ticketLines, ticketSheet, type TicketLine } from './ticket';

type PrinterRow = {
  printer_id: string;
  lang: Lang;
  all_stations: boolean;
  width_mm: 58 | 80;
  encoding: PrinterEncoding;
  cut: boolean;
  stations: string[];
  station_names: { zh: string; tw: string; en: string }[];
};

const stationName = (n: { zh: string; tw: string; en: string }, lang: Lang) =>
  (lang === 'en'
    ? n.en || n.tw || n.zh
    : lang === 'zh-TW'
      ? n.tw || n.zh || n.en
      : n.zh || n.tw || n.en) ?? '';

export interface EnqueueOptions {
  /** When the kitchen received the round (printed on the ticket); default now. */
  now?: Date;
  /** A reprint: enqueued again, saying REPRINT / 重印. */
  reprint?: boolean;
  /** Only this printer (a reprint on one printer). */
  printerId?: string;
}

/** The ticket job key of a round; a reprint's has a unique suffix. */
export const jobKey = (sheetId: string, roundNo: number) => `${sheetId}:${roundNo}`;

/**
 * Renders the round's ticket for each printer of the sheet's outlet that
 * prints one of its lines, and enqueues it (once per printer and round;
 * a reprint each time). Answers the jobs enqueued.
 */
export async function enqueueKitchenTickets(
  tx: Queryable,
  sheetId: string,
  roundNo: number,
  options: EnqueueOptions = {},
): Promise<{ jobId: string; printerId: string }[]> {
  // The printers first: an outlet without any costs this one statement.
  const printers = await tx.query<PrinterRow>(
    `SELECT p.printer_id, p.lang, p.all_stations, p.width_mm, p.encoding, p.cut,
            COALESCE(array_agg(ps.station_id ORDER BY st.sort, st.station_id) FILTER (WHERE ps.station_id IS NOT NULL), '{}'::text[]) AS stations,
            COALESCE(json_agg(json_build_object('zh', st.station_name, 'tw', st.station_name_tw, 'en', st.station_name_en) ORDER BY st.sort, st.station_id)
              FILTER (WHERE ps.station_id IS NOT NULL), '[]'::json) AS station_names
       FROM printer p
       LEFT JOIN printer_station ps ON ps.printer_id = p.printer_id
       LEFT JOIN station st ON st.station_id = ps.station_id
      WHERE p.base_id = (SELECT s.base_id FROM sheet s WHERE s.sheet_id = $1) AND ($2::text IS NULL OR p.printer_id = $2)
        AND ($3 OR NOT EXISTS (SELECT 1 FROM print_job j WHERE j.printer_id = p.printer_id AND j.job_key = $4))
      GROUP BY p.printer_id
      ORDER BY p.printer_id`,
    [sheetId, options.printerId ?? null, options.reprint === true, jobKey(sheetId, roundNo)],
  );
  if (printers.length === 0) return [];
  const sheet = await ticketSheet(tx, sheetId, roundNo);
  if (!sheet) return [];
  const now = options.now ?? new Date();
  const byLang = new Map<Lang, TicketLine[]>();
  const added: { jobId: string; printerId: string }[] = [];
  for (const printer of printers) {
    if (!byLang.has(printer.lang))
      byLang.set(printer.lang, await ticketLines(tx, sheetId, roundNo, printer.lang));
    const lines = linesFor(printer, byLang.get(printer.lang)!);
    if (lines.length === 0) continue;
    const names = printer.all_stations
      ? [message('ticketAllStations', printer.lang)]
      : (printer.station_names ?? []).map((n) => stationName(n, printer.lang));
    const doc = ticketDocument({
      sheet,
      roundNo,
      lines,
      lang: printer.lang,
      stationNames: names,
      receivedAt: options.reprint ? (sheet.round_at ?? now) : now,
      reprint: options.reprint === true,
      widthMm: printer.width_mm,
    });
    const payload = encodeTicket(doc, {
      encoding: printer.encoding,
      widthMm: printer.width_mm,
      cut: printer.cut,
    });
    const key = options.reprint
      ? `${jobKey(sheetId, roundNo)}:reprint:${now.getTime()}-${randomBytes(4).toString('hex')}`
      : jobKey(sheetId, roundNo);
    const [row] = await tx.query<{ job_id: string }>(
      `INSERT INTO print_job (printer_id, job_key, kind, sheet_id, round_no, payload, text, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (printer_id, job_key) DO NOTHING RETURNING job_id::text AS job_id`,
      [
        printer.printer_id,
        key,
        options.reprint ? 'reprint' : 'ticket',
        sheetId,
        roundNo,
        payload,
        ticketText(doc, printer.width_mm),
        // Queued in real time (the worker's), not the sandbox clock's `now`: a journey that moves the clock forward still prints at once.
        new Date(),
      ],
    );
    if (row) added.push({ jobId: row.job_id, printerId: printer.printer_id });
  }
  return added;
}

/** A pay-before order reached the kitchen: each of its rounds' tickets (once each). */
export async function enqueueSheetTickets(
  tx: Queryable,
  sheetId: string,
  now?: Date,
): Promise<void> {
  const rounds = await tx.query<{ round_no: number }>(
    `SELECT DISTINCT round_no FROM sheet_item WHERE sheet_id = $1 ORDER BY round_no`,
    [sheetId],
  );
  for (const r of rounds) await enqueueKitchenTickets(tx, sheetId, r.round_no, { now });
}

// The worker's side ------------------------------------------------------------------------

export type ClaimedJob = {
  job_id: string;
  printer_id: string;
  payload: Uint8Array;
  attempts: number;
  host: string;
  port: number;
};

/**
 * Claims up to `limit` jobs to send: each the oldest unprinted job of its
 * printer (so a printer's backlog goes out in order, one at a time), due
 * (queued and past its next attempt, or sending under a claim that ran out),
 * locked FOR UPDATE SKIP LOCKED so two instances never claim the same job.
 */
export async function claimJobs(
  db: Queryable,
  now: Date,
  limit: number,
  worker: string,
  claimMs: number,
): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  return db.query<ClaimedJob>(
    `WITH next AS (
       SELECT j.job_id FROM print_job j
        WHERE ((j.state = 'queued' AND j.next_attempt_at <= $1) OR (j.state = 'sending' AND j.claimed_until < $1))
          AND NOT EXISTS (SELECT 1 FROM print_job e WHERE e.printer_id = j.printer_id AND e.state <> 'printed' AND e.job_id < j.job_id)
        ORDER BY j.job_id
        LIMIT $2
        FOR UPDATE OF j SKIP LOCKED)
     UPDATE print_job j SET state = 'sending', claimed_by = $3, claimed_until = $4, attempts = j.attempts + 1
       FROM next, printer p
      WHERE j.job_id = next.job_id AND p.printer_id = j.printer_id
     RETURNING j.job_id::text AS job_id, j.printer_id, j.payload, j.attempts, p.host, p.port`,
    [now, limit, worker, new Date(now.getTime() + claimMs)],
  );
}

export async function markPrinted(db: Queryable, job: ClaimedJob, now: Date): Promise<void> {
  await db.query(
    `WITH j AS (UPDATE print_job SET state = 'printed', printed_at = $2, claimed_by = NULL, claimed_until = NULL, last_error = ''
                 WHERE job_id = $1::bigint AND state = 'sending' RETURNING printer_id)
     UPDATE printer SET last_ok_at = $2 WHERE printer_id IN (SELECT printer_id FROM j)`,
    [job.job_id, now],
  );
}

/** The delay before attempt n+1 after n failed attempts: retryMs doubled each time, at most retryMaxMs. */
export function backOffMs(attempts: number, retryMs: number, retryMaxMs: number): number {
  return Math.min(retryMaxMs, retryMs * 2 ** Math.max(0, Math.min(30, attempts - 1)));
}

export async function markFailed(
  db: Queryable,
  job: ClaimedJob,
  now: Date,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db.query(
    `WITH j AS (UPDATE print_job SET state = 'queued', next_attempt_at = $3, claimed_by = NULL, claimed_until = NULL, last_error = $4
                 WHERE job_id = $1::bigint AND state = 'sending' RETURNING printer_id)
     UPDATE printer SET last_error_at = $2, last_error = $4 WHERE printer_id IN (SELECT printer_id FROM j)`,
    [job.job_id, now, retryAt, error.slice(0, 500)],
  );
}
