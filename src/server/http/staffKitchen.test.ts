/**
 * The kitchen's stations and the expo (issue 26 section 2) through the real
 * server and database: a table's order of three stations' goods, each line
 * with its stations; per-item done; bump (the station's lines done, the
 * ticket marked bumped) and recall (the last 10, newest first); thresholds
 * (defaults, a manager sets them, a cook may not); the role and outlet scope;
 * the live event each write sends; voided lines and withdrawn rounds shown.
 */
import { DEMO, DEMO_STAFF } from '../db/seed';
import { DEMO_STATION } from '../db/seed/printing';
import { atTable } from '../test/fixtures';
import { startHarness, type Harness } from '../test/harness';
import { demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(90_000);

const TOKEN = 'staff-token-for-tests';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, trustProxy: true, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
type Item = Json & { itemId: number; goodsId: string; stationIds: string[]; doneAt: string; voided: boolean; voidReason: string };
type Round = Json & { roundNo: number; items: Item[]; bumped: string[]; withdrawn: boolean; receivedAt: string; remark: string };
let ipSeq = 40;
const freshIp = () => `198.51.100.${(ipSeq += 1)}`;

async function call(method: string, path: string, opts: { cookie?: string; body?: unknown; token?: string | null } = {}) {
  const token = opts.token === undefined ? (opts.cookie ? null : TOKEN) : opts.token;
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': '192.0.2.77',
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
}

async function signIn(login: string): Promise<string> {
  const password = DEMO_STAFF.find((s) => s.login === login)!.password;
  const res = await fetch(`${h.url}/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    body: JSON.stringify({ login, password }),
  });
  expect([login, res.status]).toEqual([login, 200]);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const base = DEMO.bases.dineIn;
const g = demoIds.goods;
const BBQ = DEMO.goods.bbqPorkRice;
const WATER = g('0148');
const SERRADURA = g('0152');

/** A table's round 1 with a wok dish, a drink and a dessert; round 2 (a remark) with another wok dish. */
async function threeStationOrder(tableNo: number) {
  const table = demoIds.table(base, tableNo);
  const client = await atTable(h, await guestClient(h), table);
  const first = await submit(client, dineInHeader(base, table, { TotalAmo: 84 }), [line(BBQ, 48), line(WATER, 8), line(SERRADURA, 28)]);
  expect([first.errcode, first.errmsg]).toEqual(['0', '']);
  const sheetId = String(first.data.table1![0]!.SheetID);
  const second = await submit(client, dineInHeader(base, table, { SheetID: sheetId, TotalAmo: 48, Remark: 'Less oil' }), [line(BBQ, 48)]);
  expect([second.errcode, second.errmsg]).toEqual(['0', '']);
  return sheetId;
}

async function rounds(sheetId: string, cookie?: string): Promise<Round[]> {
  const res = await call('GET', `/staff/sheets?baseId=${base}&status=0&limit=200`, { cookie });
  expect(res.status).toBe(200);
  const sheet = (res.json.sheets as (Json & { rounds: Round[] })[]).find((s) => s.sheetId === sheetId);
  expect(sheet).toBeDefined();
  return sheet!.rounds;
}

const outboxCount = async (sheetId: string) =>
  Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM event_outbox WHERE sheet_id = $1 AND kind = 'progress'", [sheetId]))[0]!.n);

describe('stations of the lines', () => {
  test("each line carries its goods' class's stations, or the goods' own (the override); round 2 arrives as its own round with its remark", async () => {
    const sheetId = await threeStationOrder(7);
    const [one, two] = await rounds(sheetId);
    const stationsOf = (r: Round) => Object.fromEntries(r.items.map((i) => [i.goodsId, i.stationIds]));
    expect(stationsOf(one!)).toEqual({ [BBQ]: [DEMO_STATION.wok], [WATER]: [DEMO_STATION.drinks], [SERRADURA]: [DEMO_STATION.dessert] });
    expect(two!.roundNo).toBe(2);
    expect(two!.remark).toBe('Less oil');
    expect(stationsOf(two!)).toEqual({ [BBQ]: [DEMO_STATION.wok] });
    expect(one!.items.every((i) => i.doneAt === '' && i.voided === false && i.voidReason === '')).toBe(true);
    expect(one!.bumped).toEqual([]);
    expect(one!.withdrawn).toBe(false);
    expect(one!.receivedAt).toBe(one!.createdAt);

    // A goods' own station overrides its class's: the water goes to the dessert station too, and only there.
    await h.db.query('INSERT INTO station_goods (station_id, goods_id) VALUES ($1, $2)', [DEMO_STATION.dessert, WATER]);
    try {
      const [again] = await rounds(sheetId);
      expect(again!.items.find((i) => i.goodsId === WATER)!.stationIds).toEqual([DEMO_STATION.dessert]);
    } finally {
      await h.db.query('DELETE FROM station_goods WHERE station_id = $1 AND goods_id = $2', [DEMO_STATION.dessert, WATER]);
    }
  });

  test('a voided line is shown with its reason (never left out); a withdrawn round is listed, marked withdrawn', async () => {
    const sheetId = await threeStationOrder(8);
    const [one] = await rounds(sheetId);
    const water = one!.items.find((i) => i.goodsId === WATER)!;
    await h.db.query("UPDATE sheet_item SET voided_at = now(), void_reason = 'Out of stock', voided_by = 'automation' WHERE sheet_id = $1 AND item_id = $2", [
      sheetId,
      water.itemId,
    ]);
    await h.db.query('UPDATE sheet_round SET withdrawn_at = now() WHERE sheet_id = $1 AND round_no = 2', [sheetId]);
    const [after, second] = await rounds(sheetId);
    const voided = after!.items.find((i) => i.itemId === water.itemId)!;
    expect([voided.voided, voided.voidReason]).toEqual([true, 'Out of stock']);
    expect(after!.items).toHaveLength(3);
    expect([second!.roundNo, second!.withdrawn]).toEqual([2, true]);
    // A voided line cannot be marked done.
    const refused = await call('POST', `/staff/sheets/${sheetId}/items/${water.itemId}/done`, { body: { done: true } });
    expect(refused.status).toBe(409);
  });
});

describe('per-item done, bump and recall', () => {
  test('a cook marks a line done and not done again: stored, audited, one live event each', async () => {
    const sheetId = await threeStationOrder(9);
    const cook = await signIn('kitchen');
    const [one] = await rounds(sheetId, cook);
    const wok = one!.items.find((i) => i.goodsId === BBQ)!;
    const events = await outboxCount(sheetId);
    const done = await call('POST', `/staff/sheets/${sheetId}/items/${wok.itemId}/done`, { cookie: cook, body: { done: true } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ itemId: wok.itemId, changed: true });
    expect(done.json.doneAt).not.toBe('');
    // Twice: nothing changes, nothing sent.
    const again = await call('POST', `/staff/sheets/${sheetId}/items/${wok.itemId}/done`, { cookie: cook, body: { done: true } });
    expect(again.json.changed).toBe(false);
    expect(await outboxCount(sheetId)).toBe(events + 1);
    // Another screen (the automation key) reads it from the database.
    const [seen] = await rounds(sheetId);
    expect(seen!.items.find((i) => i.itemId === wok.itemId)!.doneAt).toBe(done.json.doneAt);
    const undone = await call('POST', `/staff/sheets/${sheetId}/items/${wok.itemId}/done`, { cookie: cook, body: { done: false } });
    expect([undone.status, undone.json.doneAt, undone.json.changed]).toEqual([200, '', true]);
    const audits = await h.db.query<{ action: string; actor: string }>("SELECT action, actor FROM staff_audit WHERE target = $1 AND action = 'kitchen.itemDone' ORDER BY at", [
      `${sheetId}:${wok.itemId}`,
    ]);
    expect(audits.map((a) => a.actor)).toEqual(['STF00000000000000000004', 'STF00000000000000000004']);
    expect(await outboxCount(sheetId)).toBe(events + 2);
    const missing = await call('POST', `/staff/sheets/${sheetId}/items/999/done`, { cookie: cook, body: { done: true } });
    expect(missing.status).toBe(404);
  });

  test("bump marks only the station's lines done and marks the ticket bumped there; twice is 409; recall brings it back", async () => {
    const sheetId = await threeStationOrder(10);
    const cook = await signIn('kitchen');
    const bump = await call('POST', `/staff/sheets/${sheetId}/bump`, { cookie: cook, body: { round: 1, station: DEMO_STATION.wok } });
    expect(bump.status).toBe(200);
    const [one, two] = await rounds(sheetId);
    expect(one!.bumped).toEqual([DEMO_STATION.wok]);
    expect(two!.bumped).toEqual([]);
    const doneOf = (r: Round) => Object.fromEntries(r.items.map((i) => [i.goodsId, i.doneAt !== '']));
    expect(doneOf(one!)).toEqual({ [BBQ]: true, [WATER]: false, [SERRADURA]: false });
    expect(bump.json.doneItems).toEqual([one!.items.find((i) => i.goodsId === BBQ)!.itemId]);
    expect((await call('POST', `/staff/sheets/${sheetId}/bump`, { cookie: cook, body: { round: 1, station: DEMO_STATION.wok } })).status).toBe(409);
    // Nothing of round 2 for the drinks: 404; a station of another outlet: 404.
    expect((await call('POST', `/staff/sheets/${sheetId}/bump`, { cookie: cook, body: { round: 2, station: DEMO_STATION.drinks } })).status).toBe(404);
    expect((await call('POST', `/staff/sheets/${sheetId}/bump`, { cookie: cook, body: { round: 1, station: DEMO_STATION.quickDrinks } })).status).toBe(404);

    const setup = await call('GET', `/staff/kitchen?baseId=${base}&station=${DEMO_STATION.wok}`, { cookie: cook });
    expect(setup.status).toBe(200);
    expect((setup.json.bumped as Json[])[0]).toMatchObject({ sheetId, roundNo: 1, stationId: DEMO_STATION.wok, tableName: 'A10' });

    const recall = await call('POST', `/staff/sheets/${sheetId}/recall`, { cookie: cook, body: { round: 1, station: DEMO_STATION.wok } });
    expect([recall.status, recall.json]).toEqual([200, { recalled: true }]);
    const [back] = await rounds(sheetId);
    expect(back!.bumped).toEqual([]);
    // Its lines stay as they were (done), the ticket is back in its place.
    expect(doneOf(back!)[BBQ]).toBe(true);
    expect((await call('POST', `/staff/sheets/${sheetId}/recall`, { cookie: cook, body: { round: 1, station: DEMO_STATION.wok } })).status).toBe(409);
    const actions = await h.db.query<{ action: string }>("SELECT action FROM staff_audit WHERE target = $1 AND action LIKE 'kitchen.%' ORDER BY at, action", [`${sheetId}:1`]);
    expect(actions.map((a) => a.action)).toEqual(['kitchen.bump', 'kitchen.recall']);
  });

  test('recall offers the last 10 bumped tickets of the station, newest first', async () => {
    const sheets: string[] = [];
    const start = new Date('2026-11-20T04:00:00Z');
    for (let n = 0; n < 12; n += 1) {
      const res = await submit(await guestClient(h), pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
      expect([res.errcode, res.errmsg]).toEqual(['0', '']);
      sheets.push(String(res.data.table1![0]!.SheetID));
    }
    try {
      for (const [n, sheetId] of sheets.entries()) {
        h.setNow(new Date(start.getTime() + n * 60_000));
        const res = await call('POST', `/staff/sheets/${sheetId}/bump`, { body: { round: 1, station: DEMO_STATION.quickKitchen } });
        expect(res.status).toBe(200);
      }
    } finally {
      h.setNow(null);
    }
    // One recalled: it is no longer offered.
    expect((await call('POST', `/staff/sheets/${sheets[11]}/recall`, { body: { round: 1, station: DEMO_STATION.quickKitchen } })).status).toBe(200);
    const setup = await call('GET', `/staff/kitchen?baseId=${DEMO.bases.quick}&station=${DEMO_STATION.quickKitchen}`);
    const bumped = setup.json.bumped as { sheetId: string; bumpedAt: string }[];
    expect(bumped.map((b) => b.sheetId)).toEqual(sheets.slice(0, 11).reverse().slice(0, 10));
    expect(bumped[0]!.bumpedAt).toBe('2026-11-20T04:10:00Z');
    // Another station's list is its own.
    expect((await call('GET', `/staff/kitchen?baseId=${DEMO.bases.quick}&station=${DEMO_STATION.quickDrinks}`)).json.bumped).toEqual([]);
  });
});

describe('thresholds', () => {
  test('defaults 5:00 and 8:00 for each way of ordering; a manager sets them per outlet; bad values are refused', async () => {
    const setup = await call('GET', `/staff/kitchen?baseId=${DEMO.bases.quick}`);
    expect(setup.status).toBe(200);
    expect(setup.json.thresholds).toEqual([
      { takeType: 'dinein', amberSeconds: 300, redSeconds: 480 },
      { takeType: 'pickup', amberSeconds: 300, redSeconds: 480 },
      { takeType: 'delivery', amberSeconds: 300, redSeconds: 480 },
    ]);
    expect(setup.json.stations).toEqual([
      { stationId: DEMO_STATION.quickKitchen, name: 'Kitchen' },
      { stationId: DEMO_STATION.quickDrinks, name: 'Drinks' },
    ]);
    expect(Number.isNaN(Date.parse(String(setup.json.now)))).toBe(false);

    const manager = await signIn('manager');
    const set = await call('PUT', '/staff/kitchen/thresholds', { cookie: manager, body: { baseId: base, takeType: 'pickup', amberSeconds: 240, redSeconds: 420 } });
    expect(set.status).toBe(200);
    expect(set.json.thresholds).toContainEqual({ takeType: 'pickup', amberSeconds: 240, redSeconds: 420 });
    expect(set.json.thresholds).toContainEqual({ takeType: 'dinein', amberSeconds: 300, redSeconds: 480 });
    const read = await call('GET', `/staff/kitchen?baseId=${base}`);
    expect(read.json.thresholds).toContainEqual({ takeType: 'pickup', amberSeconds: 240, redSeconds: 420 });
    // Another outlet keeps its defaults.
    expect((await call('GET', `/staff/kitchen?baseId=${DEMO.bases.quick}`)).json.thresholds).toContainEqual({ takeType: 'pickup', amberSeconds: 300, redSeconds: 480 });
    const [row] = await h.db.query<{ action: string; after: unknown }>("SELECT action, after FROM staff_audit WHERE action = 'kitchen.thresholds' AND target = $1", [`${base}:pickup`]);
    expect(row!.after).toEqual({ amberSeconds: 240, redSeconds: 420 });

    for (const bad of [
      { baseId: base, takeType: 'pickup', amberSeconds: 500, redSeconds: 400 },
      { baseId: base, takeType: 'drive', amberSeconds: 300, redSeconds: 480 },
      { baseId: base, takeType: 'pickup', amberSeconds: 1, redSeconds: 480 },
    ]) {
      expect((await call('PUT', '/staff/kitchen/thresholds', { cookie: manager, body: bad })).status).toBe(400);
    }
    expect((await call('PUT', '/staff/kitchen/thresholds', { body: { baseId: 'NOPE', takeType: 'pickup', amberSeconds: 240, redSeconds: 420 } })).status).toBe(404);
  });
});

describe('roles and outlets', () => {
  test('a cook may not set thresholds; a cashier may not mark, bump or recall; nobody outside the outlet may', async () => {
    const sheetId = await threeStationOrder(11);
    const [one] = await rounds(sheetId);
    const item = one!.items[0]!;
    const cook = await signIn('kitchen');
    const cashier = await signIn('cashier');
    const manager = await signIn('manager');
    expect((await call('PUT', '/staff/kitchen/thresholds', { cookie: cook, body: { baseId: base, takeType: 'dinein', amberSeconds: 200, redSeconds: 400 } })).status).toBe(403);
    expect((await call('POST', `/staff/sheets/${sheetId}/items/${item.itemId}/done`, { cookie: cashier, body: { done: true } })).status).toBe(403);
    expect((await call('POST', `/staff/sheets/${sheetId}/bump`, { cookie: cashier, body: { round: 1, station: DEMO_STATION.wok } })).status).toBe(403);
    expect((await call('POST', `/staff/sheets/${sheetId}/recall`, { cookie: cashier, body: { round: 1, station: DEMO_STATION.wok } })).status).toBe(403);
    // The cashier may read the kitchen's set-up (the screens show it).
    expect((await call('GET', `/staff/kitchen?baseId=${base}`, { cookie: cashier })).status).toBe(200);
    // The manager is scoped to San Ma Lo only: the quick outlet is refused, to read and to set.
    expect((await call('GET', `/staff/kitchen?baseId=${DEMO.bases.quick}`, { cookie: manager })).status).toBe(403);
    expect((await call('PUT', '/staff/kitchen/thresholds', { cookie: manager, body: { baseId: DEMO.bases.quick, takeType: 'dinein', amberSeconds: 200, redSeconds: 400 } })).status).toBe(403);
    // Signed out: 401.
    expect((await call('POST', `/staff/sheets/${sheetId}/bump`, { token: null, body: { round: 1, station: DEMO_STATION.wok } })).status).toBe(401);
    // Nothing changed by the refused calls.
    const [after] = await rounds(sheetId);
    expect(after!.items.every((i) => i.doneAt === '')).toBe(true);
    expect(after!.bumped).toEqual([]);
  });
});

describe('one sheet of the list', () => {
  test('GET /staff/sheets?sheetIds= answers only those sheets of the outlet (the screens read the ones events named)', async () => {
    const sheetId = await threeStationOrder(12);
    const other = await threeStationOrder(13);
    const one = await call('GET', `/staff/sheets?baseId=${base}&sheetIds=${sheetId}`);
    expect(one.status).toBe(200);
    expect((one.json.sheets as Json[]).map((s) => s.sheetId)).toEqual([sheetId]);
    const two = await call('GET', `/staff/sheets?baseId=${base}&sheetIds=${sheetId},${other}`);
    expect((two.json.sheets as Json[]).map((s) => s.sheetId).sort()).toEqual([sheetId, other].sort());
    // Another outlet's list does not have them.
    expect((await call('GET', `/staff/sheets?baseId=${DEMO.bases.quick}&sheetIds=${sheetId}`)).json.sheets).toEqual([]);
  });
});
