/**
 * Loads the demo data (./demo.ts) into an empty database: everything in one
 * transaction, only when the enterprise table is empty, with parameterised
 * multi-row INSERTs so seeding stays fast on PGlite. `seedLargeMenu` adds, on
 * request only, a shop with thousands of goods for benchmarks and the
 * large-menu browser test.
 */
import type { Db, Queryable } from '../driver';
import * as data from './demo';
import { translateDemo } from './translations';
import { seedWalletDemo } from './wallet';
import { seedPrintingDemo } from './printing';
import { seedDietDemo } from './diet';
import { seedStaffDemo } from './staff';
import { MORE_REGIONS } from './regions';

export { DEMO_STAFF, type DemoStaff } from './staff';
export { DEMO_DIET } from './diet';

/** Rows per INSERT statement (fewer when a row has many columns: PostgreSQL allows 65535 parameters). */
const BATCH_ROWS = 500;
const MAX_PARAMS = 65_535;
/** Serialises seeding between service instances that start together on one PostgreSQL server. */
const SEED_LOCK_KEY = 724_113_002;

/** The default shop id of seedLargeMenu; its outlet's tables BIG1 and BIG2 have random QR codes (BIG-…). */
export const BIG_MENU_SHOP_ID = '889000000900';
/** How many goods classes the large menu spreads its goods over. */
export const BIG_MENU_CLASSES = 20;

/** Inserts rows (all with the same keys, the column names) in batches; returns the number inserted. */
export async function insertRows(tx: Queryable, table: string, rows: readonly object[]): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const record = row as Record<string, unknown>;
      const placeholders = columns.map((column) => {
        if (!(column in record)) throw new Error(`seed: ${table} row without ${column}`);
        params.push(record[column]);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
  return rows.length;
}

/** The tables in foreign-key order with their rows for a given clock. */
export function demoTables(now: Date): [table: string, rows: readonly object[]][] {
  return untranslatedTables(now).map(([table, rows]) => [table, translateDemo(table, rows)]);
}

function untranslatedTables(now: Date): [table: string, rows: readonly object[]][] {
  const timed = data.timedRows(now);
  return [
    ['enterprise', data.ENTERPRISES],
    ['ent_parm', data.ENT_PARMS],
    ['shop', data.SHOPS],
    ['base', data.BASES],
    ['base_parm', timed.baseParms],
    ['dining_table', data.diningTables()],
    ['freight_rule', data.FREIGHT_RULES],
    ['shop_account', data.SHOP_ACCOUNTS],
    ['goods_class', data.GOODS_CLASSES],
    ['goods', data.GOODS],
    ['goods_sku', data.GOODS_SKUS],
    ['goods_punit', data.GOODS_PUNITS],
    ['goods_bom_class', data.GOODS_BOM_CLASSES],
    ['goods_bom_item', data.GOODS_BOM_ITEMS],
    ['goods_charging', data.GOODS_CHARGINGS],
    ['goods_charging_link', data.GOODS_CHARGING_LINKS],
    ['promote_plan', timed.promotePlans],
    ['promote_goods', data.PROMOTE_GOODS],
    ['vip', timed.vips],
    ['vip_open_id', data.VIP_OPEN_IDS],
    ['vip_account_item', timed.vipAccountItems],
    ['vip_score_item', timed.vipScoreItems],
    ['vip_address', timed.vipAddresses],
    ['recharge_rule', data.RECHARGE_RULES],
    ['card_plan', data.CARD_PLANS],
    ['vip_card', timed.vipCards],
    ['sheet', timed.sheets],
    ['sheet_item', data.SHEET_ITEMS],
    ['sms_area', data.SMS_AREAS],
    ['region', [...data.REGIONS, ...MORE_REGIONS]],
    ['service_link', data.SERVICE_LINKS],
  ];
}

/**
 * Inserts the demo data when the enterprise table is empty; returns whether it
 * did. `now` anchors the time-relative rows (promotion, coupons, member
 * history, the closed outlet's past date range).
 */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [existing] = await tx.query('SELECT 1 AS one FROM enterprise LIMIT 1');
    if (existing) {
      // A demo database loaded before staff accounts existed (migration 018) gets the demo's accounts now.
      const [demoEnt] = await tx.query('SELECT 1 AS one FROM enterprise WHERE ent_id = $1', [data.ENT_ID]);
      const [anyStaff] = await tx.query('SELECT 1 AS one FROM staff_account LIMIT 1');
      if (demoEnt && !anyStaff) await seedStaffDemo(tx, now);
      return false;
    }
    for (const [table, rows] of demoTables(now)) await insertRows(tx, table, rows);
    await seedWalletDemo(tx);
    await seedPrintingDemo(tx);
    // Allergens, diets and pairings (issue 29).
    await seedDietDemo(tx, insertRows);
    // The demo's staff accounts (issue 26), with the known passwords `npm start` prints.
    await seedStaffDemo(tx, now);
    return true;
  });
}

/** What each demo outlet's table links demonstrate (printed by `npm start`), by base id. */
const DEMONSTRATES: Record<string, string> = {
  [data.BASE.dineIn]: 'dine-in, pay after eating (rounds on the table\'s sheet, settle online)',
  [data.BASE.lateNight]: 'late-night hours (18:00-02:00 Macau time), pay after at the counter',
  [data.BASE.quick]: 'quick service, pay before (pickup and delivery)',
  [data.BASE.closed]: "closed: the app says the store is not open now",
  [data.BASE.eggTart]: 'food court, pay before',
  [data.BASE.noodle]: 'food court, pay before',
  [data.BASE.porkChopBun]: 'food court, pay before',
};
const SHEET_DEMONSTRATES: Record<string, string> = {
  [data.DEMO_SHEET_TABLE_NAMES.open]: 'an open sheet (order more rounds, settle)',
  [data.DEMO_SHEET_TABLE_NAMES.expired]: 'an expired sheet (the ordering window has passed)',
  [data.DEMO_SHEET_TABLE_NAMES.checkedOut]: 'a checked-out sheet',
  [data.DEMO_SHEET_TABLE_NAMES.closed]: 'a closed sheet',
};

/** Every table's QR code with its outlet (English name), table name and what it demonstrates, in outlet and table order. */
export async function listTableLinks(db: Queryable): Promise<{ base: string; table: string; qrCode: string; demonstrates: string }[]> {
  const rows = await db.query<{ base: string; base_id: string; table: string; qrCode: string }>(
    `SELECT COALESCE(NULLIF(b.base_name_en, ''), b.base_name) AS base, b.base_id, t.table_name AS "table", t.qr_code AS "qrCode"
       FROM dining_table t JOIN base b ON b.base_id = t.base_id JOIN shop s ON s.shop_id = b.shop_id
      ORDER BY s.sort, s.shop_id, b.sort, b.base_id, t.sort, t.table_id`,
  );
  return rows.map(({ base, base_id, table, qrCode }) => ({
    base,
    table,
    qrCode,
    demonstrates: (base_id === data.BASE.dineIn && SHEET_DEMONSTRATES[table]) || DEMONSTRATES[base_id] || '',
  }));
}

/** A demo table's QR code by its table name ('A01', 'BIG1'), or null. The codes are random: look them up, never write them down. */
export async function tableCodeByName(db: Queryable, tableName: string): Promise<string | null> {
  const [row] = await db.query<{ qr_code: string }>(
    `SELECT t.qr_code FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_name = $1 AND b.ent_id = $2 ORDER BY t.table_id LIMIT 1`,
    [tableName, data.ENT_ID],
  );
  return row?.qr_code ?? null;
}

export type DemoCodes = {
  /** Every demo table's code by table name. */
  byName: Record<string, string>;
  /** The codes of DEMO.tableNames, by the same keys. */
  qrCodes: Record<keyof typeof DEMO_TABLE_NAMES, string>;
  /** The codes of the demo sheets' tables (DEMO.sheetTableNames). */
  sheetQrCodes: Record<keyof typeof data.DEMO_SHEET_TABLE_NAMES, string>;
};

/** The demo tables' QR codes as this database has them (random at seeding): for tests, journeys (through GET /sandbox/tables) and benchmarks. */
export async function demoCodes(db: Queryable): Promise<DemoCodes> {
  const rows = await db.query<{ table_name: string; qr_code: string }>(
    `SELECT t.table_name, t.qr_code FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE b.ent_id = $1 ORDER BY t.table_id`,
    [data.ENT_ID],
  );
  const byName = Object.fromEntries(rows.map((r) => [r.table_name, r.qr_code]));
  const pick = <K extends string>(names: Record<K, string>) =>
    Object.fromEntries(Object.entries(names).map(([key, name]) => [key, byName[name as string] ?? ''])) as Record<K, string>;
  return { byName, qrCodes: pick(DEMO_TABLE_NAMES), sheetQrCodes: pick(data.DEMO_SHEET_TABLE_NAMES) };
}

/** One table per outlet, by name (their codes: demoCodes). */
const DEMO_TABLE_NAMES = {
  dineIn: 'A01',
  dineIn2: 'A02',
  lateNight: 'B01',
  quick: 'C01',
  closed: 'D01',
  eggTart: 'E01',
  noodle: 'N01',
  porkChopBun: 'P01',
} as const;

/** Ids of the demo data for tests and the start-up banner. */
export const DEMO = {
  guest: { entId: data.GUEST_ENT_ID, userId: data.GUEST_USER_ID, userName: data.GUEST_USER_NAME },
  entId: data.ENT_ID,
  userId: data.USER_ID,
  shops: data.SHOP,
  bases: data.BASE,
  tables: data.DEMO_TABLE_IDS,
  /** One table per outlet, by name; their QR codes are random at seeding: demoCodes(db), or GET /sandbox/tables. */
  tableNames: DEMO_TABLE_NAMES,
  vips: data.VIP,
  members: {
    chan: { vipId: data.VIP.chan, areaNo: '853', phone: '66123456', balance: 500, score: 1200 },
    lee: { vipId: data.VIP.lee, areaNo: '853', phone: '66234567', balance: 35.5, score: 80 },
  },
  goods: data.DEMO_GOODS,
  skus: data.DEMO_SKUS,
  options: data.DEMO_OPTIONS,
  promotePlanId: data.DEMO_PROMOTE_PLAN_ID,
  cardPlans: data.DEMO_CARD_PLANS,
  cardCodes: data.CARD_CODES,
  /**
   * Dine-in sheets at San Ma Lo tables A03-A06 (demo.ts, "Sheets"): open (30
   * minutes old), expired (open, 3 hours old: beyond the 120-minute web order
   * window), checkedOut (status 3) and closed (status 2).
   */
  sheets: data.DEMO_SHEETS,
  /** The names of those sheets' tables (their codes: demoCodes(db).sheetQrCodes). */
  sheetTableNames: data.DEMO_SHEET_TABLE_NAMES,
  sheetStatus: data.SHEET_STATUS,
  /** The shop id seedLargeMenu uses unless told otherwise (not part of the demo seed). */
  bigMenuShopId: BIG_MENU_SHOP_ID,
} as const;

// A large menu for benchmarks and the 5,000-goods browser test ------------------------------


export interface LargeMenu {
  shopId: string;
  baseId: string;
  tableIds: string[];
  qrCodes: string[];
  classIds: string[];
  /** Goods inserted by this call (0 when the shop already existed). */
  inserted: number;
}

/**
 * Adds a shop 'Big Menu' of the demo enterprise with one always-open dine-in
 * outlet (prepay, quick service), two tables (BIG1 and BIG2, random QR codes
 * BIG-…, answered in qrCodes) and `count` goods spread over 20 classes, in a few batched
 * INSERTs (5,000 goods take well under a second on PGlite). Not part of the
 * demo seed: benchmarks and the 5,000-goods browser test call it on top of
 * seedDemo. Goods reuse the demo pictures; every 97th is sold out, every
 * 50th is on the home page. Calling it again for an existing shop changes
 * nothing and answers the shop's ids.
 */
export async function seedLargeMenu(db: Db, shopId: string = BIG_MENU_SHOP_ID, count = 5000): Promise<LargeMenu> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`seedLargeMenu: count must be a non-negative integer, not ${count}`);
  const suffix = shopId.replace(/\D/g, '').slice(-6).padStart(6, '0');
  const baseId = `005${suffix}900`;
  const tableIds = [1, 2].map((n) => `006${suffix}9${String(n).padStart(2, '0')}`);
  const qrCodes = tableIds.map(() => data.tableQrCode('BIG'));
  const classIds = Array.from({ length: BIG_MENU_CLASSES }, (_, i) => `885${suffix}${String(i + 1).padStart(3, '0')}`);
  const result = { shopId, baseId, tableIds, qrCodes, classIds };

  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [existing] = await tx.query('SELECT 1 AS one FROM shop WHERE shop_id = $1', [shopId]);
    if (existing) {
      const codes = await tx.query<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE base_id = $1 ORDER BY sort, table_id', [baseId]);
      return { ...result, qrCodes: codes.map((c) => c.qr_code), inserted: 0 };
    }
    const [ent] = await tx.query('SELECT 1 AS one FROM enterprise WHERE ent_id = $1', [data.ENT_ID]);
    if (!ent) throw new Error('seedLargeMenu: load the demo data (seedDemo) first');

    const shops: data.ShopRow[] = [
      { shop_id: shopId, ent_id: data.ENT_ID, shop_name: '大菜单', shop_name_tw: '大菜單', shop_name_en: 'Big Menu', pos_type: 0, parent_shop_id: null, mina_app_id: '', mina_id: '', logo: '', notice: '', sort: 90 },
    ];
    const bases: data.BaseRow[] = [
      {
        base_id: baseId, ent_id: data.ENT_ID, shop_id: shopId, base_name: '大菜单·总店', base_name_tw: '大菜單·總店', base_name_en: 'Big Menu Main Street',
        base_code: 'BIG01', business_mode: 2, cy_type: '1', begin_time: '00:00', end_time: '00:00', web_order_duration: 0, pay_mode: 'prepay',
        address: '澳門新馬路 200 號', phone: '28000900', gps_lng: 113.5410, gps_lat: 22.1940, base_class: 0, sort: 90,
      },
    ];
    const baseParms: data.BaseParmRow[] = [
      { base_id: baseId, parm_id: 'OpeningHours', parm_value: JSON.stringify(data.ALWAYS_OPEN) },
      { base_id: baseId, parm_id: 'IsPayLaterOnlineCheckout', parm_value: '0' },
    ];
    const tables: data.DiningTableRow[] = tableIds.map((table_id, i) => ({
      table_id, base_id: baseId, table_name: `BIG${i + 1}`, table_code: `BIG${i + 1}`, qr_code: qrCodes[i]!, seats: 4, sort: i + 1,
    }));
    const classes: data.GoodsClassRow[] = classIds.map((class_id, i) => ({
      class_id, ent_id: data.ENT_ID, shop_id: shopId,
      class_name: `分类${i + 1}`, class_name_tw: `分類${i + 1}`, class_name_en: `Category ${i + 1}`, sort: i + 1, business_mode: '0',
    }));
    const pics = data.GOODS.filter((g) => g.shop_id === data.SHOP.main).map((g) => g.pic);
    const perClass = Math.ceil(count / BIG_MENU_CLASSES);
    const goods: data.GoodsRow[] = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      const price = 10 + (i % 90);
      return {
        goods_id: `886${suffix}${String(n).padStart(6, '0')}`,
        ent_id: data.ENT_ID,
        shop_id: shopId,
        class_id: classIds[Math.min(BIG_MENU_CLASSES - 1, Math.floor(i / Math.max(1, perClass)))]!,
        goods_code: `B${String(n).padStart(5, '0')}`,
        goods_name: `商品 ${n}`,
        goods_name_tw: `商品 ${n}`,
        goods_name_en: `Item ${n}`,
        goods_type: 0,
        sku_type: 0,
        unit: '份',
        price,
        sales_price: i % 7 === 0 ? price - 1 : price,
        pic: pics[i % pics.length] ?? '',
        remarks: `第 ${n} 号商品`,
        remarks_tw: `第 ${n} 號商品`,
        remarks_en: `Menu item number ${n}`,
        sku_attributes: '',
        sku_attribute_values: '',
        sold_out: n % 97 === 0,
        is_home: n % 50 === 0,
        bag_count: 0,
        sort: (i % Math.max(1, perClass)) + 1,
      };
    });
    await insertRows(tx, 'shop', shops);
    await insertRows(tx, 'base', bases);
    await insertRows(tx, 'base_parm', baseParms);
    await insertRows(tx, 'dining_table', tables);
    await insertRows(tx, 'goods_class', classes);
    const inserted = await insertRows(tx, 'goods', translateDemo('goods', goods)); // its unit in three languages
    // Fresh statistics for the planner (PGlite runs no autovacuum to gather them).
    await tx.query('ANALYZE shop, base, dining_table, goods_class, goods');
    return { ...result, inserted };
  });
}
