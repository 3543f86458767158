/**
 * Order operations: the submit (three names, one handler: orders/submit.ts),
 * freight, coupons at checkout, a pay-after table's merge preview and online
 * settle, the member's order list and a delivery order's details. Wire
 * shapes: src/shared/protocol/schemas.ts ("Order rows").
 *
 * Who the caller is comes from the session: lists and details are the
 * session member's; a table's sheet is shared by whoever orders at the table
 * (the app has its SheetID from the table's QR code).
 */
import { toMinor } from '../../../shared/domain/numbers';
import { PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import { decimal4, ErrorCode } from '../../../shared/protocol/envelope';
import { emitSheetEvent } from '../../events/emit';
import { OpError, type HandlerMap, type OpContext, type RowOf } from '../context';
import { langsFor, tr } from '../localized';
import { isoSeconds, isSettling, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from './sheetState';
import { loadOutlet, showMoney, type Outlet } from './outlet';
import { couponRow, findCard, memberCards, normaliseCode } from '../coupons/rules';
import { orderedOn, sheetItems, sheetRounds } from './sheetRows';
import { mayRead } from './sheet';
import { submitOrder } from './submit';
import { sheetAddress } from './sheetAddress';
import { expireStalePayment } from '../payments/expiry';
import { billFields } from '../payments/bill';

/** Default and largest page of the order list. */
export const ORDER_PAGE_SIZE = 10;
export const MAX_ORDER_PAGE_SIZE = 50;

function sessionVip(ctx: OpContext): string {
  if (!ctx.session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  return ctx.session.vipId;
}

/** The outlet a coupon request is about: BaseID when given, else none (the session's enterprise and default formats). */
async function couponOutlet(ctx: OpContext, baseId: string | undefined): Promise<Pick<Outlet, 'entId' | 'formats' | 'currencySymbol'>> {
  if (baseId) {
    const outlet = await loadOutlet(ctx.tx, baseId);
    if (!outlet || outlet.entId !== ctx.session!.entId) throw new OpError('baseNotFound');
    return outlet;
  }
  const [ent] = await ctx.tx.query<{ amo_point: number; price_point: number; currency_symbol: string }>(
    'SELECT amo_point, price_point, currency_symbol FROM enterprise WHERE ent_id = $1',
    [ctx.session!.entId],
  );
  return {
    entId: ctx.session!.entId,
    formats: { AmoPoint: ent?.amo_point ?? 2, PricePoint: ent?.price_point ?? 2 },
    currencySymbol: ent?.currency_symbol ?? '',
  };
}

type ListRow = SheetStateRow & {
  sheet_id: string;
  shop_id: string;
  shop_name: string;
  base_id: string;
  base_name: string;
  table_id: string;
  table_name: string;
  total_amo: string;
  line_count: number;
  first_name: string | null;
  pic: string | null;
};

type TableSheetRow = SheetStateRow & {
  sheet_id: string;
  shop_id: string;
  base_id: string;
  table_id: string | null;
  table_name: string | null;
  vip_id: string | null;
  round_count: number;
  sales_amo: string;
  dis_amo: string;
  coupon_amo: string;
  total_amo: string;
  remark: string;
};

/**
 * A table's sheet, for a caller who scanned its table's code (http/tableScan.ts)
 * or, unless `scanned` is required (settling), ordered on it; anyone else is
 * told it does not exist.
 */
async function tableSheet(ctx: OpContext, sheetId: string, lock = false, scanned: 'scanned' | 'scannedOrOrdered' = 'scannedOrOrdered'): Promise<TableSheetRow> {
  const [sheet] = await ctx.tx.query<TableSheetRow>(
    `SELECT s.sheet_id, s.shop_id, s.base_id, s.table_id, t.table_name, s.vip_id, s.round_count, s.sales_amo, s.dis_amo,
            s.coupon_amo, s.total_amo, s.remark, ${SHEET_STATE_COLUMNS}
       FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id
      WHERE s.sheet_id = $1 ${lock ? 'FOR UPDATE OF s' : ''}`,
    [sheetId],
  );
  if (!sheet) throw new OpError('sheetNotFound');
  const orderedHere = await orderedOn(ctx.tx, sheet.sheet_id, sheet.vip_id, ctx.session?.vipId ?? null);
  // Someone else's pickup or delivery order: not for others to know about.
  if (!sheet.table_id) throw new OpError(orderedHere ? 'notTableSheet' : 'sheetNotFound');
  const scannedIt = mayRead({ tableId: sheet.table_id, orderedHere: false, scannedTables: ctx.scannedTables });
  if (scanned === 'scanned' ? !scannedIt : !(scannedIt || orderedHere)) throw new OpError(orderedHere ? 'scanToSettle' : 'sheetNotFound');
  return sheet;
}

/** tableSheet, after a payment left pending past its bound has been ended (payments/expiry.ts). */
async function freshTableSheet(ctx: OpContext, sheetId: string, lock = false, scanned: 'scanned' | 'scannedOrOrdered' = 'scannedOrOrdered'): Promise<TableSheetRow> {
  const sheet = await tableSheet(ctx, sheetId, lock, scanned);
  if (sheet.pay_status !== PayStatus.paying || !(await expireStalePayment(ctx, sheet.sheet_id))) return sheet;
  return tableSheet(ctx, sheetId, lock, scanned);
}

export const orderHandlers: HandlerMap = {
  PosSalSheet_NewCYSendSheetSubmit_Add: submitOrder,
  PosSalSheet_CYPosSalSheetSubmit_Add: submitOrder,
  PosSalSheet_PosSalSheetSubmit_V9_Add: submitOrder,

  /** The outlet's delivery terms; no rows when it does not deliver. */
  async FreightRule_FreightRuleGet_Get({ tx }, { tableData: [row] }) {
    const [base] = await tx.query('SELECT 1 AS one FROM base WHERE base_id = $1', [row!.BaseID]);
    if (!base) throw new OpError('baseNotFound');
    const rules = await tx.query<{ fee: string; min_amount: string; range_km: string; free_above: string | null }>(
      'SELECT fee, min_amount, range_km, free_above FROM freight_rule WHERE base_id = $1',
      [row!.BaseID],
    );
    return {
      table1: rules.map((r) => ({ Fee: r.fee, MinAmount: r.min_amount, RangeKm: r.range_km, FreeAbove: r.free_above ?? '' })),
    };
  },

  /** The session member's unused, unexpired coupons, usable ones first, each judged for an order of Amo. */
  async EntCard_ScreenVipAailableCard_V2_Get(ctx, { tableData: [row] }) {
    const vipId = sessionVip(ctx);
    const outlet = await couponOutlet(ctx, row!.BaseID || undefined);
    const amountMinor = row!.Amo === undefined ? null : toMinor(row!.Amo, outlet.formats.AmoPoint);
    const cards = await memberCards(ctx.tx, vipId, outlet.entId, ctx.now);
    // With the order's outlet: a coupon whose plan is limited to other outlets is not usable here (issue 27).
    const rows = cards.map((c) => couponRow(c, ctx.now, amountMinor, outlet.formats, outlet.currencySymbol, ctx.lang, row!.BaseID || null));
    return { table1: [...rows.filter((r) => r.Usable === 1), ...rows.filter((r) => r.Usable === 0)] };
  },

  /**
   * A coupon by CardID (the member's own, whatever its state: coupon
   * details) or by CardCode (typed at checkout: the member's own or an
   * unclaimed claimable one, and only when it can be used now; anyone
   * else's code is not available).
   */
  async EntCard_CardDetailGet_V1_Get(ctx, { tableData: [row] }) {
    const vipId = sessionVip(ctx);
    const outlet = await couponOutlet(ctx, row!.BaseID || undefined);
    const byCode = !row!.CardID;
    const found = await findCard(ctx.tx, byCode ? { cardCode: normaliseCode(row!.CardCode ?? '') } : { cardId: row!.CardID }, vipId, outlet.entId);
    if (!found || (!byCode && found.card.vip_id !== vipId)) throw new OpError('couponMissing');
    if (!found.theirs) throw new OpError('couponUnavailable');
    const card = found.card;
    const amountMinor = row!.Amo === undefined ? null : toMinor(row!.Amo, outlet.formats.AmoPoint);
    const answer = couponRow(card, ctx.now, amountMinor, outlet.formats, outlet.currencySymbol, ctx.lang, row!.BaseID || null);
    if (byCode && (answer.Reason === 'couponUnavailable' || answer.Reason === 'couponNotHere')) throw new OpError(answer.Reason);
    // The shops it can be used in: every shop of the coupon's enterprise (not a business district itself, pos type 5).
    const shops = await ctx.tx.query<RowOf<'EntCard_CardDetailGet_V1_Get', 'table2'>>(
      `SELECT shop_id AS "ShopID", shop_name AS "ShopName", shop_name_tw AS "ShopNameTW", shop_name_en AS "ShopNameEN"
         FROM shop WHERE ent_id = $1 AND pos_type <> 5 ORDER BY sort, shop_id`,
      [card.ent_id],
    );
    return { table1: [answer], table2: shops };
  },

  /**
   * The member's sheets and the table sheets they ordered a round on, newest
   * first. A page past the end is empty (the app says 'No more datas').
   */
  async PosSalSheet_PosSalSheetListByPage_V4_Get(ctx, { tableData: [row] }) {
    const vipId = sessionVip(ctx);
    const size = Math.min(row!.PageSize ?? ORDER_PAGE_SIZE, MAX_ORDER_PAGE_SIZE);
    const offset = ((row!.PageIndex ?? 1) - 1) * size;
    const status = row!.Status ?? null;
    const mine = `mine AS (SELECT sheet_id FROM sheet WHERE vip_id = $1 UNION SELECT sheet_id FROM sheet_round WHERE vip_id = $1)`;
    // Names in the caller's language (operations/localized.ts).
    const l = await langsFor(ctx.tx, ctx.lang, { entId: ctx.session!.entId });
    const sheets = await ctx.tx.query<ListRow>(
      `WITH ${mine}
       SELECT s.sheet_id, s.shop_id, ${tr('sh.shop_name', l)} AS shop_name,
              s.base_id, ${tr('b.base_name', l)} AS base_name,
              COALESCE(s.table_id, '') AS table_id, COALESCE(t.table_name, '') AS table_name, s.total_amo,
              (SELECT count(*) FROM sheet_item i WHERE i.sheet_id = s.sheet_id)::int AS line_count,
              f.goods_name AS first_name, f.pic,
              ${SHEET_STATE_COLUMNS}
         FROM sheet s
         JOIN mine m ON m.sheet_id = s.sheet_id
         JOIN shop sh ON sh.shop_id = s.shop_id
         JOIN base b ON b.base_id = s.base_id
         LEFT JOIN dining_table t ON t.table_id = s.table_id
         LEFT JOIN LATERAL (
           SELECT COALESCE(NULLIF(${tr('g.goods_name', l)}, ''), i.goods_name) AS goods_name, g.pic
             FROM sheet_item i LEFT JOIN goods g ON g.goods_id = i.goods_id
            WHERE i.sheet_id = s.sheet_id ORDER BY i.round_no, i.item_id LIMIT 1) f ON true
        WHERE ($2::int IS NULL OR s.status = $2)
        ORDER BY s.created_at DESC, s.sheet_id DESC
        LIMIT $3 OFFSET $4`,
      [vipId, status, size, offset],
    );
    const [count] = await ctx.tx.query<{ n: number }>(
      `WITH ${mine} SELECT count(*)::int AS n FROM sheet s JOIN mine m ON m.sheet_id = s.sheet_id WHERE ($2::int IS NULL OR s.status = $2)`,
      [vipId, status],
    );
    return {
      table1: sheets.map((s) => ({
        SheetID: s.sheet_id,
        CreatedDate: isoSeconds(s.created_at),
        ShopID: s.shop_id,
        ShopName: s.shop_name,
        BaseID: s.base_id,
        BaseName: s.base_name,
        TableID: s.table_id,
        TableName: s.table_name,
        BusinessMode: String(s.business_mode),
        TakeType: s.take_type,
        Status: s.status,
        PayStatus: s.pay_status,
        Progress: s.progress,
        IsPayLater: s.is_pay_later ? 1 : 0,
        PayMode: s.pay_mode,
        DisplayState: sheetDisplayState(s, ctx.now),
        TotalAmo: s.total_amo,
        Count: s.line_count,
        FirstGoodsName: s.first_name ?? '',
        Pic: s.pic ?? '',
      })),
      table2: [{ TotalCount: count?.n ?? 0 }],
    };
  },

  /** A delivery order of the session member's: where it goes and how far it is. */
  async ExpressDtbSheet_ExpressDtbSheetDetailGet_Get(ctx, { tableData: [row] }) {
    const vipId = sessionVip(ctx);
    const [sheet] = await ctx.tx.query<
      SheetStateRow & { sheet_id: string; vip_id: string | null; cust_name: string; cust_phone: string; cust_region: string; cust_address: string; cust_house: string; take_time: Date | null; fee_amo: string }
    >(
      `SELECT s.sheet_id, s.vip_id, s.cust_name, s.cust_phone, s.cust_region, s.cust_address, s.cust_house, s.take_time, s.fee_amo, ${SHEET_STATE_COLUMNS}
         FROM sheet s WHERE s.sheet_id = $1`,
      [row!.SheetID],
    );
    if (!sheet || sheet.vip_id !== vipId) throw new OpError('sheetNotFound');
    if (sheet.take_type !== 'delivery') throw new OpError('notDeliveryOrder');
    return {
      table1: [
        {
          SheetID: sheet.sheet_id,
          TakeType: sheet.take_type,
          CustName: sheet.cust_name,
          CustPhone: sheet.cust_phone,
          Address: sheetAddress(sheet, ctx.lang),
          TakeTime: isoSeconds(sheet.take_time),
          Progress: sheet.progress,
          DisplayState: sheetDisplayState(sheet, ctx.now),
          FeeAmo: sheet.fee_amo,
          Courier: '',
        },
      ],
    };
  },

  /**
   * A table's sheet with every round (whoever ordered it; Mine marks the
   * caller's), for anyone at the table: the app has the SheetID from the
   * table's QR code.
   */
  async PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get(ctx, { tableData: [row] }) {
    const vipId = sessionVip(ctx);
    const sheet = await freshTableSheet(ctx, row!.SheetID);
    const [checkout] = await ctx.tx.query<{ parm_value: string }>(
      `SELECT parm_value FROM base_parm WHERE base_id = $1 AND parm_id = 'IsPayLaterOnlineCheckout'`,
      [sheet.base_id],
    );
    return {
      table1: [
        {
          SheetID: sheet.sheet_id,
          ShopID: sheet.shop_id,
          BaseID: sheet.base_id,
          TableID: sheet.table_id ?? '',
          TableName: sheet.table_name ?? '',
          Status: sheet.status,
          PayStatus: sheet.pay_status,
          CreatedDate: isoSeconds(sheet.created_at),
          RoundCount: sheet.round_count,
          SalesAmo: sheet.sales_amo,
          DisAmo: sheet.dis_amo,
          CouponAmo: sheet.coupon_amo,
          TotalAmo: sheet.total_amo,
          IsPayLaterOnlineCheckout: checkout?.parm_value === '1' ? '1' : '0',
          Settling: isSettling(sheet, ctx.now) ? 1 : 0,
          DisplayState: sheetDisplayState(sheet, ctx.now),
          ...(await billFields(ctx.tx, sheet.sheet_id)),
        },
      ],
      table2: await sheetItems(ctx.tx, sheet.sheet_id, vipId, ctx.lang),
      table3: await sheetRounds(ctx.tx, sheet, vipId),
    };
  },

  /**
   * Starts settling a pay-after table's sheet online, when the outlet allows
   * it (IsPayLaterOnlineCheckout '1'; else 'Please call our staff to
   * checkout'): checks the total the app shows and stops further rounds for
   * a while (orders/common.ts SETTLE_HOLD_MINUTES; a payment in progress
   * holds it until it ends). The payment itself is the payments code's.
   */
  async PosSalSheet_CYSettleSheetSubmit_V2_Add(ctx, { tableData: [row] }) {
    sessionVip(ctx);
    const sheet = await freshTableSheet(ctx, row!.SheetID, true, 'scanned');
    if (sheet.pay_mode !== 'postpay') throw new OpError('notTableSheet');
    if (sheet.status === SheetStatus.checkedOut || sheet.pay_status === 2) throw new OpError('sheetPaid');
    if (sheet.status !== SheetStatus.open) throw new OpError('sheetClosed');
    const outlet = await loadOutlet(ctx.tx, sheet.base_id);
    if (!outlet?.onlineCheckout) throw new OpError('callStaff');
    const total = toMinor(sheet.total_amo, outlet.formats.AmoPoint);
    if (toMinor(row!.TotalAmo, outlet.formats.AmoPoint) !== total) {
      throw new OpError('settleTotalChanged', ErrorCode.mismatch, { total: showMoney(total, outlet) });
    }
    // One hold at a time, by one session (issue 16): another session is told the table is being
    // settled; the holder asking again keeps its hold (not extended); the last holder cannot
    // take the table again once its hold lapsed or its payment was abandoned.
    const me = ctx.session!.sessionId;
    const [held] = await ctx.tx.query<{ settle_session_id: string | null }>('SELECT settle_session_id FROM sheet WHERE sheet_id = $1', [sheet.sheet_id]);
    const holder = held?.settle_session_id ?? null;
    if (isSettling(sheet, ctx.now)) {
      if (holder !== me) throw new OpError('sheetSettling');
      return { table1: [{ SheetID: sheet.sheet_id, TotalAmo: decimal4(sheet.total_amo), PayStatus: sheet.pay_status, Settling: 1 }] };
    }
    if (holder === me) throw new OpError('settleAgain');
    await ctx.tx.query('UPDATE sheet SET settle_started_at = $2, settle_session_id = $3, updated_at = $2 WHERE sheet_id = $1', [sheet.sheet_id, ctx.now, me]);
    await emitSheetEvent(ctx.tx, sheet.sheet_id, 'settling');
    return { table1: [{ SheetID: sheet.sheet_id, TotalAmo: decimal4(sheet.total_amo), PayStatus: sheet.pay_status, Settling: 1 }] };
  },
};
