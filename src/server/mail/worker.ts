/**
 * The mail worker of each service instance: claims due mails of the outbox
 * (outbox.ts), sends each over SMTP with nodemailer, and marks it sent or
 * waiting with a back-off. With the sandbox on and no SMTP_URL it starts the
 * local mail sink (sink.ts) first and sends there. Started with the server
 * (config.mail.worker), stopped when it closes.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { claimMails, mailBackOffMs, markFailed, markSent, onMailQueued, type ClaimedMail } from './outbox';
import { startMailSink, type MailSink } from './sink';

export interface MailWorker {
  kick(): void;
  stop(): Promise<void>;
  /** The SMTP address it sends to ('' while it has none). */
  readonly smtpUrl: string;
}

export function startMailWorker(
  db: Db,
  settings: Config['mail'],
  smtpUrl: string,
  log: Pick<FastifyInstance['log'], 'warn' | 'error'>,
): MailWorker {
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: settings.sendTimeoutMs,
    greetingTimeout: settings.sendTimeoutMs,
    socketTimeout: settings.sendTimeoutMs,
  });
  let stopped = false;
  let ticking: Promise<void> | null = null;
  let again = false;

  const send = async (m: ClaimedMail) => {
    try {
      const info = await transport.sendMail({
        from: settings.from,
        to: m.to_addr,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        headers: { 'Content-Language': m.lang },
      });
      await markSent(db, m.mail_id, me, new Date(), String(info.messageId ?? ''));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (m.attempts === 1) log.warn({ mail: m.mail_id, reason }, 'mail not sent: it waits');
      const retryAt = new Date(Date.now() + mailBackOffMs(m.attempts, settings.retryMs, settings.retryMaxMs));
      await markFailed(db, m.mail_id, me, reason, retryAt).catch((e: unknown) => log.error({ err: e }, 'mail outbox: marking a failed mail failed'));
    }
  };

  const tick = async () => {
    do {
      again = false;
      if (stopped) return;
      const mails = await claimMails(db, new Date(), 10, me, settings.sendTimeoutMs * 4, settings.maxAttempts);
      // One at a time: a receipt is small and the SMTP server sees one client.
      for (const m of mails) if (!stopped) await send(m);
      if (mails.length === 10) again = true;
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((err: unknown) => log.error({ err }, 'mail outbox: claiming mails failed'))
      .finally(() => {
        ticking = null;
      });
  };

  const unlisten = onMailQueued(kick);
  const timer = setInterval(kick, settings.pollMs);
  timer.unref();
  kick();
  return {
    kick,
    smtpUrl,
    async stop() {
      stopped = true;
      unlisten();
      clearInterval(timer);
      await ticking;
      transport.close();
    },
  };
}

/**
 * The server's mail: the sink first when the sandbox wants one (so the worker
 * has somewhere to send), then the worker. Both stop when the server closes.
 * Answers the sink (tests read its address), or null.
 */
export async function registerMail(app: FastifyInstance, { db, config }: { db: Db; config: Config }): Promise<{ sink: MailSink | null; worker: MailWorker | null }> {
  const sink = config.mail.sink ? await startMailSink(db, { port: config.mail.sinkPort }) : null;
  const smtpUrl = config.mail.smtpUrl ?? sink?.url ?? null;
  const worker = config.mail.worker && smtpUrl ? startMailWorker(db, config.mail, smtpUrl, app.log) : null;
  app.addHook('onClose', async () => {
    await worker?.stop();
    await sink?.close();
  });
  return { sink, worker };
}
