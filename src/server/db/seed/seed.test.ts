/**
 * The demo data loads once into a fresh PGlite database and keeps its
 * invariants: counts, menu coverage, consistent prices, member histories that
 * add up, coupons whose status matches their dates.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from '../driver';
import { migrate } from '../migrate';
import { DEMO, demoCodes, demoTables, listTableLinks, seedDemo } from '.';

jest.setTimeout(60_000);

const NOW = new Date('2026-03-15T04:00:00Z'); // 12:00 in Macau
const DAY = 86_400_000;
let db: Db;

const count = async (sql: string, params: unknown[] = []): Promise<number> => {
  const [row] = await db.query<{ n: string }>(sql, params);
  return Number(row!.n);
};
const rows = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.query<T>(sql, params);

beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
});

const EXPECTED_COUNTS: Record<string, number> = {
  enterprise: 2,
  ent_parm: 2,
  shop: 5,
  base: 7,
  base_parm: 14,
  dining_table: 32,
  freight_rule: 1,
  shop_account: 3,
  goods_class: 14,
  goods: 73,
  goods_sku: 22,
  goods_punit: 4,
  goods_bom_class: 11,
  goods_bom_item: 41,
  goods_charging: 6,
  goods_charging_link: 31,
  promote_plan: 1,
  promote_goods: 3,
  vip: 2,
  vip_open_id: 4,
  vip_account_item: 9,
  vip_score_item: 6,
  vip_address: 3,
  recharge_rule: 4,
  card_plan: 5, // three in demo.ts, two claimable ones with stock and limits in wallet.ts
  vip_card: 7,
  sheet: 4,
  sheet_item: 6,
  sms_area: 7,
  region: 42,
  service_link: 3,
};

describe('seedDemo', () => {
  it('loads once, then leaves a non-empty database alone', async () => {
    expect(await seedDemo(db, NOW)).toBe(true);
    expect(await seedDemo(db, NOW)).toBe(false);
    for (const [table, expected] of Object.entries(EXPECTED_COUNTS)) {
      expect([table, await count(`SELECT count(*) AS n FROM ${table}`)]).toEqual([table, expected]);
    }
    // Every table the seed writes is counted above.
    expect(demoTables(NOW).map(([t]) => t).sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
  });

  it('has the default guest entity and the demo enterprise with its parameters', async () => {
    const ents = await rows('SELECT * FROM enterprise ORDER BY ent_id');
    expect(ents).toEqual([
      expect.objectContaining({ ent_id: '881000000009', user_id: '888000000009', user_name: 'walk-in guest' }),
      expect.objectContaining({
        ent_id: DEMO.entId,
        ent_name: '澳门港湾厨房集团',
        ent_name_tw: '澳門港灣廚房集團',
        ent_name_en: 'Macau Harbour Kitchen Group',
        user_id: '888000000101',
        currency: 'MOP',
        currency_symbol: 'MOP$',
        time_zone: 'Asia/Macau',
        oss_domain: '/oss/',
        amo_point: 2,
        discount_point: 0,
        pqua_point: 0,
        price_point: 2,
        qua_point: 0,
      }),
    ]);
    expect(await rows('SELECT parm_id, parm_value FROM ent_parm WHERE ent_id = $1 ORDER BY parm_id', [DEMO.entId])).toEqual([
      { parm_id: 'AppLanguage', parm_value: 'LANGUAGE_ZH_TD' },
      { parm_id: 'CYSheetGoodsQuaEdit', parm_value: '1' },
    ]);
  });

  it('has a business district with three external shops, all named in three languages', async () => {
    expect(await rows('SELECT pos_type FROM shop WHERE shop_id = $1', [DEMO.shops.main])).toEqual([{ pos_type: 0 }]);
    expect(await rows('SELECT pos_type FROM shop WHERE shop_id = $1', [DEMO.shops.district])).toEqual([{ pos_type: 5 }]);
    const children = await rows<{ pos_type: number }>('SELECT pos_type FROM shop WHERE parent_shop_id = $1 ORDER BY sort', [DEMO.shops.district]);
    expect(children.map((c) => c.pos_type)).toEqual([2, 7, 2]);
    expect(await count(`SELECT count(*) AS n FROM shop WHERE shop_name = '' OR shop_name_tw = '' OR shop_name_en = ''`)).toBe(0);
    // Each external shop has one prepay quick-service outlet with two tables and a small menu.
    const external = await rows<{ bases: string; tables: string; goods: string; pay_mode: string; cy_type: string }>(
      `SELECT count(DISTINCT b.base_id) AS bases, min(b.pay_mode) AS pay_mode, min(b.cy_type) AS cy_type,
              (SELECT count(*) FROM dining_table t JOIN base x ON x.base_id = t.base_id WHERE x.shop_id = s.shop_id) AS tables,
              (SELECT count(*) FROM goods g WHERE g.shop_id = s.shop_id) AS goods
         FROM shop s JOIN base b ON b.shop_id = s.shop_id WHERE s.parent_shop_id = $1 GROUP BY s.shop_id`,
      [DEMO.shops.district],
    );
    expect(external).toHaveLength(3);
    for (const e of external) {
      expect(e).toMatchObject({ bases: '1', tables: '2', pay_mode: 'prepay', cy_type: '1' });
      expect(Number(e.goods)).toBeGreaterThanOrEqual(3);
      expect(Number(e.goods)).toBeLessThanOrEqual(5);
    }
  });

  it('links the main shop to the payment methods, and none of the district shops', async () => {
    expect(await rows('SELECT base_id, pay_type, enabled FROM shop_account WHERE shop_id = $1 ORDER BY sort', [DEMO.shops.main])).toEqual([
      { base_id: '', pay_type: 'balance', enabled: true },
      { base_id: '', pay_type: 'sandbox', enabled: true },
      { base_id: '', pay_type: 'paylater', enabled: true },
    ]);
    expect(await count('SELECT count(*) AS n FROM shop_account a JOIN shop s ON s.shop_id = a.shop_id WHERE s.parent_shop_id = $1 OR s.shop_id = $1', [DEMO.shops.district])).toBe(0);
  });

  it('has outlets with consistent opening hours, tables and freight', async () => {
    const bases = await rows<Record<string, unknown>>(
      `SELECT b.*, (SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND parm_id = 'OpeningHours') AS hours,
              (SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND parm_id = 'IsPayLaterOnlineCheckout') AS pay_later,
              (SELECT count(*) FROM dining_table t WHERE t.base_id = b.base_id) AS tables
         FROM base b`,
    );
    const byId = new Map(bases.map((b) => [b.base_id as string, b]));
    for (const b of bases) {
      expect(b.base_name && b.base_name_tw && b.base_name_en).toBeTruthy();
      expect(b.gps_lat as number).toBeGreaterThan(22.1);
      expect(b.gps_lat as number).toBeLessThan(22.22);
      expect(b.gps_lng as number).toBeGreaterThan(113.52);
      expect(b.gps_lng as number).toBeLessThan(113.6);
      const hours = JSON.parse(b.hours as string) as { times: { begin: string; end: string }[]; weekDays: number[]; dateRanges: { begin: string; end: string }[] };
      expect(Object.keys(hours).sort()).toEqual(['dateRanges', 'times', 'weekDays']);
      for (const t of hours.times) expect(t.begin + t.end).toMatch(/^\d\d:\d\d\d\d:\d\d$/);
      for (const r of hours.dateRanges) expect(r.begin + ' ' + r.end).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \d{4}-\d\d-\d\d \d\d:\d\d$/);
      expect([b.begin_time, b.end_time]).toEqual([hours.times[0]?.begin ?? '', hours.times[0]?.end ?? '']);
    }
    expect(byId.get(DEMO.bases.dineIn)).toMatchObject({ cy_type: '0', business_mode: 2, pay_mode: 'postpay', web_order_duration: 120, pay_later: '1', tables: '14' });
    expect(byId.get(DEMO.bases.lateNight)).toMatchObject({ pay_mode: 'postpay', pay_later: '0', tables: '6', begin_time: '18:00', end_time: '02:00' });
    expect(byId.get(DEMO.bases.quick)).toMatchObject({ cy_type: '1', business_mode: 0, pay_mode: 'prepay', tables: '4', begin_time: '00:00', end_time: '23:59' });
    expect(byId.get(DEMO.bases.closed)).toMatchObject({ tables: '2' });
    // The closed outlet is open only within a date range that ended before now.
    const closed = JSON.parse(byId.get(DEMO.bases.closed)!.hours as string) as { dateRanges: { end: string }[] };
    expect(closed.dateRanges).toHaveLength(1);
    expect(new Date(`${closed.dateRanges[0]!.end.replace(' ', 'T')}:00+08:00`).getTime()).toBeLessThan(NOW.getTime());

    // Table codes are random (issue 16): an outlet prefix and 80 bits of base32.
    const qrs = await rows<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE base_id = $1 ORDER BY sort LIMIT 2', [DEMO.bases.dineIn]);
    for (const { qr_code } of qrs) expect(qr_code).toMatch(/^HBK-[a-z2-7]{16}$/);
    const codes = await demoCodes(db);
    expect(await rows('SELECT base_id, fee, min_amount, range_km, free_above FROM freight_rule')).toEqual([
      { base_id: DEMO.bases.quick, fee: '8.0000', min_amount: '50.0000', range_km: '5.0000', free_above: '200.0000' },
    ]);
    // The exported QR codes and table ids are real and belong to the outlets they are named after.
    for (const [key, qr] of Object.entries(codes.qrCodes)) {
      const [t] = await rows<{ base_id: string }>('SELECT base_id FROM dining_table WHERE qr_code = $1', [qr]);
      expect([key, t?.base_id]).toEqual([key, DEMO.bases[key.replace(/\d+$/, '') as keyof typeof DEMO.bases]]);
    }
    for (const id of Object.values(DEMO.tables)) expect(await count('SELECT count(*) AS n FROM dining_table WHERE table_id = $1', [id])).toBe(1);
  });

  it('has the main menu: 60 goods in 8 classes, every goods type, names, codes and pictures', async () => {
    const main = DEMO.shops.main;
    expect(await count('SELECT count(*) AS n FROM goods_class WHERE shop_id = $1', [main])).toBe(8);
    expect(await count('SELECT count(*) AS n FROM goods WHERE shop_id = $1', [main])).toBe(60);
    const types = await rows<{ goods_type: number }>('SELECT DISTINCT goods_type FROM goods WHERE shop_id = $1 ORDER BY 1', [main]);
    expect(types.map((t) => t.goods_type)).toEqual([0, 3, 5, 6, 7, 9]);
    expect(await count(`SELECT count(*) AS n FROM goods_class WHERE class_name = '' OR class_name_tw = '' OR class_name_en = ''`)).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM goods WHERE goods_name = '' OR goods_name_tw = '' OR goods_name_en = '' OR unit = ''
                     OR remarks = '' OR remarks_tw = '' OR remarks_en = '' OR goods_code = ''`),
    ).toBe(0);
    // Every goods class belongs to the goods' shop.
    expect(await count('SELECT count(*) AS n FROM goods g JOIN goods_class c ON c.class_id = g.class_id WHERE c.shop_id <> g.shop_id')).toBe(0);
    expect(await rows('SELECT goods_code, goods_type, price FROM goods WHERE goods_id = $1', [DEMO.goods.bag])).toEqual([
      { goods_code: 'BAG', goods_type: 9, price: '1.0000' },
    ]);
    expect(await rows('SELECT goods_type, unit FROM goods WHERE goods_id = $1', [DEMO.goods.roastGooseByCatty])).toEqual([{ goods_type: 7, unit: '斤' }]);
    expect(await count('SELECT count(*) AS n FROM goods WHERE goods_type = 6')).toBe(1);
    // Pictures: relative to the OSS domain, one file each.
    const pics = await rows<{ pic: string }>('SELECT pic FROM goods');
    const publicOss = join(__dirname, '..', '..', '..', '..', 'public', 'oss');
    for (const { pic } of pics) {
      expect(pic).toMatch(/^goods\/g\d{4}\.svg$/);
      expect([pic, existsSync(join(publicOss, pic))]).toEqual([pic, true]);
    }
    expect(new Set(pics.map((p) => p.pic)).size).toBe(pics.length);
    const home = await count('SELECT count(*) AS n FROM goods WHERE is_home AND shop_id = $1', [main]);
    expect(home).toBeGreaterThanOrEqual(6);
    expect(home).toBeLessThanOrEqual(10);
    expect(await count('SELECT count(*) AS n FROM goods WHERE bag_count > 0 AND shop_id = $1', [main])).toBeGreaterThanOrEqual(3);
  });

  it('never sells above the list price', async () => {
    for (const table of ['goods', 'goods_sku', 'goods_punit', 'goods_charging']) {
      expect([table, await count(`SELECT count(*) AS n FROM ${table} WHERE sales_price > price OR sales_price < 0`)]).toEqual([table, 0]);
    }
    // Promotions are cheaper than the goods (or sku) they discount.
    expect(
      await count(`SELECT count(*) AS n FROM promote_goods p JOIN goods g ON g.goods_id = p.goods_id
                    LEFT JOIN goods_sku s ON s.sku_id = p.sku_id
                   WHERE p.promote_price >= COALESCE(s.sales_price, g.sales_price) OR (p.sku_id <> '' AND s.goods_id IS DISTINCT FROM p.goods_id)`),
    ).toBe(0);
  });

  it('has skus of both kinds, consistent with the goods attributes', async () => {
    const goods = await rows<{ goods_id: string; sku_type: number; sku_attributes: string; sku_attribute_values: string; price: string; sales_price: string }>(
      'SELECT goods_id, sku_type, sku_attributes, sku_attribute_values, price, sales_price FROM goods',
    );
    const skus = await rows<{ goods_id: string; sku_items: string; price: string; sales_price: string }>('SELECT * FROM goods_sku');
    for (const g of goods) {
      const own = skus.filter((s) => s.goods_id === g.goods_id);
      if (g.sku_type === 0) {
        expect([g.goods_id, own.length, g.sku_attributes, g.sku_attribute_values]).toEqual([g.goods_id, 0, '', '']);
        continue;
      }
      const attrs = JSON.parse(g.sku_attribute_values) as { name: string; values: string[] }[];
      expect(attrs).toHaveLength(g.sku_type);
      expect(g.sku_attributes).toBe(attrs.map((a) => a.name).join(';'));
      expect(own.length).toBe(attrs.reduce((n, a) => n * a.values.length, 1));
      for (const s of own) {
        const parts = g.sku_type === 1 ? (expect(s.sku_items).toMatch(/^[^;，]+\uFF0C$/), [s.sku_items.slice(0, -1)]) : s.sku_items.split(';');
        expect(parts).toHaveLength(g.sku_type);
        parts.forEach((p, i) => expect(attrs[i]!.values).toContain(p));
      }
      // The goods shows its cheapest sku's price.
      expect(Number(g.price)).toBe(Math.min(...own.map((s) => Number(s.price))));
    }
    expect(goods.filter((g) => g.sku_type === 1).length).toBeGreaterThanOrEqual(1);
    expect(goods.filter((g) => g.sku_type === 2).length).toBeGreaterThanOrEqual(1);
    // One goods has both two-attribute skus and a pack unit.
    expect(await count('SELECT count(*) AS n FROM goods g WHERE sku_type = 2 AND EXISTS (SELECT 1 FROM goods_punit p WHERE p.goods_id = g.goods_id)')).toBeGreaterThanOrEqual(1);
    expect(await rows('SELECT ref FROM goods_punit WHERE goods_id = $1', [DEMO.goods.coke])).toEqual([{ ref: '6.0000' }]);
    expect(await rows('SELECT ref FROM goods_punit WHERE goods_id = $1', [DEMO.goods.dumplings])).toEqual([{ ref: '12.0000' }]);
  });

  it('has exactly one sold-out goods and one sold-out sku of another goods', async () => {
    expect(await rows('SELECT goods_id FROM goods WHERE sold_out')).toEqual([{ goods_id: DEMO.goods.soldOut }]);
    expect(await rows('SELECT sku_id, goods_id FROM goods_sku WHERE sold_out')).toEqual([{ sku_id: DEMO.skus.coffeeLargeIcedSoldOut, goods_id: DEMO.goods.coffee }]);
  });

  it('has set meals with required and optional groups of real goods', async () => {
    const bundles = await rows<{ goods_id: string; shop_id: string }>('SELECT goods_id, shop_id FROM goods WHERE goods_type = 3');
    expect(bundles.length).toBeGreaterThanOrEqual(3);
    for (const b of bundles) {
      const groups = await rows<{ bom_class_id: string; select_type: number; select_qua: number; items: string; defaults: string; class_name_en: string }>(
        `SELECT c.bom_class_id, c.select_type, c.select_qua, c.class_name_en, count(i.goods_id) AS items, count(*) FILTER (WHERE i.is_default) AS defaults
           FROM goods_bom_class c LEFT JOIN goods_bom_item i ON i.bom_class_id = c.bom_class_id
          WHERE c.goods_id = $1 GROUP BY c.bom_class_id ORDER BY c.sort`,
        [b.goods_id],
      );
      const required = groups.filter((g) => g.select_type === 0);
      const optional = groups.filter((g) => g.select_type === 1);
      expect(required.length).toBeGreaterThanOrEqual(1);
      expect(required.length).toBeLessThanOrEqual(2);
      expect(optional).toHaveLength(1);
      for (const g of groups) {
        expect(g.select_qua).toBeGreaterThanOrEqual(1);
        expect(g.select_qua).toBeLessThanOrEqual(Number(g.items));
        expect(g.class_name_en).not.toBe('');
      }
      expect(groups.reduce((n, g) => n + Number(g.defaults), 0)).toBeGreaterThanOrEqual(1);
    }
    // Parts are plain goods of the same shop, never bundles themselves, never sold out.
    expect(
      await count(`SELECT count(*) AS n FROM goods_bom_item i JOIN goods_bom_class c ON c.bom_class_id = i.bom_class_id
                     JOIN goods b ON b.goods_id = c.goods_id JOIN goods p ON p.goods_id = i.goods_id
                    WHERE p.shop_id <> b.shop_id OR p.goods_type = 3 OR p.sold_out OR p.sku_type <> 0 OR i.bom_amo < 0`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM goods_bom_item WHERE bom_amo > 0')).toBeGreaterThan(0);
  });

  it('links add-ons to several goods and runs a promotion around now', async () => {
    expect(await count('SELECT count(DISTINCT goods_id) AS n FROM goods_charging_link')).toBeGreaterThanOrEqual(5);
    expect(await count(`SELECT count(*) AS n FROM goods_charging WHERE value = '' OR value_tw = '' OR value_en = ''`)).toBe(0);
    const [plan] = await rows<{ begin_at: Date; end_at: Date }>('SELECT begin_at, end_at FROM promote_plan');
    expect(plan!.begin_at.getTime()).toBe(NOW.getTime() - 30 * DAY);
    expect(plan!.end_at.getTime()).toBe(NOW.getTime() + 365 * DAY);
  });

  it('has members whose balances and scores are the sums of their histories', async () => {
    const vips = await rows<{ vip_id: string; vip_name: string; balance: string; score: string; vip_code: string; birthy: string | null; is_guest: boolean }>(
      'SELECT * FROM vip ORDER BY vip_id',
    );
    expect(vips.map((v) => [v.vip_id, v.vip_name, v.balance, v.score, v.is_guest])).toEqual([
      [DEMO.vips.chan, 'Chan Tai Man', '500.0000', '1200.0000', false],
      [DEMO.vips.lee, 'Lee Siu Ling', '35.5000', '80.0000', false],
    ]);
    expect(vips[0]!.birthy).toBe('1990-05-01');
    expect(new Set(vips.map((v) => v.vip_code)).size).toBe(2);
    for (const v of vips) expect(v.vip_code).toMatch(/^\d+$/);
    for (const [table, amount, total] of [
      ['vip_account_item', 'amount', 'balance'],
      ['vip_score_item', 'score', 'score'],
    ] as const) {
      // Each row's balance is the running sum, in time order.
      expect(
        await count(`SELECT count(*) AS n FROM (
                       SELECT balance, sum(${amount}) OVER (PARTITION BY vip_id ORDER BY created_at, item_id) AS running FROM ${table}) x
                      WHERE balance <> running OR balance < 0`),
      ).toBe(0);
      expect(
        await count(`SELECT count(*) AS n FROM vip v WHERE v.${total} <> (SELECT COALESCE(sum(${amount}), 0) FROM ${table} i WHERE i.vip_id = v.vip_id)`),
      ).toBe(0);
    }
    expect(await rows('SELECT vip_id, count(*) AS n, count(*) FILTER (WHERE is_default) AS defaults FROM vip_address GROUP BY vip_id ORDER BY vip_id')).toEqual([
      { vip_id: DEMO.vips.chan, n: '2', defaults: '1' },
      { vip_id: DEMO.vips.lee, n: '1', defaults: '1' },
    ]);
    expect(await rows('SELECT amount, gift FROM recharge_rule ORDER BY sort')).toEqual([
      { amount: '100.0000', gift: '10.0000' },
      { amount: '300.0000', gift: '40.0000' },
      { amount: '500.0000', gift: '80.0000' },
      { amount: '1000.0000', gift: '200.0000' },
    ]);
  });

  it('has coupons whose status matches their dates, and unclaimed codes', async () => {
    expect(await rows('SELECT card_type, face_value, min_amount, stock, per_member_limit FROM card_plan ORDER BY card_type, face_value')).toEqual([
      { card_type: 1, face_value: '10.0000', min_amount: '60.0000', stock: 50, per_member_limit: 2 },
      { card_type: 1, face_value: '20.0000', min_amount: '100.0000', stock: 200, per_member_limit: 1 },
      { card_type: 2, face_value: '85.0000', min_amount: '0.0000', stock: null, per_member_limit: 1 },
      { card_type: 2, face_value: '90.0000', min_amount: '0.0000', stock: 3, per_member_limit: 1 },
      { card_type: 3, face_value: '50.0000', min_amount: '50.0000', stock: null, per_member_limit: 1 },
    ]);
    // The points rule and top-up limits of the demo enterprise (seed/wallet.ts), and a ledger row for every card.
    expect(await rows(`SELECT score_unit, recharge_min, recharge_max FROM enterprise WHERE ent_id = '881000000101'`)).toEqual([
      { score_unit: '10.0000', recharge_min: '10.0000', recharge_max: '5000.0000' },
    ]);
    expect(await count(`SELECT count(*) AS n FROM vip_card c WHERE NOT EXISTS (SELECT 1 FROM vip_card_item i WHERE i.card_id = c.card_id)`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM card_plan WHERE plan_name = '' OR plan_name_tw = '' OR plan_name_en = ''`)).toBe(0);
    // The voucher needs a consumption of at least its amount.
    expect(await count('SELECT count(*) AS n FROM card_plan WHERE card_type = 3 AND min_amount < face_value')).toBe(0);
    const cards = await rows<{ card_code: string; card_type: number; vip_id: string | null; status: number; begin_at: Date; end_at: Date; used_at: Date | null }>(
      'SELECT c.*, p.card_type FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id',
    );
    for (const c of cards) {
      expect(c.begin_at.getTime()).toBeLessThan(c.end_at.getTime());
      if (c.status === 0) expect([c.card_code, c.begin_at <= NOW && NOW < c.end_at, c.used_at]).toEqual([c.card_code, true, null]);
      if (c.status === 1) expect(c.used_at).toBeInstanceOf(Date);
      if (c.status === 2) expect([c.card_code, c.end_at < NOW]).toEqual([c.card_code, true]);
    }
    const chan = cards.filter((c) => c.vip_id === DEMO.vips.chan);
    expect(new Set(chan.filter((c) => c.status === 0).map((c) => c.card_type))).toEqual(new Set([1, 2, 3]));
    expect(chan.filter((c) => c.status === 1)).toHaveLength(1);
    expect(chan.filter((c) => c.status === 2)).toHaveLength(1);
    const unclaimed = cards.filter((c) => c.vip_id === null).map((c) => [c.card_code, c.status]);
    expect(unclaimed.sort()).toEqual([
      ['VOUCHER50', 0],
      ['WELCOME20', 0],
    ]);
    expect(cards.map((c) => c.card_code).sort()).toEqual(Object.values(DEMO.cardCodes).sort());
  });

  it('has dine-in sheets at A03-A06 for the ordering guards, with totals that add up', async () => {
    const sheets = await rows<{ sheet_id: string; status: number; pos_type: number; table_id: string; base_id: string; created_at: Date; sales_amo: string; total_amo: string; items: string; item_sum: string }>(
      `SELECT s.sheet_id, s.status, s.pos_type, s.table_id, s.base_id, s.created_at, s.sales_amo, s.total_amo - s.service_amo AS total_amo,
              (SELECT count(*) FROM sheet_item i WHERE i.sheet_id = s.sheet_id) AS items,
              (SELECT sum(amo) FROM sheet_item i WHERE i.sheet_id = s.sheet_id) AS item_sum
         FROM sheet s ORDER BY s.sheet_id`,
    );
    const byId = new Map(sheets.map((s) => [s.sheet_id, s]));
    const minutesOld = (id: string) => (NOW.getTime() - byId.get(id)!.created_at.getTime()) / 60_000;
    expect(byId.get(DEMO.sheets.open)).toMatchObject({ status: 0, pos_type: 2, table_id: DEMO.tables.dineInA03, items: '2' });
    expect(minutesOld(DEMO.sheets.open)).toBe(30);
    expect(byId.get(DEMO.sheets.expired)).toMatchObject({ status: 0, table_id: DEMO.tables.dineInA04 });
    expect(minutesOld(DEMO.sheets.expired)).toBe(180);
    expect(byId.get(DEMO.sheets.checkedOut)).toMatchObject({ status: 3, table_id: DEMO.tables.dineInA05 });
    expect(byId.get(DEMO.sheets.closed)).toMatchObject({ status: 2, table_id: DEMO.tables.dineInA06 });
    // Beyond the outlet's web order window only the expired one; the others are refused by status or not at all.
    const [window] = await rows<{ web_order_duration: number }>('SELECT web_order_duration FROM base WHERE base_id = $1', [DEMO.bases.dineIn]);
    expect(window!.web_order_duration).toBe(120);
    // Issue 28: San Ma Lo's 10 % service charge is part of each total (total_amo read above without it).
    const [service] = await rows<{ service_amo: string; total_amo: string }>('SELECT service_amo, total_amo FROM sheet WHERE sheet_id = $1', [DEMO.sheets.open]);
    expect(service).toEqual({ service_amo: '9.2000', total_amo: '101.2000' });
    for (const s of sheets) {
      expect([s.sheet_id, s.base_id, s.sales_amo, s.total_amo]).toEqual([s.sheet_id, DEMO.bases.dineIn, s.item_sum, s.item_sum]);
      expect([s.sheet_id, minutesOld(s.sheet_id) > 120]).toEqual([s.sheet_id, s.sheet_id === DEMO.sheets.expired]);
    }
    for (const [key, qr] of Object.entries((await demoCodes(db)).sheetQrCodes)) {
      const [t] = await rows<{ table_id: string }>('SELECT table_id FROM dining_table WHERE qr_code = $1', [qr]);
      expect([key, t?.table_id]).toEqual([key, byId.get(DEMO.sheets[key as keyof typeof DEMO.sheets])?.table_id]);
    }
    // Items name real goods and skus at their prices.
    expect(
      await count(`SELECT count(*) AS n FROM sheet_item i JOIN goods g ON g.goods_id = i.goods_id LEFT JOIN goods_sku k ON k.sku_id = i.sku_id
                    WHERE i.goods_name <> g.goods_name OR (i.sku_id <> '' AND (k.goods_id IS DISTINCT FROM i.goods_id OR k.sku_items <> i.sku_items))
                       OR i.sales_price <> COALESCE(k.sales_price, g.sales_price) OR i.amo <> i.sales_price * i.qua`),
    ).toBe(0);
  });

  it("translates every customer-facing text of the demo enterprise (migrations/010_translations.sql)", async () => {
    // A text with a base (simplified Chinese) value must have its traditional Chinese and English ones.
    const untranslated = async (table: string, columns: string[], where = 'true') => {
      const missing = columns.map((c) => `(${c} <> '' AND (${c}_tw = '' OR ${c}_en = ''))`).join(' OR ');
      return (await rows<Record<string, unknown>>(`SELECT * FROM ${table} t WHERE (${where}) AND (${missing})`)).length;
    };
    const ent = `ent_id = '${DEMO.entId}'`;
    expect({
      enterprise: await untranslated('enterprise', ['ent_name']),
      shop: await untranslated('shop', ['shop_name', 'notice'], ent),
      base: await untranslated('base', ['base_name', 'address'], ent),
      goods_class: await untranslated('goods_class', ['class_name'], ent),
      goods: await untranslated('goods', ['goods_name', 'unit', 'remarks', 'sku_attributes', 'sku_attribute_values'], ent),
      goods_sku: await untranslated('goods_sku', ['sku_items']),
      goods_punit: await untranslated('goods_punit', ['punit']),
      goods_bom_class: await untranslated('goods_bom_class', ['class_name']),
      goods_bom_item: await untranslated('goods_bom_item', ['bom_punit']),
      goods_charging: await untranslated('goods_charging', ['value'], ent),
      promote_plan: await untranslated('promote_plan', ['plan_name'], ent),
    }).toEqual({
      enterprise: 0, shop: 0, base: 0, goods_class: 0, goods: 0, goods_sku: 0, goods_punit: 0,
      goods_bom_class: 0, goods_bom_item: 0, goods_charging: 0, promote_plan: 0,
    });
    // Base texts are simplified Chinese: the spec of the wonton noodles, a unit.
    expect(await rows('SELECT sku_attributes, sku_attributes_tw, sku_attributes_en FROM goods WHERE goods_id = $1', [DEMO.goods.wontonNoodles])).toEqual([
      { sku_attributes: '规格', sku_attributes_tw: '規格', sku_attributes_en: 'Size' },
    ]);
  });

  it('has calling codes, a region tree and service links', async () => {
    expect((await rows<{ area_no: string }>('SELECT area_no FROM sms_area ORDER BY sort')).map((r) => r.area_no)).toEqual(['853', '852', '86', '886', '65', '1', '44']);
    expect(await count(`SELECT count(*) AS n FROM sms_area WHERE area_name = '' OR area_name_tw = '' OR area_name_en = ''`)).toBe(0);
    expect(await rows('SELECT name_en, level FROM region WHERE parent_id IS NULL ORDER BY region_id')).toEqual([
      { name_en: 'Guangdong', level: 1 },
      { name_en: 'Hong Kong', level: 1 },
      { name_en: 'Macau', level: 1 },
    ]);
    expect(await count('SELECT count(*) AS n FROM region c LEFT JOIN region p ON p.region_id = c.parent_id WHERE c.parent_id IS NOT NULL AND (p.region_id IS NULL OR c.level <> p.level + 1)')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM region WHERE name = '' OR name_tw = '' OR name_en = ''`)).toBe(0);
    expect((await rows<{ name_en: string }>("SELECT name_en FROM region WHERE level = 2 AND parent_id = '820000' ORDER BY region_id")).map((r) => r.name_en)).toEqual(['Macau Peninsula', 'Taipa', 'Coloane']);
    expect(await rows('SELECT link_key, link_value FROM service_link ORDER BY link_key')).toEqual([
      { link_key: 'ApiHost', link_value: '/' },
      { link_key: 'OssCustomerDomain', link_value: '/oss/' },
      { link_key: 'TestApiHost', link_value: '/' },
    ]);
  });

  it('lists every table link, outlet by outlet', async () => {
    const links = await listTableLinks(db);
    expect(links).toHaveLength(32);
    const codes = await demoCodes(db);
    expect(links[0]).toEqual({ base: 'Harbour Kitchen San Ma Lo', table: 'A01', qrCode: codes.byName.A01, demonstrates: expect.stringContaining('pay after') });
    expect(links.find((l) => l.table === 'A04')?.demonstrates).toMatch(/expired sheet/);
    expect(links.map((l) => l.qrCode)).toEqual(expect.arrayContaining(Object.values(codes.qrCodes)));
  });
});
