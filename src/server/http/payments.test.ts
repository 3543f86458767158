/**
 * The sandbox payment provider's flow over HTTP, as a browser and the
 * provider go through it: its confirm page, the form posts that decide the
 * payment, the signed callback to POST /payments/callback (signature,
 * amount, repeats) and the redirect back to the app; and the routes being
 * absent without the sandbox.
 */
import { DEMO } from '../db/seed';
import { signCallback, type CallbackBody } from '../providers/payment';
import {
  atTable,
  balanceOf,
  decideOnPage,
  guest,
  insertMember,
  insertSheet,
  ok,
  payAfterSheet,
  payments,
  pollPayment,
  sheetRow,
  signIn,
  startSandboxPayment,
} from '../test/fixtures';
import { startHarness, GatewayClient, type Harness } from '../test/harness';

jest.setTimeout(60_000);

let h: Harness;
let chan: GatewayClient;

beforeAll(async () => {
  h = await startHarness({ rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 } });
  chan = await signIn(h, DEMO.vips.chan);
});
afterAll(() => h.close());

const getPage = async (payUrl: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.url}${payUrl}`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', csp: res.headers.get('content-security-policy') ?? '', html: await res.text() };
};

const postCallback = async (body: unknown, contentType = 'application/json') => {
  const res = await fetch(`${h.url}/payments/callback`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
};

/** A callback as the provider would sign it (with the service's secret unless told). */
const callback = (fields: Partial<Omit<CallbackBody, 'sign'>> & { payId: string }, secret = h.config.paymentSecret): CallbackBody =>
  signCallback(secret, {
    status: 'paid',
    providerRef: 'SBXTEST0000000001',
    amount: '25.5000',
    currency: 'MOP',
    timestamp: new Date().toISOString(),
    nonce: Math.random().toString(16).slice(2),
    ...fields,
  });

describe('GET /sandbox/pay/:payId', () => {
  test("the provider's confirm page: the amount, 'Pay MOP$25.50' and 'Cancel', for a phone", async () => {
    const sheetId = await insertSheet(h);
    const { payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    const page = await getPage(payUrl);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.html).toContain('<button type="submit" class="pay">Pay MOP$25.50</button>');
    expect(page.html).toContain('<button type="submit" class="cancel">Cancel</button>');
    expect(page.html).toContain('<h1 id="heading">Confirm your payment</h1>');
    expect(page.html).toContain(`Harbour Kitchen · ${sheetId}`);
    // Forms post back to the provider, in the page's language, with a token and never the callback secret.
    const path = payUrl.split('?')[0];
    expect(page.html).toContain(`action="${path}/confirm?lang=en"`);
    expect(page.html).toContain(`action="${path}/cancel?lang=en"`);
    expect(page.html).not.toContain(h.config.paymentSecret);
    expect(page.csp).toContain("form-action 'self'");
    // An empty icon of its own: the browser asks for no /favicon.ico, which the policy would block (Firefox reports it as an error).
    expect(page.html).toContain('<link rel="icon" href="data:,">');
    expect(page.csp).toContain('img-src data:');
    // Nothing wider than a phone: the layout is fluid up to 420px.
    expect(page.html).toContain('max-width:420px');
  });

  test("in the customer's language: the app's (its Accept-Language when it asked to pay), not the browser's", async () => {
    const sheetId = await insertSheet(h);
    const tw = new GatewayClient(h.url, 'zh-TW');
    tw.cookie = chan.cookie;
    const { payUrl } = await startSandboxPayment(tw, sheetId, 25.5);
    expect(payUrl).toMatch(/\?lang=zh-TW$/);
    // The phone's browser says English; the page speaks the app's traditional Chinese, the merchant's name too.
    const zh = await getPage(payUrl, { 'accept-language': 'en-US,en;q=0.9' });
    expect(zh.html).toContain('<html lang="zh-TW">');
    expect(zh.html).toContain('<h1 id="heading">確認付款</h1>');
    expect(zh.html).toContain('支付 MOP$25.50');
    expect(zh.html).toContain('>取消</button>');
    expect(zh.html).toContain(`港灣廚房 · ${sheetId}`);
    // A refused decision answers in the same language.
    const path = payUrl.split('?')[0];
    expect(zh.html).toContain(`action="${path}/confirm?lang=zh-TW"`);
    const expired = await fetch(`${h.url}${path}/confirm?lang=zh-TW`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=forged' });
    expect(await expired.text()).toContain('頁面已過期，請返回店鋪重新付款。');
    // The same pending payment asked again in simplified Chinese: the page follows the app.
    const cn = new GatewayClient(h.url, 'zh-CN');
    cn.cookie = chan.cookie;
    const again = await startSandboxPayment(cn, sheetId, 25.5);
    expect(again.payUrl).toBe(`${path}?lang=zh-CN`);
    expect((await getPage(again.payUrl)).html).toContain('<html lang="zh-CN">');
    // Without a lang, the browser's language.
    expect((await getPage(path!, { 'accept-language': 'zh-TW' })).html).toContain('<html lang="zh-TW">');
  });

  test('an unknown payment, and one that is no longer pending', async () => {
    const unknown = await getPage('/sandbox/pay/PAY-nope');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('This payment does not exist.');

    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    await decideOnPage(h, payUrl, 'confirm');
    const done = await getPage(payUrl);
    expect(done.status).toBe(200);
    expect(done.html).toContain('This payment is complete.');
    expect(done.html).toContain(`href="/#/pages/paying/paying?SheetID=${sheetId}&amp;PayID=${payId}"`);
    expect(done.html).not.toContain('class="pay"');
  });
});

describe('the redirect flow', () => {
  test('create, confirm on the page, the callback credits, back to the app, the poll says paid', async () => {
    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    expect(payUrl).toBe(`/sandbox/pay/${payId}?lang=en`);
    const before = await balanceOf(h, DEMO.vips.chan);

    const redirect = await decideOnPage(h, payUrl, 'confirm');
    expect(redirect).toEqual({ status: 303, location: `/#/pages/paying/paying?SheetID=${sheetId}&PayID=${payId}` });
    // Credited by the callback, before the app asks.
    expect(await payments(h, sheetId)).toEqual([
      expect.objectContaining({ pay_id: payId, status: 'paid', amount: '25.5000', provider_ref: expect.stringMatching(/^SBX/) }),
    ]);
    expect(await sheetRow(h, sheetId)).toEqual({ status: 1, pay_status: 2, is_pay_later: false });
    expect(ok(await pollPayment(chan, sheetId, payId))[0]).toMatchObject({ Status: 'paid', SheetStatus: 1, PayStatus: 2 });
    // A third-party payment earns points; the balance is untouched.
    const after = await balanceOf(h, DEMO.vips.chan);
    expect(after.balance).toBe(before.balance);
    expect(Number(after.score) - Number(before.score)).toBe(2); // 1 point per MOP$10 paid

    // Pressing the button again (back button, double tap) changes nothing.
    expect(await decideOnPage(h, payUrl, 'confirm').catch(() => 'no form')).toBe('no form');
    expect(await payments(h, sheetId)).toHaveLength(1);
  });

  test('cancel on the page: back to the app with Status=cancelled, the sheet unpaid again, a new payment possible', async () => {
    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    const redirect = await decideOnPage(h, payUrl, 'cancel');
    expect(redirect).toEqual({ status: 303, location: `/#/pages/paying/paying?SheetID=${sheetId}&PayID=${payId}&Status=cancelled` });
    expect(ok(await pollPayment(chan, sheetId, payId))[0]).toMatchObject({ Status: 'cancelled', SheetStatus: 0, PayStatus: 0 });
    const again = await startSandboxPayment(chan, sheetId, 25.5);
    expect(again.payId).not.toBe(payId);
    expect((await payments(h, sheetId)).map((p) => p.status)).toEqual(['cancelled', 'pending']);
  });

  test("a pay-after table settled by a guest's phone is checked out", async () => {
    const phone = await atTable(h, await guest(h));
    const sheetId = await payAfterSheet(h);
    const { payId, payUrl } = await startSandboxPayment(phone, sheetId, 92);
    await decideOnPage(h, payUrl, 'confirm');
    expect(ok(await pollPayment(phone, sheetId, payId))[0]).toMatchObject({ Status: 'paid', SheetStatus: 3, PayStatus: 2 });
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 3, pay_status: 2 });
  });

  test('a form post without the page token is refused', async () => {
    const sheetId = await insertSheet(h);
    const { payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    for (const body of ['', 'token=forged']) {
      const res = await fetch(`${h.url}${payUrl.split('?')[0]}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('This page has expired.');
    }
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'pending' });
    expect((await h.db.query('SELECT status FROM sandbox_payment WHERE pay_id = (SELECT pay_id FROM payment WHERE sheet_id = $1)', [sheetId]))[0]).toEqual({ status: 'pending' });
  });
});

describe('POST /payments/callback', () => {
  const pending = async (totalAmo = 25.5) => {
    const sheetId = await insertSheet(h, { totalAmo });
    const { payId } = await startSandboxPayment(chan, sheetId, totalAmo);
    return { sheetId, payId };
  };

  test('a correctly signed callback credits the payment and is answered success', async () => {
    const { sheetId, payId } = await pending();
    expect(await postCallback(callback({ payId }))).toEqual({ status: 200, text: 'success' });
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'paid', provider_ref: 'SBXTEST0000000001' });
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 1, pay_status: 2 });
  });

  test('a bad signature is refused (401) and changes nothing', async () => {
    const { sheetId, payId } = await pending();
    const forged = callback({ payId }, 'not-the-secret');
    expect(await postCallback(forged)).toEqual({ status: 401, text: 'bad signature' });
    // A signed callback with one field changed afterwards.
    const tampered = { ...callback({ payId, status: 'cancelled' }), status: 'paid' };
    expect(await postCallback(tampered)).toEqual({ status: 401, text: 'bad signature' });
    expect(await postCallback({ ...callback({ payId }), sign: 'f'.repeat(64) })).toEqual({ status: 401, text: 'bad signature' });
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'pending' });
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 0, pay_status: 1 });
  });

  test('malformed callbacks are refused (400)', async () => {
    expect((await postCallback('[1,2]')).status).toBe(400);
    expect((await postCallback({ payId: 'x' })).status).toBe(400);
    expect((await postCallback('{not json')).status).toBe(400);
  });

  test('an unknown payment (404)', async () => {
    expect(await postCallback(callback({ payId: 'PAY-unknown' }))).toEqual({ status: 404, text: 'unknown payment' });
  });

  test('an amount that is not the payment\'s is ignored (400), even correctly signed', async () => {
    const { sheetId, payId } = await pending();
    expect(await postCallback(callback({ payId, amount: '0.01' }))).toEqual({ status: 400, text: 'amount mismatch' });
    expect(await postCallback(callback({ payId, amount: '25.51' }))).toEqual({ status: 400, text: 'amount mismatch' });
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'pending' });
    // The same amount written differently is the same amount.
    expect(await postCallback(callback({ payId, amount: '25.5' }))).toEqual({ status: 200, text: 'success' });
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'paid' });
  });

  test('the same callback 5 times at once credits once; later repeats are answered success', async () => {
    const vipId = await insertMember(h, 0);
    const member = await signIn(h, vipId);
    const sheetId = await insertSheet(h, { vipId });
    const { payId } = await startSandboxPayment(member, sheetId, 25.5);
    const body = callback({ payId });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCallback(body)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, text: 'success' })));
    expect(await postCallback(callback({ payId }))).toEqual({ status: 200, text: 'success' });
    // A late 'cancelled' does not undo a payment.
    expect(await postCallback(callback({ payId, status: 'cancelled' }))).toEqual({ status: 200, text: 'success' });

    expect(await payments(h, sheetId)).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 1, pay_status: 2 });
    expect(await balanceOf(h, vipId)).toEqual({ balance: '0.0000', score: '2.0000' });
    expect(await h.db.query('SELECT score FROM vip_score_item WHERE vip_id = $1', [vipId])).toEqual([{ score: '2.0000' }]);
  });

  test('paid after the sheet was closed meanwhile: the money goes straight back', async () => {
    const sheetId = await insertSheet(h);
    const { payId, payUrl } = await startSandboxPayment(chan, sheetId, 25.5);
    await h.db.query('UPDATE sheet SET status = 2 WHERE sheet_id = $1', [sheetId]);
    expect((await decideOnPage(h, payUrl, 'confirm')).status).toBe(303);
    expect((await payments(h, sheetId))[0]).toMatchObject({ status: 'refunded' });
    expect(await h.db.query('SELECT status FROM sandbox_payment WHERE pay_id = $1', [payId])).toEqual([{ status: 'refunded' }]);
    expect(await sheetRow(h, sheetId)).toMatchObject({ status: 2 });
  });
});

describe('without the sandbox', () => {
  test('no provider pages, no sign-in, and the sandbox method is listed but off', async () => {
    const prod = await startHarness({ sandbox: false });
    try {
      expect((await fetch(`${prod.url}/sandbox/pay/PAY1`)).status).toBe(404);
      expect((await fetch(`${prod.url}/sandbox/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"vipId":"VIP0000000001"}' })).status).toBe(404);
      expect((await fetch(`${prod.url}/payments/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
      const client = new GatewayClient(prod.url);
      ok(await client.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
      const methods = ok(await client.call('Finance_EntShopAccountGet_V2_Get', [{ ShopID: DEMO.shops.main }]));
      expect(methods.map((m) => [m.PayType, m.Enabled])).toEqual([['balance', 1], ['sandbox', 0], ['paylater', 1]]);
    } finally {
      await prod.close();
    }
  });
});
