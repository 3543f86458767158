/**
 * Sheet (order) reads. The detail needs no session ('anyone' in the
 * catalogue): a table's sheet is opened from its QR code, before or without
 * signing in. It answers only whoever ordered on the sheet, or, for a
 * table's sheet, scanned the table's code (mayRead); and only what anyone at
 * the table may see; the
 * customer's contact details (VipID, CustName, CustPhone, CustAddress) are
 * added only when the caller's session belongs to the sheet's member.
 *
 * Status: 0 open, 1 paid (prepay), 2 closed/cancelled, 3 checked out (see
 * db/seed/demo.ts, "Sheets").
 */
import { PayStatus } from '../../../shared/domain/orderStates';
import { billFields } from '../payments/bill';
import { roundAuthors } from '../../events/emit';
import { expireStalePayment } from '../payments/expiry';
import { OpError, type HandlerMap, type RowOf } from '../context';
import { isoSeconds, isSettling, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from './sheetState';
import { orderedOn, sheetItems, sheetRounds } from './sheetRows';
import { sheetAddress } from './sheetAddress';

const HEAD_COLUMNS = `
  s.sheet_id AS "SheetID", s.status AS "Status",
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "CreatedDate",
  COALESCE(s.table_id, '') AS "TableID",
  COALESCE((SELECT t.table_name FROM dining_table t WHERE t.table_id = s.table_id), '') AS "TableName",
  s.base_id AS "BaseID", s.shop_id AS "ShopID",
  s.pos_type::text AS "PosType", s.business_mode::text AS "BusinessMode",
  s.sales_amo AS "SalesAmo", s.dis_amo AS "DisAmo", s.fee_amo AS "FeeAmo", s.coupon_amo AS "CouponAmo",
  s.total_amo AS "TotalAmo", s.remark AS "Remark", s.bag_amo AS "BagAmo", s.take_type AS "TakeType",
  s.progress AS "Progress", s.pay_status AS "PayStatus", CASE WHEN s.is_pay_later THEN 1 ELSE 0 END AS "IsPayLater",
  s.pay_mode AS "PayMode", s.round_count AS "RoundCount", s.pickup_no AS "PickupNo"`;

/**
 * Who may read a sheet (the detail, the merge preview): whoever ordered on it;
 * for a table's sheet also whoever scanned that table's code.
 */
export function mayRead(sheet: { tableId: string; orderedHere: boolean; scannedTables?: readonly string[] }): boolean {
  if (sheet.orderedHere) return true;
  return sheet.tableId !== '' && Boolean(sheet.scannedTables?.includes(sheet.tableId));
}

type OwnerColumns = SheetStateRow & {
  sheet_id: string;
  vip_id: string | null;
  cust_name: string;
  cust_phone: string;
  cust_region: string;
  cust_address: string;
  cust_house: string;
  take_time: Date | null;
  total_amo: string;
  remark: string;
};

export const sheetHandlers: HandlerMap = {
  /**
   * Orders (operations/orders/handlers.ts) add: BagAmo, TakeType, TakeTime, Progress,
   * PayStatus, IsPayLater, PayMode, DisplayState, RoundCount, Settling and
   * Mine (the caller ordered on it) to the head; PUnitPrice,
   * Ref and Mine (the caller ordered the line's round) to the lines; and the
   * rounds as table3.
   */
  async PosSalSheet_PosSalSheetDetailGet_V2_Get(ctx, { tableData: [row] }) {
    const { tx, session, now, lang, scannedTables } = ctx;
    const read = async () =>
      (
        await tx.query<OwnerColumns & Omit<RowOf<'PosSalSheet_PosSalSheetDetailGet_V2_Get'>, 'TakeTime' | 'DisplayState' | 'Settling' | 'Mine' | 'VipID' | 'CustName' | 'CustPhone' | 'CustAddress'>>(
          `SELECT ${HEAD_COLUMNS}, s.sheet_id, s.vip_id, s.cust_name, s.cust_phone, s.cust_region, s.cust_address, s.cust_house, s.take_time,
                  s.total_amo, s.remark, ${SHEET_STATE_COLUMNS}
             FROM sheet s WHERE s.sheet_id = $1`,
          [row!.SheetID],
        )
      )[0];
    let found = await read();
    if (!found) throw new OpError('sheetNotFound');
    // A payment left pending past its bound is ended first (payments/expiry.ts), so the sheet reads as it now is.
    if (found.pay_status === PayStatus.paying && (await expireStalePayment(ctx, found.sheet_id))) found = (await read())!;
    const {
      sheet_id, vip_id, cust_name, cust_phone, cust_region, cust_address, cust_house, take_time, total_amo, remark,
      status, pay_status, progress, is_pay_later, business_mode, take_type, pay_mode, created_at, settle_started_at,
      ...columns
    } = found;
    const state: SheetStateRow = { status, pay_status, progress, is_pay_later, business_mode, take_type, pay_mode, created_at, settle_started_at };
    const vipId = session?.vipId ?? null;
    const owner = Boolean(vip_id && vipId === vip_id);
    const orderedHere = owner || (await orderedOn(tx, sheet_id, vip_id, vipId));
    // Issue 16: a pickup or delivery order is its customer's alone; a table's sheet is shared
    // with who scanned the table's code (http/tableScan.ts) or ordered on it. Anyone else is
    // answered as if the sheet did not exist.
    if (!mayRead({ tableId: String(columns.TableID ?? ''), orderedHere, scannedTables })) throw new OpError('sheetNotFound');
    const head = {
      ...columns,
      TakeTime: isoSeconds(take_time),
      DisplayState: sheetDisplayState(state, now),
      Settling: pay_mode === 'postpay' && isSettling(state, now) ? (1 as const) : (0 as const),
      Mine: orderedHere ? (1 as const) : (0 as const),
      // Issue 28: the bill's service charge, tips, what is paid and what is left (payments/bill.ts).
      ...(await billFields(tx, sheet_id)),
    };
    const contact = { VipID: vip_id, CustName: cust_name, CustPhone: cust_phone, CustAddress: sheetAddress({ cust_region, cust_address, cust_house }, lang) };
    return {
      table1: [owner ? { ...head, ...contact } : head],
      table2: await sheetItems(tx, sheet_id, vipId, lang),
      table3: await sheetRounds(tx, { sheet_id, vip_id, total_amo, remark, created_at, progress }, vipId),
      table4: await roundAuthors(tx, sheet_id),
    };
  },
};
