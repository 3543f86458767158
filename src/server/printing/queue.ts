/**
 * The durable print queue (migrations/017_printing.sql print_job): tickets
 * are enqueued in the transaction in which the kitchen receives a round (one
 * statement); the worker (printing/worker.ts) claims them, renders each once
 * (renderJob), sends and marks them.
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
import { linesFor, ticketDocument, ticketLines, ticketSheet } from './ticket';

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

/** A station's name in `lang`, else in the other languages (the ticket's heading, the printers' list). */
export const stationName = (n: { zh: string; tw: string; en: string }, lang: Lang) =>
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

/** The channel a new job is announced on (NOTIFY on commit; every instance's worker LISTENs). */
export const PRINT_CHANNEL = 'hbb_print';

/** Deletes printed jobs printed before `before` (the worker's housekeeping), at most `batch` at a time; answers how many. */
export async function deletePrintedJobs(db: Queryable, before: Date, batch = 5_000): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM print_job WHERE job_id IN (
         SELECT job_id FROM print_job WHERE state = 'printed' AND printed_at < $1 ORDER BY job_id LIMIT $2)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before, batch],
  );
  return rows[0]?.n ?? 0;
}

/** The ticket job key of a round; a reprint's has a unique suffix. */
export const jobKey = (sheetId: string, roundNo: number) => `${sheetId}:${roundNo}`;

/**
 * Enqueues the round's ticket (every round's when `roundNo` is null) for each
 * printer of the sheet's outlet that prints one of its lines: once per
 * printer and round (a reprint each time). One statement, so the order's own
 * path pays one round trip for its tickets (operations/orders/roundTrips.test.ts);
 * the worker renders each job when it first claims it (renderJob). Answers
 * the jobs enqueued, oldest round first.
 */
export async function enqueueKitchenTickets(
  tx: Queryable,
  sheetId: string,
  roundNo: number | null,
  options: EnqueueOptions = {},
): Promise<{ jobId: string; printerId: string }[]> {
  const reprint = options.reprint === true;
  const suffix = reprint ? `:reprint:${Date.now()}-${randomBytes(4).toString('hex')}` : '';
  // A line's stations: the goods' own, else its class's, at the sheet's outlet (as ticket.ts ticketLines reads them).
  // The workers hear of the new jobs when the transaction commits (NOTIFY is sent then, on both
  // drivers): every instance's worker looks at once instead of at its next poll (worker.ts).
  const rows = await tx.query<{ job_id: string; printer_id: string }>(
    `WITH queued AS (
     INSERT INTO print_job (printer_id, job_key, kind, sheet_id, round_no, received_at, created_at, next_attempt_at)
     SELECT p.printer_id, s.sheet_id || ':' || r.round_no || $4::text, $5::text, s.sheet_id, r.round_no, $6, $7, $7
       FROM sheet s
       JOIN (SELECT DISTINCT round_no FROM sheet_item WHERE sheet_id = $1 AND ($2::int IS NULL OR round_no = $2)) r ON true
       JOIN printer p ON p.base_id = s.base_id AND ($3::text IS NULL OR p.printer_id = $3)
      WHERE s.sheet_id = $1
        AND (p.all_stations OR EXISTS (
              SELECT 1 FROM sheet_item i
                LEFT JOIN goods g ON g.goods_id = i.goods_id
               WHERE i.sheet_id = s.sheet_id AND i.round_no = r.round_no
                 AND EXISTS (SELECT 1 FROM printer_station ps WHERE ps.printer_id = p.printer_id AND ps.station_id = ANY (COALESCE(
                       (SELECT array_agg(sg.station_id) FROM station_goods sg JOIN station st ON st.station_id = sg.station_id
                         WHERE sg.goods_id = i.goods_id AND st.base_id = s.base_id),
                       (SELECT array_agg(sc.station_id) FROM station_class sc JOIN station st ON st.station_id = sc.station_id
                         WHERE sc.class_id = g.class_id AND st.base_id = s.base_id),
                       '{}'::text[])))))
      ORDER BY r.round_no, p.printer_id
     ON CONFLICT (printer_id, job_key) DO NOTHING
     RETURNING job_id::text AS job_id, printer_id)
     SELECT q.job_id, q.printer_id FROM queued q CROSS JOIN (SELECT pg_notify('${PRINT_CHANNEL}', '')) AS kick`,
    [
      sheetId,
      roundNo,
      options.printerId ?? null,
      suffix,
      reprint ? 'reprint' : 'ticket',
      options.now ?? new Date(),
      // Due in real time (the worker's), not the sandbox clock's `now`: a journey that moves the clock forward still prints at once.
      new Date(),
    ],
  );
  return rows.map((r) => ({ jobId: r.job_id, printerId: r.printer_id }));
}

/** A pay-before order reached the kitchen: each of its rounds' tickets (once each). */
export async function enqueueSheetTickets(tx: Queryable, sheetId: string, now?: Date): Promise<void> {
  await enqueueKitchenTickets(tx, sheetId, null, { now });
}

/**
 * Renders a claimed job that has no bytes yet (a ticket or reprint: the
 * round's lines for the printer's stations, in its language and encoding)
 * and stores them, so a retry sends the same bytes. Answers the bytes, or
 * null when the printer has nothing of the round left to print.
 */
export async function renderJob(db: Queryable, job: ClaimedJob): Promise<Uint8Array | null> {
  const [printer] = await db.query<PrinterRow>(
    `SELECT p.printer_id, p.lang, p.all_stations, p.width_mm, p.encoding, p.cut,
            COALESCE(array_agg(ps.station_id ORDER BY st.sort, st.station_id) FILTER (WHERE ps.station_id IS NOT NULL), '{}'::text[]) AS stations,
            COALESCE(json_agg(json_build_object('zh', st.station_name, 'tw', st.station_name_tw, 'en', st.station_name_en) ORDER BY st.sort, st.station_id)
              FILTER (WHERE ps.station_id IS NOT NULL), '[]'::json) AS station_names
       FROM printer p
       LEFT JOIN printer_station ps ON ps.printer_id = p.printer_id
       LEFT JOIN station st ON st.station_id = ps.station_id
      WHERE p.printer_id = $1
      GROUP BY p.printer_id`,
    [job.printer_id],
  );
  if (!printer || !job.sheet_id || job.round_no == null) return null;
  const sheet = await ticketSheet(db, job.sheet_id, job.round_no);
  if (!sheet) return null;
  const lines = linesFor(printer, await ticketLines(db, job.sheet_id, job.round_no, printer.lang));
  if (lines.length === 0) return null;
  const reprint = job.kind === 'reprint';
  const doc = ticketDocument({
    sheet,
    roundNo: job.round_no,
    lines,
    lang: printer.lang,
    stationNames: printer.all_stations
      ? [message('ticketAllStations', printer.lang)]
      : (printer.station_names ?? []).map((n) => stationName(n, printer.lang)),
    receivedAt: reprint ? (sheet.round_at ?? job.received_at) : job.received_at,
    reprint,
    widthMm: printer.width_mm,
  });
  const payload = encodeTicket(doc, { encoding: printer.encoding, widthMm: printer.width_mm, cut: printer.cut });
  await db.query('UPDATE print_job SET payload = $2, text = $3 WHERE job_id = $1::bigint AND payload IS NULL', [
    job.job_id,
    payload,
    ticketText(doc, printer.width_mm),
  ]);
  return payload;
}

// The worker's side ------------------------------------------------------------------------

export type ClaimedJob = {
  job_id: string;
  printer_id: string;
  kind: 'ticket' | 'reprint' | 'test';
  sheet_id: string | null;
  round_no: number | null;
  received_at: Date;
  /** Null until the job is first rendered (renderJob). */
  payload: Uint8Array | null;
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
     RETURNING j.job_id::text AS job_id, j.printer_id, j.kind, j.sheet_id, j.round_no, j.received_at, j.payload, j.attempts, p.host, p.port`,
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
