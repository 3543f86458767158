/**
 * The sandbox's mailbox (SANDBOX=1; issue 29): what the local mail sink
 * (mail/sink.ts) received, for the demo and the journeys.
 *
 *   GET /sandbox/mail                 -> an HTML page: the newest mails, each with its text
 *   GET /sandbox/mail.json?to=<addr>  -> {"mails": [{mailNo, to, from, subject, text, html, receivedAt}]}
 *   GET /sandbox/mail/:no.html        -> one mail's HTML body, as the customer's mail program shows it
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/driver';
import { sandboxMails } from '../mail/sink';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const listQuery = z.object({ to: z.string().trim().min(1).max(254).optional() });
const oneParams = z.object({ no: z.coerce.number().int().min(1) });

export async function sandboxMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/sandbox/mail.json', async (req, reply) => {
    const q = listQuery.safeParse(req.query);
    if (!q.success) return reply.code(400).send({ error: 'to: an address of at most 254 characters' });
    return { mails: await sandboxMails(db, q.data.to) };
  });

  app.get('/sandbox/mail/:no.html', async (req, reply) => {
    const p = oneParams.safeParse(req.params);
    if (!p.success) return reply.code(404).send({ error: 'no such mail' });
    const [row] = await db.query<{ html_body: string; text_body: string }>('SELECT html_body, text_body FROM sandbox_mail WHERE mail_no = $1', [p.data.no]);
    if (!row) return reply.code(404).send({ error: 'no such mail' });
    return reply.type('text/html; charset=utf-8').send(row.html_body || `<pre>${escapeHtml(row.text_body)}</pre>`);
  });

  app.get('/sandbox/mail', async (_req, reply) => {
    const mails = await sandboxMails(db);
    const items = mails
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p>To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)} · <a href="/sandbox/mail/${m.mailNo}.html">as HTML</a></p>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox mailbox</title></head>
<body>
<h1>Sandbox mailbox</h1>
<p>Mail the service sent to its local mail sink (SANDBOX=1 without SMTP_URL), newest first. Nothing here left this machine.</p>
${items || '<p>No mail yet.</p>'}
</body></html>
`);
  });
}
