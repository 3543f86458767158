/**
 * The database's fixed-window counters (rateLimit.ts) and the gateway's use
 * of them for order submits and payment operations, through the real server.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/protocol/envelope';
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { guestClient, line, pickupHeader, submit } from '../test/orders';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { hit, windowStart, WINDOW_MS } from './rateLimit';

jest.setTimeout(60_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ rateLimits: { memberPerMinute: 3, ipPerMinute: 5 } });
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

describe('hit', () => {
  test('counts per key in fixed windows', async () => {
    const now = new Date('2030-01-01T10:00:30Z');
    const limit = [{ key: 'test:a', max: 3 }];
    const verdicts = [];
    for (let i = 0; i < 5; i += 1) verdicts.push((await hit(h.db, limit, now)).allowed);
    expect(verdicts).toEqual([true, true, true, false, false]);
    const refused = await hit(h.db, limit, now);
    expect(refused).toEqual({ allowed: false, key: 'test:a', resetAt: new Date('2030-01-01T10:01:00Z'), counts: { 'test:a': 6 } });
    // Another key has its own count; the next window starts again at 1.
    expect((await hit(h.db, [{ key: 'test:b', max: 1 }], now)).allowed).toBe(true);
    expect((await hit(h.db, limit, new Date(now.getTime() + WINDOW_MS))).allowed).toBe(true);
    expect(windowStart(now)).toEqual(new Date('2030-01-01T10:00:00Z'));
    // Several keys in one call: refused when any is over.
    expect((await hit(h.db, [{ key: 'test:c', max: 10 }, { key: 'test:b', max: 1 }], now)).key).toBe('test:b');
  });

  test('concurrent hits lose no count', async () => {
    const now = new Date('2030-01-01T11:00:00Z');
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => hit(h.db, [{ key: 'test:race', max: 20 }], now)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    const [row] = await h.db.query<{ count: number }>(`SELECT count FROM rate_limit WHERE key = 'test:race'`);
    expect(Number(row!.count)).toBe(30);
  });
});

describe('the gateway', () => {
  const tooMany = 'Too many requests. Please wait a moment and try again.';

  test('order submits: per member, then per client IP, then a new minute; a failed attempt counts, one refused by a limit does not', async () => {
    h.setNow(new Date('2030-02-01T04:00:05Z'));
    const alice = await guestClient(h);
    const bob = await guestClient(h);
    const order = (client: typeof alice, total: number) => submit(client, pickupHeader({ TotalAmo: total }), [line(DEMO.goods.bbqPorkRice, 48)]);
    // A tampered total is refused, and counts.
    expect((await order(alice, 1)).errcode).toBe(ErrorCode.mismatch);
    expect((await order(alice, 49)).errcode).toBe('0');
    expect((await order(alice, 49)).errcode).toBe('0');
    const limited = await order(alice, 49);
    expect([limited.errcode, limited.errmsg]).toEqual([ErrorCode.rateLimited, tooMany]);
    // Bob is another member: his first two are the IP's 4th and 5th (alice's refused one wrote
    // nothing, not even a count), his third is over it.
    expect((await order(bob, 49)).errcode).toBe('0');
    expect((await order(bob, 49)).errcode).toBe('0');
    expect((await order(bob, 49)).errcode).toBe(ErrorCode.rateLimited);
    // Reads are not limited; payments have their own counters.
    expect((await bob.call('FreightRule_FreightRuleGet_Get', [{ BaseID: DEMO.bases.quick }])).errcode).toBe('0');
    const settle = await bob.call('PosSalSheet_CYSettleSheetSubmit_V2_Add', [{ SheetID: 'nope', TotalAmo: 1 }]);
    expect([settle.errcode, settle.errmsg]).toEqual(['50000', 'The order does not exist']);
    // A new minute.
    h.setNow(new Date('2030-02-01T04:01:00Z'));
    expect((await order(alice, 49)).errcode).toBe('0');
  });

  test('the message is in the caller\'s language', async () => {
    h.setNow(new Date('2030-02-01T05:00:00Z'));
    const zh = await guestClient(h, 'zh-CN');
    for (let i = 0; i < 3; i += 1) await submit(zh, pickupHeader({ TotalAmo: 1 }), [line(DEMO.goods.bbqPorkRice, 48)]);
    const res = await submit(zh, pickupHeader({ TotalAmo: 1 }), [line(DEMO.goods.bbqPorkRice, 48)]);
    expect([res.errcode, res.errmsg]).toEqual([ErrorCode.rateLimited, '请求过于频繁，请稍后再试。']);
  });

  test('a submit refused by a limit writes nothing: no order, no round, no count', async () => {
    h.setNow(new Date('2030-02-01T06:00:00Z'));
    const carol = await guestClient(h);
    const order = () => submit(carol, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
    for (let i = 0; i < 3; i += 1) expect((await order()).errcode).toBe('0');
    const state = async () => ({
      sheets: Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sheet WHERE vip_id = $1', [carol.vipId]))[0]!.n),
      rounds: Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sheet_round WHERE vip_id = $1', [carol.vipId]))[0]!.n),
      events: Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM event_outbox WHERE $1 = ANY (vip_ids)', [carol.vipId]))[0]!.n),
      counts: await h.db.query('SELECT key, count FROM rate_limit WHERE key LIKE $1 OR key LIKE $2 ORDER BY key', [`%${carol.vipId}`, 'order:ip:%']),
    });
    const before = await state();
    expect(before.sheets).toBe(3);
    const refused = await order();
    expect(refused.errcode).toBe(ErrorCode.rateLimited);
    expect(await state()).toEqual(before);
  });

  test('two service instances on one database count against the same limits', async () => {
    h.setNow(new Date('2030-02-01T07:00:00Z'));
    // A second instance: its own server and (on PostgreSQL) its own connection pool to the same database.
    const db2: Db = h.db.kind === 'postgres' ? await openDb({ databaseUrl: h.config.databaseUrl, poolSize: 2 }) : h.db;
    const app2: FastifyInstance = await buildServer({ db: db2, config: h.config, clock: h.clock });
    const url2 = await app2.listen({ host: '127.0.0.1', port: 0 });
    try {
      const dave = await guestClient(h);
      const daveThere = new GatewayClient(url2);
      daveThere.cookie = dave.cookie;
      const order = (c: GatewayClient) => submit(c, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
      // The member limit (3 a minute): two here, one there, then refused on either.
      const answers = [await order(dave), await order(daveThere), await order(dave), await order(daveThere), await order(dave)];
      expect(answers.map((a) => a.errcode)).toEqual(['0', '0', '0', ErrorCode.rateLimited, ErrorCode.rateLimited]);
      // The IP limit (5 a minute) too: 3 counted, two more by another member there, then refused here.
      const erin = await guestClient(h);
      const erinThere = new GatewayClient(url2);
      erinThere.cookie = erin.cookie;
      expect([(await order(erinThere)).errcode, (await order(erinThere)).errcode, (await order(erin)).errcode]).toEqual([
        '0',
        '0',
        ErrorCode.rateLimited,
      ]);
    } finally {
      await app2.close();
      if (db2 !== h.db) await db2.close();
    }
  });
});
