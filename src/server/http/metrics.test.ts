/**
 * /metrics and the logs (issue 22, item 15): the Prometheus text format with
 * requests and latency per operation and answer code, rate-limit refusals,
 * 50300s and the database pool's waits, open streams; who may read it; JSON
 * logs with a request id, and a whole customer journey (guest, SMS code,
 * sign-in, order, payment, live stream, the kitchen's staff API, /metrics)
 * whose logs hold no session id, cookie, phone, SMS code or token.
 */
import { Writable } from 'node:stream';
import { ErrorCode } from '../../shared/protocol/envelope';
import { loadConfig } from '../config';
import { DEMO } from '../db/seed';
import { decideOnPage, startSandboxPayment } from '../test/fixtures';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { guestClient, line, pickupHeader, submit } from '../test/orders';
import { lastCode } from '../test/signIn';
import { openSse } from '../test/sseClient';

jest.setTimeout(120_000);

const STAFF_TOKEN = 'staff-token-7f3c9a1e5b2d4f60a8c1e3b5d7f9a2c4';
const METRICS_TOKEN = 'metrics-token-0b1d3f5a7c9e2b4d6f8a0c2e4b6d8f1a';

/** The value of one sample in Prometheus' text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      staffToken: STAFF_TOKEN,
      metrics: { token: METRICS_TOKEN, loopback: false },
      rateLimits: { memberPerMinute: 1, ipPerMinute: 1_000 },
    });
  });
  afterAll(() => h.close());

  const scrape = async (token = METRICS_TOKEN) => {
    const res = await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  test('only with the metrics token or the staff token', async () => {
    expect((await fetch(`${h.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${h.url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    await scrape(METRICS_TOKEN);
    await scrape(STAFF_TOKEN);
  });

  test('requests and latency per operation and answer code; rate-limit refusals; open streams; the pool', async () => {
    const customer = await guestClient(h);
    const first = await submit(customer, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
    expect(first.errcode).toBe('0');
    // The member limit is 1 a minute: the second is refused.
    const second = await submit(customer, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
    expect(second.errcode).toBe(ErrorCode.rateLimited);
    await new GatewayClient(h.url).call('No_Such_Operation', [{}]);
    await new GatewayClient(h.url).raw('strKeyName=EntVip_EntVipGuestLogin_Add');
    await new GatewayClient(h.url).raw(`strJsonData=${'x'.repeat(300 * 1024)}`);
    const stream = await openSse(`${h.url}/events/orders`, { cookie: customer.cookie });

    const text = await scrape();
    const op = 'PosSalSheet_NewCYSendSheetSubmit_Add';
    expect(sample(text, 'hbb_gateway_requests_total', { operation: 'EntVip_EntVipGuestLogin_Add', code: '0' })).toBe(1);
    expect(sample(text, 'hbb_gateway_requests_total', { operation: op, code: '0' })).toBe(1);
    expect(sample(text, 'hbb_gateway_requests_total', { operation: op, code: ErrorCode.rateLimited })).toBe(1);
    expect(sample(text, 'hbb_gateway_requests_total', { operation: '-', code: ErrorCode.unknownOperation })).toBe(1);
    expect(sample(text, 'hbb_gateway_requests_total', { operation: '-', code: ErrorCode.badAuthorization })).toBe(1);
    expect(sample(text, 'hbb_gateway_requests_total', { operation: '-', code: ErrorCode.tooLarge })).toBe(1);
    expect(sample(text, 'hbb_gateway_request_duration_seconds_count', { operation: op, code: '0' })).toBe(1);
    expect(sample(text, 'hbb_gateway_request_duration_seconds_bucket', { operation: op, code: '0', le: '+Inf' })).toBe(1);
    expect(sample(text, 'hbb_rate_limit_refusals_total', { operation: op })).toBe(1);
    expect(sample(text, 'hbb_event_streams_open', { kind: 'orders' })).toBe(1);
    expect(sample(text, 'hbb_db_pool_size')).toBe(h.db.gate.size);
    expect(text).toMatch(/^hbb_db_pool_waits_total \d+$/m);
    expect(text).toMatch(/^hbb_db_pool_wait_seconds_total [\d.e-]+$/m);
    expect(text).toMatch(/^hbb_http_requests_total\{method="GET",route="\/metrics",status="200"\} \d+$/m);
    expect(text).toMatch(/^hbb_process_cpu_seconds_total /m);
    // No label holds a session, a cookie or a phone.
    expect(text).not.toContain(customer.cookie.split('=')[1]!.split(';')[0]!);
    stream.close();
  });

  test('50300s and the pool: a request past the queue', async () => {
    const busy = await startHarness({ dbPool: { size: 1, maxQueue: 1, maxWaitMs: 30_000 }, metrics: { token: METRICS_TOKEN, loopback: false } });
    try {
      let letGo!: () => void;
      const holding = busy.db.transaction(() => new Promise<void>((r) => (letGo = r)));
      while (busy.db.gate.active < 1) await new Promise((r) => setImmediate(r));
      const queued = new GatewayClient(busy.url).call('Phone_SMSAreaGet_Get', [{}]);
      while (busy.db.gate.waiting < 1) await new Promise((r) => setTimeout(r, 5));
      const refused = await new GatewayClient(busy.url).call('Phone_SMSAreaGet_Get', [{}]);
      expect(refused.errcode).toBe(ErrorCode.busy);
      letGo();
      await holding;
      expect((await queued).errcode).toBe('0');
      const text = await (await fetch(`${busy.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      expect(sample(text, 'hbb_busy_answers_total', { reason: 'db' })).toBe(1);
      expect(sample(text, 'hbb_gateway_requests_total', { operation: 'Phone_SMSAreaGet_Get', code: ErrorCode.busy })).toBe(1);
      expect(sample(text, 'hbb_db_pool_refusals_total', { reason: 'queue_full' })).toBe(1);
      expect(sample(text, 'hbb_db_pool_waits_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hbb_db_pool_wait_seconds_total')).toBeGreaterThan(0);
    } finally {
      await busy.close();
    }
  });
});

describe('who may read /metrics by default', () => {
  test('outside production a caller on this machine (no proxy header) may; in production only a token', async () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, loopback: true });
    expect(loadConfig({ NODE_ENV: 'production' }).metrics).toEqual({ token: null, loopback: false });
    expect(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'm', METRICS_LOOPBACK: '1' }).metrics).toEqual({ token: 'm', loopback: true });
    const h = await startHarness({}, { seed: false });
    try {
      expect((await fetch(`${h.url}/metrics`)).status).toBe(200);
      expect((await fetch(`${h.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(401);
      expect((await fetch(`${h.url}/metrics`, { headers: { forwarded: 'for=203.0.113.9' } })).status).toBe(401);
    } finally {
      await h.close();
    }
  });
});

describe('the logs', () => {
  test('on by default in production, JSON at info', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).log).toEqual({ enabled: true, level: 'info' });
    expect(loadConfig({}).log).toEqual({ enabled: false, level: 'info' });
    expect(loadConfig({ LOG: '1', LOG_LEVEL: 'debug' }).log).toEqual({ enabled: true, level: 'debug' });
    expect(loadConfig({ NODE_ENV: 'production', LOG: '0' }).log.enabled).toBe(false);
  });

  test('a whole journey: every request logged with its id, and no session id, cookie, phone, SMS code or token in them', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs += chunk.toString();
        done();
      },
    });
    const h = await startHarness({ staffToken: STAFF_TOKEN, metrics: { token: METRICS_TOKEN, loopback: false } }, { logger: { stream } });
    const secrets: Record<string, string> = { 'staff token': STAFF_TOKEN, 'metrics token': METRICS_TOKEN };
    try {
      const phone = '66880977';
      secrets.phone = phone;
      const client = new GatewayClient(h.url);
      // A guest, at a table (the table's code is a secret too).
      const guest = await client.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
      expect(guest.errcode).toBe('0');
      const [table] = await h.db.query<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE table_id = $1', [DEMO.tables.dineInA01]);
      secrets['table code'] = table!.qr_code;
      await client.scan(table!.qr_code);
      // Sign in with an SMS code (a wrong one first).
      expect((await client.call('Phone_VerificationGet_V2_Add', [{ EntID: DEMO.entId, Phone: phone, AreaNo: '853' }])).errcode).toBe('0');
      const code = await lastCode(h, `853-${phone}`);
      secrets['SMS code'] = code;
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await client.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: phone, AreaNo: '853', Code: wrong }])).errcode).not.toBe('0');
      const registered = await client.call('EntVip_EntVipRegisterSubmit_V2_Add', [
        { EntID: DEMO.entId, RegisterType: 1, Phone: phone, AreaNo: '853', Code: code },
      ]);
      expect([registered.errcode, registered.errmsg]).toEqual(['0', '']);
      // A live stream, an order, its payment through the provider's page.
      const live = await openSse(`${h.url}/events/orders`, { cookie: client.cookie });
      const order = await submit(client, pickupHeader({ TotalAmo: 49, CustPhone: phone }), [line(DEMO.goods.bbqPorkRice, 48)]);
      expect(order.errcode).toBe('0');
      const sheetId = String(order.data.table1![0]!.SheetID);
      const { payUrl } = await startSandboxPayment(client, sheetId, 49);
      expect((await decideOnPage(h, payUrl, 'confirm')).status).toBe(303);
      await live.next((f) => f.data.includes(sheetId) && f.data.includes('"paid"'));
      live.close();
      const detail = await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
      expect(detail.errcode).toBe('0');
      // The kitchen moves it along; the operator scrapes /metrics; odd requests with secrets in their URLs.
      const staff = { authorization: `Bearer ${STAFF_TOKEN}`, 'content-type': 'application/json' };
      expect((await fetch(`${h.url}/staff/sheets?baseId=${DEMO.bases.quick}&limit=5`, { headers: staff })).status).toBe(200);
      expect((await fetch(`${h.url}/staff/sheets/${sheetId}/progress`, { method: 'POST', headers: staff, body: JSON.stringify({ progress: 'preparing' }) })).status).toBe(200);
      expect((await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
      expect((await fetch(`${h.url}/nowhere?phone=${phone}&code=${code}&token=${STAFF_TOKEN}`)).status).toBe(404);
      expect((await fetch(`${h.url}/staff/members/by-code/${code}`, { headers: staff })).status).toBe(404);
      const tagged = await fetch(`${h.url}/staff/outlets`, { headers: { ...staff, 'x-request-id': 'proxy-id-0123456789' } });
      expect(tagged.headers.get('x-request-id')).toBe('proxy-id-0123456789');

      // Every session the journey made, by its id (the stored hash) and by its cookie's secret.
      for (const [i, { session_id }] of (await h.db.query<{ session_id: string }>('SELECT session_id FROM session')).entries()) secrets[`session id ${i}`] = session_id;
      for (const [i, pair] of client.cookie.split('; ').entries()) secrets[`cookie ${i}`] = pair.slice(pair.indexOf('=') + 1);
    } finally {
      await h.close();
    }

    const lines = logs.trim().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const answered = parsed.filter((l) => l.msg === 'answered');
    // Every answered request has a line with its id, route, status, and for the gateway its operation and code.
    expect(answered.length).toBeGreaterThanOrEqual(15);
    expect(answered.every((l) => typeof l.reqId === 'string' && (l.reqId as string).length >= 8)).toBe(true);
    expect(new Set(answered.map((l) => l.reqId)).size).toBe(answered.length);
    expect(answered).toContainEqual(expect.objectContaining({ route: '/HBBAPI/GetData', operation: 'EntVip_EntVipRegisterSubmit_V2_Add', code: '0', status: 200 }));
    expect(answered).toContainEqual(expect.objectContaining({ route: '/staff/sheets/:id/progress', status: 200 }));
    expect(answered).toContainEqual(expect.objectContaining({ route: '/nowhere', status: 404 }));
    expect(answered).toContainEqual(expect.objectContaining({ route: '/staff/members/by-code/:code' }));
    expect(parsed.some((l) => l.reqId === 'proxy-id-0123456789')).toBe(true);
    // None of the secrets, anywhere in the logs (a number as a whole number: not the digits inside a longer one, a timestamp's).
    const found = Object.entries(secrets).filter(([, value]) => (/^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(logs) : logs.includes(value)));
    console.log(`the journey's logs: ${lines.length} lines, ${answered.length} requests; looked for ${Object.keys(secrets).join(', ')}: ${found.length} found`);
    expect(found.map(([what]) => what)).toEqual([]);
  });
});
