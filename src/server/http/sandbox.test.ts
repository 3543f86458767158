/**
 * The sandbox clock: GET/POST /sandbox/clock move the clock the gateway
 * reads, and the routes exist only when config.sandbox is on. The sandbox
 * member sign-in (POST /sandbox/sign-in).
 */
import { DEMO } from '../db/seed';
import { startHarness, GatewayClient, type Harness } from '../test/harness';

// A second harness (sandbox off) migrates a fresh database: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

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

describe('POST /sandbox/sign-in', () => {
  const signIn = (body: unknown) =>
    fetch(`${h.url}/sandbox/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  test('starts a member session with the same HttpOnly cookie a real sign-in sets', async () => {
    const res = await signIn({ vipId: DEMO.vips.chan });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ VipID: DEMO.vips.chan, VipName: 'Chan Tai Man' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^hbb_sid=[\w-]{43}; /);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Expires=/);
    expect(res.headers.get('cache-control')).toBe('no-store');

    // The session is in the database under the secret's hash, as a member's.
    const secret = cookie.split(';')[0]!.slice('hbb_sid='.length);
    const sessions = await h.db.query<{ session_id: string; role: string }>('SELECT session_id, role FROM session WHERE vip_id = $1', [DEMO.vips.chan]);
    expect(sessions.map((s) => s.role)).toContain('member');
    expect(sessions.map((s) => s.session_id)).not.toContain(secret);

    // The gateway takes it as the member's: a member-only operation gets past the role check.
    const client = new GatewayClient(h.url);
    client.cookie = cookie.split(';')[0]!;
    const res2 = await client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: 'no-such-sheet', PayAmo: 1 }]);
    expect([res2.errcode, res2.errmsg]).toEqual(['50000', 'The order does not exist']);
  });

  test("a guest's vip gets a guest session", async () => {
    const guest = new GatewayClient(h.url);
    const vipId = String((await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }])).data.table1![0]!.VipID);
    const res = await signIn({ vipId });
    expect(res.status).toBe(200);
    const client = new GatewayClient(h.url);
    client.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const answer = await client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: 'no-such-sheet', PayAmo: 1 }]);
    expect(answer.errcode).toBe('40300');
  });

  test('an unknown member (404) and bad bodies (400) start nothing', async () => {
    const res = await signIn({ vipId: 'VIP-nope' });
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
    for (const body of [{}, { vipId: '' }, { vipId: 12 }, '{not json']) expect((await signIn(body)).status).toBe(400);
  });
});

test("POST /sandbox/table-carts/clear empties every table's live cart and calls (the journeys' fresh tables), and only in the sandbox", async () => {
  const tableId = DEMO.tables.dineInA01;
  const [base] = await h.db.query<{ base_id: string; ent_id: string }>('SELECT t.base_id, b.ent_id FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1', [tableId]);
  await h.db.query('INSERT INTO table_cart (table_id, version) VALUES ($1, 3) ON CONFLICT (table_id) DO UPDATE SET version = 3', [tableId]);
  await h.db.query(
    `INSERT INTO table_cart_line (line_id, table_id, vip_id, goods_id, mqua, created_at, updated_at) VALUES ('L-sandbox', $1, 'V1', $2, 1, now(), now())`,
    [tableId, DEMO.goods.bbqPorkRice],
  );
  await h.db.query(`INSERT INTO table_call (call_id, ent_id, base_id, table_id, vip_id, kind, created_at) VALUES ('C-sandbox', $1, $2, $3, 'V1', 'staff', now())`, [base!.ent_id, base!.base_id, tableId]);
  const res = await fetch(`${h.url}/sandbox/table-carts/clear`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ lines: 1, calls: 1 });
  expect(await h.db.query('SELECT 1 FROM table_cart_line')).toEqual([]);
  expect(await h.db.query('SELECT 1 FROM table_call')).toEqual([]);
  // The cart's version moved on: a phone holding the old one re-reads it.
  expect(await h.db.query<{ version: string }>('SELECT version::text AS version FROM table_cart WHERE table_id = $1', [tableId])).toEqual([{ version: '4' }]);
});
