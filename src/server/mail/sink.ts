/**
 * The sandbox's mail sink (SANDBOX=1 without SMTP_URL, and the tests): a real
 * SMTP server (smtp-server) on 127.0.0.1 that accepts every mail, parses it
 * (mailparser) and keeps it in the sandbox_mail table, so any instance shows
 * it at GET /sandbox/mail and a test can read what a customer would receive.
 * It takes no authentication and listens on loopback only.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/driver';

export interface MailSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Mails larger than this are refused (a receipt is a few KiB). */
const MAX_MAIL_BYTES = 1024 * 1024;

export async function startMailSink(db: Db, opts: { port?: number } = {}): Promise<MailSink> {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: MAX_MAIL_BYTES,
    banner: 'HBB Order sandbox mail sink',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true })
        .then(async (parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          await db.query(
            `INSERT INTO sandbox_mail (envelope_to, from_addr, subject, text_body, html_body, message_id, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [to, from, parsed.subject ?? '', parsed.text ?? '', typeof parsed.html === 'string' ? parsed.html : '', parsed.messageId ?? '', new Date()],
          );
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SandboxMail {
  mailNo: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** What the sink received, newest first (to one address when given). */
export async function sandboxMails(db: Pick<Db, 'query'>, to?: string, limit = 50): Promise<SandboxMail[]> {
  const rows = await db.query<{ mail_no: string; envelope_to: string; from_addr: string; subject: string; text_body: string; html_body: string; received_at: Date }>(
    `SELECT mail_no::text, envelope_to, from_addr, subject, text_body, html_body, received_at FROM sandbox_mail
      WHERE ($1::text IS NULL OR lower(envelope_to) LIKE '%' || lower($1) || '%')
      ORDER BY mail_no DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    mailNo: Number(r.mail_no),
    to: r.envelope_to,
    from: r.from_addr,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    receivedAt: r.received_at.toISOString(),
  }));
}
