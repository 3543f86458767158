/**
 * Issue 29 sections 2 and 3 through the real HTTP server: the demo menu's
 * goods rows carry their allergens (a required option's folded in) and
 * pairings, compactly (absent when nothing is stated); the back office sets a
 * goods' and its options' statements and pairings on the version it read,
 * audited, and the cached menu answer follows at once; a second save on the
 * same version is refused with the fresh values; bad input is refused in the
 * caller's language with nothing written.
 */
import { decodeDiet, judge } from '../../../shared/domain/diet';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { GoodsDietJson } from '../../../shared/protocol/staffAllergens';
import { DEMO, DEMO_DIET, DEMO_STAFF } from '../../db/seed';
import { guestClient } from '../../test/orders';
import { startHarness, type Harness } from '../../test/harness';

jest.setTimeout(180_000);

let h: Harness;
let owner = '';
let manager = '';
type Json = Record<string, unknown>;

async function api(method: string, path: string, opts: { cookie?: string; body?: unknown; lang?: string } = {}) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), 'accept-language': opts.lang ?? 'en', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Json, headers: res.headers };
}

async function signIn(login: string): Promise<string> {
  const s = DEMO_STAFF.find((x) => x.login === login)!;
  const res = await api('POST', '/staff/session', { body: { login, password: s.password } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The main shop's menu as a customer reads it (through the menu cache), by goods id. */
async function menu(): Promise<Map<string, Record<string, unknown>>> {
  await h.menuSettled();
  const client = await guestClient(h);
  const res = await client.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: DEMO.shops.main, ClassID: '', BaseID: DEMO.bases.dineIn }]);
  expect(res.errcode).toBe('0');
  return new Map(((res.data as ResultTables).table1 ?? []).map((g) => [String(g.GoodsID), g as Record<string, unknown>]));
}

const peanutsOut = { avoid: ['peanuts' as const], diets: [], strict: false };

beforeAll(async () => {
  h = await startHarness({ staffAuthFailuresPerMinute: 100_000 });
  owner = await signIn('owner');
  manager = await signIn('manager');
});
afterAll(() => h.close());

test('the demo menu carries allergens: peanuts directly and through a required option; nothing for a dish that states nothing; pairings', async () => {
  const goods = await menu();
  for (const id of DEMO_DIET.peanutDishes) expect([id, judge(String(goods.get(id)!.Diet), peanutsOut).show]).toEqual([id, false]);
  // The Set for Two states nothing itself: the curry brisket rice among its required mains contains peanuts.
  const set = goods.get(DEMO_DIET.peanutThroughOption)!;
  expect(decodeDiet(String(set.Diet)).allergens.peanuts).toBe('contains');
  expect(judge(String(set.Diet), peanutsOut).show).toBe(false);
  // Not stated: no field at all (compact), shown as unknown; the strict mode hides it.
  const unknown = goods.get(DEMO_DIET.notStated)!;
  expect('Diet' in unknown).toBe(false);
  expect(judge('', peanutsOut)).toEqual({ show: true, unknown: ['peanuts'], unknownDiets: [], may: [] });
  expect(judge('', { ...peanutsOut, strict: true }).show).toBe(false);
  // The noodles go with the milk tea.
  expect(String(goods.get(DEMO_DIET.noodles)!.Pairs).split(',')).toEqual([DEMO.goods.milkTea, DEMO_DIET.pairedDrink]);
  // A dish free of peanuts stays.
  expect(judge(String(goods.get(DEMO_DIET.noodles)!.Diet), peanutsOut).show).toBe(true);
});

test('an owner states a goods\' and its options\' allergens on the version read: audited, and the cached menu answer follows', async () => {
  const id = DEMO.goods.wontonNoodles;
  await menu(); // the answer is cached now
  const read = await api('GET', `/staff/goods/${id}/diet`, { cookie: owner });
  expect(read.status).toBe(200);
  const diet = read.json.diet as GoodsDietJson;
  expect(diet.skus).toHaveLength(2);
  expect(diet.addOns.map((a) => a.optionId)).toContain(DEMO.options.egg);
  expect(diet.facts.allergens.crustaceans).toBe('contains');
  // The large bowl comes with a peanut sauce (a required option: the dish is then hidden by a peanut filter).
  const facts = { ...diet.facts, allergens: { ...diet.facts.allergens, sesame: 'may' as const } };
  const large = diet.skus[1]!;
  const save = await api('PUT', `/staff/goods/${id}/diet`, {
    cookie: owner,
    body: { version: diet.version, facts, skus: [{ skuId: large.skuId, facts: { ...large.facts, allergens: { ...large.facts.allergens, peanuts: 'contains' } } }], addOns: [] },
  });
  expect(save.status).toBe(200);
  const saved = save.json.diet as GoodsDietJson;
  expect(saved.version).toBe(diet.version + 1);
  expect(saved.facts.allergens.sesame).toBe('may');
  expect(saved.skus[1]!.facts.allergens.peanuts).toBe('contains');
  const row = (await menu()).get(id)!;
  expect(decodeDiet(String(row.Diet)).allergens.peanuts).toBe('contains');
  expect(decodeDiet(String(row.Diet)).allergens.sesame).toBe('may');
  const [audit] = await h.db.query<{ action: string; after: { facts: { allergens: { sesame: string } } } }>(
    `SELECT action, after FROM staff_audit WHERE target = $1 AND action = 'goods.diet'`,
    [id],
  );
  expect(audit!.after.facts.allergens.sesame).toBe('may');

  // A second save on the version read: refused, with the fresh values, nothing written.
  const stale = await api('PUT', `/staff/goods/${id}/diet`, { cookie: manager, body: { version: diet.version, facts: diet.facts, skus: [], addOns: [] } });
  expect(stale.status).toBe(409);
  expect(stale.json.error).toMatch(/Changed by someone else/);
  expect((stale.json.current as GoodsDietJson).facts.allergens.sesame).toBe('may');
  // Stating nothing removes the rows.
  const cleared = await api('PUT', `/staff/goods/${id}/diet`, {
    cookie: owner,
    body: { version: saved.version, facts: { allergens: {} }, skus: [{ skuId: large.skuId, facts: { allergens: {} } }], addOns: [] },
  });
  expect(cleared.status).toBe(200);
  expect('Diet' in (await menu()).get(id)!).toBe(false);
});

test('bad input is refused in the caller\'s language, nothing written', async () => {
  const id = DEMO.goods.milkTea;
  const diet = (await api('GET', `/staff/goods/${id}/diet`, { cookie: owner })).json.diet as GoodsDietJson;
  const before = await h.db.query('SELECT * FROM goods_diet ORDER BY diet_id');
  const bad = await api('PUT', `/staff/goods/${id}/diet`, {
    cookie: owner,
    lang: 'zh-TW',
    body: { version: diet.version, facts: { allergens: { milk: 'free' }, vegan: true, vegetarian: false }, skus: [{ skuId: DEMO.skus.wontonNoodlesLarge, facts: { allergens: {} } }], addOns: [] },
  });
  expect(bad.status).toBe(400);
  expect(bad.json.error).toContain('純素菜式也必須是素食');
  expect(bad.json.error).toContain('該選項不是此商品的規格或加料');
  const shape = await api('PUT', `/staff/goods/${id}/diet`, { cookie: owner, body: { version: diet.version, facts: { allergens: { milk: 'lots' }, spice: 9 } } });
  expect(shape.status).toBe(400);
  expect(await h.db.query('SELECT * FROM goods_diet ORDER BY diet_id')).toEqual(before);
  expect(((await api('GET', `/staff/goods/${id}/diet`, { cookie: owner })).json.diet as GoodsDietJson).version).toBe(diet.version);
  // Another enterprise's goods (or none): not found.
  expect((await api('GET', '/staff/goods/no-such-goods/diet', { cookie: owner })).status).toBe(404);
});

test('pairings: at most 8, of the same shop, never itself; saved in order, and the menu answer carries them', async () => {
  const id = DEMO.goods.bbqPorkRice;
  const diet = (await api('GET', `/staff/goods/${id}/diet`, { cookie: manager })).json.diet as GoodsDietJson;
  expect(diet.pairings.length).toBe(3);
  const main = [...(await menu()).keys()].filter((g) => g !== id);
  const tooMany = await api('PUT', `/staff/goods/${id}/pairings`, { cookie: manager, body: { version: diet.version, goodsIds: main.slice(0, 9) } });
  expect(tooMany.status).toBe(400);
  expect(tooMany.json.error).toBe('At most 8 goods can be paired with one goods.');
  const foreign = await api('PUT', `/staff/goods/${id}/pairings`, { cookie: manager, lang: 'zh-CN', body: { version: diet.version, goodsIds: [DEMO_DIET.peanutDishes[0], '886000002124'] } });
  expect(foreign.status).toBe(400);
  expect(foreign.json.error).toBe('搭配的商品须为同一店铺的其他商品。');
  const self = await api('PUT', `/staff/goods/${id}/pairings`, { cookie: manager, body: { version: diet.version, goodsIds: [id] } });
  expect(self.status).toBe(400);
  const ok = await api('PUT', `/staff/goods/${id}/pairings`, { cookie: manager, body: { version: diet.version, goodsIds: [DEMO.goods.coke, DEMO.goods.eggTart] } });
  expect(ok.status).toBe(200);
  expect((ok.json.diet as GoodsDietJson).pairings.map((p) => p.goodsId)).toEqual([DEMO.goods.coke, DEMO.goods.eggTart]);
  expect((await menu()).get(id)!.Pairs).toBe(`${DEMO.goods.coke},${DEMO.goods.eggTart}`);
  const [audit] = await h.db.query<{ after: string[] }>(`SELECT after FROM staff_audit WHERE target = $1 AND action = 'goods.pairings'`, [id]);
  expect(audit!.after).toEqual([DEMO.goods.coke, DEMO.goods.eggTart]);
});
