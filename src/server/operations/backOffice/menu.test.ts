/**
 * Issue 27 section 1: the back office's menu through the real HTTP server, on
 * PGlite (and on PostgreSQL when DATABASE_URL names a server: the harness
 * makes a database there). A goods created with a spec and three names at one
 * outlet reaches that outlet's menu (and not another's) with a live event;
 * forms are checked in the caller's language with nothing half-written; a
 * second save on the same version is refused with the fresh values; a manager
 * changes availability only at their outlets; the picture is resized and
 * served; the CSV round trip changes nothing, a dry run writes nothing, and
 * ten broken rows are ten errors and no write; a goods orders name is
 * archived, not deleted, and can no longer be ordered.
 */
import sharp from 'sharp';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { MenuClassJson, MenuGoodsJson, MenuImportAnswer } from '../../../shared/protocol/staffMenu';
import { DEMO, DEMO_STAFF } from '../../db/seed';
import { guestClient, line, pickupHeader, submit } from '../../test/orders';
import { startHarness, type Harness } from '../../test/harness';

jest.setTimeout(180_000);

let h: Harness;
let owner = '';
let manager = '';
let cls: MenuClassJson;
let created: MenuGoodsJson;

type Json = Record<string, unknown>;
async function api(method: string, path: string, opts: { cookie?: string; body?: unknown; lang?: string; raw?: Buffer | string; type?: string } = {}) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      'accept-language': opts.lang ?? 'en',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : opts.type ? { 'content-type': opts.type } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : typeof opts.raw === 'string' ? opts.raw : opts.raw ? new Uint8Array(opts.raw) : undefined,
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { text };
  }
  return { status: res.status, json, text, headers: res.headers };
}

async function signIn(login: string): Promise<string> {
  const s = DEMO_STAFF.find((x) => x.login === login)!;
  const res = await api('POST', '/staff/session', { body: { login, password: s.password } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function menuAt(baseId: string): Promise<string[]> {
  await h.menuSettled();
  const client = await guestClient(h);
  const res = await client.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: DEMO.shops.main, ClassID: '', BaseID: baseId }]);
  expect(res.errcode).toBe('0');
  return ((res.data as ResultTables).table1 ?? []).map((g) => String(g.GoodsID));
}

const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params))[0]!.n);

beforeAll(async () => {
  h = await startHarness({ staffAuthFailuresPerMinute: 100_000 });
  owner = await signIn('owner');
  manager = await signIn('manager');
});
afterAll(() => h.close());

test('an owner creates a class and a goods with a spec and three names, sold at one outlet: that outlet\'s menu shows it, another\'s does not', async () => {
  const c = await api('POST', '/staff/classes', { cookie: owner, body: { names: { zh: '新品', tw: '新品', en: 'New' }, businessMode: '0' } });
  expect(c.status).toBe(200);
  cls = c.json.class as MenuClassJson;
  expect(cls.names).toEqual({ zh: '新品', tw: '新品', en: 'New' });
  expect(cls.version).toBe(1);

  const g = await api('POST', '/staff/goods', {
    cookie: owner,
    body: {
      classId: cls.classId,
      code: 'N01',
      names: { zh: '菠萝油', tw: '菠蘿油', en: 'Pineapple Bun with Butter' },
      descriptions: { zh: '', tw: '即日新鮮出爐', en: '' },
      goodsType: 0,
      price: '18.5',
      outlets: [DEMO.bases.dineIn],
      attributes: [{ name: 'Size', values: ['Regular', 'Large'] }],
      skus: [{ values: ['Large'], price: '22' }],
    },
  });
  expect(g.status).toBe(200);
  created = g.json.goods as MenuGoodsJson;
  expect(created).toMatchObject({ code: 'N01', price: '18.50', salesPrice: '18.50', outlets: [DEMO.bases.dineIn], version: 1, archived: false });
  expect(created.skus.map((s) => [s.values.join(';'), s.price])).toEqual([['Regular', '18.50'], ['Large', '22.00']]);

  expect(await menuAt(DEMO.bases.dineIn)).toContain(created.goodsId);
  expect(await menuAt(DEMO.bases.quick)).not.toContain(created.goodsId);
  // Open menus hear of it (the sold-out marks' event kind), and the audit says who did it.
  expect(await count(`SELECT count(*)::int AS n FROM event_outbox WHERE kind = 'menu' AND data->>'goodsId' = $1`, [created.goodsId])).toBe(1);
  const [audit] = await h.db.query<{ actor: string; action: string; before: unknown; after: { code: string } }>(`SELECT actor, action, before, after FROM staff_audit WHERE target = $1`, [created.goodsId]);
  expect(audit).toMatchObject({ actor: DEMO_STAFF[0]!.accountId, action: 'goods.create', before: null, after: { code: 'N01' } });
});

test('forms are checked in the caller\'s language: the enterprise\'s language required, prices with its decimals and never negative; nothing half-written', async () => {
  const before = await count('SELECT count(*)::int AS n FROM goods');
  const res = await api('POST', '/staff/goods', {
    cookie: owner,
    lang: 'zh-TW',
    body: { classId: cls.classId, code: 'N02', names: { zh: '叉烧包', tw: '', en: 'BBQ Pork Bun' }, price: '-3', salesPrice: '1.234', outlets: [DEMO.bases.dineIn] },
  });
  expect(res.status).toBe(400);
  const fields = res.json.fields as { field: string; message: string }[];
  expect(fields.map((f) => f.field).sort()).toEqual(['names.tw', 'price', 'salesPrice']);
  expect(fields.find((f) => f.field === 'names.tw')!.message).toBe('必須填寫繁體中文名稱。');
  expect(fields.find((f) => f.field === 'price')!.message).toContain('2 位小數');
  expect(await count('SELECT count(*)::int AS n FROM goods')).toBe(before);

  const en = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: owner, body: { version: created.version, price: 'abc', skus: [{ values: ['Large'], price: '-1' }] } });
  expect(en.status).toBe(400);
  expect(en.json.error).toContain('Price: enter an amount of at most 2 decimals, not negative.');
  const [row] = await h.db.query<{ price: string; version: number }>('SELECT price::text AS price, version FROM goods WHERE goods_id = $1', [created.goodsId]);
  expect([Number(row!.price), row!.version]).toEqual([18.5, 1]);
});

test('two managers on the same version: the second save is refused with "changed by someone else" and the fresh values', async () => {
  const first = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: owner, body: { version: 1, price: '19', names: { zh: '菠萝油', tw: '菠蘿油', en: 'Pineapple Bun' } } });
  expect(first.status).toBe(200);
  expect(first.json.goods).toMatchObject({ version: 2, price: '19.00', salesPrice: '19.00' });

  const second = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: manager, body: { version: 1, price: '25' } });
  expect(second.status).toBe(409);
  expect(second.json.error).toMatch(/Changed by someone else/);
  expect(second.json.current).toMatchObject({ version: 2, price: '19.00', names: { en: 'Pineapple Bun' } });
  const [row] = await h.db.query<{ price: string }>('SELECT price::text AS price FROM goods WHERE goods_id = $1', [created.goodsId]);
  expect(Number(row!.price)).toBe(19);
  // The audit holds the one save, before and after.
  const audits = await h.db.query<{ action: string; before: { price: string }; after: { price: string } }>(
    `SELECT action, before, after FROM staff_audit WHERE target = $1 AND action = 'goods.update'`,
    [created.goodsId],
  );
  expect(audits.map((a) => [a.before.price, a.after.price])).toEqual([['18.50', '19.00']]);
});

test('a manager changes availability only at their own outlets; the owner everywhere', async () => {
  const add = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: manager, body: { version: 2, outlets: [DEMO.bases.dineIn, DEMO.bases.quick] } });
  expect(add.status).toBe(403);
  expect(add.json.error).toContain(DEMO.bases.quick);
  const off = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: manager, body: { version: 2, soldOut: true, outlets: [] } });
  expect(off.status).toBe(200);
  expect(off.json.goods).toMatchObject({ outlets: [], soldOut: true, version: 3 });
  const back = await api('PATCH', `/staff/goods/${created.goodsId}`, { cookie: owner, body: { version: 3, soldOut: false, outlets: [DEMO.bases.dineIn, DEMO.bases.quick] } });
  expect(back.status).toBe(200);
  expect(await menuAt(DEMO.bases.quick)).toContain(created.goodsId);
  created = back.json.goods as MenuGoodsJson;
});

test('classes: renamed on their version, ordered, archived off the menu', async () => {
  const renamed = await api('PATCH', `/staff/classes/${cls.classId}`, { cookie: owner, body: { version: 1, names: { zh: '新品推荐', tw: '新品推薦', en: 'New in' }, businessMode: '2' } });
  expect(renamed.status).toBe(200);
  expect(renamed.json.class).toMatchObject({ version: 2, businessMode: '2', names: { en: 'New in' } });
  const stale = await api('PATCH', `/staff/classes/${cls.classId}`, { cookie: owner, body: { version: 1, names: { zh: 'x', tw: 'x', en: 'x' } } });
  expect(stale.status).toBe(409);

  const menu = await api('GET', `/staff/menu?shopId=${DEMO.shops.main}`, { cookie: owner });
  const ids = (menu.json.classes as MenuClassJson[]).map((c) => c.classId);
  const ordered = await api('PUT', '/staff/classes/order', { cookie: owner, body: { shopId: DEMO.shops.main, classIds: [cls.classId, ...ids.filter((i) => i !== cls.classId)] } });
  expect(ordered.status).toBe(200);
  expect((ordered.json.classes as MenuClassJson[])[0]!.classId).toBe(cls.classId);

  const archived = await api('POST', `/staff/classes/${cls.classId}/archive`, { cookie: owner, body: { archived: true } });
  expect(archived.json.class).toMatchObject({ archived: true });
  expect(await menuAt(DEMO.bases.dineIn)).not.toContain(created.goodsId);
  const restored = await api('POST', `/staff/classes/${cls.classId}/archive`, { cookie: owner, body: { archived: false } });
  expect(restored.json.class).toMatchObject({ archived: false });
  expect(await menuAt(DEMO.bases.dineIn)).toContain(created.goodsId);
});

test('a picture (PNG) is resized for the menu, stored through the storage provider and served; anything else is refused', async () => {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 4, background: { r: 250, g: 180, b: 40, alpha: 1 } } }).png().toBuffer();
  const res = await api('POST', `/staff/goods/${created.goodsId}/picture`, { cookie: owner, raw: png, type: 'image/png' });
  expect(res.status).toBe(200);
  const goods = res.json.goods as MenuGoodsJson;
  expect(goods.pic).toMatch(/^GoodsPic\/.+\.jpg$/);
  const served = await fetch(`${h.url}/oss/${goods.pic}`);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect([meta.width, meta.height]).toEqual([720, 540]);
  created = goods;

  const text = await api('POST', `/staff/goods/${created.goodsId}/picture`, { cookie: owner, raw: Buffer.from('not a picture at all'), type: 'image/png', lang: 'zh-CN' });
  expect(text.status).toBe(400);
  expect(text.json.error).toBe('图片须为 JPEG、PNG 或 WebP，且不超过 5 MB。');
});

describe('CSV', () => {
  const versions = async () => count('SELECT sum(version)::int AS n FROM goods');
  const importCsv = async (csv: string, dryRun: boolean, lang = 'en') => {
    const res = await api('POST', `/staff/menu/import?shopId=${DEMO.shops.main}${dryRun ? '&dryRun=1' : ''}`, { cookie: owner, raw: csv, type: 'text/csv', lang });
    expect(res.status).toBe(200);
    return res.json as unknown as MenuImportAnswer;
  };
  let exported = '';

  test('the export has one row per goods and per sku; importing it again (dry run, then for real) changes nothing', async () => {
    const res = await api('GET', `/staff/menu/export.csv?shopId=${DEMO.shops.main}`, { cookie: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    exported = res.text;
    const lines = exported.trim().split('\n');
    const goods = await count(`SELECT count(*)::int AS n FROM goods WHERE shop_id = $1 AND archived_at IS NULL`, [DEMO.shops.main]);
    const skus = await count(`SELECT count(*)::int AS n FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id WHERE g.shop_id = $1 AND g.archived_at IS NULL`, [DEMO.shops.main]);
    expect(lines.length).toBe(1 + goods + skus);
    expect(exported).toContain('N01');

    const v = await versions();
    const audits = await count('SELECT count(*)::int AS n FROM staff_audit');
    const dry = await importCsv(exported, true);
    expect(dry.errors).toEqual([]);
    expect(dry.written).toBe(false);
    expect(dry.changes.filter((c) => c.action !== 'unchanged')).toEqual([]);
    const real = await importCsv(exported, false);
    expect(real.errors).toEqual([]);
    expect(real.changes.filter((c) => c.action !== 'unchanged')).toEqual([]);
    expect(await versions()).toBe(v);
    expect(await count('SELECT count(*)::int AS n FROM staff_audit')).toBe(audits);
  });

  test('a dry run shows what would change and writes nothing; the real import writes it, audited', async () => {
    const changed = exported.replace(/^goods,N01,(.*?),19\.00,19\.00,/m, 'goods,N01,$1,21.00,20.00,');
    expect(changed).not.toBe(exported);
    const added = `${changed.trimEnd()}\ngoods,N09,${cls.classId},椰挞,椰撻,Coconut Tart,,,,0,,9.5,,${DEMO.bases.dineIn},0,,\n`;
    const v = await versions();
    const dry = await importCsv(added, true);
    expect(dry.errors).toEqual([]);
    expect(dry.written).toBe(false);
    expect(dry.changes.filter((c) => c.action !== 'unchanged')).toEqual([
      { code: 'N01', action: 'update', fields: ['price', 'salesPrice'] },
      { code: 'N09', action: 'create', fields: [] },
    ]);
    expect(await versions()).toBe(v);
    expect(await count(`SELECT count(*)::int AS n FROM goods WHERE goods_code = 'N09'`)).toBe(0);

    const real = await importCsv(added, false);
    expect(real.written).toBe(true);
    const [n01] = await h.db.query<{ price: string; sales_price: string }>(`SELECT price::text AS price, sales_price::text AS sales_price FROM goods WHERE goods_id = $1`, [created.goodsId]);
    expect([Number(n01!.price), Number(n01!.sales_price)]).toEqual([21, 20]);
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'goods.create' AND after->>'code' = 'N09'`)).toBe(1);
  });

  test('an import with 10 broken rows reports all 10, in the user\'s language, and writes nothing', async () => {
    const res = await api('GET', `/staff/menu/export.csv?shopId=${DEMO.shops.main}`, { cookie: owner });
    const good = res.text.replace(/^goods,N09,(.*?),9\.50,9\.50,/m, 'goods,N09,$1,11.00,11.00,');
    const broken = [
      `goods,B01,${cls.classId},甲,,A,,,,0,,5,,,0,,`, // the enterprise's language (traditional) missing
      `goods,B02,${cls.classId},乙,乙,B,,,,0,,-5,,,0,,`, // negative price
      `goods,B03,${cls.classId},丙,丙,C,,,,0,,5.123,,,0,,`, // three decimals
      `goods,B04,no-such-class,丁,丁,D,,,,0,,5,,,0,,`, // unknown class
      `goods,B05,${cls.classId},戊,戊,E,,,,4,,5,,,0,,`, // goods type 4 does not exist
      `goods,B06,${cls.classId},己,己,F,,,,0,,5,,no-such-outlet,0,,`, // unknown outlet
      `goods,,${cls.classId},庚,庚,G,,,,0,,5,,,0,,`, // no code
      `goods,B08,${cls.classId},辛,辛,H,,,,0,,abc,,,0,,`, // not a price
      `goods,B09,${cls.classId},壬,壬,I,,,,0,,5,,,0,Size=,`, // an attribute without values
      `dish,B10,${cls.classId},癸,癸,J,,,,0,,5,,,0,,`, // not a kind
    ];
    const csv = `${good.trimEnd()}\n${broken.join('\n')}\n`;
    const v = await versions();
    const goodsBefore = await count('SELECT count(*)::int AS n FROM goods');
    const answer = await importCsv(csv, false, 'zh-TW');
    expect(answer.written).toBe(false);
    expect(answer.errors).toHaveLength(10);
    const firstBroken = csv.trim().split('\n').length - 10 + 1;
    expect(answer.errors.map((e) => e.row)).toEqual(broken.map((_, i) => firstBroken + i));
    expect(answer.errors[0]!.message).toBe('必須填寫繁體中文名稱。');
    expect(answer.errors[9]!.message).toBe('類型須為 "goods" 或 "sku"。');
    // The good row's change is not written either.
    expect(answer.changes).toContainEqual({ code: 'N09', action: 'update', fields: ['price', 'salesPrice'] });
    expect(await versions()).toBe(v);
    expect(await count('SELECT count(*)::int AS n FROM goods')).toBe(goodsBefore);
    expect(await count(`SELECT count(*)::int AS n FROM goods WHERE goods_code = 'N09' AND price = 9.5`)).toBe(1);
  });
});

test('a goods that orders name is archived, not deleted, and can no longer be ordered; one nobody ordered is deleted', async () => {
  const client = await guestClient(h);
  const placed = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
  expect(placed.errcode).toBe('0');

  const del = await api('DELETE', `/staff/goods/${DEMO.goods.bbqPorkRice}`, { cookie: owner });
  expect(del.status).toBe(200);
  expect(del.json).toEqual({ deleted: false, archived: true });
  expect(await count('SELECT count(*)::int AS n FROM goods WHERE goods_id = $1 AND archived_at IS NOT NULL', [DEMO.goods.bbqPorkRice])).toBe(1);
  expect(await menuAt(DEMO.bases.quick)).not.toContain(DEMO.goods.bbqPorkRice);
  // The order placed before keeps its line.
  const sheetId = String((placed.data as ResultTables).table1![0]!.SheetID);
  expect(await count('SELECT count(*)::int AS n FROM sheet_item WHERE sheet_id = $1 AND goods_id = $2', [sheetId, DEMO.goods.bbqPorkRice])).toBe(1);
  // A cart still holding it is told at checkout.
  const again = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
  expect(again.errcode).not.toBe('0');

  const fresh = await api('POST', '/staff/goods', { cookie: owner, body: { classId: cls.classId, code: 'D01', names: { zh: '试', tw: '試', en: 'Try' }, price: '1' } });
  expect(fresh.status).toBe(200);
  const gone = await api('DELETE', `/staff/goods/${(fresh.json.goods as MenuGoodsJson).goodsId}`, { cookie: owner });
  expect(gone.json).toEqual({ deleted: true, archived: false });
  expect(await count(`SELECT count(*)::int AS n FROM goods WHERE goods_code = 'D01'`)).toBe(0);
  // A manager cannot archive what other outlets sell.
  const mine = await api('POST', `/staff/goods/${DEMO.goods.bbqPorkRice}/archive`, { cookie: manager, body: { archived: false } });
  expect(mine.status).toBe(403);
});
