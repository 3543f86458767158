/**
 * The sandbox clock: GET/POST /sandbox/clock move the clock the gateway
 * reads, and the routes exist only when config.sandbox is on.
 */
import { DEMO } from '../db/seed';
import { startHarness, GatewayClient, type Harness } from '../test/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const getClock = async (url = h.url) => {
  const res = await fetch(`${url}/sandbox/clock`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const setClock = async (body: unknown, url = h.url) => {
  const res = await fetch(`${url}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test('follows real time until set', async () => {
  const before = Date.now();
  const { status, body } = await getClock();
  expect(status).toBe(200);
  expect(body.fixed).toBe(false);
  expect(new Date(String(body.now)).getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(new Date(String(body.now)).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
});

test('POST sets the clock the gateway uses; null returns to real time', async () => {
  const client = new GatewayClient(h.url);
  const promotions = async () => (await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: DEMO.shops.main }])).data.table1 ?? [];
  expect(await promotions()).toHaveLength(3);

  // Two years back: the demo promotion (from 30 days ago) has not begun.
  const past = new Date(Date.now() - 730 * 86_400_000);
  const set = await setClock({ now: past.toISOString() });
  expect(set).toEqual({ status: 200, body: { now: past.toISOString(), fixed: true } });
  expect((await getClock()).body).toEqual({ now: past.toISOString(), fixed: true });
  expect(h.clock.now().toISOString()).toBe(past.toISOString());
  expect(await promotions()).toEqual([]);

  // A zone offset is honoured.
  expect((await setClock({ now: '2026-03-15T12:00:00+08:00' })).body).toEqual({ now: '2026-03-15T04:00:00.000Z', fixed: true });

  expect((await setClock({ now: null })).body.fixed).toBe(false);
  expect(await promotions()).toHaveLength(3);
});

test('the harness moves the same clock', async () => {
  h.setNow(new Date('2030-01-01T00:00:00Z'));
  expect((await getClock()).body).toEqual({ now: '2030-01-01T00:00:00.000Z', fixed: true });
  h.setNow(null);
  expect((await getClock()).body.fixed).toBe(false);
});

test('bad bodies are refused and leave the clock alone', async () => {
  for (const body of [{}, { now: 'yesterday' }, { now: '2026-03-15' }, { now: '2026-03-15T12:00:00' }, { now: 12 }, { now: '2026-02-30T12:00:00Z' }]) {
    const res = await setClock(body);
    expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    expect(String(res.body.error)).toMatch(/now/);
  }
  expect((await setClock('{not json')).status).toBe(400);
  expect((await getClock()).body.fixed).toBe(false);
});

test('no sandbox routes when the sandbox is off', async () => {
  const off = await startHarness({ sandbox: false }, { seed: false });
  try {
    expect((await fetch(`${off.url}/sandbox/clock`)).status).toBe(404);
    const res = await fetch(`${off.url}/sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"now":null}' });
    expect(res.status).toBe(404);
  } finally {
    await off.close();
  }
});
