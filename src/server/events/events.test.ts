/**
 * Live events through the real HTTP service: each audience's stream and its
 * authorisation, events written with their change (and not without it),
 * resuming with Last-Event-ID, heartbeats, and two service instances on one
 * database: an event written through instance 1 reaches a stream on
 * instance 2 (one shared PGlite in npm test; two connection pools to one
 * PostgreSQL database when DATABASE_URL is set).
 */
import type { FastifyInstance } from 'fastify';
import type { ResultTables } from '../../shared/protocol/envelope';
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { demoIds, dineInHeader, guestClient, line, newMember, pickupHeader, submit } from '../test/orders';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { openSse, type SseClient } from '../test/sseClient';
import type { LiveEvent } from './emit';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { DEFAULT_EVENT_OPTIONS, Stream } from './routes';

jest.setTimeout(60_000);

const TOKEN = 'staff-token-for-tests';
const STAFF = { authorization: `Bearer ${TOKEN}` };
let h: Harness;
let second: { app: FastifyInstance; url: string; db: Db; ownDb: boolean };
const open: SseClient[] = [];

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  // Instance 2: the same database, its own server (and, on PostgreSQL, its own connections).
  const ownDb = Boolean(h.config.databaseUrl);
  const db = ownDb ? await openDb({ databaseUrl: h.config.databaseUrl, poolSize: 3 }) : h.db;
  const app = await buildServer({ db, config: h.config, clock: h.clock, events: { heartbeatMs: 200 } });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  second = { app, url, db, ownDb };
});
afterAll(async () => {
  for (const s of open) s.close();
  await second.app.close();
  if (second.ownDb) await second.db.close();
  await h.close();
});

async function sse(url: string, headers: Record<string, string> = {}) {
  const s = await openSse(url, headers);
  open.push(s);
  return s;
}
const rows = (res: { data: ResultTables }, t: keyof ResultTables = 'table1') => res.data[t] ?? [];
const BBQ = DEMO.goods.bbqPorkRice;
const data = (f: { data: string }) => JSON.parse(f.data) as LiveEvent;
const forSheet = (sheetId: string, kind?: string) => (f: { event: string; data: string }) =>
  f.event === 'message' && data(f).sheetId === sheetId && (kind === undefined || data(f).kind === kind);

async function staff(path: string, body: unknown) {
  const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { ...STAFF, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

async function pickupOrder(client: Awaited<ReturnType<typeof guestClient>>) {
  const res = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return String(rows(res)[0]!.SheetID);
}

describe('two instances on one database', () => {
  test('an order placed and moved through instance 1 reaches streams on instance 2', async () => {
    const customer = await guestClient(h);
    const staffStream = await sse(`${second.url}/staff/events?baseId=${DEMO.bases.quick}`, STAFF);
    const mine = await sse(`${second.url}/events/orders`, { cookie: customer.cookie });
    expect([staffStream.status, mine.status]).toEqual([200, 200]);
    const sheetId = await pickupOrder(customer);
    const placed = data(await staffStream.next(forSheet(sheetId, 'placed')));
    expect(placed).toMatchObject({ sheetId, baseId: DEMO.bases.quick, kind: 'placed', data: { progress: 'placed', takeType: 'pickup' } });
    await staff(`/staff/sheets/${sheetId}/progress`, { progress: 'preparing' });
    const moved = data(await mine.next(forSheet(sheetId, 'progress')));
    expect(moved.data).toMatchObject({ progress: 'preparing' });
    // Ids go up, and each event came once.
    expect(Number(moved.id)).toBeGreaterThan(Number(placed.id));
    expect(mine.frames.filter(forSheet(sheetId)).map((f) => data(f).kind)).toEqual(['placed', 'progress']);
  });
});

describe('audiences', () => {
  test("a customer's stream has their own orders, never another customer's", async () => {
    const ann = await guestClient(h);
    const ben = await guestClient(h);
    const annStream = await sse(`${h.url}/events/orders`, { cookie: ann.cookie });
    const benStream = await sse(`${h.url}/events/orders`, { cookie: ben.cookie });
    const annSheet = await pickupOrder(ann);
    const benSheet = await pickupOrder(ben);
    await annStream.next(forSheet(annSheet));
    await benStream.next(forSheet(benSheet));
    await staff(`/staff/sheets/${benSheet}/progress`, { progress: 'ready' });
    await benStream.next(forSheet(benSheet, 'progress'));
    expect(annStream.frames.some(forSheet(benSheet))).toBe(false);
    expect(benStream.frames.some(forSheet(annSheet))).toBe(false);
    // Events carry no contact details.
    expect(JSON.stringify(annStream.frames)).not.toMatch(/CustPhone|custPhone|address/i);
  });

  test("a table's sheet stream: every phone sees the rounds the others add, with who added them", async () => {
    const base = DEMO.bases.dineIn;
    const tableId = demoIds.table(base, 9);
    const alice = await guestClient(h);
    const bob = await newMember(h);
    const first = await submit(alice, dineInHeader(base, tableId, { TotalAmo: 48 }), [line(BBQ, 48)]);
    const sheetId = String(rows(first)[0]!.SheetID);
    const aliceSees = await sse(`${h.url}/events/sheets/${sheetId}`, { cookie: alice.cookie });
    expect(aliceSees.status).toBe(200);
    await submit(bob, dineInHeader(base, tableId, { TotalAmo: 48 }), [line(BBQ, 48)]);
    const round = data(await aliceSees.next(forSheet(sheetId, 'round')));
    const [bobName] = await h.db.query<{ vip_name: string }>('SELECT vip_name FROM vip WHERE vip_id = $1', [bob.vipId]);
    expect(round.data).toMatchObject({ roundCount: 2, round: { no: 2, byName: bobName!.vip_name, byPlace: 2, mine: false } });
    // No VipIDs go out: the table sees names and places only.
    expect(JSON.stringify(aliceSees.frames)).not.toContain(bob.vipId);
    expect(JSON.stringify(aliceSees.frames)).not.toContain(alice.vipId);
    // A guest is told by place: the detail's table4 names every round's author.
    const detail = await bob.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
    expect(rows(detail, 'table4' as keyof ResultTables)).toEqual([
      { RoundNo: 1, ByName: '', ByPlace: 1 },
      { RoundNo: 2, ByName: bobName!.vip_name, ByPlace: 2 },
    ]);
    // Staff close the sheet paid at the counter: everyone's bill is closed.
    await staff(`/staff/sheets/${sheetId}/close`, { paidAtCounter: true });
    expect(data(await aliceSees.next(forSheet(sheetId, 'closed'))).data).toMatchObject({ status: 3, payStatus: 2 });
  });

  test('the staff stream pushes each sheet event with the sheet as GET /staff/sheets lists it, in the screen language, in order', async () => {
    const en = await sse(`${h.url}/staff/events?baseId=${DEMO.bases.quick}`, { ...STAFF, 'accept-language': 'en' });
    const tw = await sse(`${h.url}/staff/events?baseId=${DEMO.bases.quick}`, { ...STAFF, 'accept-language': 'zh-TW' });
    const guest = await guestClient(h);
    const placed = await submit(guest, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]);
    const sheetId = String(placed.data.table1![0]!.SheetID);
    await staff(`/staff/sheets/${sheetId}/close`, { paidAtCounter: true });
    await staff(`/staff/sheets/${sheetId}/progress`, { progress: 'preparing' });
    type Pushed = { kind: string; sheetId: string; sheet?: { sheetId: string; progress: string; items: { goodsName: string }[] } | null };
    const pushed = (f: { data: string }) => JSON.parse(f.data) as Pushed;
    const enFrame = pushed(await en.next((f) => f.data.includes(sheetId) && pushed(f).sheet?.progress === 'preparing'));
    const listed = ((await (await fetch(`${h.url}/staff/sheets?baseId=${DEMO.bases.quick}&sheetIds=${sheetId}`, { headers: { ...STAFF, 'accept-language': 'en' } })).json()) as { sheets: unknown[] }).sheets[0];
    expect(enFrame.sheet).toEqual(listed);
    expect(enFrame.sheet!.items[0]!.goodsName).toMatch(/[A-Za-z]/);
    const twFrame = pushed(await tw.next((f) => f.data.includes(sheetId) && pushed(f).sheet?.progress === 'preparing'));
    expect(twFrame.sheet!.items[0]!.goodsName).toBe('叉燒飯');
    // In the events' order: placed, paid, preparing.
    const ofSheet = en.frames.map(pushed).filter((e) => e.sheetId === sheetId);
    expect(ofSheet.map((e) => e.kind)).toEqual(expect.arrayContaining(['paid', 'progress']));
    expect(ofSheet.findIndex((e) => e.kind === 'paid')).toBeLessThan(ofSheet.findIndex((e) => e.sheet?.progress === 'preparing'));
    en.close();
    tw.close();
  });

  test('sold-out marks reach customers and staff of the enterprise', async () => {
    const customer = await guestClient(h);
    const stream = await sse(`${h.url}/events/orders`, { cookie: customer.cookie });
    const staffStream = await sse(`${h.url}/staff/events?baseId=${DEMO.bases.quick}`, STAFF);
    await staff(`/staff/goods/${BBQ}/sold-out`, { soldOut: true });
    const isMenu = (f: { data: string }) => data(f).kind === 'menu' && data(f).data.goodsId === BBQ;
    expect(data(await stream.next(isMenu)).data).toMatchObject({ goodsId: BBQ, soldOut: true, skuId: null });
    await staffStream.next(isMenu);
    await staff(`/staff/goods/${BBQ}/sold-out`, { soldOut: false });
  });

  test('a stream is authorised like the operations', async () => {
    expect((await sse(`${h.url}/events/orders`)).status).toBe(401);
    expect((await sse(`${h.url}/events/orders`, { cookie: 'hbb_sid=forged' })).status).toBe(401);
    expect((await sse(`${h.url}/staff/events?baseId=${DEMO.bases.quick}`)).status).toBe(401);
    expect((await sse(`${h.url}/staff/events?baseId=${DEMO.bases.quick}`, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await sse(`${h.url}/staff/events?baseId=nowhere`, STAFF)).status).toBe(404);
    const customer = await guestClient(h);
    expect((await sse(`${h.url}/events/sheets/nosuchsheet`, { cookie: customer.cookie })).status).toBe(404);
    expect((await sse(`${h.url}/events/sheets/x`)).status).toBe(401);
  });

  // Issue 22, item 6: the sheet stream follows the detail's rule (PosSalSheet_PosSalSheetDetailGet_V2_Get).
  test("a sheet's stream: its customer, or for a table's sheet who scanned the table; anyone else 404", async () => {
    const status = async (sheetId: string, cookie: string) => {
      const s = await sse(`${h.url}/events/sheets/${sheetId}`, cookie ? { cookie } : {});
      s.close();
      return s.status;
    };
    // Another customer's pickup order: not even a session of the same enterprise may follow it.
    const ann = await guestClient(h);
    const stranger = await guestClient(h);
    const annSheet = await pickupOrder(ann);
    expect(await status(annSheet, ann.cookie)).toBe(200);
    expect(await status(annSheet, stranger.cookie)).toBe(404);
    // A table's sheet: who ordered on it, who scanned that table (with or without a session); not
    // a phone that scanned another table, nor a session that did not scan.
    const base = DEMO.bases.dineIn;
    const tableId = demoIds.table(base, 8);
    const qr = async (id: string) => (await h.db.query<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE table_id = $1', [id]))[0]!.qr_code;
    const diner = await guestClient(h);
    await diner.scan(await qr(tableId));
    const tableSheet = String(rows(await submit(diner, dineInHeader(base, tableId, { TotalAmo: 48 }), [line(BBQ, 48)]))[0]!.SheetID);
    expect(await status(tableSheet, diner.cookie)).toBe(200);
    expect(await status(tableSheet, stranger.cookie)).toBe(404);
    const atTable = await guestClient(h);
    await atTable.scan(await qr(tableId));
    expect(await status(tableSheet, atTable.cookie)).toBe(200);
    const noSession = new GatewayClient(h.url);
    await noSession.scan(await qr(tableId));
    expect(noSession.cookie).not.toContain('hbb_sid=');
    expect(await status(tableSheet, noSession.cookie)).toBe(200);
    const elsewhere = await guestClient(h);
    await elsewhere.scan(await qr(demoIds.table(base, 7)));
    expect(await status(tableSheet, elsewhere.cookie)).toBe(404);
    // A scan does not open another customer's pickup order.
    expect(await status(annSheet, atTable.cookie)).toBe(404);
    expect(await status(annSheet, noSession.cookie)).toBe(404);
  });
});

describe('delivery', () => {
  test('nothing is sent for a change that was rolled back', async () => {
    const customer = await guestClient(h);
    const stream = await sse(`${h.url}/events/orders`, { cookie: customer.cookie });
    // A wrong total is refused (50010): nothing written, no event.
    const refused = await submit(customer, pickupHeader({ TotalAmo: 1 }), [line(BBQ, 48)]);
    expect(refused.errcode).toBe('50010');
    const sheetId = await pickupOrder(customer);
    const got = await stream.next(forSheet(sheetId));
    expect(stream.frames.filter((f) => f.event === 'message' && data(f).kind !== 'menu')).toEqual([got]);
  });

  test('Last-Event-ID: a reconnecting stream gets what it missed; too much missed is a reload', async () => {
    const customer = await guestClient(h);
    const first = await sse(`${h.url}/events/orders`, { cookie: customer.cookie });
    const a = await pickupOrder(customer);
    const seen = await first.next(forSheet(a));
    first.close();
    // Missed while away: another order and its progress.
    const b = await pickupOrder(customer);
    await staff(`/staff/sheets/${b}/progress`, { progress: 'preparing' });
    const back = await sse(`${h.url}/events/orders`, { cookie: customer.cookie, 'last-event-id': seen.id! });
    await back.next(forSheet(b, 'progress'));
    expect(back.events<LiveEvent>().map((e) => [e.sheetId, e.kind])).toEqual([
      [b, 'placed'],
      [b, 'progress'],
    ]);
    // The same through ?lastEventId= (a stream opened again by the app).
    const again = await sse(`${h.url}/events/orders?lastEventId=${seen.id}`, { cookie: customer.cookie });
    await again.next(forSheet(b, 'progress'));
    // Events older than what is kept: reload.
    const [oldest] = await h.db.query<{ id: string }>('SELECT min(event_id)::text AS id FROM event_outbox');
    await h.db.query('DELETE FROM event_outbox WHERE event_id <= $1', [seen.id]);
    const late = await sse(`${h.url}/events/orders`, { cookie: customer.cookie, 'last-event-id': oldest!.id });
    await late.next((f) => f.event === 'reload');
  });

  test('heartbeats keep an idle stream alive', async () => {
    const customer = await guestClient(h);
    const stream = await sse(`${second.url}/events/orders`, { cookie: customer.cookie });
    await new Promise((r) => setTimeout(r, 700));
    expect(stream.beats).toBeGreaterThanOrEqual(2);
  });
});

describe('a slow client', () => {
  /** A response whose client reads nothing: every frame stays in its buffer. */
  function stalledResponse() {
    const res = Object.assign(new EventEmitter(), {
      writableLength: 0,
      destroyed: false,
      writeHead: () => res,
      write(chunk: string) {
        res.writableLength += Buffer.byteLength(chunk);
        return false;
      },
      end: () => undefined,
      destroy() {
        res.destroyed = true;
        res.emit('close');
      },
    });
    return res;
  }

  test('is cut off when its unsent frames pass the bound, and leaves the hub', () => {
    const res = stalledResponse();
    let closed = 0;
    const stream = new Stream(res as unknown as ServerResponse, { ...DEFAULT_EVENT_OPTIONS, maxBufferBytes: 4096 }, null, () => (closed += 1));
    stream.replayed([]);
    const event = (i: number): LiveEvent => ({
      id: String(i),
      kind: 'progress',
      entId: 'E',
      baseId: 'B',
      sheetId: 'S',
      vipIds: ['V'],
      data: { progress: 'ready', pad: 'x'.repeat(200) },
      at: new Date().toISOString(),
    });
    let sent = 0;
    while (!res.destroyed && sent < 1000) stream.deliver(event(sent++));
    expect(res.destroyed).toBe(true);
    // It stopped within the bound (one frame over at most), not after everything.
    expect(sent).toBeLessThan(30);
    expect(res.writableLength).toBeLessThan(4096 + 400);
    expect(closed).toBe(1);
    expect(stream.closed).toBe(true);
    const after = res.writableLength;
    stream.deliver(event(5000));
    expect(res.writableLength).toBe(after);
  });
});

describe("the kitchen screen's reads", () => {
  const get = (path: string, headers: Record<string, string> = STAFF) => fetch(`${h.url}${path}`, { headers });

  test('outlets and goods with their sold-out marks, behind the staff token', async () => {
    expect((await get('/staff/outlets', {})).status).toBe(401);
    expect((await get(`/staff/goods?baseId=${DEMO.bases.quick}`, { authorization: 'Bearer nope' })).status).toBe(401);
    const { outlets } = (await (await get('/staff/outlets')).json()) as { outlets: { baseId: string; nameEn: string }[] };
    expect(outlets.map((o) => o.baseId)).toContain(DEMO.bases.quick);
    expect(outlets.every((o) => o.nameEn)).toBe(true);
    await staff(`/staff/goods/${BBQ}/sold-out`, { soldOut: true });
    const { goods } = (await (await get(`/staff/goods?baseId=${DEMO.bases.quick}`)).json()) as {
      goods: { goodsId: string; soldOut: boolean; skus: { skuId: string; soldOut: boolean }[] }[];
    };
    expect(goods.find((g) => g.goodsId === BBQ)).toMatchObject({ soldOut: true });
    expect(goods.some((g) => g.skus.length > 1)).toBe(true);
    await staff(`/staff/goods/${BBQ}/sold-out`, { soldOut: false });
    expect((await get('/staff/goods?baseId=nowhere')).status).toBe(404);
  });
});
