/**
 * Entry and shop operations: resolving a scanned code to its enterprise, the
 * shop page (entity, user, base, sign sheet, extra), outlets and tables.
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { OpError, type HandlerMap, type RowOf } from '../context';
import { langsFor, tr, type TextLangs } from '../localized';

/** The enterprise row as the app reads it; texts in the caller's language (localized.ts), as in every row below. */
export const entityColumns = (l: TextLangs) => `
  e.ent_id AS "EntID", ${tr('e.ent_name', l)} AS "EntName", e.user_id AS "UserID", e.user_name AS "UserName",
  e.user_code AS "UserCode", e.currency AS "Currency", e.currency_symbol AS "CurrencySymbol",
  e.amo_point AS "AmoPoint", e.discount_point AS "DiscountPoint", e.pqua_point AS "PQuaPoint",
  e.price_point AS "PricePoint", e.qua_point AS "QuaPoint", e.time_zone AS "TimeZone",
  e.oss_domain AS "OssCustomerDomain"`;

export const shopColumns = (l: TextLangs) => `
  s.ent_id AS "EntID", s.shop_id AS "ShopID", ${tr('s.shop_name', l)} AS "ShopName",
  s.pos_type::text AS "PosType", s.mina_app_id AS "MinaAppID",
  s.mina_id AS "MinaID", s.logo AS "Logo", ${tr('s.notice', l)} AS "Notice"`;

export const baseColumns = (l: TextLangs) => `
  b.base_id AS "BaseID", b.shop_id AS "ShopID", ${tr('b.base_name', l)} AS "BaseName", b.base_code AS "BaseCode", b.business_mode::text AS "BusinessMode",
  b.cy_type AS "CYType", b.begin_time AS "BeginTime", b.end_time AS "EndTime",
  b.web_order_duration AS "WebOrderDuration", b.pay_mode AS "PayMode",
  COALESCE((SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND p.parm_id = 'IsPayLaterOnlineCheckout'), '0')
    AS "IsPayLaterOnlineCheckout",
  COALESCE((SELECT parm_value FROM base_parm p WHERE p.base_id = b.base_id AND p.parm_id = 'OpeningHours'), '')
    AS "OpeningHours",
  ${tr('b.address', l)} AS "Address", b.phone AS "Phone", b.gps_lng AS "GPS_Lng", b.gps_lat AS "GPS_Lat",
  COALESCE(NULLIF(b.time_zone, ''), (SELECT e.time_zone FROM enterprise e WHERE e.ent_id = b.ent_id), '') AS "TimeZone",
  b.service_charge_bp AS "ServiceChargeBp", CASE WHEN b.tip_enabled THEN 1 ELSE 0 END AS "TipEnabled"`;

export const TABLE_COLUMNS = `
  t.table_id AS "TableID", t.base_id AS "BaseID", t.table_name AS "TableName", t.table_code AS "TableCode",
  t.qr_code AS "QRCode", t.seats AS "Seats"`;

interface Located {
  entId: string;
  shopId: string;
  baseId: string;
  tableId: string;
}

/** Resolves a table QR code, table, outlet or shop to where it belongs. */
async function locate(tx: Queryable, field: 'QRCode' | 'BaseID' | 'TableID' | 'ShopID', value: string): Promise<Located | null> {
  const sql = {
    QRCode: `SELECT b.ent_id, b.shop_id, b.base_id, t.table_id FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.qr_code = $1 AND t.removed_at IS NULL`,
    TableID: `SELECT b.ent_id, b.shop_id, b.base_id, t.table_id FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1 AND t.removed_at IS NULL`,
    BaseID: `SELECT b.ent_id, b.shop_id, b.base_id, '' AS table_id FROM base b WHERE b.base_id = $1`,
    ShopID: `SELECT s.ent_id, s.shop_id, COALESCE((SELECT b.base_id FROM base b WHERE b.shop_id = s.shop_id ORDER BY b.sort, b.base_id LIMIT 1), '') AS base_id, '' AS table_id FROM shop s WHERE s.shop_id = $1`,
  }[field];
  const [row] = await tx.query<{ ent_id: string; shop_id: string; base_id: string; table_id: string }>(sql, [value]);
  return row ? { entId: row.ent_id, shopId: row.shop_id, baseId: row.base_id, tableId: row.table_id } : null;
}

const NOT_FOUND = {
  QRCode: 'invalidQrCode',
  TableID: 'tableNotFound',
  BaseID: 'baseNotFound',
  ShopID: 'shopNotFound',
} as const;

export const shopHandlers: HandlerMap = {
  async Enterprise_EntIDByIDGet_Get({ tx, rememberScan }, { tableData: [row] }) {
    const { Field, Value } = row!;
    const found = await locate(tx, Field, Value);
    if (!found) throw new OpError(NOT_FOUND[Field]);
    // Knowing a table's (unguessable) code is scanning it: http/tableScan.ts.
    if (Field === 'QRCode' && found.tableId) rememberScan?.(found.tableId);
    return {
      table1: [{ EntID: found.entId, ShopID: found.shopId, BaseID: found.baseId, TableID: found.tableId }],
    };
  },

  async EShop_EShopShopPageGet_Get({ tx, now, lang, rememberScan, scannedTables, session }, { tableData: [row] }) {
    const { QRCode, TableID, BaseID, ShopID, SheetID } = row!;
    // The most specific code wins: a table's QR code names the table, its outlet and shop.
    const by = QRCode ? (['QRCode', QRCode] as const)
      : TableID ? (['TableID', TableID] as const)
      : BaseID ? (['BaseID', BaseID] as const)
      : ShopID ? (['ShopID', ShopID] as const)
      : null;
    if (!by) throw new OpError('shopNotFound');
    const found = await locate(tx, by[0], by[1]);
    if (!found) throw new OpError(NOT_FOUND[by[0]]);
    // A QR code of one outlet with a BaseID of another is a tampered link.
    if (BaseID && found.baseId && BaseID !== found.baseId) throw new OpError('qrCodeInvalid');

    const l = await langsFor(tx, lang, { entId: found.entId });
    const [entity] = await tx.query<Omit<RowOf<'EShop_EShopShopPageGet_Get'>, 'NowDate'>>(`SELECT ${entityColumns(l)} FROM enterprise e WHERE e.ent_id = $1`, [found.entId]);
    const shops = await tx.query<RowOf<'EShop_EShopShopPageGet_Get', 'table2'>>(`SELECT ${shopColumns(l)} FROM shop s WHERE s.shop_id = $1`, [found.shopId]);
    const bases = found.baseId
      ? await tx.query<RowOf<'EShop_EShopShopPageGet_Get', 'table3'>>(`SELECT ${baseColumns(l)} FROM base b WHERE b.base_id = $1`, [found.baseId])
      : [];
    const tables = found.tableId
      ? await tx.query<RowOf<'EShop_EShopShopPageGet_Get', 'table5'>>(`SELECT ${TABLE_COLUMNS} FROM dining_table t WHERE t.table_id = $1`, [found.tableId])
      : [];
    if (by[0] === 'QRCode' && found.tableId) rememberScan?.(found.tableId);
    // A table's sheet only for who scanned the table's code (a TableID is no secret): http/tableScan.ts.
    const atTable = !found.tableId || by[0] === 'QRCode' || Boolean(scannedTables?.includes(found.tableId));
    const signSheet = atTable ? await findSignSheet(tx, found, SheetID, session?.vipId ?? null) : [];
    return {
      // NowDate: the service's clock, so the app's ordering guard runs on the shop's time, not the phone's.
      table1: entity ? [{ ...entity, NowDate: now.toISOString() }] : [],
      table2: shops,
      table3: bases,
      table4: signSheet,
      table5: tables,
    };
  },

  async PosSalSheet_ShopBaseDetailGet_Get({ tx, lang }, { tableData: [row] }) {
    const l = await langsFor(tx, lang, { baseId: row!.BaseID });
    const bases = await tx.query<RowOf<'PosSalSheet_ShopBaseDetailGet_Get', 'table2'>>(`SELECT ${baseColumns(l)} FROM base b WHERE b.base_id = $1`, [row!.BaseID]);
    const base = bases[0];
    if (!base) throw new OpError('baseNotFound');
    if (row!.ShopID && row!.ShopID !== base.ShopID) throw new OpError('baseNotFound');
    const shops = await tx.query<RowOf<'PosSalSheet_ShopBaseDetailGet_Get'>>(`SELECT ${shopColumns(l)} FROM shop s WHERE s.shop_id = $1`, [base.ShopID]);
    return { table1: shops, table2: bases };
  },

  async Table_BaseTablesListByPage_Get({ tx }, { tableData: [row] }) {
    const pageSize = row!.PageSize ?? 1000;
    const pageIndex = row!.PageIndex ?? 1;
    const [base] = await tx.query(`SELECT base_id FROM base WHERE base_id = $1`, [row!.BaseID]);
    if (!base) throw new OpError('baseNotFound');
    // Without the QR codes: a table's code is what proves someone sits at it (http/tableScan.ts).
    const tables = await tx.query<RowOf<'Table_BaseTablesListByPage_Get'>>(
      `SELECT ${TABLE_COLUMNS.replace('t.qr_code AS "QRCode"', `'' AS "QRCode"`)} FROM dining_table t WHERE t.base_id = $1 AND t.removed_at IS NULL ORDER BY t.sort, t.table_code LIMIT $2 OFFSET $3`,
      [row!.BaseID, pageSize, (pageIndex - 1) * pageSize],
    );
    const [count] = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM dining_table WHERE base_id = $1 AND removed_at IS NULL`, [row!.BaseID]);
    return { table1: tables, table2: [{ TotalCount: Number(count?.n ?? 0) }] };
  },

  async Common_ServiceLinkGet_Get({ tx }, { tableData: [row] }) {
    const links = await tx.query<RowOf<'Common_ServiceLinkGet_Get'>>(
      `SELECT link_key AS "LinkKey", link_value AS "LinkValue" FROM service_link
       WHERE ($1::text IS NULL OR link_key = $1) ORDER BY link_key`,
      [row!.LinkKey ?? null],
    );
    return { table1: links };
  },
};

type SignSheetRow = RowOf<'EShop_EShopShopPageGet_Get', 'table4'>;

/**
 * The sign sheet: the sheet this visit orders onto. An explicit SheetID must
 * belong to the outlet and, at a table, to that table; away from a table it
 * must be the caller's own order (a pickup or delivery order belongs to its
 * customer). Otherwise a table's open sheet, if any.
 */
async function findSignSheet(tx: Queryable, found: Located, sheetId: string | undefined, vipId: string | null): Promise<SignSheetRow[]> {
  const columns = `sheet_id AS "SheetID", COALESCE(table_id, '') AS "TableID", status AS "Status",
    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "CreatedDate",
    pos_type::text AS "PosType", total_amo AS "TotalAmo"`;
  if (sheetId) {
    // At a table, only that table's sheets (issue 16: a SheetID is no key to someone else's order).
    const rows = await tx.query<SignSheetRow>(
      `SELECT ${columns} FROM sheet
        WHERE sheet_id = $1 AND base_id = $2 AND (($3 <> '' AND table_id = $3) OR ($3 = '' AND vip_id = $4))`,
      [sheetId, found.baseId, found.tableId, vipId ?? ''],
    );
    if (rows.length === 0) throw new OpError('sheetNotFound', ErrorCode.business);
    return rows;
  }
  if (!found.tableId) return [];
  return tx.query<SignSheetRow>(
    `SELECT ${columns} FROM sheet WHERE table_id = $1 AND status = 0 ORDER BY created_at DESC LIMIT 1`,
    [found.tableId],
  );
}
