/**
 * Issue 27 section 1, the rest of the menu: a goods' pack units, bundle
 * groups, add-ons and spec translations through the real HTTP server (PGlite;
 * PostgreSQL when DATABASE_URL names a server). Each save reaches the
 * customer's menu reads in the customer's language with a live event and an
 * audit row; bad input is refused in the caller's language with nothing
 * written; a save on an old version is refused with the fresh values; an
 * unchanged save writes nothing; a manager writes only the extras of goods
 * sold at their own outlets.
 */
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { MenuGoodsJson } from '../../../shared/protocol/staffMenu';
import type { GoodsExtras } from '../../../shared/protocol/staffMenuExtras';
import { DEMO, DEMO_STAFF } from '../../db/seed';
import { guestClient } from '../../test/orders';
import { startHarness, type Harness } from '../../test/harness';

jest.setTimeout(180_000);

let h: Harness;
let owner = '';
let manager = '';
let elsewhere = '';
let goods: MenuGoodsJson;

type Json = Record<string, unknown>;
async function api(method: string, path: string, opts: { cookie: string; body?: unknown; lang?: string }) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { cookie: opts.cookie, 'accept-language': opts.lang ?? 'en', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function signIn(login: string, password: string): Promise<string> {
  const res = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params))[0]!.n);
const extrasOf = async (goodsId: string) => (await api('GET', `/staff/goods/${goodsId}/extras`, { cookie: owner })).json as unknown as GoodsExtras;
const versionOf = async (goodsId: string) => (await extrasOf(goodsId)).version;

async function customer(op: string, row: Record<string, unknown>, lang = 'en'): Promise<ResultTables> {
  await h.menuSettled();
  const client = await guestClient(h, lang);
  const res = await client.call(op as 'EShop_GoodsDetailGet_V2_Get', [row as never]);
  expect(res.errcode).toBe('0');
  return res.data as ResultTables;
}

beforeAll(async () => {
  h = await startHarness({ staffAuthFailuresPerMinute: 100_000 });
  const pw = (login: string) => DEMO_STAFF.find((s) => s.login === login)!.password;
  await h.db.query(
    `INSERT INTO staff_account (account_id, ent_id, login, display_name, role, outlets, password_hash, pin_hash, created_at, updated_at)
     SELECT 'STF-EXTRAS-OTHER', ent_id, 'manager-extras-elsewhere', 'Manager elsewhere', 'manager', ARRAY[$1]::text[], password_hash, pin_hash, created_at, updated_at
       FROM staff_account WHERE login = 'manager'`,
    [DEMO.bases.quick],
  );
  owner = await signIn('owner', pw('owner'));
  manager = await signIn('manager', pw('manager'));
  elsewhere = await signIn('manager-extras-elsewhere', pw('manager'));
  const menu = (await api('GET', '/staff/menu', { cookie: owner })).json as { classes: { classId: string }[] };
  const created = await api('POST', '/staff/goods', {
    cookie: owner,
    body: {
      classId: menu.classes[0]!.classId,
      code: 'X01',
      names: { zh: '柠檬茶', tw: '檸檬茶', en: 'Lemon Tea' },
      price: '20',
      outlets: [DEMO.bases.dineIn],
      attributes: [{ name: '温度', values: ['热', '冻'] }],
      skus: [{ values: ['热'], price: '20' }, { values: ['冻'], price: '22' }],
    },
  });
  expect(created.status).toBe(200);
  goods = created.json.goods as MenuGoodsJson;
});
afterAll(() => h.close());

describe('pack units', () => {
  test('refused in the caller\'s language, field by field, with nothing written', async () => {
    const res = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, {
      cookie: owner,
      lang: 'zh-TW',
      body: { version: goods.version, packUnits: [{ names: { zh: '半打', tw: '', en: '' }, ref: 1, price: '-3' }, { names: { zh: 'x', tw: 'x', en: 'x' }, ref: 6, price: '1.234' }] },
    });
    expect(res.status).toBe(400);
    const fields = (res.json.fields as { field: string; message: string }[]).map((f) => f.field);
    // The enterprise's language (traditional Chinese) is required; ref at least 2; prices never negative, two decimals.
    expect(fields).toEqual(expect.arrayContaining(['packUnits.0.names.tw', 'packUnits.0.ref', 'packUnits.0.price', 'packUnits.1.price']));
    expect(String(res.json.error)).toContain('必須填寫');
    expect(await count('SELECT count(*)::int AS n FROM goods_punit WHERE goods_id = $1', [goods.goodsId])).toBe(0);
    expect(await versionOf(goods.goodsId)).toBe(goods.version);
  });

  test('saved: the customer\'s detail shows them in the customer\'s language; the audit and a live event say so; the same save again writes nothing', async () => {
    const events = await count(`SELECT count(*)::int AS n FROM event_outbox WHERE kind = 'menu' AND data->>'goodsId' = $1`, [goods.goodsId]);
    const body = { version: goods.version, packUnits: [{ names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '200' }, { names: { zh: '半打', tw: '半打', en: 'Half dozen' }, ref: 6, price: '110', salesPrice: '99.5' }] };
    const res = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: owner, body });
    expect(res.status).toBe(200);
    const extras = res.json.extras as GoodsExtras;
    expect(extras.packUnits.map((u) => [u.names.en, u.ref, u.price, u.salesPrice])).toEqual([['Half dozen', 6, '110.00', '99.50'], ['Dozen', 12, '200.00', '200.00']]);
    expect(extras.version).toBe(goods.version + 1);
    const detail = await customer('EShop_GoodsDetailGet_V2_Get', { GoodsID: goods.goodsId, ShopID: '' });
    expect((detail.table3 ?? []).map((u) => [u.PUnit, Number(u.Ref), Number(u.SalesPrice)])).toEqual([['Half dozen', 6, 99.5], ['Dozen', 12, 200]]);
    const zh = await customer('EShop_GoodsDetailGet_V2_Get', { GoodsID: goods.goodsId, ShopID: '' }, 'zh-CN');
    expect((zh.table3 ?? []).map((u) => u.PUnit)).toEqual(['半打', '打']);
    expect(await count(`SELECT count(*)::int AS n FROM event_outbox WHERE kind = 'menu' AND data->>'goodsId' = $1`, [goods.goodsId])).toBe(events + 1);
    const [audit] = await h.db.query<{ action: string; before: unknown[]; after: { ref: number }[] }>(`SELECT action, before, after FROM staff_audit WHERE target = $1 AND action = 'goods.packUnits'`, [goods.goodsId]);
    expect(audit!.before).toEqual([]);
    expect(audit!.after.map((u) => u.ref)).toEqual([6, 12]);

    const again = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: owner, body: { ...body, version: extras.version } });
    expect(again.status).toBe(200);
    expect((again.json.extras as GoodsExtras).version).toBe(extras.version);
    goods = again.json.goods as MenuGoodsJson;
  });

  test('a save on the version read before someone else\'s: 409 with the fresh goods and extras, nothing overwritten', async () => {
    const stale = goods.version;
    const first = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: owner, body: { version: stale, packUnits: [{ names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '190' }] } });
    expect(first.status).toBe(200);
    const second = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: owner, body: { version: stale, packUnits: [] } });
    expect(second.status).toBe(409);
    expect(String(second.json.error)).toMatch(/someone else/);
    expect((second.json.current as MenuGoodsJson).version).toBe(stale + 1);
    expect((second.json.extras as GoodsExtras).packUnits.map((u) => u.price)).toEqual(['190.00']);
    expect(await count('SELECT count(*)::int AS n FROM goods_punit WHERE goods_id = $1', [goods.goodsId])).toBe(1);
    goods = first.json.goods as MenuGoodsJson;
  });

  test('a code named twice keeps it once and makes the other a new pack (no half-written save, no failure)', async () => {
    const before = await extrasOf(goods.goodsId);
    const code = before.packUnits[0]!.pcode;
    const res = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, {
      cookie: owner,
      body: { version: before.version, packUnits: [{ pcode: code, names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '190' }, { pcode: code, names: { zh: '箱', tw: '箱', en: 'Case' }, ref: 24, price: '350' }] },
    });
    expect(res.status).toBe(200);
    const units = (res.json.extras as GoodsExtras).packUnits;
    expect(units.map((u) => u.ref)).toEqual([12, 24]);
    expect(units[0]!.pcode).toBe(code);
    expect(units[1]!.pcode).not.toBe(code);
    goods = res.json.goods as MenuGoodsJson;
  });
});

describe('add-ons', () => {
  test('a new add-on and one of the shop\'s: the customer\'s chooser lists both, in their language; a negative price is refused', async () => {
    const shopAddOns = (await extrasOf(goods.goodsId)).shopAddOns;
    const existing = shopAddOns[0]!;
    const bad = await api('PUT', `/staff/goods/${goods.goodsId}/add-ons`, { cookie: owner, body: { version: goods.version, addOns: [{ names: { zh: '珍珠', tw: '珍珠', en: 'Pearls' }, price: '-1' }] } });
    expect(bad.status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM goods_charging_link WHERE goods_id = $1', [goods.goodsId])).toBe(0);

    const res = await api('PUT', `/staff/goods/${goods.goodsId}/add-ons`, {
      cookie: owner,
      body: { version: goods.version, addOns: [{ names: { zh: '珍珠', tw: '珍珠', en: 'Pearls' }, price: '5' }, { optionId: existing.optionId, names: existing.names, price: existing.price, salesPrice: existing.salesPrice }] },
    });
    expect(res.status).toBe(200);
    goods = res.json.goods as MenuGoodsJson;
    const options = await customer('Cust_GmGoodsChargingListGet_V1_Get', { GoodsID: goods.goodsId });
    expect((options.table1 ?? []).map((o) => o.Value)).toEqual([existing.names.en || existing.names.zh, 'Pearls']);
    const list = await customer('HBBPos_GoodsClass_GoodsList_V9_Get', { ShopID: DEMO.shops.main, ClassID: goods.classId, BaseID: DEMO.bases.dineIn });
    expect((list.table1 ?? []).find((g) => g.GoodsID === goods.goodsId)).toMatchObject({ HasCharging: 1, PUnitCount: 2 });
  });
});

describe('bundle groups', () => {
  test('only a bundle has them; limits must make sense; parts are plain goods of the shop', async () => {
    const notBundle = await api('PUT', `/staff/goods/${goods.goodsId}/bundle-groups`, {
      cookie: owner,
      body: { version: goods.version, groups: [{ names: { zh: '主食', tw: '主食', en: 'Mains' }, required: true, choose: 1, items: [{ goodsId: DEMO.goods.bbqPorkRice }] }] },
    });
    expect(notBundle.status).toBe(400);
    const set = await extrasOf(DEMO.goods.riceSet);
    const before = set.bundleGroups;
    const bad = await api('PUT', `/staff/goods/${DEMO.goods.riceSet}/bundle-groups`, {
      cookie: owner,
      body: {
        version: set.version,
        groups: [
          { names: { zh: '主食', tw: '主食', en: 'Mains' }, required: true, choose: 2, items: [{ goodsId: DEMO.goods.bbqPorkRice }] },
          { names: { zh: '饮品', tw: '飲品', en: 'Drinks' }, required: false, choose: 1, items: [{ goodsId: DEMO.goods.milkTea }, { goodsId: DEMO.goods.riceSet }] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect((bad.json.fields as { field: string }[]).map((f) => f.field)).toEqual(expect.arrayContaining(['groups.0.choose', 'groups.1.items']));
    expect((await extrasOf(DEMO.goods.riceSet)).bundleGroups).toEqual(before);
  });

  test('saved: the customer\'s chooser reads the groups, their limits and extra prices; kept groups keep their ids', async () => {
    const set = await extrasOf(DEMO.goods.riceSet);
    const kept = set.bundleGroups[0]!;
    const res = await api('PUT', `/staff/goods/${DEMO.goods.riceSet}/bundle-groups`, {
      cookie: owner,
      body: {
        version: set.version,
        groups: [
          { bomClassId: kept.bomClassId, names: { zh: '主食', tw: '主食', en: 'Mains' }, required: true, choose: 1, items: [{ goodsId: DEMO.goods.bbqPorkRice, isDefault: true }, { goodsId: DEMO.goods.roastGooseRice, extraPrice: '8' }] },
          { names: { zh: '小食', tw: '小食', en: 'Snacks' }, required: false, choose: 2, items: [{ goodsId: DEMO.goods.eggTart, extraPrice: '6.5' }, { goodsId: DEMO.goods.herbalTea, extraPrice: '12' }] },
        ],
      },
    });
    expect(res.status).toBe(200);
    const groups = (res.json.extras as GoodsExtras).bundleGroups;
    expect(groups[0]!.bomClassId).toBe(kept.bomClassId);
    const bom = await customer('HBBPos_GoodsBomList_V3_Get', { GoodsID: DEMO.goods.riceSet });
    expect((bom.table1 ?? []).map((g) => [g.ClassName, Number(g.SelectType), Number(g.SelectQua)])).toEqual([['Mains', 0, 1], ['Snacks', 1, 2]]);
    expect((bom.table2 ?? []).map((i) => [i.GoodsID, Number(i.BOMAmo), Number(i.IsDefault)])).toEqual([
      [DEMO.goods.bbqPorkRice, 0, 1],
      [DEMO.goods.roastGooseRice, 8, 0],
      [DEMO.goods.eggTart, 6.5, 0],
      [DEMO.goods.herbalTea, 12, 0],
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit WHERE target = $1 AND action = 'goods.bundleGroups'`, [DEMO.goods.riceSet])).toBe(1);
  });

  test('a fewest and a most (issue 27): 0 <= fewest <= most, 1 <= most <= parts, refused in the caller\'s language; "choose 1 to 2" is read by the customer\'s chooser', async () => {
    const set = await extrasOf(DEMO.goods.riceSet);
    const group = (min: number, choose: number) => ({
      names: { zh: '小食', tw: '小食', en: 'Snacks' },
      required: false,
      choose,
      min,
      items: [{ goodsId: DEMO.goods.eggTart }, { goodsId: DEMO.goods.herbalTea }],
    });
    const put = (groups: unknown[], lang = 'en') => api('PUT', `/staff/goods/${DEMO.goods.riceSet}/bundle-groups`, { cookie: owner, lang, body: { version: set.version, groups } });
    // Each group named in the enterprise's language (traditional Chinese).
    const bad = await put([group(3, 2), group(-1, 1), group(0, 0), group(1, 3)]);
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual([
      { field: 'groups.0.min', message: '小食: the fewest to choose must be a whole number from 0 to the most to choose (2).' },
      { field: 'groups.1.min', message: '小食: the fewest to choose must be a whole number from 0 to the most to choose (1).' },
      { field: 'groups.2.choose', message: '小食: the most to choose must be a whole number from 1 to its number of parts (2).' },
      { field: 'groups.3.choose', message: '小食: the most to choose must be a whole number from 1 to its number of parts (2).' },
    ]);
    const tw = await put([group(3, 2)], 'zh-TW');
    expect((tw.json.fields as { message: string }[])[0]!.message).toBe('小食：最少須選數量須為 0 至最多可選數量（2）之間的整數。');
    const cn = await put([group(0, 3)], 'zh-CN');
    expect((cn.json.fields as { message: string }[])[0]!.message).toBe('小食：最多可选数量须为 1 至组件数（2）之间的整数。');
    expect(await versionOf(DEMO.goods.riceSet)).toBe(set.version);

    const ok = await put([group(1, 2)]);
    expect(ok.status).toBe(200);
    expect((ok.json.extras as GoodsExtras).bundleGroups.map((g) => [g.required, g.min, g.choose])).toEqual([[true, 1, 2]]);
    const bom = await customer('HBBPos_GoodsBomList_V3_Get', { GoodsID: DEMO.goods.riceSet });
    // SelectType 0 (required) for readers without SelectMin: choosing exactly SelectQua is within 1 to 2.
    expect((bom.table1 ?? []).map((g) => [g.ClassName, Number(g.SelectType), Number(g.SelectMin), Number(g.SelectQua)])).toEqual([['Snacks', 0, 1, 2]]);
    // A save at the version read before is refused; a save without a fewest means what it did before: optional, up to 2, fewest 0.
    expect((await put([group(1, 2)])).status).toBe(409);
    const fresh = await extrasOf(DEMO.goods.riceSet);
    const optional = await api('PUT', `/staff/goods/${DEMO.goods.riceSet}/bundle-groups`, { cookie: owner, body: { version: fresh.version, groups: [{ ...group(0, 2), min: undefined, required: false }] } });
    expect((optional.json.extras as GoodsExtras).bundleGroups.map((g) => [g.required, g.min, g.choose])).toEqual([[false, 0, 2]]);
  });
});

describe('spec translations', () => {
  test('the enterprise\'s language is required, a language is translated wholly or not at all', async () => {
    const extras = await extrasOf(goods.goodsId);
    expect(extras.spec.zh).toEqual([{ name: '温度', values: ['热', '冻'] }]);
    const none = await api('PUT', `/staff/goods/${goods.goodsId}/spec-texts`, { cookie: owner, body: { version: extras.version, tw: [], en: [{ name: 'Temperature', values: ['Hot', 'Iced'] }] } });
    expect(none.status).toBe(400);
    expect((none.json.fields as { field: string }[]).map((f) => f.field)).toEqual(['spec.tw']);
    const half = await api('PUT', `/staff/goods/${goods.goodsId}/spec-texts`, { cookie: owner, body: { version: extras.version, tw: [{ name: '溫度', values: ['熱', '凍'] }], en: [{ name: 'Temperature', values: ['Hot', ''] }] } });
    expect(half.status).toBe(400);
    expect((half.json.fields as { field: string }[]).map((f) => f.field)).toEqual(['spec.en']);
    expect(await versionOf(goods.goodsId)).toBe(extras.version);
  });

  test('saved: the customer\'s chooser shows the spec and its skus in the customer\'s language; a new value drops the translations it lacks', async () => {
    const extras = await extrasOf(goods.goodsId);
    const res = await api('PUT', `/staff/goods/${goods.goodsId}/spec-texts`, {
      cookie: owner,
      body: { version: extras.version, tw: [{ name: '溫度', values: ['熱', '凍'] }], en: [{ name: 'Temperature', values: ['Hot', 'Iced'] }] },
    });
    expect(res.status).toBe(200);
    goods = res.json.goods as MenuGoodsJson;
    const en = await customer('EShop_GoodsDetailGet_V2_Get', { GoodsID: goods.goodsId, ShopID: '' });
    expect(JSON.parse(String(en.table1![0]!.SkuAttributeValues))).toEqual([{ name: 'Temperature', values: ['Hot', 'Iced'] }]);
    expect((en.table2 ?? []).map((s) => s.SkuItems)).toEqual(['Hot，', 'Iced，']);
    const tw = await customer('EShop_GoodsDetailGet_V2_Get', { GoodsID: goods.goodsId, ShopID: '' }, 'zh-TW');
    expect((tw.table2 ?? []).map((s) => s.SkuItems)).toEqual(['熱，', '凍，']);

    // The goods form renames nothing but adds a value: English lacks it, so English is dropped (marked missing), never half-matching.
    const patched = await api('PATCH', `/staff/goods/${goods.goodsId}`, { cookie: owner, body: { version: goods.version, attributes: [{ name: '温度', values: ['热', '冻', '温'] }] } });
    expect(patched.status).toBe(200);
    const after = await extrasOf(goods.goodsId);
    expect(after.spec.en).toEqual([]);
    expect(after.spec.tw).toEqual([]);
    const enAfter = await customer('EShop_GoodsDetailGet_V2_Get', { GoodsID: goods.goodsId, ShopID: '' });
    expect((enAfter.table2 ?? []).map((s) => s.SkuItems)).toEqual(['热，', '冻，', '温，']);
    goods = patched.json.goods as MenuGoodsJson;

    // Prices of the goods change, the spec not: the translations stay.
    const t = await api('PUT', `/staff/goods/${goods.goodsId}/spec-texts`, {
      cookie: owner,
      body: { version: goods.version, tw: [{ name: '溫度', values: ['熱', '凍', '溫'] }], en: [] },
    });
    expect(t.status).toBe(200);
    goods = t.json.goods as MenuGoodsJson;
    const repriced = await api('PATCH', `/staff/goods/${goods.goodsId}`, { cookie: owner, body: { version: goods.version, price: '21' } });
    expect(repriced.status).toBe(200);
    goods = repriced.json.goods as MenuGoodsJson;
    expect((await extrasOf(goods.goodsId)).spec.tw).toEqual([{ name: '溫度', values: ['熱', '凍', '溫'] }]);
  });
});

describe('who may', () => {
  test('a manager of the outlet selling it may; a manager of another outlet, or of a goods sold beyond their outlets, may not', async () => {
    const body = (v: number) => ({ version: v, packUnits: [] });
    const mine = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: manager, body: body(goods.version) });
    expect(mine.status).toBe(200);
    goods = mine.json.goods as MenuGoodsJson;
    expect(goods.version).toBeGreaterThan(1);
    const other = await api('PUT', `/staff/goods/${goods.goodsId}/pack-units`, { cookie: elsewhere, body: { version: goods.version, packUnits: [{ names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '1' }] } });
    expect(other.status).toBe(403);
    // An add-on other goods offer beyond the manager's outlets: its price is not theirs to change, offering it as it is is.
    const shared = (await extrasOf(goods.goodsId)).shopAddOns.find((o) => o.goodsCount > 1)!;
    const repriced = await api('PUT', `/staff/goods/${goods.goodsId}/add-ons`, { cookie: manager, body: { version: goods.version, addOns: [{ optionId: shared.optionId, names: shared.names, price: '99' }] } });
    expect(repriced.status).toBe(403);
    const asIs = await api('PUT', `/staff/goods/${goods.goodsId}/add-ons`, { cookie: manager, body: { version: goods.version, addOns: [{ optionId: shared.optionId, names: shared.names, price: shared.price, salesPrice: shared.salesPrice }] } });
    expect(asIs.status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM goods_charging WHERE option_id = $1 AND price = $2', [shared.optionId, shared.price])).toBe(1);
    const set = await extrasOf(DEMO.goods.riceSet);
    const wide = await api('PUT', `/staff/goods/${DEMO.goods.riceSet}/bundle-groups`, { cookie: manager, body: { version: set.version, groups: [] } });
    expect(wide.status).toBe(403);
    expect((await extrasOf(DEMO.goods.riceSet)).bundleGroups).toEqual(set.bundleGroups);
  });
});
