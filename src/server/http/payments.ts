/**
 * Payment routes.
 *
 *   POST /payments/callback               the provider's signed callback (server to server).
 *        JSON body: see providers/payment.ts. Answers 200 'success' once the
 *        callback is applied (or was already: callbacks repeat), 400 for a
 *        malformed body or an amount that is not the payment's (ignored),
 *        401 for a bad signature, 404 for an unknown payment.
 *
 * The sandbox provider's own pages (only when config.sandbox is on):
 *
 *   GET  /sandbox/pay/:payId              its confirm page: 'Pay MOP$x' and 'Cancel'
 *   POST /sandbox/pay/:payId/confirm      form post from that page: the payment is
 *   POST /sandbox/pay/:payId/cancel       decided, the signed callback delivered to the
 *                                         notify handler from here (the secret never
 *                                         reaches the browser), and the browser sent back (303)
 *                                         to the return URL, with '&Status=cancelled'
 *                                         after a cancel.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { formatNumber } from '../../shared/domain/numbers';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { langFromHeader, type Lang } from '../messages';
import { applyCallback } from '../operations/payments/settle';
import { createPaymentProvider, PAYMENT_CALLBACK_PATH, sandboxPayPath, type CallbackBody, type SandboxPayment } from '../providers/payment';

export interface PaymentRouteDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

const CALLBACK_BODY_LIMIT = 16 * 1024;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function paymentRoutes(app: FastifyInstance, { db, config, clock }: PaymentRouteDeps): Promise<void> {
  const now = () => clock.now();
  if (!createPaymentProvider(config, db, now)) return; // no provider: nothing to call back

  app.post(PAYMENT_CALLBACK_PATH, { bodyLimit: CALLBACK_BODY_LIMIT }, async (req, reply) => {
    const answer = await receiveCallback({ db, config, clock }, req.body, req.log);
    return reply.code(answer.status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(answer.text);
  });

  if (config.sandbox) await app.register(sandboxPayRoutes, { db, config, clock });
}

/**
 * The notify handler: checks a callback body and applies it. Answers the
 * HTTP status and text the provider gets: 200 'success' once applied (or
 * already applied), 400 malformed or an amount that is not the payment's,
 * 401 a bad signature, 404 an unknown payment.
 */
export async function receiveCallback(
  { db, config, clock }: PaymentRouteDeps,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<{ status: number; text: string }> {
  const now = () => clock.now();
  const provider = createPaymentProvider(config, db, now);
  if (!provider) return { status: 404, text: 'no payment provider' };
  if (!isRecord(body) || typeof body.payId !== 'string' || typeof body.sign !== 'string') {
    return { status: 400, text: 'malformed callback' };
  }
  const cb = provider.verifyCallback({ headers: {}, body });
  if (!cb) {
    log.warn({ payId: body.payId.slice(0, 64) }, 'payment callback with a bad signature');
    return { status: 401, text: 'bad signature' };
  }
  const outcome = await db.transaction((tx) => applyCallback(tx, createPaymentProvider(config, tx, now)!, cb, now()));
  if (outcome === 'unknown') return { status: 404, text: 'unknown payment' };
  if (outcome === 'mismatch') {
    log.warn({ payId: cb.payId, amount: cb.amount }, 'payment callback amount is not the payment amount: ignored');
    return { status: 400, text: 'amount mismatch' };
  }
  if (outcome === 'refundFailed') {
    log.error({ payId: cb.payId }, 'payment received for a sheet that can no longer take it, and its refund failed: refund it by hand');
  }
  return { status: 200, text: 'success' };
}

// The sandbox provider's pages --------------------------------------------------------------

const TEXT: Record<Lang, Record<'title' | 'heading' | 'merchant' | 'pay' | 'cancel' | 'note' | 'paid' | 'cancelled' | 'refunded' | 'back' | 'notFound' | 'expired', string>> = {
  en: {
    title: 'Sandbox Pay',
    heading: 'Confirm your payment',
    merchant: 'Paying',
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    note: 'Sandbox: test payments only, no real money moves.',
    paid: 'This payment is complete.',
    cancelled: 'This payment was cancelled.',
    refunded: 'This payment was refunded.',
    back: 'Return to the shop',
    notFound: 'This payment does not exist.',
    expired: 'This page has expired. Go back to the shop and pay again.',
  },
  'zh-CN': {
    title: '沙盒支付',
    heading: '确认付款',
    merchant: '付款给',
    pay: '支付 {amount}',
    cancel: '取消',
    note: '沙盒环境：仅供测试，不会产生真实扣款。',
    paid: '该笔付款已完成。',
    cancelled: '该笔付款已取消。',
    refunded: '该笔付款已退款。',
    back: '返回店铺',
    notFound: '该笔付款不存在。',
    expired: '页面已过期，请返回店铺重新支付。',
  },
  'zh-TW': {
    title: '沙盒支付',
    heading: '確認付款',
    merchant: '付款給',
    pay: '支付 {amount}',
    cancel: '取消',
    note: '沙盒環境：僅供測試，不會產生真實扣款。',
    paid: '該筆付款已完成。',
    cancelled: '該筆付款已取消。',
    refunded: '該筆付款已退款。',
    back: '返回店鋪',
    notFound: '該筆付款不存在。',
    expired: '頁面已過期，請返回店鋪重新付款。',
  },
};

const CURRENCY_SYMBOLS: Record<string, string> = { MOP: 'MOP$', HKD: 'HK$', CNY: '¥', USD: 'US$' };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function pageLang(query: unknown, acceptLanguage: string | undefined): Lang {
  const asked = isRecord(query) && typeof query.lang === 'string' ? query.lang : '';
  return asked ? langFromHeader(asked) : langFromHeader(acceptLanguage);
}

/** The amount as the provider shows it: 'MOP$25.50'. */
export function sandboxAmount(p: Pick<SandboxPayment, 'amount' | 'currency'>): string {
  return `${CURRENCY_SYMBOLS[p.currency] ?? `${p.currency} `}${formatNumber(p.amount, 2)}`;
}

const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang TC","Microsoft JhengHei",sans-serif;line-height:1.5;color:#1b1f24;background:#eef2f6}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:24px 16px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.brand{margin:0 0 8px;font-size:.875rem;font-weight:600;color:#0b5cad}
h1{margin:0 0 16px;font-size:1.375rem}
dl{margin:0 0 20px}dt{font-size:.875rem;color:#4a5560}dd{margin:0 0 12px;overflow-wrap:anywhere}
.amount{font-size:2rem;font-weight:700;margin:0 0 20px}
form{margin:0 0 12px}
button,.back{display:block;width:100%;min-height:48px;padding:12px 16px;border-radius:10px;font:inherit;font-size:1.0625rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.pay{background:#0b5cad;color:#fff;border:2px solid #0b5cad}
.cancel{background:#fff;color:#1b1f24;border:2px solid #4a5560}
.back{background:#0b5cad;color:#fff}
button:focus-visible,.back:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.note{margin:16px 0 0;font-size:.875rem;color:#4a5560}
.status{font-size:1.125rem;margin:0 0 20px}`;

function page(lang: Lang, title: string, content: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="heading">
${content}
</main>
</body>
</html>`;
}

async function sandboxPayRoutes(app: FastifyInstance, { db, config, clock }: PaymentRouteDeps): Promise<void> {
  const provider = createPaymentProvider(config, db, () => clock.now())!;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'" + (config.publicUrl ? ` ${new URL(config.publicUrl).origin}` : '') + "; frame-ancestors 'none'; base-uri 'none'")
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);

  const message = (lang: Lang, text: string, backUrl?: string) => {
    const t = TEXT[lang];
    return page(
      lang,
      t.title,
      `<p class="brand">${escapeHtml(t.title)}</p>
<h1 id="heading">${escapeHtml(t.title)}</h1>
<p class="status" role="status">${escapeHtml(text)}</p>
${backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a>` : ''}`,
    );
  };

  app.get<{ Params: { payId: string } }>('/sandbox/pay/:payId', async (req, reply) => {
    const lang = pageLang(req.query, req.headers['accept-language']);
    const t = TEXT[lang];
    const payment = await provider.find(req.params.payId);
    if (!payment) return html(reply, 404, message(lang, t.notFound));
    if (payment.status !== 'pending') {
      return html(reply, 200, message(lang, t[payment.status], payment.returnUrl));
    }
    const amount = sandboxAmount(payment);
    const token = escapeHtml(provider.pageToken(payment.payId));
    const action = escapeHtml(sandboxPayPath(payment.payId));
    // The decision's answer (an expired page...) speaks the same language.
    const query = `?lang=${encodeURIComponent(lang)}`;
    return html(
      reply,
      200,
      page(
        lang,
        `${t.title} · ${amount}`,
        `<p class="brand">${escapeHtml(t.title)}</p>
<h1 id="heading">${escapeHtml(t.heading)}</h1>
<dl>
<dt>${escapeHtml(t.merchant)}</dt>
<dd>${escapeHtml(payment.description)}</dd>
</dl>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${action}/confirm${query}">
<input type="hidden" name="token" value="${token}">
<button type="submit" class="pay">${escapeHtml(t.pay.replace('{amount}', amount))}</button>
</form>
<form method="post" action="${action}/cancel${query}">
<input type="hidden" name="token" value="${token}">
<button type="submit" class="cancel">${escapeHtml(t.cancel)}</button>
</form>
<p class="note">${escapeHtml(t.note)}</p>`,
      ),
    );
  });

  app.post<{ Params: { payId: string; decision: string } }>('/sandbox/pay/:payId/:decision', async (req, reply) => {
    const lang = pageLang(req.query, req.headers['accept-language']);
    const { payId, decision } = req.params;
    if (decision !== 'confirm' && decision !== 'cancel') return html(reply, 404, message(lang, TEXT[lang].notFound));
    const token = isRecord(req.body) ? req.body.token : undefined;
    if (!provider.checkPageToken(payId, token)) return html(reply, 403, message(lang, TEXT[lang].expired));
    const decided = await provider.decide(payId, decision === 'confirm' ? 'paid' : 'cancelled');
    if (!decided) return html(reply, 404, message(lang, TEXT[lang].notFound));
    const { payment, callback } = decided;
    if (callback) await deliverCallback({ db, config, clock }, payment.notifyUrl, callback, req.log);
    const back = payment.status === 'cancelled' ? `${payment.returnUrl}&Status=cancelled` : payment.returnUrl;
    return reply.code(303).header('Cache-Control', 'no-store').header('Location', back).send();
  });
}

/**
 * Delivers a signed callback to the notify URL as a provider does, retrying
 * a few times. A path is this service's own notify handler, called in
 * process with the body exactly as the route would receive it; a full URL is
 * posted to over HTTP. Answers whether the service said 'success'. A callback
 * that never arrives is caught by the status poll (Finance_PaySubmit_V2_Update
 * asks the provider).
 */
export async function deliverCallback(deps: PaymentRouteDeps, notifyUrl: string, body: CallbackBody, log: FastifyBaseLogger): Promise<boolean> {
  const payload = JSON.stringify(body);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      let answer: { status: number; text: string };
      if (notifyUrl === PAYMENT_CALLBACK_PATH) {
        answer = await receiveCallback(deps, JSON.parse(payload) as unknown, log);
      } else {
        const res = await fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
        answer = { status: res.status, text: await res.text() };
      }
      if (answer.status === 200 && answer.text === 'success') return true;
      log.warn({ status: answer.status, text: answer.text.slice(0, 100), attempt }, 'sandbox payment callback refused');
      if (answer.status >= 400 && answer.status < 500) return false; // refused for good: retrying will not help
    } catch (err) {
      log.warn({ err, attempt }, 'sandbox payment callback failed');
    }
  }
  return false;
}
