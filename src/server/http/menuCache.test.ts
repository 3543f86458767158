/**
 * The menu answer cache (http/menuCache.ts, issue 15) through the real HTTP
 * service: ETags and 304s, the stored compressed forms, invalidation by every
 * kind of change (a price, a sold-out mark, a promotion, the clock crossing a
 * promotion's edge, a translation) on this instance and on a second instance
 * over the same database, answers per language and per session, the memory
 * bound, and an order submitted while the menu is being invalidated priced by
 * the new prices. PGlite by default; PostgreSQL with DATABASE_URL.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { startHarness, GatewayClient, type Harness } from '../test/harness';
import { catalogue } from '../../shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, GATEWAY_PATH, type Envelope } from '../../shared/protocol/envelope';
import { MenuCache, menuCacheOf, pickEncoding } from './menuCache';

jest.setTimeout(90_000);

const OP = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const main = DEMO.shops.main;
const DAY = 86_400_000;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

/** The list request as the app sends it. */
function listBody(row: Record<string, unknown> = {}, op: string = OP): string {
  return encodeForm({
    HBBWSType: String((catalogue as Record<string, { service: number }>)[op]!.service),
    strKeyName: op,
    strJsonData: JSON.stringify({
      tableData: [
        { EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', AppName: 'HBBOrder', ShopID: main, BaseID: DEMO.bases.dineIn, ClassID: '', PageIndex: 1, PageSize: 10000, ...row },
      ],
    }),
    strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
    IsRSA: '0',
    APIEntID: DEMO.entId,
  });
}

interface Answer {
  status: number;
  headers: Headers;
  raw: Buffer;
  json: Envelope;
}

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${url}${GATEWAY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', 'accept-encoding': 'identity', ...headers },
    body,
  });
  const raw = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, raw, json: res.status === 200 ? (JSON.parse(raw.toString()) as Envelope) : ({} as Envelope) };
}

const goods = (a: Answer, id: string) => (a.json.data.table1 ?? []).find((g) => g.GoodsID === id)!;

/** Waits until `read` satisfies `ok` (a notification is asynchronous: it arrives after the commit); fails after 5 s. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const staff = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.config.staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('answers from the cache', () => {
  test('a second read is a hit with the same bytes and ETag; If-None-Match answers 304 with no body', async () => {
    const cache = menuCacheOf(h.app)!;
    const first = await post(h.url, listBody());
    expect(first.status).toBe(200);
    expect(first.json.errcode).toBe('0');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"m[\w-]+"$/);
    const hits = cache.stats.hits;
    const second = await post(h.url, listBody());
    expect(cache.stats.hits).toBe(hits + 1);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.raw.equals(first.raw)).toBe(true);
    // The service's headers are on a cached answer too (issue 16).
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const notModified = await post(h.url, listBody(), { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);
    // A list of tags, or a weak one, names it too; another tag does not.
    expect((await post(h.url, listBody(), { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await post(h.url, listBody(), { 'if-none-match': '"other"' })).status).toBe(200);
  });

  test('the stored brotli and gzip forms are the answer, chosen by Accept-Encoding', async () => {
    const plain = await post(h.url, listBody());
    const br = await fetchRaw(h.url, listBody(), 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.raw)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.raw.length / 5);
    const gz = await fetchRaw(h.url, listBody(), 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.raw)).toBe(true);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
  });

  test('each language has its own answer, each in its language', async () => {
    const [en, cn, tw] = await Promise.all(['en', 'zh-CN', 'zh-TW'].map((lang) => post(h.url, listBody(), { 'accept-language': lang })));
    const again = await Promise.all(['en', 'zh-CN', 'zh-TW'].map((lang) => post(h.url, listBody(), { 'accept-language': lang })));
    const [row] = await h.db.query<{ goods_name: string; goods_name_tw: string; goods_name_en: string }>(
      'SELECT goods_name, goods_name_tw, goods_name_en FROM goods WHERE goods_id = $1',
      [DEMO.goods.bbqPorkRice],
    );
    expect(goods(en!, DEMO.goods.bbqPorkRice).GoodsName).toBe(row!.goods_name_en);
    expect(goods(cn!, DEMO.goods.bbqPorkRice).GoodsName).toBe(row!.goods_name);
    expect(goods(tw!, DEMO.goods.bbqPorkRice).GoodsName).toBe(row!.goods_name_tw);
    expect(new Set([en, cn, tw].map((a) => a!.headers.get('etag'))).size).toBe(3);
    expect(again.map((a) => a.headers.get('etag'))).toEqual([en, cn, tw].map((a) => a!.headers.get('etag')));
  });

  test('a member, a guest and no session get the same answer; a cached read sets no cookie', async () => {
    const member = new GatewayClient(h.url);
    await member.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: main }]);
    const anonymous = await post(h.url, listBody());
    const withSession = await post(h.url, listBody(), { cookie: member.cookie });
    expect(withSession.raw.equals(anonymous.raw)).toBe(true);
    expect(withSession.headers.getSetCookie()).toEqual([]);
  });

  test('every payload field the handler reads is in the key: a class, a page, a shop', async () => {
    const all = await post(h.url, listBody());
    const classId = String(all.json.data.table1![0]!.ClassID);
    const one = await post(h.url, listBody({ ClassID: classId }));
    expect(one.json.data.table1!.every((g) => g.ClassID === classId)).toBe(true);
    expect(one.json.data.table1!.length).toBeLessThan(all.json.data.table1!.length);
    const page2 = await post(h.url, listBody({ PageIndex: 2, PageSize: 5 }));
    expect(page2.json.data.table1!.map((g) => g.GoodsID)).toEqual(all.json.data.table1!.slice(5, 10).map((g) => g.GoodsID));
    const tart = await post(h.url, listBody({ ShopID: DEMO.shops.eggTart }));
    expect(tart.json.data.table1!.length).toBe(4);
    // The classes and home goods are cached too, each under its own operation.
    const classes = await post(h.url, listBody({}, 'HBBPos_AllGoodsClassGet_Get'));
    expect(classes.json.data.table1!.length).toBe(8);
  });

  test('refused and malformed requests still get the gateway’s answers', async () => {
    const unknown = await post(h.url, listBody({ ShopID: '889999999999' }));
    expect(unknown.json.errcode).not.toBe('0');
    const badAuth = await post(h.url, listBody().replace(`strAuthorizationCode=${DEFAULT_AUTHORIZATION_CODE}`, 'strAuthorizationCode=nope'));
    expect(badAuth.json.errcode).toBe('40100');
    const badPage = await post(h.url, listBody({ PageSize: -1 }));
    expect(badPage.json.errcode).toBe('40000');
  });
});

describe('invalidation', () => {
  test('a price change shows at the next read (a trigger notifies, no timer)', async () => {
    const before = await post(h.url, listBody());
    await h.db.query('UPDATE goods SET sales_price = sales_price + 1 WHERE goods_id = $1', [DEMO.goods.bbqPorkRice]);
    const after = await eventually(
      () => post(h.url, listBody()),
      (a) => goods(a, DEMO.goods.bbqPorkRice).SalesPrice !== goods(before, DEMO.goods.bbqPorkRice).SalesPrice,
    );
    expect(Number(goods(after, DEMO.goods.bbqPorkRice).SalesPrice)).toBe(Number(goods(before, DEMO.goods.bbqPorkRice).SalesPrice) + 1);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The old ETag is not 304 any more.
    expect((await post(h.url, listBody(), { 'if-none-match': before.headers.get('etag')! })).status).toBe(200);
  });

  test('a sold-out mark from the staff API, and taking it back', async () => {
    await post(h.url, listBody());
    expect((await staff(h.url, `/staff/goods/${DEMO.goods.dumplings}/sold-out`, { soldOut: true })).status).toBe(200);
    const out = await eventually(() => post(h.url, listBody()), (a) => goods(a, DEMO.goods.dumplings).SoldOut === 1);
    expect(goods(out, DEMO.goods.dumplings).SoldOut).toBe(1);
    await staff(h.url, `/staff/goods/${DEMO.goods.dumplings}/sold-out`, { soldOut: false });
    const back = await eventually(() => post(h.url, listBody()), (a) => goods(a, DEMO.goods.dumplings).SoldOut === 0);
    expect(goods(back, DEMO.goods.dumplings).SoldOut).toBe(0);
  });

  test('a new promotion, a changed promotion price and a removed promotion', async () => {
    const id = DEMO.goods.chickenWings;
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('');
    await h.db.query(
      `INSERT INTO promote_plan (plan_id, ent_id, shop_id, plan_name, begin_at, end_at) VALUES ('882000000900', $1, $2, 'Test plan', now() - interval '1 day', now() + interval '1 day')`,
      [DEMO.entId, main],
    );
    await h.db.query(`INSERT INTO promote_goods (plan_id, goods_id, sku_id, promote_price) VALUES ('882000000900', $1, '', 5)`, [id]);
    let a = await eventually(() => post(h.url, listBody()), (x) => goods(x, id).PromotePrice !== '');
    expect(goods(a, id)).toMatchObject({ PromotePrice: '5.0000', PromotePlanID: '882000000900' });
    await h.db.query(`UPDATE promote_goods SET promote_price = 4 WHERE plan_id = '882000000900'`);
    a = await eventually(() => post(h.url, listBody()), (x) => goods(x, id).PromotePrice === '4.0000');
    expect(goods(a, id).PromotePrice).toBe('4.0000');
    await h.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM promote_goods WHERE plan_id = '882000000900'`);
      await tx.query(`DELETE FROM promote_plan WHERE plan_id = '882000000900'`);
    });
    a = await eventually(() => post(h.url, listBody()), (x) => goods(x, id).PromotePrice === '');
    expect(goods(a, id).PromotePrice).toBe('');
  });

  test("the clock crossing a promotion's start and end (no change in the database)", async () => {
    const id = DEMO.goods.winterMelonSoup;
    const begin = new Date(Date.now() + 2 * DAY);
    const end = new Date(Date.now() + 3 * DAY);
    await h.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO promote_plan (plan_id, ent_id, shop_id, plan_name, begin_at, end_at) VALUES ('882000000901', $1, $2, 'Later', $3, $4)`, [DEMO.entId, main, begin, end]);
      await tx.query(`INSERT INTO promote_goods (plan_id, goods_id, sku_id, promote_price) VALUES ('882000000901', $1, '', 3)`, [id]);
    });
    // Let the notification of that insert pass, then read (and cache) before the start.
    await new Promise((r) => setTimeout(r, 200));
    h.setNow(new Date(begin.getTime() - 1000));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('');
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('');
    h.setNow(new Date(begin.getTime()));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('3.0000');
    h.setNow(new Date(end.getTime() - 1));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('3.0000');
    h.setNow(new Date(end.getTime()));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('');
    // And back (the sandbox clock may move backwards).
    h.setNow(new Date(begin.getTime() + 1000));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('3.0000');
    await h.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM promote_goods WHERE plan_id = '882000000901'`);
      await tx.query(`DELETE FROM promote_plan WHERE plan_id = '882000000901'`);
    });
  });

  test("a week-day promotion changes with the enterprise's local day", async () => {
    const id = DEMO.goods.winterMelonSoup;
    // Macau time: 2030-01-07 is a Monday.
    const monday = new Date('2030-01-07T12:00:00+08:00');
    await h.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO promote_plan (plan_id, ent_id, shop_id, plan_name, begin_at, end_at, week_days) VALUES ('882000000902', $1, $2, 'Mondays', '2029-12-01', '2030-02-01', '1')`,
        [DEMO.entId, main],
      );
      await tx.query(`INSERT INTO promote_goods (plan_id, goods_id, sku_id, promote_price) VALUES ('882000000902', $1, '', 2)`, [id]);
    });
    h.setNow(monday);
    expect(goods(await eventually(() => post(h.url, listBody()), (x) => goods(x, id).PromotePrice === '2.0000'), id).PromotePrice).toBe('2.0000');
    h.setNow(new Date('2030-01-07T23:59:59+08:00'));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('2.0000');
    h.setNow(new Date('2030-01-08T00:00:00+08:00'));
    expect(goods(await post(h.url, listBody()), id).PromotePrice).toBe('');
    h.setNow(null);
    await h.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM promote_goods WHERE plan_id = '882000000902'`);
      await tx.query(`DELETE FROM promote_plan WHERE plan_id = '882000000902'`);
    });
  });

  test('a translation, a class and an add-on link change the answers that show them', async () => {
    const id = DEMO.goods.bbqPorkRice;
    await post(h.url, listBody());
    await h.db.query(`UPDATE goods SET goods_name_en = goods_name_en || ' (new)' WHERE goods_id = $1`, [id]);
    const renamed = await eventually(() => post(h.url, listBody()), (a) => String(goods(a, id).GoodsName).endsWith(' (new)'));
    expect(String(goods(renamed, id).GoodsName)).toMatch(/ \(new\)$/);
    const wasCharging = goods(renamed, id).HasCharging;
    const [option] = await h.db.query<{ option_id: string }>('SELECT option_id FROM goods_charging WHERE shop_id = $1 LIMIT 1', [main]);
    if (wasCharging === 1) await h.db.query('DELETE FROM goods_charging_link WHERE goods_id = $1', [id]);
    else await h.db.query('INSERT INTO goods_charging_link (goods_id, option_id) VALUES ($1, $2)', [id, option!.option_id]);
    const linked = await eventually(() => post(h.url, listBody()), (a) => goods(a, id).HasCharging !== wasCharging);
    expect(goods(linked, id).HasCharging).toBe(wasCharging === 1 ? 0 : 1);
  });

  test('an order submitted while the menu is being invalidated is priced by the new prices', async () => {
    const id = DEMO.goods.coke;
    const guest = new GatewayClient(h.url);
    await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: main }]);
    const old = Number(goods(await post(h.url, listBody()), id).SalesPrice);
    await post(h.url, listBody()); // cached with the old price
    const submit = (price: number, n: number) =>
      guest.call(
        'PosSalSheet_NewCYSendSheetSubmit_Add',
        [{
          EntID: DEMO.entId, UserID: DEMO.userId, ShopID: main, BaseID: DEMO.bases.quick, TableID: '', SheetID: '',
          BusinessMode: '1', TakeType: 'pickup', TakeTime: '', Remark: '', Count: 1, Qua: 1, SalesAmo: price, DisAmo: 0, FeeAmo: 0,
          BagAmo: 0, CouponAmo: 0, TotalAmo: price, LocalSheetID: `${Date.now()}${String(n).padStart(6, '0')}`, PosType: '7', PayMode: 'prepay',
        }],
        { Item1: [{ ItemID: 1, GoodsID: id, SkuID: '', PUnit: '', Qua: 1, PQua: 0, MQua: 1, Ref: 1, Price: price, PUnitPrice: 0, SalesPrice: price, Amo: price, DisAmo: 0, SalType: '0', Bom: '[]', Attachments: '[]', Remarks: '' }] },
      );
    const fresh = old + 3;
    // The price changes; the submits go out at once, before this instance has (necessarily) heard the notification.
    await h.db.query('UPDATE goods SET sales_price = $2 WHERE goods_id = $1', [id, fresh]);
    const [atOld, atNew] = await Promise.all([submit(old, 1), submit(fresh, 2)]);
    expect(atOld.errcode).toBe('50010');
    expect(atOld.errmsg).toContain(fresh.toFixed(2));
    expect(atNew.errcode).toBe('0');
    const [sheet] = await h.db.query<{ total_amo: string }>('SELECT total_amo FROM sheet WHERE sheet_id = $1', [atNew.data.table1![0]!.SheetID]);
    expect(Number(sheet!.total_amo)).toBe(fresh);
    const menu = await eventually(() => post(h.url, listBody()), (a) => Number(goods(a, id).SalesPrice) === fresh);
    expect(Number(goods(menu, id).SalesPrice)).toBe(fresh);
  });
});

describe('two instances over one database', () => {
  let second: FastifyInstance;
  let secondDb: Db;
  let secondUrl: string;

  beforeAll(async () => {
    // On PostgreSQL a second pool and listener of its own (as another machine has); on PGlite the same database.
    secondDb = h.config.databaseUrl ? await openDb({ databaseUrl: h.config.databaseUrl, poolSize: 3 }) : h.db;
    second = await buildServer({ db: secondDb, config: h.config, clock: h.clock });
    secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second.close();
    if (secondDb !== h.db) await secondDb.close();
  });

  test('a change made through either instance invalidates both', async () => {
    const id = DEMO.goods.wontonNoodles;
    const soldOut = async (url: string) => goods(await post(url, listBody()), id).SoldOut;
    expect(await soldOut(h.url)).toBe(0);
    expect(await soldOut(secondUrl)).toBe(0);
    expect(await soldOut(h.url)).toBe(0);
    expect(await soldOut(secondUrl)).toBe(0); // both cached now
    expect(menuCacheOf(second)!.stats.hits).toBeGreaterThan(0);

    await staff(secondUrl, `/staff/goods/${id}/sold-out`, { soldOut: true });
    expect(await eventually(() => soldOut(h.url), (v) => v === 1)).toBe(1);
    expect(await eventually(() => soldOut(secondUrl), (v) => v === 1)).toBe(1);

    await staff(h.url, `/staff/goods/${id}/sold-out`, { soldOut: false });
    expect(await eventually(() => soldOut(secondUrl), (v) => v === 0)).toBe(0);
    expect(await eventually(() => soldOut(h.url), (v) => v === 0)).toBe(0);
  });
});

describe('memory', () => {
  test('the cache holds no more than its bound, dropping the least recently used', async () => {
    const cache = menuCacheOf(h.app)!;
    const bound = 64 * 1024;
    const small = await startHarnessLike(bound);
    try {
      const c = menuCacheOf(small.app)!;
      for (let size = 1; size <= 40; size += 1) await post(small.url, listBody({ PageSize: size }));
      expect(c.heldBytes).toBeLessThanOrEqual(bound);
      expect(c.size).toBeGreaterThan(0);
      expect(c.size).toBeLessThan(40);
    } finally {
      await small.close();
    }
    expect(cache.heldBytes).toBeLessThanOrEqual(h.config.menuCacheBytes);
  });
});

describe('a listener that stops hearing', () => {
  /** A database whose notifications can be held back (a dropped listening connection) and whose queries can be refused (busy). */
  function fakeDb() {
    let deliver: ((payload: string) => void) | null = null;
    const state = { hearing: true, busy: false };
    const db = {
      kind: 'pglite' as const,
      async query(_sql: string, params: readonly unknown[] = []) {
        if (state.busy) throw new Error('busy');
        if (state.hearing) setTimeout(() => deliver?.(String(params[1])), 1);
        return [];
      },
      transaction: async () => {
        throw new Error('not used');
      },
      exec: async () => undefined,
      close: async () => undefined,
      async listen(_channel: string, onPayload: (payload: string) => void) {
        deliver = onPayload;
        return async () => {
          deliver = null;
        };
      },
    };
    return { db: db as unknown as Db, state };
  }
  const tick = () => new Promise((r) => setTimeout(r, 120));

  test('is bypassed (every read to the gateway) until its pings come back; a refused ping does not count', async () => {
    const { db, state } = fakeDb();
    const cache = new MenuCache({ db, config: h.config, handlers: {}, clock: () => new Date(), options: { pingMs: 30 } });
    await cache.start();
    try {
      await tick();
      expect(cache.healthy).toBe(true);
      state.busy = true;
      await tick();
      expect(cache.healthy).toBe(true);
      state.busy = false;
      state.hearing = false;
      await tick();
      expect(cache.healthy).toBe(false);
      state.hearing = true;
      await tick();
      expect(cache.healthy).toBe(true);
    } finally {
      await cache.stop();
    }
  });
});

/** A second server over the same database with a small cache bound. */
async function startHarnessLike(maxBytes: number): Promise<{ app: FastifyInstance; url: string; close: () => Promise<void> }> {
  const app = await buildServer({ db: h.db, config: { ...h.config, menuCacheBytes: maxBytes }, clock: h.clock });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, close: () => app.close() };
}

async function fetchRaw(url: string, body: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${GATEWAY_PATH}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

