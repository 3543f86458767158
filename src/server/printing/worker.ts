/**
 * The print worker of each service instance: claims due jobs
 * (queue.ts claimJobs: the oldest unprinted job of each printer, FOR UPDATE
 * SKIP LOCKED), sends each over TCP to its printer (raw ESC/POS, port 9100),
 * and marks it printed, or queued again with a back-off (retryMs doubled per
 * failed attempt, at most retryMaxMs). Printers are sent to in parallel: an
 * offline printer's connect timeout holds up only its own queue. Started
 * with the server (config.print.worker), stopped when it closes.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { createConnection } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { renderJob, backOffMs, claimJobs, deletePrintedJobs, markFailed, markPrinted, PRINT_CHANNEL, type ClaimedJob } from './queue';

/** Sends `payload` to host:port and waits until the printer side has closed the connection (or, after our end, the socket is done). */
export function sendToPrinter(
  host: string,
  port: number,
  payload: Uint8Array,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    let settled = false;
    const done = (err?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () =>
      done(new Error(`no answer from ${host}:${port} in ${timeoutMs} ms`)),
    );
    socket.on('error', (err) => done(err));
    socket.on('connect', () => {
      socket.end(payload);
    });
    // The printer reads the whole job and closes; an accepted job is one whose bytes all went out before that.
    socket.on('close', (hadError) =>
      done(hadError ? new Error(`connection to ${host}:${port} failed`) : undefined),
    );
    socket.resume();
  });
}

export type PrintSettings = Config['print'];

export interface PrintWorker {
  /** Looks for due jobs now (besides the poll). */
  kick(): void;
  /** Stops claiming and waits for the sends under way. */
  stop(): Promise<void>;
}

export function startPrintWorker(
  db: Db,
  settings: PrintSettings,
  log: Pick<FastifyInstance['log'], 'warn' | 'error' | 'info'>,
): PrintWorker {
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> | null = null;
  let again = false;

  const send = async (job: ClaimedJob) => {
    try {
      const payload = job.payload ?? (await renderJob(db, job));
      // Nothing of the round left for this printer (its lines moved or voided since): done without paper.
      if (payload) await sendToPrinter(job.host, job.port, payload, settings.sendTimeoutMs);
      await markPrinted(db, job, new Date());
    } catch (err) {
      const now = new Date();
      const reason = err instanceof Error ? err.message : String(err);
      const delay = backOffMs(job.attempts, settings.retryMs, settings.retryMaxMs);
      if (job.attempts === 1)
        log.warn(
          { printer: job.printer_id, job: job.job_id, reason },
          'printer unreachable: the job waits',
        );
      await markFailed(db, job, now, reason, new Date(now.getTime() + delay)).catch((e: unknown) =>
        log.error({ err: e }, 'print queue: marking a failed job failed'),
      );
    }
  };

  const tick = async () => {
    do {
      again = false;
      if (stopped) return;
      const jobs = await claimJobs(
        db,
        new Date(),
        settings.concurrency - inFlight.size,
        me,
        settings.claimMs,
      );
      for (const job of jobs) {
        const p: Promise<void> = send(job).finally(() => {
          inFlight.delete(p);
          kick();
        });
        inFlight.add(p);
      }
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((err: unknown) => log.error({ err }, 'print queue: claiming jobs failed'))
      .finally(() => {
        ticking = null;
      });
  };

  const timer = setInterval(kick, settings.pollMs);
  timer.unref();
  // A kick on enqueue: queue.ts announces new jobs on PRINT_CHANNEL when their transaction commits,
  // from this instance or another on the same database; the poll stays for retries and take-overs.
  const unlisten = db.listen(PRINT_CHANNEL, () => kick(), () => kick()).catch((err: unknown) => {
    log.warn({ err }, 'print queue: not listening for new jobs; polling only');
    return null;
  });
  // Housekeeping: printed jobs older than retentionDays are deleted (every instance may; it is idempotent).
  const retentionMs = (settings.retentionDays ?? 14) * 86_400_000;
  const housekeep = async () => {
    if (stopped) return;
    try {
      let n: number;
      do n = await deletePrintedJobs(db, new Date(Date.now() - retentionMs));
      while (n >= 5_000 && !stopped);
    } catch (err) {
      log.error({ err }, 'print queue: deleting old printed jobs failed');
    }
  };
  const housekeeping = setInterval(() => void housekeep(), settings.housekeepingMs ?? 3_600_000);
  housekeeping.unref();
  void housekeep();
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(housekeeping);
      await (await unlisten)?.();
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Starts the worker with the server (unless config.print.worker is off) and stops it when the server closes. */
export function registerPrintWorker(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): void {
  if (!config.print.worker) return;
  const worker = startPrintWorker(db, config.print, app.log);
  app.addHook('onClose', async () => {
    await worker.stop();
  });
}
