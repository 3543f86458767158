/**
 * Pickup numbers and the ready board (issue 26 section 4), through the real
 * HTTP server (PGlite, or PostgreSQL with DATABASE_URL): numbers unique per
 * outlet and day under many concurrent submits, also from two service
 * instances on one database; the restart at the outlet's opening in its time
 * zone; PickupNo in the order's detail and GET /staff/sheets; board links
 * created by a manager and revoked; the board refusing a bad or revoked link
 * and never showing a name.
 */
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { DEMO_STAFF } from '../db/seed/staff';
import { startHarness, type Harness } from '../test/harness';
import { deliveryHeader, demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';
import type { GatewayClient } from '../test/harness';

jest.setTimeout(120_000);

const TOKEN = 'staff-token-for-board-tests';
const RICE = DEMO.goods.bbqPorkRice;
const quick = DEMO.bases.quick;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 } });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
async function call(method: string, path: string, opts: { cookie?: string; token?: string | null; body?: unknown; board?: string; url?: string } = {}) {
  const token = opts.token === undefined && !opts.cookie && opts.board === undefined ? TOKEN : opts.token;
  const res = await fetch(`${opts.url ?? h.url}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.board !== undefined ? { 'x-board-token': opts.board } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, text };
}

async function signInAs(login: string): Promise<string> {
  const { password } = DEMO_STAFF.find((s) => s.login === login)!;
  const res = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
  expect([login, res.status]).toEqual([login, 200]);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function pickup(client: GatewayClient, header: Record<string, unknown> = pickupHeader({ TotalAmo: 49 }), lines = [line(RICE, 48)]) {
  const res = await submit(client, header, lines);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return String(res.data.table1![0]!.SheetID);
}

async function pickupNoOf(sheetId: string): Promise<string> {
  const [row] = await h.db.query<{ pickup_no: string }>('SELECT pickup_no FROM sheet WHERE sheet_id = $1', [sheetId]);
  return row!.pickup_no;
}

/** Today's numbers of the quick outlet, as numbers. */
async function numbersOfDay(day: string): Promise<number[]> {
  const rows = await h.db.query<{ pickup_no: string }>("SELECT pickup_no FROM sheet WHERE base_id = $1 AND pickup_day = $2::date AND pickup_no <> '' ORDER BY pickup_no", [quick, day]);
  return rows.map((r) => Number(r.pickup_no)).sort((a, b) => a - b);
}

const macauDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

test('a pickup order gets the next number of its outlet and day, in its detail and the staff list; a table order none', async () => {
  const guest = await guestClient(h);
  const before = (await numbersOfDay(macauDay(new Date()))).length;
  const first = await pickup(guest);
  const second = await pickup(guest);
  expect([await pickupNoOf(first), await pickupNoOf(second)]).toEqual([String(before + 1).padStart(3, '0'), String(before + 2).padStart(3, '0')]);
  const detail = await guest.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: second }]);
  expect(detail.data.table1![0]!.PickupNo).toBe(String(before + 2).padStart(3, '0'));
  // A retried submit (the same LocalSheetID) keeps its number and takes no other.
  const header = pickupHeader({ TotalAmo: 49 });
  const once = await pickup(guest, header);
  const again = await pickup(guest, header);
  expect(again).toBe(once);
  expect(await numbersOfDay(macauDay(new Date()))).toEqual(range(1, before + 3));

  const table = await submit(guest, dineInHeader(DEMO.bases.dineIn, demoIds.table(DEMO.bases.dineIn, 11), { TotalAmo: 48 }), [line(RICE, 48)]);
  const tableSheet = String(table.data.table1![0]!.SheetID);
  const list = await call('GET', `/staff/sheets?baseId=${quick}&limit=5`);
  expect((list.json.sheets as Json[]).find((s) => s.sheetId === second)).toMatchObject({ pickupNo: String(before + 2).padStart(3, '0') });
  const tables = await call('GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}&limit=5`);
  expect((tables.json.sheets as Json[]).find((s) => s.sheetId === tableSheet)).toMatchObject({ pickupNo: '' });
});

test('numbers stay unique and gapless under 40 concurrent submits from two service instances on one database', async () => {
  const secondDb: Db = h.config.databaseUrl ? await openDb({ databaseUrl: h.config.databaseUrl, poolSize: 5, maxQueue: 500, maxWaitMs: 20_000 }) : h.db;
  const second = await buildServer({ db: secondDb, config: h.config, logger: false });
  const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
  try {
    const day = macauDay(new Date());
    const before = (await numbersOfDay(day)).length;
    const clients = await Promise.all(range(0, 40).map(async (i) => {
      const c = await guestClient(h);
      // Every other customer's requests go to the second instance (its cookie works there too: one database).
      return Object.assign(c, { baseUrl: i % 2 ? secondUrl : h.url });
    }));
    const sheets = await Promise.all(clients.map((c) => pickup(c)));
    const numbers = await Promise.all(sheets.map(pickupNoOf));
    expect(new Set(numbers).size).toBe(40);
    expect(await numbersOfDay(day)).toEqual(range(1, before + 40));
  } finally {
    await second.close();
    if (secondDb !== h.db) await secondDb.close();
  }
});

test("numbering restarts at the outlet's opening in its time zone (Macau), not at midnight UTC", async () => {
  // Open 07:00 until 06:59 the next morning, Macau time (UTC+8): a business day runs from 07:00 to 07:00.
  const hours = JSON.stringify({ times: [{ begin: '07:00', end: '06:59' }], weekDays: [], dateRanges: [] });
  await h.db.query("DELETE FROM base_parm WHERE base_id = $1 AND parm_id = 'OpeningHours'", [quick]);
  await h.db.query("INSERT INTO base_parm (base_id, parm_id, parm_value) VALUES ($1, 'OpeningHours', $2)", [quick, hours]);
  try {
    // 2027-01-10 06:50 in Macau (22:50 UTC the day before): still the business day of the 9th.
    h.setNow(new Date('2027-01-09T22:50:00Z'));
    const guest = await guestClient(h);
    const late = await pickup(guest);
    // 06:58: the 9th's next number.
    h.setNow(new Date('2027-01-09T22:58:00Z'));
    const later = await pickup(guest);
    // 07:00: the 10th's first.
    h.setNow(new Date('2027-01-09T23:00:00Z'));
    const morning = await pickup(guest);
    expect([await pickupNoOf(late), await pickupNoOf(later), await pickupNoOf(morning)]).toEqual(['001', '002', '001']);
    const days = await h.db.query<{ pickup_day: string }>("SELECT to_char(pickup_day, 'YYYY-MM-DD') AS pickup_day FROM sheet WHERE sheet_id = ANY ($1::text[]) ORDER BY created_at", [[late, later, morning]]);
    expect(days.map((d) => d.pickup_day)).toEqual(['2027-01-09', '2027-01-09', '2027-01-10']);
  } finally {
    h.setNow(null);
    await h.db.query("DELETE FROM base_parm WHERE base_id = $1 AND parm_id = 'OpeningHours'", [quick]);
  }
});

describe('the ready board', () => {
  test('a manager creates a link for an outlet of theirs (kitchen and others refused), the owner for any; each write audited', async () => {
    const manager = await signInAs('manager');
    const kitchen = await signInAs('kitchen');
    expect((await call('POST', '/staff/board-links', { cookie: kitchen, body: { baseId: quick } })).status).toBe(403);
    expect((await call('POST', '/staff/board-links', { cookie: manager, body: { baseId: quick } })).status).toBe(403);
    expect((await call('POST', '/staff/board-links', { token: null, body: { baseId: quick } })).status).toBe(401);
    const made = await call('POST', '/staff/board-links', { cookie: manager, body: { baseId: DEMO.bases.dineIn, name: 'Counter TV' } });
    expect(made.status).toBe(200);
    const token = String(made.json.token);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(made.json.path).toBe(`/staff/board.html#${token}`);
    // Kept only hashed.
    const stored = await h.db.query<{ token_hash: string }>('SELECT token_hash FROM board_link');
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await call('GET', `/staff/board-links?baseId=${DEMO.bases.dineIn}`, { cookie: manager });
    expect((listed.json.links as Json[]).map((l) => l.name)).toContain('Counter TV');
    expect(JSON.stringify(listed.json)).not.toContain(token);
    const owner = await signInAs('owner');
    expect((await call('POST', '/staff/board-links', { cookie: owner, body: { baseId: quick } })).status).toBe(200);
    const audits = await h.db.query<{ action: string }>("SELECT action FROM staff_audit WHERE action LIKE 'board.%'");
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  test('the board shows paid numbers preparing and ready (newest ready first), leaves collected ones, never a name; bad and revoked links refused', async () => {
    const made = await call('POST', '/staff/board-links', { body: { baseId: quick, readyMinutes: 5 } });
    const token = String(made.json.token);
    const board = async () => (await call('GET', '/staff/board/orders', { board: token })).json as { preparing: Json[]; ready: Json[] };
    const guest = await guestClient(h);
    const unpaid = await pickup(guest);
    const a = await pickup(guest, deliveryHeader({ TotalAmo: 106, FeeAmo: 8 }), [line(RICE, 96, { MQua: 2, Qua: 2 })]);
    const b = await pickup(guest);
    const c = await pickup(guest);
    for (const id of [a, b, c]) expect((await call('POST', `/staff/sheets/${id}/close`, { body: { paidAtCounter: true } })).status).toBe(200);
    const [na, nb, nc, nu] = await Promise.all([a, b, c, unpaid].map(pickupNoOf));
    let shown = await board();
    expect(shown.preparing.map((n) => n.pickupNo)).toEqual(expect.arrayContaining([na, nb, nc]));
    expect(shown.preparing.map((n) => n.pickupNo)).not.toContain(nu);
    await call('POST', `/staff/sheets/${b}/progress`, { body: { progress: 'ready' } });
    await new Promise((r) => setTimeout(r, 1100));
    await call('POST', `/staff/sheets/${c}/progress`, { body: { progress: 'ready' } });
    shown = await board();
    expect(shown.ready.map((n) => n.pickupNo).slice(0, 2)).toEqual([nc, nb]);
    expect(shown.preparing.map((n) => n.pickupNo)).not.toContain(nb);
    // Collected: gone.
    await call('POST', `/staff/sheets/${b}/progress`, { body: { progress: 'completed' } });
    shown = await board();
    expect(shown.ready.map((n) => n.pickupNo)).not.toContain(nb);
    // Numbers only: not the delivery's name, phone or address.
    const text = JSON.stringify(shown);
    for (const secret of ['Lee Siu Ling', '66234567', '高士德', 'custName', a]) expect(text).not.toContain(secret);
    // Ready for longer than the link's 5 minutes: gone.
    h.setNow(new Date(Date.now() + 6 * 60_000));
    try {
      expect((await board()).ready.map((n) => n.pickupNo)).not.toContain(nc);
    } finally {
      h.setNow(null);
    }

    for (const bad of ['', 'nope', `${token}x`]) {
      const refused = await call('GET', '/staff/board/orders', { board: bad });
      expect([bad, refused.status]).toEqual([bad, 401]);
    }
    // A staff token is no board link.
    expect((await call('GET', '/staff/board/orders', { token: TOKEN, board: '' })).status).toBe(401);
    const linkId = String((made.json.link as Json).linkId);
    const manager = await signInAs('manager');
    expect((await call('DELETE', `/staff/board-links/${linkId}`, { cookie: manager })).status).toBe(403);
    const revoked = await call('DELETE', `/staff/board-links/${linkId}`);
    expect(revoked.status).toBe(200);
    expect((revoked.json.link as Json).revokedAt).not.toBe('');
    const after = await call('GET', '/staff/board/orders', { board: token });
    expect(after.status).toBe(401);
    expect(String(after.json.error)).toMatch(/not valid/);
  });
});
