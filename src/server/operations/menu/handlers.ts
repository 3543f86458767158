/**
 * Menu and shop reads: goods classes, goods lists (by class, home page), a
 * goods' detail (skus, pack units), bundle groups, add-ons, the stock poll,
 * running promotions, a business district's shops and the enterprise's
 * outlets by distance. Wire shapes: src/shared/protocol/schemas.ts.
 *
 * Conventions:
 * - Decimals are numeric(18,4) columns, which both drivers return as strings
 *   with four places ("15.0000"); flags are 0/1 numbers; type codes are text.
 * - Prices at "now" use ctx.now (the service's clock). A promotion is running
 *   when begin_at <= now < end_at and, if it lists week days (1 Monday ... 7
 *   Sunday), today in the enterprise's time zone is one of them.
 * - A goods row's PromotePrice/PromotePlanID are those of the lowest running
 *   promotion price among the goods' promotion rows (its own, sku_id '', and
 *   its skus'): the "from" price a menu shows. A sku's PromotePrice is the
 *   lowest of the rows naming that sku or the goods as a whole. '' when none.
 * - A goods is SoldOut when flagged, or when it has skus and all are sold out.
 *   A sku is SoldOut when flagged or its goods is.
 * - Every list is one query per table (no query per row) and set-based: the
 *   goods lists join one aggregate of the shop's skus, pack units, bundle
 *   groups and add-on links once (goodsPage, GOODS_FLAGS); pages use
 *   LIMIT/OFFSET. Only the one-goods detail reads those as correlated
 *   subqueries.
 */
import type { Queryable, Row } from '../../db/driver';
import { OpError, type HandlerMap, type RowOf, type Session } from '../context';
import { langsFor, tr, trBy, type TextLangs } from '../localized';
import { baseColumns } from '../shop/handlers';
import { OPTION_DIET, stated, withDiet } from './diet';
import { BOM_MIN, offAt } from '../orders/lines';

/** Default and largest page sizes of the goods lists (the app loads a whole menu in one page). */
export const GOODS_PAGE_SIZE = 1000;
/** Shop pos types of a business district's external shops (SPEC section 4). */
export const EXTERNAL_SHOP_POS_TYPES = [2, 7] as const;
export const DISTRICT_POS_TYPE = 5;
const EARTH_RADIUS_KM = 6371;

/**
 * The running promotion rows of shop $1 at time $2 (timestamptz). The
 * promote_plan_shop index finds the shop's plans that have not ended.
 */
const RUNNING_PROMOTIONS = `
  promo AS (
    SELECT pg.goods_id, pg.sku_id, pg.promote_price, pp.plan_id, pp.plan_name, pp.plan_name_tw, pp.plan_name_en,
           pp.limit_qua, pp.begin_at, pp.end_at
      FROM promote_plan pp
      JOIN shop s ON s.shop_id = pp.shop_id
      JOIN enterprise e ON e.ent_id = s.ent_id
      JOIN promote_goods pg ON pg.plan_id = pp.plan_id
     WHERE pp.shop_id = $1 AND pp.end_at > $2::timestamptz AND pp.begin_at <= $2::timestamptz
       AND (btrim(pp.week_days) = ''
            OR EXTRACT(ISODOW FROM ($2::timestamptz AT TIME ZONE e.time_zone))::int::text
               = ANY (string_to_array(replace(pp.week_days, ' ', ''), ',')))
  ),
  best AS (
    SELECT DISTINCT ON (goods_id) goods_id, promote_price, plan_id
      FROM promo ORDER BY goods_id, promote_price, plan_id
  )`;

/**
 * How the four derived fields of a goods are read: per row (correlated
 * subqueries on indexed columns: right for one goods, the detail) or from
 * the page's aggregates joined once (the lists: set-based, no subquery per
 * row; see goodsPage).
 */
interface Derived {
  skusAllOut: string;
  punitCount: string;
  hasBom: string;
  hasCharging: string;
}
const PER_ROW: Derived = {
  skusAllOut: 'NOT EXISTS (SELECT 1 FROM goods_sku k WHERE k.goods_id = g.goods_id AND NOT k.sold_out)',
  punitCount: '(SELECT count(*) FROM goods_punit p WHERE p.goods_id = g.goods_id)::int',
  hasBom: 'EXISTS (SELECT 1 FROM goods_bom_class b WHERE b.goods_id = g.goods_id)',
  hasCharging: 'EXISTS (SELECT 1 FROM goods_charging_link l WHERE l.goods_id = g.goods_id)',
};
const JOINED: Derived = {
  skusAllOut: 'f.available IS NOT TRUE',
  punitCount: 'COALESCE(f.punits, 0)',
  hasBom: 'COALESCE(f.has_bom, false)',
  hasCharging: 'COALESCE(f.has_charging, false)',
};

/**
 * The derived fields of a shop's goods in one pass: its skus (any available),
 * pack units (how many), bundle groups and add-on links (any), read from the
 * four small tables together and grouped once by goods.
 */
const GOODS_FLAGS = `
  flags AS (
    SELECT x.goods_id,
           bool_or(x.ok) FILTER (WHERE x.kind = 1) AS available,
           (count(*) FILTER (WHERE x.kind = 2))::int AS punits,
           bool_or(x.kind = 3) AS has_bom,
           bool_or(x.kind = 4) AS has_charging
      FROM (SELECT k.goods_id, 1 AS kind, NOT k.sold_out AS ok FROM goods_sku k
            UNION ALL SELECT p.goods_id, 2, true FROM goods_punit p
            UNION ALL SELECT b.goods_id, 3, true FROM goods_bom_class b
            UNION ALL SELECT l.goods_id, 4, true FROM goods_charging_link l) x
      JOIN goods sg ON sg.goods_id = x.goods_id
     WHERE sg.shop_id = $1
     GROUP BY x.goods_id
  )`;

/** A goods row's fields as [name, SQL] (decimals as text: the drivers' form, and JSON's too). */
type Fields = (l: TextLangs, d: Derived) => [string, string][];

/** A goods row as the whole-menu list sends it (joined with `best`): only the fields the list shows, its texts in the caller's language. */
const goodsListFields: Fields = (l, d) => [
  ['GoodsID', 'g.goods_id'],
  ['GoodsCode', 'g.goods_code'],
  ['GoodsName', tr('g.goods_name', l)],
  ['ClassID', 'g.class_id'],
  ['GoodsTypeID', 'g.goods_type::text'],
  ['Skus', 'g.sku_type::text'],
  ['Unit', tr('g.unit', l)],
  ['Price', 'g.price::text'],
  ['SalesPrice', 'g.sales_price::text'],
  ['PromotePrice', "COALESCE(best.promote_price::text, '')"],
  ['PromotePlanID', "COALESCE(best.plan_id, '')"],
  ['Pic', 'g.pic'],
  ['SoldOut', `CASE WHEN g.sold_out OR (g.sku_type <> 0 AND ${d.skusAllOut}) THEN 1 ELSE 0 END`],
  ['PUnitCount', d.punitCount],
  ['HasBom', `CASE WHEN ${d.hasBom} THEN 1 ELSE 0 END`],
  ['HasCharging', `CASE WHEN ${d.hasCharging} THEN 1 ELSE 0 END`],
  ['BagCount', 'g.bag_count'],
];

/** A goods row as the other lists and the detail send it. */
const goodsFields: Fields = (l, d) => [...goodsListFields(l, d), ['Sort', 'g.sort'], ['GoodsRemarks', tr('g.remarks', l)]];

const selectList = (fields: [string, string][]) => fields.map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
const jsonObject = (fields: [string, string][]) => `json_build_object(${fields.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`;

/** The detail's goods row (one goods: per-row subqueries). */
const goodsColumns = (l: TextLangs) => selectList(goodsFields(l, PER_ROW));

/** Menu order: class sort, goods sort, code. */
const GOODS_ORDER = `c.sort, c.class_id, g.sort, g.goods_code`;

const chargingColumns = (l: TextLangs) => `
  o.option_id AS "OptionID", ${tr('o.value', l)} AS "Value",
  o.price AS "Value2", o.sales_price AS "Value3", o.sort AS "Sort"`;

interface Page {
  limit: number;
  offset: number;
}

function pageOf(row: { PageIndex?: number; PageSize?: number }, defaultSize: number): Page {
  const size = row.PageSize ?? defaultSize;
  return { limit: size, offset: ((row.PageIndex ?? 1) - 1) * size };
}

/**
 * The total behind a page without a second query when the page itself tells
 * it (a short, non-empty page, or a short first page); otherwise `count()`.
 */
async function totalOf(page: Page, rows: number, count: () => Promise<number>): Promise<number> {
  if (rows < page.limit && (rows > 0 || page.offset === 0)) return page.offset + rows;
  return count();
}

async function shopExists(tx: Queryable, shopId: string): Promise<boolean> {
  const [row] = await tx.query('SELECT 1 AS one FROM shop WHERE shop_id = $1', [shopId]);
  return Boolean(row);
}

async function requireShop(tx: Queryable, shopId: string): Promise<void> {
  if (!(await shopExists(tx, shopId))) throw new OpError('shopNotFound');
}

/**
 * A goods filter: SQL over `g` whose own parameters start at $first (the
 * page query and the count query number their parameters differently).
 */
type GoodsFilter = { sql: (first: number) => string; params: unknown[] };

/**
 * A page of goods of a shop at `now`, filtered, in menu order: set-based.
 * The derived fields come from one aggregate over the shop's goods, joined
 * once (GOODS_FLAGS; not four subqueries per row, whose inflated cost
 * estimate on a fresh table pushed a 5,000-goods read over the JIT threshold:
 * 27 ms of JIT compilation on a 10 ms query).
 *
 * `asJson`: the rows come back as one JSON text built by the database and
 * parsed once here, instead of thousands of rows the driver turns into
 * objects field by field. On the embedded database (PGlite, same process)
 * that is the cheaper way (5,000 goods: about 60 ms against 105); on a
 * PostgreSQL server it moves the work to the server, the CPU every instance
 * shares (about 42 ms of server time against 10-15), so rows are read there.
 */
async function goodsPage<T extends Row = RowOf<'Goods_GoodsShopHomeGoodsByPage_Get'>>(
  tx: Queryable,
  shopId: string,
  now: Date,
  filter: GoodsFilter,
  page: Page,
  l: TextLangs,
  asJson: boolean,
  fields: Fields = goodsFields,
): Promise<T[]> {
  const n = filter.params.length;
  const list = fields(l, JOINED);
  const from = `
       FROM goods g
       JOIN goods_class c ON c.class_id = g.class_id
       LEFT JOIN best ON best.goods_id = g.goods_id
       LEFT JOIN flags f ON f.goods_id = g.goods_id
      WHERE g.shop_id = $1 AND g.archived_at IS NULL AND c.archived_at IS NULL AND ${filter.sql(3)}
      ORDER BY ${GOODS_ORDER}
      LIMIT $${n + 3} OFFSET $${n + 4}`;
  const rows = await tx.query<T>(
    asJson
      ? `WITH ${RUNNING_PROMOTIONS}, ${GOODS_FLAGS}
         SELECT COALESCE(json_agg(p.j ORDER BY p.n), '[]')::text AS rows
           FROM (SELECT ${jsonObject(list)} AS j, row_number() OVER (ORDER BY ${GOODS_ORDER}) AS n ${from}) p`
      : `WITH ${RUNNING_PROMOTIONS}, ${GOODS_FLAGS}
         SELECT ${selectList(list)} ${from}`,
    [shopId, now, ...filter.params, page.limit, page.offset],
  );
  if (!asJson) return rows;
  return JSON.parse(String(rows[0]?.rows ?? '[]')) as T[];
}

async function countGoods(tx: Queryable, shopId: string, filter: GoodsFilter): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM goods g JOIN goods_class c ON c.class_id = g.class_id WHERE g.shop_id = $1 AND g.archived_at IS NULL AND c.archived_at IS NULL AND ${filter.sql(2)}`,
    [shopId, ...filter.params],
  );
  return row?.n ?? 0;
}

const HOME_GOODS: GoodsFilter = { sql: () => 'g.is_home', params: [] };
/** One class's goods, or all (classId null); with an outlet, only what it sells and shows (the back office's goods_outlet_off, migration 023). */
const classGoods = (classId: string | null, baseId: string | null = null): GoodsFilter => ({
  sql: (first) => `($${first}::text IS NULL OR g.class_id = $${first})
    AND ($${first + 1}::text IS NULL OR (NOT EXISTS (SELECT 1 FROM goods_outlet_off o WHERE o.goods_id = g.goods_id AND o.base_id = $${first + 1})
      AND NOT EXISTS (SELECT 1 FROM goods_class_outlet_off o WHERE o.class_id = g.class_id AND o.base_id = $${first + 1})))`,
  params: [classId, baseId],
});

async function goodsOf(tx: Queryable, goodsId: string): Promise<{ shop_id: string } | undefined> {
  const [row] = await tx.query<{ shop_id: string }>('SELECT shop_id FROM goods WHERE goods_id = $1 AND archived_at IS NULL', [goodsId]);
  return row;
}

/** The service runs on the embedded database (PGlite) when it has no PostgreSQL server's address. */
const embedded = (config: { databaseUrl?: string | null }) => !config.databaseUrl;

const iso = (d: unknown): string => (d instanceof Date ? d.toISOString() : d ? new Date(String(d)).toISOString() : '');

export const menuHandlers: HandlerMap = {
  /**
   * The shop's classes with their goods counts. With BaseID: that outlet's
   * menu, whose classes are those it shows (goods_class_outlet_off) with at
   * least one goods it sells (goods_outlet_off), counted as sold there; a
   * class with nothing sold at the outlet is left out (issue 27).
   */
  async HBBPos_AllGoodsClassGet_Get({ tx, lang }, { tableData: [row] }) {
    const baseId = row!.BaseID || null;
    const l = await langsFor(tx, lang, { shopId: row!.ShopID });
    const classes = await tx.query<RowOf<'HBBPos_AllGoodsClassGet_Get'>>(
      `SELECT * FROM (
         SELECT c.class_id AS "ClassID", ${tr('c.class_name', l)} AS "ClassName", c.sort AS "Sort", c.business_mode AS "BusinessMode",
                (SELECT count(*) FROM goods g WHERE g.class_id = c.class_id AND g.archived_at IS NULL
                    AND ($2::text IS NULL OR NOT EXISTS (SELECT 1 FROM goods_outlet_off o WHERE o.goods_id = g.goods_id AND o.base_id = $2)))::int AS "GoodsCount"
           FROM goods_class c
          WHERE c.shop_id = $1 AND c.archived_at IS NULL
            AND ($2::text IS NULL OR NOT EXISTS (SELECT 1 FROM goods_class_outlet_off o WHERE o.class_id = c.class_id AND o.base_id = $2))
       ) x
       WHERE $2::text IS NULL OR x."GoodsCount" > 0
       ORDER BY x."Sort", x."ClassID"`,
      [row!.ShopID, baseId],
    );
    if (classes.length === 0) await requireShop(tx, row!.ShopID);
    return { table1: classes };
  },

  /** ClassID '' or absent lists the whole menu; BaseID leaves out what that outlet does not sell (stock is per shop). */
  async HBBPos_GoodsClass_GoodsList_V9_Get({ tx, now, lang, config }, { tableData: [row] }) {
    const { ShopID, ClassID, BaseID } = row!;
    const page = pageOf(row!, GOODS_PAGE_SIZE);
    const filter = classGoods(ClassID || null, BaseID || null);
    const l = await langsFor(tx, lang, { shopId: ShopID });
    const goods = await goodsPage<RowOf<'HBBPos_GoodsClass_GoodsList_V9_Get'>>(tx, ShopID, now, filter, page, l, embedded(config), goodsListFields);
    const total = await totalOf(page, goods.length, () => countGoods(tx, ShopID, filter));
    if (total === 0) await requireShop(tx, ShopID);
    return { table1: await withDiet(tx, ShopID, goods), table2: [{ TotalCount: total }] };
  },

  async Goods_GoodsShopHomeGoodsByPage_Get({ tx, now, lang, config }, { tableData: [row] }) {
    const { ShopID } = row!;
    const page = pageOf(row!, GOODS_PAGE_SIZE);
    const l = await langsFor(tx, lang, { shopId: ShopID });
    const goods = await goodsPage(tx, ShopID, now, HOME_GOODS, page, l, embedded(config));
    const total = await totalOf(page, goods.length, () => countGoods(tx, ShopID, HOME_GOODS));
    if (total === 0) await requireShop(tx, ShopID);
    return { table1: goods, table2: [{ TotalCount: total }] };
  },

  /** Qua of a sku is a placeholder ('0.0000'): stock quantities are not tracked, SoldOut is the availability. */
  async EShop_GoodsDetailGet_V2_Get({ tx, now, lang }, { tableData: [row] }) {
    const { GoodsID, ShopID } = row!;
    const found = await goodsOf(tx, GoodsID);
    if (!found || (ShopID && ShopID !== found.shop_id)) throw new OpError('goodsNotFound');
    const l = await langsFor(tx, lang, { shopId: found.shop_id });
    // The spec (attribute names and values, the skus' items) is one text, in one language.
    const spec = (value: string) => trBy('g.sku_attribute_values', value, l);
    const [goods] = await tx.query<RowOf<'EShop_GoodsDetailGet_V2_Get'>>(
      `WITH ${RUNNING_PROMOTIONS}
       SELECT ${goodsColumns(l)}, ${spec('g.sku_attributes')} AS "SkuAttributes",
              ${spec('g.sku_attribute_values')} AS "SkuAttributeValues"
         FROM goods g LEFT JOIN best ON best.goods_id = g.goods_id
        WHERE g.goods_id = $3`,
      [found.shop_id, now, GoodsID],
    );
    const skus = await tx.query<RowOf<'EShop_GoodsDetailGet_V2_Get', 'table2'>>(
      `WITH ${RUNNING_PROMOTIONS}
       SELECT k.sku_id AS "SkuID", k.sku_code AS "SkuCode", ${spec('k.sku_items')} AS "SkuItems",
              k.price AS "Price", k.sales_price AS "SalesPrice",
              COALESCE((SELECT min(p.promote_price) FROM promo p
                         WHERE p.goods_id = k.goods_id AND (p.sku_id = k.sku_id OR p.sku_id = ''))::text, '') AS "PromotePrice",
              CASE WHEN k.sold_out OR g.sold_out THEN 1 ELSE 0 END AS "SoldOut",
              '0.0000' AS "Qua", ${OPTION_DIET('sku_id', 'k.sku_id')}
         FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id
        WHERE k.goods_id = $3 ORDER BY k.sort, k.sku_code`,
      [found.shop_id, now, GoodsID],
    );
    const packUnits = await tx.query<RowOf<'EShop_GoodsDetailGet_V2_Get', 'table3'>>(
      `SELECT pcode AS "PCode", ${tr('punit', l)} AS "PUnit",
              ref AS "Ref", price AS "Price", sales_price AS "SalesPrice"
         FROM goods_punit WHERE goods_id = $1 ORDER BY ref, pcode`,
      [GoodsID],
    );
    return { table1: goods ? [goods] : [], table2: stated(skus), table3: packUnits };
  },

  async HBBPos_GoodsBomList_V3_Get({ tx, lang }, { tableData: [row] }) {
    const { GoodsID, BaseID } = row!;
    const l = await langsFor(tx, lang, { goodsId: GoodsID });
    const groups = await tx.query<RowOf<'HBBPos_GoodsBomList_V3_Get'>>(
      `SELECT bom_class_id AS "BOMClassID", ${tr('class_name', l)} AS "ClassName",
              select_type AS "SelectType", select_qua AS "SelectQua", ${BOM_MIN()} AS "SelectMin", sort AS "Sort"
         FROM goods_bom_class WHERE goods_id = $1 ORDER BY sort, bom_class_id`,
      [GoodsID],
    );
    if (groups.length === 0) {
      if (!(await goodsOf(tx, GoodsID))) throw new OpError('goodsNotFound');
      return { table1: [], table2: [] };
    }
    const items = await tx.query<RowOf<'HBBPos_GoodsBomList_V3_Get', 'table2'>>(
      `SELECT i.bom_class_id AS "BOMClassID", p.goods_id AS "GoodsID",
              ${tr('p.goods_name', l)} AS "GoodsName",
              i.bom_amo AS "BOMAmo", i.bom_qua AS "BOMQua", ${tr('i.bom_punit', l)} AS "BOMGoodsPUnit",
              CASE WHEN i.is_default THEN 1 ELSE 0 END AS "IsDefault",
              CASE WHEN p.sold_out THEN 1 ELSE 0 END AS "SoldOut", p.pic AS "Pic", ${OPTION_DIET('goods_id', 'p.goods_id')}
         FROM goods_bom_class c
         JOIN goods_bom_item i ON i.bom_class_id = c.bom_class_id
         JOIN goods p ON p.goods_id = i.goods_id
        WHERE c.goods_id = $1 AND NOT ${offAt('p', '$2')}
        ORDER BY c.sort, c.bom_class_id, i.sort, p.goods_code`,
      [GoodsID, BaseID || null],
    );
    return { table1: groups, table2: stated(items) };
  },

  /** The add-ons of a goods (GoodsID; with ShopID it must be that shop's), or all of a shop's (ShopID only). */
  async Cust_GmGoodsChargingListGet_V1_Get({ tx, lang }, { tableData: [row] }) {
    const { GoodsID, ShopID } = row!;
    if (GoodsID) {
      const l = await langsFor(tx, lang, { goodsId: GoodsID });
      const options = await tx.query<RowOf<'Cust_GmGoodsChargingListGet_V1_Get'>>(
        `SELECT ${chargingColumns(l)}, ${OPTION_DIET('option_id', 'o.option_id')}
           FROM goods_charging_link l JOIN goods_charging o ON o.option_id = l.option_id
          WHERE l.goods_id = $1 ORDER BY o.sort, o.option_id`,
        [GoodsID],
      );
      // Checked after the common case: an unknown goods has no links either.
      if (options.length === 0 || ShopID) {
        const found = await goodsOf(tx, GoodsID);
        if (!found || (ShopID && ShopID !== found.shop_id)) throw new OpError('goodsNotFound');
      }
      return { table1: stated(options) };
    }
    const l = await langsFor(tx, lang, { shopId: ShopID! });
    const options = await tx.query<RowOf<'Cust_GmGoodsChargingListGet_V1_Get'>>(
      `SELECT ${chargingColumns(l)} FROM goods_charging o WHERE o.shop_id = $1 ORDER BY o.sort, o.option_id`,
      [ShopID],
    );
    if (options.length === 0) await requireShop(tx, ShopID!);
    return { table1: options };
  },

  /**
   * The stock poll: every sold-out goods (SkuID '') and sold-out sku of the
   * shop, the shop's goods count and the last change of its goods (ISO; ''
   * without goods). Three index lookups; BaseID is accepted and ignored.
   */
  async HBBPos_ShopGoodsBaseGet_Get({ tx }, { tableData: [row] }) {
    const { ShopID } = row!;
    const soldOut = await tx.query<RowOf<'HBBPos_ShopGoodsBaseGet_Get'>>(
      `SELECT g.goods_id AS "GoodsID", '' AS "SkuID", 1 AS "SoldOut" FROM goods g WHERE g.shop_id = $1 AND g.sold_out
       UNION ALL
       SELECT k.goods_id, k.sku_id, 1 FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id
        WHERE k.sold_out AND g.shop_id = $1
       ORDER BY 1, 2`,
      [ShopID],
    );
    const [stamp] = await tx.query<{ n: number; updated_at: Date | null }>(
      `SELECT count(*)::int AS n, max(updated_at) AS updated_at FROM goods WHERE shop_id = $1`,
      [ShopID],
    );
    if (!stamp || stamp.n === 0) await requireShop(tx, ShopID);
    return { table1: soldOut, table2: [{ GoodsCount: stamp?.n ?? 0, UpdatedAt: iso(stamp?.updated_at) }] };
  },

  /** The promotion rows running at the service's now; BaseID is accepted and ignored (promotions are per shop). */
  async Promote_AvailablePromoteGoodsGet_Get({ tx, now, lang }, { tableData: [row] }) {
    const { ShopID } = row!;
    const l = await langsFor(tx, lang, { shopId: ShopID });
    const rows = await tx.query<Omit<RowOf<'Promote_AvailablePromoteGoodsGet_Get'>, 'BeginTime' | 'EndTime'> & { BeginTime: Date; EndTime: Date }>(
      `WITH ${RUNNING_PROMOTIONS}
       SELECT p.plan_id AS "PlanID", ${tr('p.plan_name', l)} AS "PlanName", p.goods_id AS "GoodsID", p.sku_id AS "SkuID",
              p.promote_price AS "PromotePrice", COALESCE(p.limit_qua::text, '') AS "LimitQua",
              p.begin_at AS "BeginTime", p.end_at AS "EndTime"
         FROM promo p JOIN goods g ON g.goods_id = p.goods_id
        ORDER BY p.plan_id, g.goods_code, p.sku_id`,
      [ShopID, now],
    );
    if (rows.length === 0) await requireShop(tx, ShopID);
    return { table1: rows.map((r) => ({ ...r, BeginTime: iso(r.BeginTime), EndTime: iso(r.EndTime) })) };
  },

  /** A business district's external shops (PosType '2,7' by default) and their outlets. */
  async Shop_ShopInfoByPage_Get({ tx, lang }, { tableData: [row] }) {
    const { ShopID, PosType } = row!;
    const [district] = await tx.query<{ pos_type: number }>('SELECT pos_type FROM shop WHERE shop_id = $1', [ShopID]);
    if (!district || district.pos_type !== DISTRICT_POS_TYPE) throw new OpError('shopNotFound');
    const l = await langsFor(tx, lang, { shopId: ShopID });
    const posTypes = PosType?.trim() ? PosType.split(',').map((t) => Number(t.trim())) : [...EXTERNAL_SHOP_POS_TYPES];
    const page = pageOf(row!, 1000);
    const shops = await tx.query<RowOf<'Shop_ShopInfoByPage_Get'>>(
      `SELECT s.shop_id AS "ShopID", ${tr('s.shop_name', l)} AS "ShopName",
              s.pos_type::text AS "PosType", s.logo AS "Logo", ${tr('s.notice', l)} AS "Notice"
         FROM shop s WHERE s.parent_shop_id = $1 AND s.pos_type = ANY ($2::int[])
        ORDER BY s.sort, s.shop_id LIMIT $3 OFFSET $4`,
      [ShopID, posTypes, page.limit, page.offset],
    );
    const bases = shops.length
      ? await tx.query<RowOf<'Shop_ShopInfoByPage_Get', 'table2'>>(
          `SELECT b.base_id AS "BaseID", b.shop_id AS "ShopID", ${tr('b.base_name', l)} AS "BaseName",
                  b.base_code AS "BaseCode", b.cy_type AS "CYType",
                  b.business_mode::text AS "BusinessMode", b.pay_mode AS "PayMode"
             FROM base b JOIN shop s ON s.shop_id = b.shop_id
            WHERE b.shop_id = ANY ($1::text[])
            ORDER BY s.sort, s.shop_id, b.sort, b.base_id`,
          [shops.map((s) => s.ShopID)],
        )
      : [];
    return { table1: shops, table2: bases };
  },

  /**
   * The enterprise's outlets (of ShopID when given; else of the row's EntID,
   * falling back to the session's), nearest first when a position is given
   * (great-circle distance in km, four places; '' without a position or for
   * an outlet without one), then by sort. GPS 0,0 counts as no position.
   */
  async Base_BaseInfoByGPSGet_Get({ tx, session, lang }, { tableData: [row] }) {
    const { ShopID, BaseClass } = row!;
    let lng = row!.GPS_Lng ?? null;
    let lat = row!.GPS_Lat ?? null;
    if (lng === 0 && lat === 0) lng = lat = null;
    let entId: string | null = null;
    if (ShopID) {
      const [shop] = await tx.query<{ ent_id: string }>('SELECT ent_id FROM shop WHERE shop_id = $1', [ShopID]);
      if (!shop) throw new OpError('shopNotFound');
      entId = shop.ent_id;
    } else {
      entId = await entOf(tx, row!.EntID, session);
    }
    const page = pageOf(row!, 1000);
    const l = await langsFor(tx, lang, { entId: entId! });
    const filter = `b.ent_id = $1 AND ($2::text IS NULL OR b.shop_id = $2) AND ($3::int IS NULL OR b.base_class = $3)`;
    const filterParams = [entId, ShopID || null, BaseClass ?? null];
    const bases = await tx.query<RowOf<'Base_BaseInfoByGPSGet_Get'>>(
      `SELECT ${baseColumns(l)}, COALESCE(round(d.km::numeric, 4)::text, '') AS "Distance"
         FROM base b
         CROSS JOIN LATERAL (
           SELECT CASE WHEN $4::float8 IS NULL OR b.gps_lat IS NULL OR b.gps_lng IS NULL THEN NULL
                  ELSE ${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
                         power(sin(radians(b.gps_lat - $5::float8) / 2), 2)
                         + cos(radians($5::float8)) * cos(radians(b.gps_lat)) * power(sin(radians(b.gps_lng - $4::float8) / 2), 2))))
                  END AS km) d
        WHERE ${filter}
        ORDER BY d.km NULLS LAST, b.sort, b.base_id
        LIMIT $6 OFFSET $7`,
      [...filterParams, lng, lat, page.limit, page.offset],
    );
    const total = await totalOf(page, bases.length, async () => {
      const [c] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM base b WHERE ${filter}`, filterParams);
      return c?.n ?? 0;
    });
    return { table1: bases, table2: [{ TotalCount: total }] };
  },
};

/** The enterprise a request is about: the row's EntID, else the session's; it must exist. */
async function entOf(tx: Queryable, rowEntId: string | undefined, session: Session | null): Promise<string> {
  const entId = rowEntId || session?.entId;
  if (!entId) throw new OpError('entNotFound');
  const [ent] = await tx.query('SELECT 1 AS one FROM enterprise WHERE ent_id = $1', [entId]);
  if (!ent) throw new OpError('entNotFound');
  return entId;
}
