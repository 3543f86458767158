/**
 * Issue 27 section 4: the owner's numbers through the real HTTP server, on
 * PGlite (and PostgreSQL with DATABASE_URL). A month of orders is seeded
 * straight into the tables (about 200 sheets over 30 days at two outlets in
 * two time zones, paid by balance, online and at the counter, some with a
 * service charge, a cancellation, a refund and voided lines); the expected
 * figures are computed here from the seed in integer minor units, days and
 * hours with Intl in each outlet's zone: never with the service's SQL.
 */
import { parse } from 'csv-parse/sync';
import { DEMO, DEMO_STAFF } from '../../db/seed';
import { startHarness, type Harness } from '../../test/harness';

jest.setTimeout(180_000);

const TOKEN = 'staff-token-for-report-tests';
const SAN_MA_LO = DEMO.bases.dineIn;
const QUICK = DEMO.bases.quick;
const ZONES: Record<string, string> = { [SAN_MA_LO]: 'Asia/Macau', [QUICK]: 'Europe/London' };
const FROM = '2026-10-01';
const TO = '2026-10-30';

let h: Harness;

/** A small deterministic generator (mulberry32): the same month on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'balance' | 'sandbox' | 'counter' | 'closed' | 'refunded' | 'open';
interface Seeded {
  sheetId: string;
  baseId: string;
  at: Date;
  kind: Kind;
  takeType: 'dinein' | 'pickup' | 'delivery';
  lines: { goodsId: string; name: string; qua: number; amo: number; voided: boolean }[];
  dis: number;
  service: number;
  total: number;
}

const seeded: Seeded[] = [];
const minor = (m: number) => (m / 100).toFixed(2);
const localDay = (at: Date, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const localHour = (at: Date, tz: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(at));

async function seedMonth() {
  const goods = await h.db.query<{ goods_id: string; goods_name: string }>(
    `SELECT g.goods_id, g.goods_name FROM goods g JOIN base b ON b.shop_id = g.shop_id WHERE b.base_id = $1 ORDER BY g.goods_id LIMIT 6`,
    [SAN_MA_LO],
  );
  expect(goods.length).toBeGreaterThanOrEqual(3);
  const shops = Object.fromEntries(
    (await h.db.query<{ base_id: string; shop_id: string }>('SELECT base_id, shop_id FROM base WHERE base_id = ANY ($1::text[])', [[SAN_MA_LO, QUICK]])).map((r) => [r.base_id, r.shop_id]),
  );
  const random = rng(27);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  // From a day before the range to a day after it (UTC), so each zone's day boundaries matter.
  const start = Date.parse('2026-09-30T00:00:00Z');
  for (let n = 0; n < 210; n += 1) {
    const baseId = n % 3 === 0 ? QUICK : SAN_MA_LO;
    const drawn = start + Math.floor(random() * 32 * 86_400_000);
    // The cancellations and the voids inside the range (the 6th to the 15th, 03:00 UTC).
    const at = new Date([17, 23, 42, 61].includes(n) ? start + (6 + (n % 10)) * 86_400_000 + 3 * 3_600_000 : drawn);
    const kinds: Kind[] = ['balance', 'sandbox', 'sandbox', 'counter', 'balance', 'sandbox'];
    const kind: Kind = n === 17 ? 'closed' : n === 42 ? 'refunded' : n === 99 ? 'open' : pick(kinds);
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const g = pick(goods);
      const qua = 1 + Math.floor(random() * 3);
      return { goodsId: g.goods_id, name: g.goods_name, qua, amo: qua * (1000 + Math.floor(random() * 9000)), voided: false };
    });
    // Two voided lines (a void takes the line out of the total).
    if (n === 23 || n === 61) lines.push({ ...lines[0]!, amo: 4150, qua: 1, voided: true });
    const items = lines.filter((l) => !l.voided).reduce((a, l) => a + l.amo, 0);
    const dis = n % 7 === 0 ? 500 : 0;
    const service = baseId === SAN_MA_LO && n % 4 === 1 ? Math.round((items - dis) / 10) : 0;
    seeded.push({
      sheetId: `RPT${String(n).padStart(6, '0')}`,
      baseId,
      at,
      kind,
      takeType: baseId === QUICK ? (n % 2 ? 'pickup' : 'delivery') : 'dinein',
      lines,
      dis,
      service,
      total: items - dis + service,
    });
  }
  await h.db.transaction(async (tx) => {
    for (const s of seeded) {
      const status = { balance: 1, sandbox: 1, counter: 3, closed: 2, refunded: 1, open: 0 }[s.kind];
      const payStatus = { balance: 2, sandbox: 2, counter: 0, closed: 0, refunded: 3, open: 0 }[s.kind];
      await tx.query(
        `INSERT INTO sheet (sheet_id, ent_id, shop_id, base_id, pos_type, take_type, pay_mode, status, pay_status, sales_amo, dis_amo, service_amo, total_amo, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'prepay', $7, $8, $9, $10, $11, $12, $13, $13)`,
        [s.sheetId, DEMO.entId, shops[s.baseId], s.baseId, s.takeType === 'dinein' ? 2 : 7, s.takeType, status, payStatus, minor(s.total - s.service + s.dis), minor(s.dis), minor(s.service), minor(s.total), s.at],
      );
      for (const [i, l] of s.lines.entries()) {
        await tx.query(
          `INSERT INTO sheet_item (sheet_id, item_id, goods_id, goods_name, qua, mqua, price, sales_price, amo, voided_at, void_reason)
           VALUES ($1, $2, $3, $4, $5, $5, $6, $6, $6, $7, $8)`,
          [s.sheetId, i + 1, l.goodsId, l.name, l.qua, minor(l.amo), l.voided ? s.at : null, l.voided ? 'wrong dish' : ''],
        );
      }
      if (s.kind === 'balance' || s.kind === 'sandbox' || s.kind === 'refunded') {
        await tx.query(
          `INSERT INTO payment (pay_id, sheet_id, pay_type, amount, status, created_at, paid_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
          [`PAY${s.sheetId}`, s.sheetId, s.kind === 'refunded' ? 'sandbox' : s.kind, minor(s.total), s.kind === 'refunded' ? 'refunded' : 'paid', s.at],
        );
      }
      // An attempt that failed before the one that paid: not a second payment.
      if (s.kind === 'balance' && s.sheetId.endsWith('5')) {
        await tx.query(
          `INSERT INTO payment (pay_id, sheet_id, pay_type, amount, status, created_at, updated_at) VALUES ($1, $2, 'sandbox', $3, 'failed', $4, $4)`,
          [`FAIL${s.sheetId}`, s.sheetId, minor(s.total), s.at],
        );
      }
    }
    await tx.query('UPDATE base SET time_zone = $2 WHERE base_id = $1', [QUICK, ZONES[QUICK]]);
    await tx.query('UPDATE base SET time_zone = $2 WHERE base_id = $1', [SAN_MA_LO, ZONES[SAN_MA_LO]]);
    // Top-ups: two paid in the range, one before it, one pending.
    const [vip] = await tx.query<{ vip_id: string }>(`SELECT vip_id FROM vip WHERE ent_id = $1 AND NOT is_guest ORDER BY vip_id LIMIT 1`, [DEMO.entId]);
    const topUps: [string, string, string, string][] = [
      ['300.0000', '30.0000', 'paid', '2026-10-03T04:00:00Z'],
      ['500.0000', '80.0000', 'paid', '2026-10-20T10:00:00Z'],
      ['100.0000', '0', 'paid', '2026-09-30T15:59:00Z'],
      ['200.0000', '0', 'pending', '2026-10-05T10:00:00Z'],
    ];
    for (const [i, [amount, gift, status, at]] of topUps.entries()) {
      await tx.query(
        `INSERT INTO vip_recharge (recharge_id, vip_id, ent_id, amount, gift, pay_id, status, created_at, paid_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8)`,
        [`RCHT${i}`, vip!.vip_id, DEMO.entId, amount, gift, `RCHPAY${i}`, status, at, status === 'paid' ? at : null],
      );
    }
  });
}

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, trustProxy: true, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  await seedMonth();
});
afterAll(() => h?.close());

async function get(path: string, auth: { cookie?: string; token?: string } = { token: TOKEN }, lang = 'en') {
  const res = await fetch(`${h.url}${path}`, {
    headers: {
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      'accept-language': lang,
    },
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

let ipSeq = 40;
async function signIn(login: string): Promise<string> {
  const staff = DEMO_STAFF.find((s) => s.login === login)!;
  const res = await fetch(`${h.url}/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(ipSeq += 1)}` },
    body: JSON.stringify({ login, password: staff.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const url = (baseId: string, extra = '') => `/staff/reports/sales?baseId=${baseId}&from=${FROM}&to=${TO}${extra}`;

/** The figures of one outlet, from the seed. */
function expected(baseId: string) {
  const tz = ZONES[baseId]!;
  const inRange = seeded.filter((s) => s.baseId === baseId && localDay(s.at, tz) >= FROM && localDay(s.at, tz) <= TO);
  const sales = inRange.filter((s) => s.kind === 'balance' || s.kind === 'sandbox' || s.kind === 'counter');
  const sum = (xs: Seeded[], f: (s: Seeded) => number) => xs.reduce((a, s) => a + f(s), 0);
  const byDay = new Map<string, { orders: number; sales: number; service: number }>();
  const byHour = new Map<number, { orders: number; sales: number }>();
  const byGoods = new Map<string, { qua: number; amount: number }>();
  for (const s of sales) {
    const d = byDay.get(localDay(s.at, tz)) ?? { orders: 0, sales: 0, service: 0 };
    byDay.set(localDay(s.at, tz), { orders: d.orders + 1, sales: d.sales + s.total, service: d.service + s.service });
    const hr = byHour.get(localHour(s.at, tz)) ?? { orders: 0, sales: 0 };
    byHour.set(localHour(s.at, tz), { orders: hr.orders + 1, sales: hr.sales + s.total });
    for (const l of s.lines.filter((x) => !x.voided)) {
      const g = byGoods.get(l.goodsId) ?? { qua: 0, amount: 0 };
      byGoods.set(l.goodsId, { qua: g.qua + l.qua, amount: g.amount + l.amo });
    }
  }
  const voided = inRange.flatMap((s) => s.lines.filter((l) => l.voided));
  const cancelled = inRange.filter((s) => s.kind === 'closed' || s.kind === 'refunded');
  return {
    inRange,
    orders: sales.length,
    sales: sum(sales, (s) => s.total),
    service: sum(sales, (s) => s.service),
    discount: sum(sales, (s) => s.dis),
    byDay,
    byHour,
    byGoods,
    cancelled: { orders: cancelled.length, amount: sum(cancelled, (s) => s.total) },
    voids: { lines: voided.length, amount: voided.reduce((a, l) => a + l.amo, 0) },
    byMethod: (m: Kind) => sales.filter((s) => s.kind === m),
    byTake: (t: string) => sales.filter((s) => s.takeType === t),
  };
}

type Report = {
  totals: Record<string, unknown> & { orders: number; sales: string; service: string; discount: string; averageTicket: string };
  byDay: { day: string; orders: number; sales: string; service: string }[];
  byHour: { hour: number; orders: number; sales: string }[];
  byOutlet: { baseId: string; orders: number; sales: string; service: string }[];
  byGoods: { goodsId: string; qua: string; amount: string }[];
  byTakeType: { takeType: string; orders: number; sales: string }[];
  byPayment: { method: string; orders: number; sales: string }[];
  timeZone: string;
};

describe('a seeded month of orders', () => {
  test('the seed is what the issue asks for: ~200 sheets, two outlets and zones, several methods, a cancellation, a void, service charges', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(200);
    expect(new Set(seeded.map((s) => s.kind))).toEqual(new Set(['balance', 'sandbox', 'counter', 'closed', 'refunded', 'open']));
    expect(seeded.filter((s) => s.service > 0).length).toBeGreaterThan(10);
    expect(seeded.some((s) => s.lines.some((l) => l.voided))).toBe(true);
  });

  test.each([
    ['San Ma Lo (Asia/Macau)', SAN_MA_LO],
    ['the quick outlet (Europe/London)', QUICK],
  ])('the figures of %s equal the sum of its orders', async (_name, baseId) => {
    const res = await get(url(baseId));
    expect(res.status).toBe(200);
    const r = JSON.parse(res.text) as Report;
    const e = expected(baseId);
    expect(e.orders).toBeGreaterThan(50);
    expect(e.service).toBeGreaterThan(baseId === SAN_MA_LO ? 0 : -1);
    expect([e.voids.lines, e.cancelled.orders]).toEqual(baseId === SAN_MA_LO ? [2, 1] : [0, 1]);
    expect(r.timeZone).toBe(ZONES[baseId]);
    expect(r.totals.orders).toBe(e.orders);
    expect(r.totals.sales).toBe(minor(e.sales));
    expect(r.totals.service).toBe(minor(e.service));
    expect(r.totals.discount).toBe(minor(e.discount));
    expect(r.totals.averageTicket).toBe(minor(Math.round(e.sales / e.orders)));
    expect(r.totals.cancelled).toEqual({ orders: e.cancelled.orders, amount: minor(e.cancelled.amount) });
    expect(r.totals.voids).toEqual({ lines: e.voids.lines, amount: minor(e.voids.amount) });

    // Every day of the range, in the outlet's zone (days without sales at zero).
    expect(r.byDay).toHaveLength(30);
    for (const d of r.byDay) {
      const x = e.byDay.get(d.day) ?? { orders: 0, sales: 0, service: 0 };
      expect([d.day, d.orders, d.sales, d.service]).toEqual([d.day, x.orders, minor(x.sales), minor(x.service)]);
    }
    expect(r.byHour).toHaveLength(24);
    for (const hr of r.byHour) {
      const x = e.byHour.get(hr.hour) ?? { orders: 0, sales: 0 };
      expect([hr.hour, hr.orders, hr.sales]).toEqual([hr.hour, x.orders, minor(x.sales)]);
    }
    expect(r.byGoods.map((g) => [g.goodsId, g.qua, g.amount]).sort()).toEqual(
      [...e.byGoods.entries()].map(([id, g]) => [id, String(g.qua), minor(g.amount)]).sort(),
    );
    for (const m of ['balance', 'sandbox', 'counter'] as const) {
      const xs = e.byMethod(m);
      expect(r.byPayment.find((p) => p.method === m)).toEqual({ method: m, orders: xs.length, sales: minor(xs.reduce((a, s) => a + s.total, 0)) });
    }
    for (const t of ['dinein', 'pickup', 'delivery']) {
      const xs = e.byTake(t);
      expect(r.byTakeType.find((p) => p.takeType === t)).toEqual({ takeType: t, orders: xs.length, sales: minor(xs.reduce((a, s) => a + s.total, 0)) });
    }
    // The outlets side by side, each in its own zone.
    for (const other of [SAN_MA_LO, QUICK]) {
      const x = expected(other);
      expect(r.byOutlet.find((o) => o.baseId === other)).toMatchObject({ orders: x.orders, sales: minor(x.sales), service: minor(x.service) });
    }
    // Top-ups: the two paid in the range (Macau days: 2026-09-30T15:59Z is 23:59 on the 30th, before it).
    if (baseId === SAN_MA_LO) expect(r.totals.topUps).toEqual({ count: 2, amount: '800.00', gift: '110.00' });
    const balances = await h.db.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE ent_id = $1', [DEMO.entId]);
    expect(r.totals.balanceOwed).toBe(minor(balances.reduce((a, v) => a + Math.round(Number(v.balance) * 100), 0)));
  });

  test('a day of the range counts in the outlet zone: one day at San Ma Lo', async () => {
    const day = '2026-10-12';
    const res = await get(`/staff/reports/sales?baseId=${SAN_MA_LO}&from=${day}&to=${day}`);
    const r = JSON.parse(res.text) as Report;
    const sales = seeded.filter((s) => s.baseId === SAN_MA_LO && localDay(s.at, 'Asia/Macau') === day && ['balance', 'sandbox', 'counter'].includes(s.kind));
    expect(r.byDay).toEqual([{ day, orders: sales.length, sales: minor(sales.reduce((a, s) => a + s.total, 0)), service: minor(sales.reduce((a, s) => a + s.service, 0)) }]);
  });

  test('the CSV export holds the same figures as the JSON', async () => {
    const json = JSON.parse((await get(url(SAN_MA_LO))).text) as Report;
    const res = await get(url(SAN_MA_LO, '&format=csv'));
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    const rows = parse(res.text, { columns: true, bom: true }) as Record<string, string>[];
    const of = (section: string, key: string) => rows.find((r) => r.section === section && r.key === key)!;
    expect(of('total', 'sales')).toMatchObject({ orders: String(json.totals.orders), amount: json.totals.sales, service: json.totals.service });
    expect(of('total', 'averageTicket').amount).toBe(json.totals.averageTicket);
    expect(rows.filter((r) => r.section === 'day').map((r) => [r.key, Number(r.orders), r.amount, r.service])).toEqual(json.byDay.map((d) => [d.day, d.orders, d.sales, d.service]));
    expect(rows.filter((r) => r.section === 'hour').map((r) => [Number(r.key), Number(r.orders), r.amount])).toEqual(json.byHour.map((d) => [d.hour, d.orders, d.sales]));
    expect(rows.filter((r) => r.section === 'goods').map((r) => [r.key, r.quantity, r.amount])).toEqual(json.byGoods.map((g) => [g.goodsId, g.qua, g.amount]));
    expect(rows.filter((r) => r.section === 'payment').map((r) => [r.key, Number(r.orders), r.amount])).toEqual(json.byPayment.map((g) => [g.method, g.orders, g.sales]));
    expect(rows.filter((r) => r.section === 'outlet').map((r) => [r.key, Number(r.orders), r.amount])).toEqual(json.byOutlet.map((g) => [g.baseId, g.orders, g.sales]));
    expect(of('total', 'voids')).toMatchObject({ orders: String((json.totals.voids as { lines: number }).lines) });
  });
});

describe('who may read the numbers', () => {
  test('kitchen and cashier get 403; nobody gets 401', async () => {
    for (const login of ['kitchen', 'cashier']) {
      const res = await get(url(SAN_MA_LO), { cookie: await signIn(login) });
      expect([login, res.status]).toEqual([login, 403]);
    }
    expect((await get(url(SAN_MA_LO), {})).status).toBe(401);
  });

  test("a manager reads their outlet's report, not another's (403), and its outlets list only theirs", async () => {
    const cookie = await signIn('manager');
    const mine = await get(url(SAN_MA_LO), { cookie });
    expect(mine.status).toBe(200);
    expect((JSON.parse(mine.text) as Report).byOutlet.map((o) => o.baseId)).toEqual([SAN_MA_LO]);
    expect((await get(url(QUICK), { cookie })).status).toBe(403);
    expect((await get(url(QUICK, '&format=csv'), { cookie })).status).toBe(403);
  });

  test('the owner reads every outlet', async () => {
    const cookie = await signIn('owner');
    const res = await get(url(QUICK), { cookie });
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as Report).byOutlet.map((o) => o.baseId)).toEqual(expect.arrayContaining([SAN_MA_LO, QUICK]));
  });

  test('ranges that make no sense are refused (400), in the caller language for a missing outlet (404)', async () => {
    expect((await get(`/staff/reports/sales?baseId=${SAN_MA_LO}&from=2026-10-10&to=2026-10-01`)).status).toBe(400);
    expect((await get(`/staff/reports/sales?baseId=${SAN_MA_LO}&from=2026-02-30&to=2026-03-01`)).status).toBe(400);
    expect((await get(`/staff/reports/sales?baseId=${SAN_MA_LO}&from=2024-01-01&to=2026-03-01`)).status).toBe(400);
    const missing = await get(`/staff/reports/sales?baseId=nope&from=${FROM}&to=${TO}`, { token: TOKEN }, 'zh-TW');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ error: '門店不存在' });
  });
});
