/**
 * Sheet (order) reads. The detail is open to anyone ('anyone' in the
 * catalogue): a table's sheet is opened from its QR code, before or without
 * signing in. So it answers only what anyone at the table may see; the
 * customer's contact details (VipID, CustName, CustPhone, CustAddress) are
 * added only when the caller's session belongs to the sheet's member.
 *
 * Status: 0 open, 1 paid (prepay), 2 closed/cancelled, 3 checked out (see
 * db/seed/demo.ts, "Sheets").
 */
import { OpError, type HandlerMap } from './context';

const HEAD_COLUMNS = `
  s.sheet_id AS "SheetID", s.status AS "Status",
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "CreatedDate",
  COALESCE(s.table_id, '') AS "TableID", s.base_id AS "BaseID", s.shop_id AS "ShopID",
  s.pos_type::text AS "PosType", s.business_mode::text AS "BusinessMode",
  s.sales_amo AS "SalesAmo", s.dis_amo AS "DisAmo", s.fee_amo AS "FeeAmo", s.coupon_amo AS "CouponAmo",
  s.total_amo AS "TotalAmo", s.remark AS "Remark"`;

const ITEM_COLUMNS = `
  i.item_id AS "ItemID", i.round_no AS "RoundNo", i.goods_id AS "GoodsID", i.sku_id AS "SkuID", i.punit AS "PUnit",
  i.goods_name AS "GoodsName", i.sku_items AS "SkuItems", i.qua AS "Qua", i.pqua AS "PQua", i.mqua AS "MQua",
  i.price AS "Price", i.sales_price AS "SalesPrice", i.amo AS "Amo", i.dis_amo AS "DisAmo",
  i.sal_type::text AS "SalType", i.detail AS "Detail"`;

interface OwnerColumns {
  vip_id: string | null;
  cust_name: string;
  cust_phone: string;
  cust_address: string;
}

export const sheetHandlers: HandlerMap = {
  async PosSalSheet_PosSalSheetDetailGet_V2_Get({ tx, session }, { tableData: [row] }) {
    const [found] = await tx.query<OwnerColumns & Record<string, unknown>>(
      `SELECT ${HEAD_COLUMNS}, s.vip_id, s.cust_name, s.cust_phone, s.cust_address FROM sheet s WHERE s.sheet_id = $1`,
      [row!.SheetID],
    );
    if (!found) throw new OpError('sheetNotFound');
    const { vip_id, cust_name, cust_phone, cust_address, ...head } = found;
    const owner = Boolean(vip_id && session?.vipId === vip_id);
    const items = await tx.query(
      `SELECT ${ITEM_COLUMNS} FROM sheet_item i WHERE i.sheet_id = $1 ORDER BY i.round_no, i.item_id`,
      [row!.SheetID],
    );
    return {
      table1: [owner ? { ...head, VipID: vip_id, CustName: cust_name, CustPhone: cust_phone, CustAddress: cust_address } : head],
      table2: items,
    };
  },
};
