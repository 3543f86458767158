/**
 * The table together (issue 28 sections 1 and 4), through the real HTTP
 * gateway, the live streams and the staff API: the table's live cart (own
 * lines, another's only with confirmation, no change lost when two phones
 * change at once, only the table's scanned diners, cleared when its round is
 * sent, one round from two simultaneous sends, sold-out lines marked) and
 * the calls to staff (cooldown, the staff screen's stream, one winner of two
 * acknowledgements).
 */
import { DEMO } from '../../db/seed';
import { openSse, type SseClient } from '../../test/sseClient';
import { startHarness, type GatewayClient, type Harness } from '../../test/harness';
import { demoIds, dineInHeader, guestClient, memberClient, submit } from '../../test/orders';

jest.setTimeout(120_000);

const TOKEN = 'staff-token-for-tests';
const BBQ = DEMO.goods.bbqPorkRice;
const base = DEMO.bases.dineIn;
const table = (n: number) => demoIds.table(base, n);
let h: Harness;
const streams: SseClient[] = [];

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterEach(() => {
  h.setNow(null);
  for (const s of streams.splice(0)) s.close();
});
afterAll(() => h.close());

type Client = GatewayClient & { vipId: string };
type Row = Record<string, unknown>;

async function diner(kind: 'guest' | 'chan', tableId: string, lang = 'en'): Promise<Client> {
  const c = kind === 'guest' ? await guestClient(h, lang) : await memberClient(h, DEMO.members.chan.vipId, lang);
  await c.scanTable(tableId);
  return c;
}
const getCart = (c: GatewayClient, tableId: string) => c.call('TableCart_TableCartGet_Get', [{ TableID: tableId }]);
const setLine = (c: GatewayClient, tableId: string, fields: Row) => c.call('TableCart_TableCartLineSet_Update', [{ TableID: tableId, ...fields }]);
async function cartOf(c: GatewayClient, tableId: string): Promise<{ head: Row; lines: Row[] }> {
  const res = await getCart(c, tableId);
  expect(res.errcode).toBe('0');
  return { head: res.data.table1![0] as Row, lines: (res.data.table2 ?? []) as Row[] };
}
async function added(c: GatewayClient, tableId: string, fields: Row): Promise<string> {
  const res = await setLine(c, tableId, fields);
  expect(res.errmsg).toBe('');
  expect(res.errcode).toBe('0');
  return String(res.data.table1![0]!.LineID);
}
/** The round the app sends from the table's cart as it shows it. */
function sendCart(c: GatewayClient, tableId: string, cart: { head: Row; lines: Row[] }) {
  const items = cart.lines.map((l) => ({
    GoodsID: l.GoodsID,
    SkuID: l.SkuID,
    PUnit: l.PUnit,
    Qua: Number(l.Qua),
    PQua: Number(l.PQua),
    MQua: Number(l.MQua),
    Ref: Number(l.Ref),
    Price: Number(l.Price),
    Amo: Number(l.Amo),
    CartLineID: l.LineID,
  }));
  return submit(c, dineInHeader(base, tableId, { SheetID: cart.head.SheetID, TotalAmo: Number(cart.head.TotalAmo), TableCartVersion: cart.head.Version }), items);
}
async function staffSignIn(login: string, password: string): Promise<string> {
  const res = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
async function staff(method: 'GET' | 'POST', path: string, auth: { cookie: string } | { token: string } = { token: TOKEN }) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: 'cookie' in auth ? { cookie: auth.cookie } : { authorization: `Bearer ${auth.token}` },
  });
  return { status: res.status, json: (await res.json()) as Row };
}
async function tableStream(c: GatewayClient, tableId: string): Promise<SseClient> {
  const s = await openSse(`${h.url}/events/tables/${tableId}`, { cookie: c.cookie });
  streams.push(s);
  return s;
}

describe("the table's live cart", () => {
  test('each diner adds and changes their own lines; another\'s only with confirmation; names and places as the table sees them', async () => {
    const t = table(2);
    const chan = await diner('chan', t);
    const guest = await diner('guest', t);
    const chanLine = await added(chan, t, { GoodsID: BBQ });
    const guestLine = await added(guest, t, { GoodsID: BBQ, MQua: 2 });

    const seen = await cartOf(guest, t);
    expect(seen.lines.map((l) => [l.LineID, l.ByName, l.ByPlace, l.Mine, l.MQua, l.GoodsName, l.Amo])).toEqual([
      // In the reader's language (the guest's English), whoever added the line.
      [chanLine, 'Chan Tai Man', 1, 0, '1.0000', 'BBQ Pork Rice', '48.0000'],
      [guestLine, '', 2, 1, '2.0000', 'BBQ Pork Rice', '96.0000'],
    ]);
    expect(seen.head).toMatchObject({ TableID: t, Count: 2, TotalAmo: '144.0000', MyPlace: 2 });

    // The guest may not change Chan's line without asking: refused, in the guest's language, naming him.
    const refused = await setLine(guest, t, { LineID: chanLine, Delta: 1 });
    expect([refused.errcode, refused.errmsg]).toEqual(['50000', 'Chan Tai Man added this item. Ask them first, then confirm to change it.']);
    const chanSees = await cartOf(chan, t);
    expect(chanSees.lines.find((l) => l.LineID === chanLine)!.MQua).toBe('1.0000');
    // Chan refused on the guest's line: named by place.
    const byPlace = await setLine(chan, t, { LineID: guestLine, Delta: -1 });
    expect(byPlace.errmsg).toBe('Guest 2 added this item. Ask them first, then confirm to change it.');
    // With their confirmation, it changes.
    expect((await setLine(guest, t, { LineID: chanLine, Delta: 1, Confirm: 1 })).errcode).toBe('0');
    // Own line: one more, then as it should be at the version read, then removed.
    expect((await setLine(guest, t, { LineID: guestLine, Delta: 1 })).errcode).toBe('0');
    let now = await cartOf(guest, t);
    const mine = now.lines.find((l) => l.LineID === guestLine)!;
    expect([mine.MQua, now.lines.find((l) => l.LineID === chanLine)!.MQua]).toEqual(['3.0000', '2.0000']);
    expect((await setLine(guest, t, { LineID: guestLine, MQua: 1, Version: mine.Version })).errcode).toBe('0');
    // The same version again is stale: the change in between is not overwritten.
    const stale = await setLine(guest, t, { LineID: guestLine, MQua: 5, Version: mine.Version });
    expect(stale.errmsg).toBe('Someone at your table changed this item just now. Check it and try again.');
    now = await cartOf(guest, t);
    const again = now.lines.find((l) => l.LineID === guestLine)!;
    expect(again.MQua).toBe('1.0000');
    const removed = await setLine(guest, t, { LineID: guestLine, MQua: 0, Version: again.Version });
    expect(removed.data.table1![0]!.Removed).toBe(1);
    expect((await cartOf(chan, t)).lines.map((l) => l.LineID)).toEqual([chanLine]);
    expect((await setLine(guest, t, { LineID: guestLine, Delta: 1 })).errmsg).toBe("This item is no longer in the table's cart.");
  });

  test("a line's add-ons and remark are listed in each reader's language", async () => {
    const t = table(9);
    const guest = await diner('guest', t, 'en');
    const chan = await diner('chan', t, 'zh-CN');
    const line = await added(guest, t, { GoodsID: DEMO.goods.wontonNoodles, SkuID: DEMO.skus.wontonNoodlesLarge, Attachments: [DEMO.options.egg], Remark: 'no chilli' });
    const words = (l: Row) => {
      const d = JSON.parse(String(l.Detail)) as { attachmentList: { Value: string }[]; remarkList: string[] };
      return [...d.attachmentList.map((a) => a.Value), ...d.remarkList];
    };
    const en = (await cartOf(guest, t)).lines.find((l) => l.LineID === line)!;
    expect([en.GoodsName, String(en.SkuItems).replace(/[;，]+/g, ''), words(en)]).toEqual(['Wonton Noodles', 'Large', ['Extra egg', 'no chilli']]);
    const zh = (await cartOf(chan, t)).lines.find((l) => l.LineID === line)!;
    expect([zh.GoodsName, words(zh)]).toEqual(['云吞面', ['加蛋', 'no chilli']]);
    // The add-on is priced into the line: 38 + the large's surcharge + 5.
    expect(Number(en.Amo)).toBeGreaterThan(43);
  });

  test("a goods switched off at the table's outlet (issue 27) is not added to its cart, in the diner's language; a line already there is not priced", async () => {
    const t = table(12);
    const guest = await diner('guest', t);
    const tw = await diner('guest', t, 'zh-TW');
    await added(guest, t, { GoodsID: BBQ });
    await h.db.query('INSERT INTO goods_outlet_off (goods_id, base_id) VALUES ($1, $2)', [BBQ, base]);
    try {
      const refused = await setLine(guest, t, { GoodsID: BBQ });
      expect([refused.errcode, refused.errmsg]).toEqual(['50000', 'Not sold at this outlet: BBQ Pork Rice']);
      expect((await setLine(tw, t, { GoodsID: BBQ })).errmsg).toBe('本門店不供應：叉燒飯');
      // The line added before stays, unpriced (as a sold-out one is): the total leaves it out.
      const cart = await cartOf(guest, t);
      expect(cart.lines.map((l) => l.MQua)).toEqual(['1.0000']);
      expect(cart.head.TotalAmo).toBe('0.0000');
    } finally {
      await h.db.query('DELETE FROM goods_outlet_off WHERE goods_id = $1 AND base_id = $2', [BBQ, base]);
    }
    expect((await cartOf(guest, t)).head.TotalAmo).toBe('48.0000');
  });

  test('two phones changing at once never lose a change', async () => {
    const t = table(3);
    const a = await diner('guest', t);
    const b = await diner('guest', t);
    const lineId = await added(a, t, { GoodsID: BBQ });
    const plusOnes = [...Array.from({ length: 6 }, () => setLine(a, t, { LineID: lineId, Delta: 1 })), ...Array.from({ length: 6 }, () => setLine(b, t, { LineID: lineId, Delta: 1, Confirm: 1 }))];
    const answers = await Promise.all(plusOnes);
    expect(answers.map((r) => r.errcode)).toEqual(Array(12).fill('0'));
    const cart = await cartOf(b, t);
    expect(cart.lines[0]!.MQua).toBe('13.0000');
    // Two absolute changes from the same version: one is written, the other refused (not lost silently).
    const version = cart.lines[0]!.Version;
    const both = await Promise.all([setLine(a, t, { LineID: lineId, MQua: 4, Version: version }), setLine(b, t, { LineID: lineId, MQua: 7, Version: version, Confirm: 1 })]);
    expect(both.map((r) => r.errcode).sort()).toEqual(['0', '50000']);
    const winner = both[0]!.errcode === '0' ? '4.0000' : '7.0000';
    expect((await cartOf(a, t)).lines[0]!.MQua).toBe(winner);
  });

  test("only the table's scanned diners: a stranger, a diner of another table and a pay-before table are refused", async () => {
    const t = table(4);
    const a = await diner('guest', t);
    await added(a, t, { GoodsID: BBQ });
    const stranger = await guestClient(h, 'en');
    for (const res of [await getCart(stranger, t), await setLine(stranger, t, { GoodsID: BBQ })]) {
      expect(res.errmsg).toBe('Scan the QR code on your table to order at it.');
    }
    const elsewhere = await diner('guest', table(5));
    expect((await getCart(elsewhere, t)).errmsg).toBe('Scan the QR code on your table to order at it.');
    // No session at all.
    const anonymous = await getCart(new (a.constructor as new (url: string, lang: string) => GatewayClient)(h.url, 'en'), t);
    expect(anonymous.errcode).toBe('42000');
    // Pay-before outlets keep the personal cart.
    const quick = DEMO.tables.quickC01;
    const atQuick = await diner('guest', quick, 'zh-TW');
    expect((await getCart(atQuick, quick)).errmsg).toBe('整桌共享購物車只適用於餐後付款的餐桌。');
    // The stream: only with the table's scan.
    const refused = await openSse(`${h.url}/events/tables/${t}`, { cookie: stranger.cookie });
    streams.push(refused);
    expect(refused.status).toBe(404);
    // Nothing of the table's cart reached anyone else.
    expect((await cartOf(a, t)).lines).toHaveLength(1);
  });

  test("another phone's line reaches the table's stream at once; a sold-out line is marked", async () => {
    const t = table(6);
    const a = await diner('chan', t);
    const b = await diner('guest', t);
    await getCart(b, t);
    const live = await tableStream(b, t);
    expect(live.status).toBe(200);
    const started = Date.now();
    await added(a, t, { GoodsID: BBQ });
    const frame = await live.next((f) => f.data.includes('"kind":"cart"'), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(frame.data)).toMatchObject({ kind: 'cart', data: { tableId: t, change: 'set' } });
    expect(frame.data).not.toContain(a.vipId);
    expect((await cartOf(b, t)).lines[0]).toMatchObject({ ByName: 'Chan Tai Man', SoldOut: 0 });
    // Sold out at the counter: the stream says so and the line is marked.
    const marked = await fetch(`${h.url}/staff/goods/${BBQ}/sold-out`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ soldOut: true }),
    });
    expect(marked.status).toBe(200);
    await live.next((f) => f.data.includes('"kind":"menu"'), 2000);
    const cart = await cartOf(b, t);
    expect(cart.lines[0]).toMatchObject({ SoldOut: 1, Amo: '0.0000' });
    expect(cart.head.TotalAmo).toBe('0.0000');
    await fetch(`${h.url}/staff/goods/${BBQ}/sold-out`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ soldOut: false }),
    });
  });

  test('a round sent from the cart keeps each line\'s author and clears the cart; a simultaneous second send makes no second round', async () => {
    const t = table(7);
    const chan = await diner('chan', t);
    const guest = await diner('guest', t);
    await added(chan, t, { GoodsID: BBQ });
    await added(guest, t, { GoodsID: BBQ, MQua: 2 });
    const live = await tableStream(guest, t);
    const shownA = await cartOf(chan, t);
    const shownB = await cartOf(guest, t);
    expect(shownA.head.Version).toBe(shownB.head.Version);
    const [ra, rb] = await Promise.all([sendCart(chan, t, shownA), sendCart(guest, t, shownB)]);
    const answers = [ra, rb].map((r) => [r.errcode, r.errmsg]);
    expect(answers.filter(([code]) => code === '0')).toHaveLength(1);
    expect(answers.find(([code]) => code !== '0')).toEqual(['50000', 'Someone at your table has just sent this round to the kitchen.']);
    const sheetId = String((ra.errcode === '0' ? ra : rb).data.table1![0]!.SheetID);
    const [sheet] = await h.db.query<{ round_count: number; service_amo: string; total_amo: string }>(
      'SELECT round_count, service_amo::text, total_amo::text FROM sheet WHERE sheet_id = $1',
      [sheetId],
    );
    // The cart's 144.00 and San Ma Lo's 10 % service charge.
    expect(sheet).toEqual({ round_count: 1, service_amo: '14.4000', total_amo: '158.4000' });
    const items = await h.db.query<{ added_by: string; mqua: string }>('SELECT added_by, mqua::text FROM sheet_item WHERE sheet_id = $1 ORDER BY item_id', [sheetId]);
    expect(items).toEqual([
      { added_by: chan.vipId, mqua: '1.0000' },
      { added_by: guest.vipId, mqua: '2.0000' },
    ]);
    // Cleared, for every phone, and said on the stream.
    await live.next((f) => f.data.includes('"change":"sent"'), 2000);
    const after = await cartOf(guest, t);
    expect(after.lines).toEqual([]);
    expect(after.head.SheetID).toBe(sheetId);
    // The next round from the cart joins the same sheet.
    await added(guest, t, { GoodsID: BBQ });
    const next = await sendCart(guest, t, await cartOf(guest, t));
    expect([next.errcode, next.data.table1?.[0]?.SheetID]).toEqual(['0', sheetId]);
  });

  test('a send from a cart that changed since it was shown is refused, and nothing is written', async () => {
    const t = table(8);
    const a = await diner('guest', t);
    const b = await diner('guest', t);
    await added(a, t, { GoodsID: BBQ });
    const shown = await cartOf(a, t);
    await added(b, t, { GoodsID: BBQ, MQua: 3 });
    const res = await sendCart(a, t, shown);
    expect(res.errmsg).toBe("The table's cart changed just now. Check it and send again.");
    expect(await h.db.query('SELECT 1 FROM sheet WHERE table_id = $1 AND status = 0', [t])).toEqual([]);
    expect((await cartOf(a, t)).lines).toHaveLength(2);
    // Item1 must be the cart's lines as they are: a line left out is refused too.
    const now = await cartOf(a, t);
    const partial = await sendCart(a, t, { head: { ...now.head, TotalAmo: now.lines[0]!.Amo }, lines: now.lines.slice(0, 1) });
    expect(partial.errmsg).toBe("The table's cart changed just now. Check it and send again.");
  });
});

test("a guest is the same \"Guest 2\" on the cart's lines and on the rounds: their place at the table, not the order of sending", async () => {
  const t = table(11);
  const first = await diner('guest', t);
  const second = await diner('guest', t);
  await added(first, t, { GoodsID: BBQ });
  await added(second, t, { GoodsID: BBQ, MQua: 2 });
  expect((await cartOf(first, t)).lines.map((l) => l.ByPlace)).toEqual([1, 2]);
  // The second to join sends the first round; the first to join sends the next.
  const one = await sendCart(second, t, await cartOf(second, t));
  expect(one.errcode).toBe('0');
  const sheetId = String(one.data.table1![0]!.SheetID);
  await added(first, t, { GoodsID: BBQ });
  expect((await sendCart(first, t, await cartOf(first, t))).errcode).toBe('0');
  const detail = await first.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
  expect((detail.data as Record<string, Row[]>).table4).toEqual([
    { RoundNo: 1, ByName: '', ByPlace: 2 },
    { RoundNo: 2, ByName: '', ByPlace: 1 },
  ]);
});

describe('call staff and ask for the bill', () => {
  test('a call reaches the staff stream; the table calls again only after the cooldown; the first to acknowledge claims it', async () => {
    const t = table(9);
    const a = await diner('guest', t);
    const b = await diner('guest', t, 'zh-TW');
    const phone = await tableStream(b, t);
    const screen = await openSse(`${h.url}/staff/events?baseId=${base}`, { authorization: `Bearer ${TOKEN}` });
    streams.push(screen);
    const start = new Date(Date.now() + 60_000);
    h.setNow(start);
    const called = await a.call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'staff' }]);
    expect(called.errcode).toBe('0');
    const callId = String(called.data.table1![0]!.CallID);
    const shown = JSON.parse((await screen.next((f) => f.data.includes(callId), 2000)).data);
    expect(shown).toMatchObject({ kind: 'call', baseId: base, data: { tableId: t, callId, call: 'staff', acknowledged: false } });
    // Another phone at the table, at once: the cooldown, in its language.
    h.setNow(new Date(start.getTime() + 30_000));
    const again = await b.call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'staff' }]);
    expect(again.errmsg).toBe('本桌剛剛已呼叫。90 秒後可再次呼叫。');
    // The bill is another kind: its own cooldown.
    const bill = await b.call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'bill', PayHow: 'cash' }]);
    expect(bill.data.table1?.[0]).toMatchObject({ Kind: 'bill', PayHow: 'cash', CooldownSeconds: 120 });
    // A stranger cannot call.
    expect((await (await guestClient(h)).call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'staff' }])).errmsg).toBe('Scan the QR code on your table to order at it.');

    // The staff's list, then two staff acknowledging at once: one wins.
    const manager = await staffSignIn('manager', 'harbour-manager-2026');
    const kitchen = await staffSignIn('kitchen', 'harbour-kitchen-2026');
    const list = await staff('GET', `/staff/calls?baseId=${base}`, { cookie: kitchen });
    expect(list.status).toBe(200);
    expect((list.json.calls as Row[]).map((c) => [c.kind, c.tableId, c.payHow, c.acknowledgedBy])).toEqual(
      expect.arrayContaining([
        ['staff', t, '', ''],
        ['bill', t, 'cash', ''],
      ]),
    );
    const [m, k] = await Promise.all([staff('POST', `/staff/calls/${callId}/ack`, { cookie: manager }), staff('POST', `/staff/calls/${callId}/ack`, { cookie: kitchen })]);
    expect([m.status, k.status].sort()).toEqual([200, 409]);
    const winner = m.status === 200 ? 'Leong Mei (manager, San Ma Lo)' : 'Kitchen tablet';
    expect((m.status === 200 ? k : m).json.error).toBe(`${winner} has already taken this call.`);
    expect(await h.db.query('SELECT actor_name, action, target FROM staff_audit WHERE action = $1', ['call.acknowledge'])).toEqual([{ actor_name: winner, action: 'call.acknowledge', target: callId }]);
    // The phone is told: on the way, by whom.
    const ack = JSON.parse((await phone.next((f) => f.data.includes('"acknowledged":true'), 2000)).data);
    expect(ack.data).toMatchObject({ callId, byName: winner });
    const state = await b.call('TableCall_TableCallGet_Get', [{ TableID: t }]);
    expect(state.data.table1?.find((c) => c.Kind === 'staff')).toMatchObject({ Acknowledged: 1, AckName: winner, CooldownSeconds: 90 });
    // After the cooldown the table may call again.
    h.setNow(new Date(start.getTime() + 121_000));
    expect((await b.call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'staff' }])).errcode).toBe('0');
    // Staff of another outlet may not claim it; an unknown call is 404.
    expect((await staff('POST', '/staff/calls/TCnone/ack')).status).toBe(404);
  });

  test('two phones calling at the same moment make one call', async () => {
    const t = table(10);
    const a = await diner('guest', t);
    const b = await diner('guest', t);
    const both = await Promise.all([a, b].map((c) => c.call('TableCall_TableCallSubmit_Add', [{ TableID: t, Kind: 'bill', PayHow: 'card' }])));
    expect(both.map((r) => r.errcode).sort()).toEqual(['0', '50000']);
    expect(await h.db.query('SELECT kind FROM table_call WHERE table_id = $1', [t])).toEqual([{ kind: 'bill' }]);
  });
});
