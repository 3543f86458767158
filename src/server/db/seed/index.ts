/**
 * Loads the demo data (./demo.ts) into an empty database: everything in one
 * transaction, only when the enterprise table is empty, with parameterised
 * multi-row INSERTs so seeding stays fast on PGlite.
 */
import type { Db, Queryable } from '../driver';
import * as data from './demo';

/** Rows per INSERT statement (fewer when a row has many columns: PostgreSQL allows 65535 parameters). */
const BATCH_ROWS = 500;
const MAX_PARAMS = 65_535;
/** Serialises seeding between service instances that start together on one PostgreSQL server. */
const SEED_LOCK_KEY = 724_113_002;

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
  const timed = data.timedRows(now);
  return [
    ['enterprise', data.ENTERPRISES],
    ['ent_parm', data.ENT_PARMS],
    ['shop', data.SHOPS],
    ['base', data.BASES],
    ['base_parm', timed.baseParms],
    ['dining_table', data.DINING_TABLES],
    ['freight_rule', data.FREIGHT_RULES],
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
    ['vip_account_item', timed.vipAccountItems],
    ['vip_score_item', timed.vipScoreItems],
    ['vip_address', timed.vipAddresses],
    ['recharge_rule', data.RECHARGE_RULES],
    ['card_plan', data.CARD_PLANS],
    ['vip_card', timed.vipCards],
    ['sms_area', data.SMS_AREAS],
    ['region', data.REGIONS],
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
    if (existing) return false;
    for (const [table, rows] of demoTables(now)) await insertRows(tx, table, rows);
    return true;
  });
}

/** Every table's QR code with its outlet (English name) and table name, in outlet and table order. */
export async function listTableLinks(db: Queryable): Promise<{ base: string; table: string; qrCode: string }[]> {
  return db.query<{ base: string; table: string; qrCode: string }>(
    `SELECT COALESCE(NULLIF(b.base_name_en, ''), b.base_name) AS base, t.table_name AS "table", t.qr_code AS "qrCode"
       FROM dining_table t JOIN base b ON b.base_id = t.base_id JOIN shop s ON s.shop_id = b.shop_id
      ORDER BY s.sort, s.shop_id, b.sort, b.base_id, t.sort, t.table_id`,
  );
}

/** Ids of the demo data for tests and the start-up banner. */
export const DEMO = {
  guest: { entId: data.GUEST_ENT_ID, userId: data.GUEST_USER_ID, userName: data.GUEST_USER_NAME },
  entId: data.ENT_ID,
  userId: data.USER_ID,
  shops: data.SHOP,
  bases: data.BASE,
  tables: data.DEMO_TABLE_IDS,
  /** Table QR codes: one per outlet. */
  qrCodes: {
    dineIn: 'QR-HBK-A01',
    dineIn2: 'QR-HBK-A02',
    lateNight: 'QR-HBK-B01',
    quick: 'QR-HBK-C01',
    closed: 'QR-HBK-D01',
    eggTart: 'QR-TFC-E01',
    noodle: 'QR-TFC-N01',
    porkChopBun: 'QR-TFC-P01',
  },
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
} as const;
