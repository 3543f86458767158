/**
 * Staff and a table's live cart (issue 28 section 1: a diner's lines are
 * changed by them, by another with their confirmation, or by staff), through
 * the real HTTP server, the staff API's door and the table's stream: staff
 * change a diner's line and every phone is told; a stale change is refused
 * with the line as it is now; the kitchen's role and another outlet's
 * manager are refused; every change is in the staff audit.
 */
import { DEMO } from '../../db/seed';
import { openSse, type SseClient } from '../../test/sseClient';
import { startHarness, type GatewayClient, type Harness } from '../../test/harness';
import { demoIds, guestClient, memberClient } from '../../test/orders';

jest.setTimeout(120_000);

const BBQ = DEMO.goods.bbqPorkRice;
const base = DEMO.bases.dineIn;
const table = (n: number) => demoIds.table(base, n);
type Row = Record<string, unknown>;
let h: Harness;
const streams: SseClient[] = [];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({ rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  for (const [login, password] of [
    ['manager', 'harbour-manager-2026'],
    ['cashier', 'harbour-cashier-2026'],
    ['kitchen', 'harbour-kitchen-2026'],
  ]) {
    const res = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
    expect(res.status).toBe(200);
    cookies[login!] = res.headers.getSetCookie()[0]!.split(';')[0]!;
  }
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(() => h.close());

async function staff(who: string, method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en') {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { cookie: cookies[who]!, 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Row };
}
const setLine = (who: string, tableId: string, lineId: string, body: unknown) => staff(who, 'POST', `/staff/tables/${tableId}/cart/lines/${lineId}`, body);
async function diner(kind: 'guest' | 'chan', tableId: string): Promise<GatewayClient & { vipId: string }> {
  const c = kind === 'guest' ? await guestClient(h, 'en') : await memberClient(h, DEMO.members.chan.vipId, 'en');
  await c.scanTable(tableId);
  return c;
}
async function added(c: GatewayClient, tableId: string, fields: Row): Promise<string> {
  const res = await c.call('TableCart_TableCartLineSet_Update', [{ TableID: tableId, ...fields }]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return String(res.data.table1![0]!.LineID);
}
async function dinersCart(c: GatewayClient, tableId: string): Promise<{ head: Row; lines: Row[] }> {
  const res = await c.call('TableCart_TableCartGet_Get', [{ TableID: tableId }]);
  expect(res.errcode).toBe('0');
  return { head: res.data.table1![0] as Row, lines: (res.data.table2 ?? []) as Row[] };
}

test("staff change a diner's line: the cart's version moves, the table's phones are told at once, the audit has it", async () => {
  const t = table(2);
  const chan = await diner('chan', t);
  const guest = await diner('guest', t);
  await added(chan, t, { GoodsID: BBQ });
  const guestLine = await added(guest, t, { GoodsID: DEMO.goods.wontonNoodles, SkuID: DEMO.skus.wontonNoodlesLarge, MQua: 2, Attachments: [DEMO.options.egg] });

  // The staff's view, in the staff member's language: who added each line, by name or place.
  const seen = await staff('manager', 'GET', `/staff/tables/${t}/cart`, undefined, 'zh-TW');
  expect(seen.status).toBe(200);
  const cart = seen.json.cart as { version: number; totalAmo: string; tableName: string; lines: Row[] };
  expect(cart.lines.map((l) => [l.goodsName, l.qua, l.byName, l.byPlace, l.soldOut])).toEqual([
    ['叉燒飯', 1, 'Chan Tai Man', 1, false],
    ['雲吞麵', 2, '', 2, false],
  ]);
  const line = cart.lines[1]!;
  expect(JSON.parse(String(line.detail)).attachmentList.map((a: Row) => a.Value)).toEqual(['加蛋']);
  expect(Number(cart.totalAmo)).toBe(48 + Number(line.amo));

  const live = await openSse(`${h.url}/events/tables/${t}`, { cookie: guest.cookie });
  streams.push(live);
  expect(live.status).toBe(200);
  const started = Date.now();
  const plus = await setLine('manager', t, guestLine, { delta: 1 });
  expect(plus.status).toBe(200);
  const frame = JSON.parse((await live.next((f) => f.data.includes('"kind":"cart"'), 1000)).data);
  expect(Date.now() - started).toBeLessThan(1000);
  const answer = plus.json as { removed: boolean; line: Row; cart: { version: number; lines: Row[] } };
  expect(frame).toMatchObject({ kind: 'cart', data: { tableId: t, change: 'set', version: answer.cart.version } });
  expect(answer.cart.version).toBe(cart.version + 1);
  expect(answer).toMatchObject({ removed: false, line: { lineId: guestLine, qua: 3, version: Number(line.version) + 1, byPlace: 2 } });
  // Every phone reads the change; the line is still the guest's.
  const guestSees = await dinersCart(guest, t);
  expect(guestSees.lines.find((l) => l.LineID === guestLine)).toMatchObject({ MQua: '3.0000', Mine: 1 });
  expect(guestSees.head.Version).toBe(answer.cart.version);
  expect(await h.db.query('SELECT actor_name, action, target, before, after FROM staff_audit WHERE action = $1', ['table.cart.line'])).toEqual([
    { actor_name: 'Leong Mei (manager, San Ma Lo)', action: 'table.cart.line', target: guestLine, before: { tableId: t, PQua: 0, MQua: 2 }, after: { tableId: t, PQua: 0, MQua: 3 } },
  ]);

  // The cashier serves tables too: one less, then removed.
  expect((await setLine('cashier', t, guestLine, { delta: -1 })).json).toMatchObject({ line: { qua: 2 } });
  const gone = await setLine('cashier', t, guestLine, { qua: 0, version: answer.line.version as number + 1 });
  expect(gone.status).toBe(200);
  expect(gone.json).toMatchObject({ removed: true, line: null });
  expect((await dinersCart(chan, t)).lines.map((l) => l.GoodsName)).toEqual(['BBQ Pork Rice']);
  expect((await setLine('cashier', t, guestLine, { delta: 1 })).status).toBe(404);
});

test("a stale change is refused with the line as it is now: another's change is never overwritten", async () => {
  const t = table(3);
  const guest = await diner('guest', t);
  const lineId = await added(guest, t, { GoodsID: BBQ, MQua: 2 });
  const read = ((await staff('manager', 'GET', `/staff/tables/${t}/cart`)).json.cart as { lines: Row[] }).lines[0]!;
  // The diner changes it after the screen read it.
  expect((await guest.call('TableCart_TableCartLineSet_Update', [{ TableID: t, LineID: lineId, Delta: 1 }])).errcode).toBe('0');
  const stale = await setLine('manager', t, lineId, { qua: 5, version: read.version });
  expect(stale.status).toBe(409);
  expect(stale.json).toMatchObject({
    error: 'Changed by someone else just now: this is the item as it is now. Check it and try again.',
    line: { lineId, qua: 3, version: Number(read.version) + 1 },
  });
  expect((await dinersCart(guest, t)).lines[0]!.MQua).toBe('3.0000');
  expect(await h.db.query('SELECT 1 FROM staff_audit WHERE target = $1', [lineId])).toEqual([]);
  // At the version as it is now: written.
  expect((await setLine('manager', t, lineId, { qua: 5, version: (stale.json.line as Row).version })).json).toMatchObject({ line: { qua: 5 } });
  // Neither a delta of 0 nor both kinds of change at once.
  expect((await setLine('manager', t, lineId, { delta: 0 })).status).toBe(400);
  expect((await setLine('manager', t, lineId, { delta: 1, qua: 2, version: 1 })).status).toBe(400);
});

test("the kitchen's role, another outlet's manager and a pay-before table are refused; nothing changes", async () => {
  const t = table(4);
  const guest = await diner('guest', t);
  const lineId = await added(guest, t, { GoodsID: BBQ });
  for (const res of [await staff('kitchen', 'GET', `/staff/tables/${t}/cart`), await setLine('kitchen', t, lineId, { delta: 1 })]) {
    expect(res.status).toBe(403);
    expect(String(res.json.error)).toMatch(/kitchen/);
  }
  // The San Ma Lo manager at a Taipa table.
  const taipa = demoIds.table(DEMO.bases.lateNight, 1);
  const there = await diner('guest', taipa);
  const taipaLine = await added(there, taipa, { GoodsID: BBQ });
  for (const res of [await staff('manager', 'GET', `/staff/tables/${taipa}/cart`), await setLine('manager', taipa, taipaLine, { delta: -1 })]) {
    expect(res.status).toBe(403);
  }
  expect((await dinersCart(there, taipa)).lines[0]!.MQua).toBe('1.0000');
  expect((await dinersCart(guest, t)).lines[0]!.MQua).toBe('1.0000');
  // A pay-before outlet has no table cart; an unknown table is 404.
  expect((await staff('cashier', 'GET', `/staff/tables/${DEMO.tables.quickC01}/cart`)).json.error).toBe("The table's shared cart is for tables that pay after the meal.");
  expect((await staff('cashier', 'GET', '/staff/tables/T-none/cart')).status).toBe(404);
});
