/**
 * Rounds in the kitchen, through the real service (issue 22 item 4, issue 23
 * items 2, 4 and 6): every round of a table's sheet has its own kitchen state
 * and its own remark, on the staff API and in the customer's sheet detail; a
 * round added after the kitchen marked the first ready is new; a line's
 * add-ons and bundle parts are stored by reference and answered in the
 * reader's language, for the customer and the staff screen alike, and so are
 * the sold-out list's specs; the detail names the table, not its id.
 */
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { atTable } from '../test/fixtures';
import { demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(60_000);

const TOKEN = 'staff-token-for-round-tests';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
async function staff(method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en') {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'accept-language': lang,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const base = DEMO.bases.dineIn;
const BBQ = DEMO.goods.bbqPorkRice;
const g = demoIds.goods;
const EGG = DEMO.options.egg;

/** Round 1 at a table (a remark), then round 2 (another remark, an add-on and a set meal's parts) from the same phone. */
async function twoRounds(tableNo: number, between?: (sheetId: string) => Promise<void>) {
  const table = demoIds.table(base, tableNo);
  const client = await atTable(h, await guestClient(h), table);
  const first = await submit(client, dineInHeader(base, table, { TotalAmo: 48, Remark: 'No chilli' }), [line(BBQ, 48)]);
  expect([first.errcode, first.errmsg]).toEqual(['0', '']);
  const sheetId = String(first.data.table1![0]!.SheetID);
  await between?.(sheetId);
  const set = line(g('0135'), 89, {
    Price: 89,
    Bom: [
      { BOMClassID: demoIds.bomClass('0135', 1), GoodsID: g('0102') },
      { BOMClassID: demoIds.bomClass('0135', 2), GoodsID: g('0141') },
      { BOMClassID: demoIds.bomClass('0135', 3), GoodsID: g('0125') },
    ],
  });
  const second = await submit(client, dineInHeader(base, table, { SheetID: sheetId, TotalAmo: 142, Remark: 'Peanut allergy' }), [
    line(BBQ, 53, { Price: 53, Attachments: JSON.stringify([EGG]) }),
    set,
  ]);
  expect([second.errcode, second.errmsg, second.data.table1?.[0]?.RoundNo]).toEqual(['0', '', 2]);
  return { client, sheetId, tableName: `A${String(tableNo).padStart(2, '0')}` };
}

async function listed(sheetId: string, lang = 'en') {
  const res = await staff('GET', `/staff/sheets?baseId=${base}&status=0`, undefined, lang);
  expect(res.status).toBe(200);
  const sheet = (res.json.sheets as Json[]).find((s) => s.sheetId === sheetId);
  expect(sheet).toBeDefined();
  return sheet as Json & { rounds: (Json & { items: Json[] })[]; items: Json[] };
}

const detailOf = async (client: GatewayClient, sheetId: string) => (await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }])).data;
const words = (detail: unknown) => {
  const d = JSON.parse(String(detail)) as { bomList: { GoodsName: string }[]; attachmentList: { Value: string }[] };
  return [...d.bomList.map((b) => b.GoodsName), ...d.attachmentList.map((a) => a.Value)];
};
async function names(goodsIds: string[], column: 'goods_name' | 'goods_name_tw' | 'goods_name_en') {
  const found = await h.db.query<{ goods_id: string; name: string }>(`SELECT goods_id, ${column} AS name FROM goods WHERE goods_id = ANY ($1::text[])`, [goodsIds]);
  return goodsIds.map((id) => found.find((f) => f.goods_id === id)!.name);
}

describe('a round added after the kitchen marked the sheet ready is new to the kitchen', () => {
  test('each round its own kitchen state and remark beside its lines, on the staff API and the customer page', async () => {
    const { client, sheetId, tableName } = await twoRounds(10, async (id) => {
      // The kitchen makes round 1 and marks it ready (the old form: the sheet has one round).
      for (const progress of ['preparing', 'ready']) expect((await staff('POST', `/staff/sheets/${id}/progress`, { progress })).status).toBe(200);
    });
    const sheet = await listed(sheetId);
    // The sheet's state is derived: its least advanced round is new.
    expect(sheet).toMatchObject({ progress: 'placed', roundCount: 2, remark: 'No chilli', tableName });
    expect(sheet.rounds.map((r) => [r.roundNo, r.progress, r.kitchenState, r.remark, r.items.length])).toEqual([
      [1, 'ready', 'ready', 'No chilli', 1],
      [2, 'placed', 'new', 'Peanut allergy', 2],
    ]);
    expect(sheet.items.map((i) => i.roundNo)).toEqual([1, 2, 2]);

    // The customer's page: each round's state; the sheet's derived one as before.
    const detail = await detailOf(client, sheetId);
    expect(detail.table3!.map((r) => [r.RoundNo, r.Progress, r.KitchenState, r.Remark])).toEqual([
      [1, 'ready', 'ready', 'No chilli'],
      [2, 'placed', 'new', 'Peanut allergy'],
    ]);
    expect(detail.table1![0]).toMatchObject({ Progress: 'placed', DisplayState: 'ordering', RoundCount: 2 });
  });

  test('the staff move one round; the old form still moves a one-round sheet and is refused on several rounds', async () => {
    const { sheetId } = await twoRounds(11, async (id) => {
      expect((await staff('POST', `/staff/sheets/${id}/progress`, { progress: 'completed' })).json).toMatchObject({ changed: true, round: { roundNo: 1, kitchenState: 'served' } });
    });
    // Which round? The sheet now has two.
    const vague = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing' });
    expect([vague.status, vague.json.error]).toEqual([409, expect.stringMatching(/2 rounds/)]);
    const moved = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing', round: 2 });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ changed: true, round: { roundNo: 2, progress: 'preparing', kitchenState: 'preparing', remark: 'Peanut allergy' }, sheet: { progress: 'preparing' } });
    // Forward only, per round; a round that is not there.
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'placed', round: 2 })).status).toBe(409);
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'ready', round: 1 })).status).toBe(409);
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'ready', round: 3 })).status).toBe(404);
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'ready', round: 0 })).status).toBe(400);
    // Round 2 served too: the sheet is served.
    expect((await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'completed', round: 2 })).json).toMatchObject({ sheet: { progress: 'completed' } });
    expect((await listed(sheetId)).rounds.map((r) => r.kitchenState)).toEqual(['served', 'served']);
    // The outlet's staff hear each move as before (a 'progress' event of the sheet).
    const [events] = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_outbox WHERE sheet_id = $1 AND kind = 'progress'`, [sheetId]);
    expect(events!.n).toBe(3);
  });

  test('a pickup order: one round, moved by the old form', async () => {
    const client = await guestClient(h);
    const res = await submit(client, pickupHeader({ TotalAmo: 49, Remark: 'Extra napkins' }), [line(BBQ, 48)]);
    const sheetId = String(res.data.table1![0]!.SheetID);
    // A pickup order waits for its payment before the kitchen's list shows it as anything but unpaid; staff may still move it.
    const moved = await staff('POST', `/staff/sheets/${sheetId}/progress`, { progress: 'preparing' });
    expect(moved.json).toMatchObject({ changed: true, round: { roundNo: 1, progress: 'preparing', remark: 'Extra napkins' }, sheet: { progress: 'preparing' } });
    const detail = await detailOf(client, sheetId);
    expect(detail.table3!.map((r) => [r.RoundNo, r.KitchenState, r.Remark])).toEqual([[1, 'preparing', 'Extra napkins']]);
  });
});

describe("a line's choices in the reader's language", () => {
  test('stored by reference; answered in English, traditional and simplified Chinese to the customer and the staff screen', async () => {
    const { client, sheetId } = await twoRounds(12);
    // The line stores ids and prices, no text.
    const stored = await h.db.query<{ detail: string }>(`SELECT detail FROM sheet_item WHERE sheet_id = $1 AND round_no = 2 ORDER BY item_id`, [sheetId]);
    for (const { detail } of stored) {
      const d = JSON.parse(detail) as { bomList: Json[]; attachmentList: Json[] };
      for (const part of d.bomList) expect(Object.keys(part).sort()).toEqual(['BOMAmo', 'BOMClassID', 'GoodsID']);
      for (const addOn of d.attachmentList) expect(Object.keys(addOn).sort()).toEqual(['OptionID', 'Value2', 'Value3']);
    }
    const parts = [g('0102'), g('0141'), g('0125')];
    const expected = {
      en: { egg: 'Extra egg', parts: await names(parts, 'goods_name_en') },
      'zh-TW': { egg: '加蛋', parts: await names(parts, 'goods_name_tw') },
      'zh-CN': { egg: '加蛋', parts: await names(parts, 'goods_name') },
    };
    expect(expected.en.parts).not.toEqual(expected['zh-CN'].parts);
    for (const lang of ['en', 'zh-TW', 'zh-CN'] as const) {
      // The customer (the caller's Accept-Language).
      const reader = new GatewayClient(h.url, lang);
      reader.cookie = client.cookie;
      const lines = (await detailOf(reader, sheetId)).table2!.filter((i) => i.RoundNo === 2);
      expect([lang, lines.map((i) => words(i.Detail))]).toEqual([lang, [[expected[lang].egg], expected[lang].parts]]);
      // The staff screen (its language on the call).
      const sheet = await listed(sheetId, lang);
      expect([lang, sheet.rounds[1]!.items.map((i) => words(i.detail))]).toEqual([lang, [[expected[lang].egg], expected[lang].parts]]);
    }
  });

  test('a line written before (texts stored) is answered in the reader\'s language; its text only when the menu lost the add-on', async () => {
    const { client, sheetId } = await twoRounds(9);
    const legacy = JSON.stringify({ bomList: [], attachmentList: [{ OptionID: EGG, Value: '加蛋', Value2: '5.0000', Value3: '5.0000' }, { OptionID: 'gone', Value: '走冰', Value2: '0', Value3: '0' }], remarkList: [] });
    await h.db.query(`UPDATE sheet_item SET detail = $2 WHERE sheet_id = $1 AND round_no = 2 AND goods_id = $3`, [sheetId, legacy, BBQ]);
    const line2 = (await detailOf(client, sheetId)).table2!.find((i) => i.RoundNo === 2 && i.GoodsID === BBQ)!;
    expect(words(line2.Detail)).toEqual(['Extra egg', '走冰']);
  });

  test('the sold-out list names a spec by its values in the screen\'s language', async () => {
    const goodsOf = async (lang: string) => {
      const res = await staff('GET', `/staff/goods?baseId=${base}`, undefined, lang);
      expect(res.status).toBe(200);
      return res.json.goods as { goodsId: string; skus: { skuId: string; skuItems: string; spec: string[] }[] }[];
    };
    const spec = (list: Awaited<ReturnType<typeof goodsOf>>, skuId: string) => list.flatMap((x) => x.skus).find((k) => k.skuId === skuId)!.spec;
    const [en, tw, cn] = [await goodsOf('en'), await goodsOf('zh-TW'), await goodsOf('zh-CN')];
    expect(spec(en, DEMO.skus.milkTeaRegularHot)).toEqual(['Regular', 'Hot']);
    expect(spec(tw, DEMO.skus.milkTeaRegularHot)).toEqual(['標準', '熱']);
    expect(spec(cn, DEMO.skus.milkTeaRegularHot)).toEqual(['标准', '热']);
    expect(spec(tw, DEMO.skus.wontonNoodlesLarge)).toEqual(['大']);
    expect(spec(en, DEMO.skus.wontonNoodlesLarge)).not.toEqual(['大']);
  });
});

test("an earlier table's order names its table, not the table's id", async () => {
  const { client, sheetId, tableName } = await twoRounds(8);
  const head = (await detailOf(client, sheetId)).table1![0]!;
  expect([head.TableID, head.TableName]).toEqual([demoIds.table(base, 8), tableName]);
});
