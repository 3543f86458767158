/**
 * The order submit (PosSalSheet_NewCYSendSheetSubmit_Add,
 * PosSalSheet_CYPosSalSheetSubmit_Add, PosSalSheet_PosSalSheetSubmit_V9_Add):
 * one handler, run by the gateway in one transaction.
 *
 * The sheet belongs to the session's member (or guest), whatever the payload
 * says. The service recomputes every figure from its own data (lines.ts,
 * coupons.ts, freight below) and refuses, with nothing written, a submit
 * whose TotalAmo or any line's Amo disagrees (ErrorCode.mismatch). The
 * arithmetic of the bag fee, freight, coupon and total is
 * src/shared/domain/orderTotals.ts, the code the app previews with; here the
 * service adds what only it knows: a delivery below min_amount is refused
 * with the shortfall, and one beyond range_km from the outlet is refused.
 *
 * Idempotent per member on LocalSheetID: every accepted submit is a row of
 * sheet_round, unique on (vip_id, local_sheet_id), with a hash of the
 * normalised request. A per-member advisory lock, taken first, serialises a
 * member's submits on PostgreSQL (PGlite runs one transaction at a time
 * anyway), so a retry or a double tap racing the first submit waits for it
 * and then finds its round: the same cart gets the first answer, another
 * cart with the same LocalSheetID is refused. The unique index is the last
 * line of defence.
 *
 * Pay-after dine-in (outlet pay_mode 'postpay', at a table): the submit adds
 * a round to the table's open sheet (created by the first round), whoever
 * sends it; the table row is locked (FOR UPDATE) so rounds from several
 * phones are numbered one after another. Otherwise a new sheet per submit:
 * status 0, pay status 0, progress 'placed'. Any order at a table (a round,
 * the round that opens its sheet, a prepay dine-in order naming it) needs
 * the browser's proof that it scanned the table's code (http/tableScan.ts;
 * issue 22): else 'Scan the QR code on your table to order at it.'
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { QUANTITY_SCALE } from '../../../shared/domain/cart';
import { BusinessMode, modesOffered, sheetPosType } from '../../../shared/domain/businessMode';
import { toMinor, sumMoney } from '../../../shared/domain/numbers';
import { bagFeeMinor, freeAboveFrom, freightFor, orderTotalMinor } from '../../../shared/domain/orderTotals';
import { canPlaceOrder, isOpenAt } from '../../../shared/domain/openingHours';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import type { Queryable } from '../../db/driver';
import { emitSheetEvent } from '../../events/emit';
import { enqueueKitchenTickets } from '../../printing/queue';
import { PayStatus } from '../../../shared/domain/orderStates';
import { expireStalePayment } from '../payments/expiry';
import type { MessageKey } from '../../messages';
import { OpError, type OpContext } from '../context';
import { appLanguageToLang, textLangs } from '../localized';
import { distanceKm } from './distance';
import { insertSql } from '../../db/insertMany';
import { isSettling, isoSeconds, newSheetId } from './sheetState';
import { OUTLET_COLUMNS, outletOf, minorToDecimal4, showMoney, type Outlet, type OutletRow } from './outlet';
import { checkCard, findCard, useCard, type Card } from '../coupons/rules';
import { priceLines, type PricedLine, type RequestLine } from './lines';

type SubmitPayload = PayloadOf<'PosSalSheet_NewCYSendSheetSubmit_Add'>;
type SubmitRow = SubmitPayload['tableData'][number];

/** How far ahead a pickup or delivery time may be chosen. */
export const MAX_TAKE_AHEAD_DAYS = 7;
/** A chosen time this little in the past still counts (clocks differ). */
const TAKE_TIME_GRACE_MS = 60_000;
/** The first key of the per-member advisory lock (the second is a hash of the VipID). */
export const SUBMIT_LOCK_CLASS = 724_113_003;

const orderStateKey = {
  closed: 'storeClosed',
  windowElapsed: 'orderWindowElapsed',
  sheetClosed: 'sheetClosed',
  sheetPaid: 'sheetPaid',
} as const satisfies Record<string, MessageKey>;

const invalid = (reason: string) => new OpError('orderInvalid', ErrorCode.badRequest, { reason });
const trimmed = (v: string | undefined) => (v ?? '').trim();

/**
 * The way of ordering: as sent, or (PROTOCOL.md's capture sends neither)
 * dine-in at a table, delivery when an address or a freight is sent, else pickup.
 */
function wayOf(row: SubmitRow): { mode: '1' | '2'; takeType: 'dinein' | 'pickup' | 'delivery' } {
  const takeType =
    row.TakeType ??
    (row.BusinessMode === '2' || (row.BusinessMode === undefined && row.TableID)
      ? 'dinein'
      : trimmed(row.CustMainAddress) || (row.FeeAmo ?? 0) > 0
        ? 'delivery'
        : 'pickup');
  return { mode: row.BusinessMode ?? (takeType === 'dinein' ? '2' : '1'), takeType };
}

/** The Item1 lines, normalised; lines without a quantity are dropped. */
function requestLines(items: SubmitPayload['Item1']): RequestLine[] {
  const lines: RequestLine[] = [];
  items.forEach((item, i) => {
    // The schema has checked them: finite, 0 to 99,999 (lines.ts checks their decimals).
    const pQua = item.PQua ?? 0;
    const mQua = item.MQua ?? (item.PQua === undefined ? (item.Qua ?? 0) : 0);
    if (pQua === 0 && mQua === 0) return;
    const remarks = (Array.isArray(item.Remarks) ? item.Remarks : [item.Remarks ?? '']).map((r) => r.trim()).filter(Boolean);
    lines.push({
      n: i + 1,
      GoodsID: item.GoodsID,
      SkuID: item.SkuID ?? '',
      PUnit: (item.PUnit ?? '').trim(),
      PQua: pQua,
      MQua: mQua,
      Amo: item.Amo,
      bom: item.Bom ?? [],
      options: item.Attachments ?? [],
      remarks,
    });
  });
  return lines;
}

/** A hash of the normalised request: the same cart and choices give the same hash. */
function requestHash(row: SubmitRow, lines: readonly RequestLine[]): string {
  const canonical = {
    v: 1,
    shop: row.ShopID,
    base: row.BaseID,
    table: row.TableID ?? '',
    sheet: row.SheetID ?? '',
    way: wayOf(row),
    take: trimmed(row.TakeTime),
    cust: [row.CustName, row.CustPhone, row.CustProvince, row.CustCity, row.CustDistrict, row.CustMainAddress, row.CustHouseNumber].map(trimmed),
    gps: [row.GPS_Lng ?? null, row.GPS_Lat ?? null],
    remark: trimmed(row.Remark),
    card: [trimmed(row.CardCode).toUpperCase(), row.CardID ?? ''],
    total: String(row.TotalAmo),
    lines: lines.map((l) => [
      l.GoodsID,
      l.SkuID,
      l.PUnit,
      l.PQua,
      l.MQua,
      String(l.Amo),
      l.bom.map((b) => `${b.BOMClassID}:${b.GoodsID}`).sort(),
      [...l.options].sort(),
      l.remarks,
    ]),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

type Answer = {
  sheet_id: string;
  round_no: number;
  amount: string;
  status: number;
  pay_status: number;
  pay_mode: string;
  total_amo: string;
  created_at: Date;
};

function answerOf(a: Answer, localSheetId: string) {
  return {
    table1: [
      {
        SheetID: a.sheet_id,
        LocalSheetID: localSheetId,
        RoundNo: a.round_no,
        Status: a.status,
        PayStatus: a.pay_status,
        PayMode: a.pay_mode,
        TotalAmo: a.total_amo,
        RoundAmo: a.amount,
        CreatedDate: isoSeconds(a.created_at),
      },
    ],
  };
}

/** The pickup or delivery time: null as soon as possible; else within opening hours, not past, at most a week ahead. */
function takeTimeOf(row: SubmitRow, takeType: string, outlet: Outlet, now: Date): Date | null {
  const text = trimmed(row.TakeTime);
  if (takeType === 'dinein' || text === '') return null;
  const parsed = DateTime.fromISO(text, { zone: outlet.timeZone, setZone: true });
  if (!parsed.isValid) throw invalid('TakeTime is not an ISO date-time');
  const at = parsed.toJSDate();
  const t = at.getTime();
  if (t < now.getTime() - TAKE_TIME_GRACE_MS || t > now.getTime() + MAX_TAKE_AHEAD_DAYS * 86_400_000 || !isOpenAt(outlet.hours, at, outlet.timeZone)) {
    throw new OpError('takeTimeInvalid');
  }
  return at;
}

interface Delivery {
  /** The street; the floor and flat are `house` (kept apart so the address reads as its reader reads it). */
  address: string;
  house: string;
  region: string;
  lng: number;
  lat: number;
}

function deliveryOf(row: SubmitRow, takeType: string): Delivery | null {
  if (takeType !== 'delivery') return null;
  if (!trimmed(row.CustName) || !trimmed(row.CustPhone)) throw new OpError('contactRequired');
  const region = [row.CustProvince, row.CustCity, row.CustDistrict].map(trimmed).filter(Boolean).join(' ');
  if (!region || !trimmed(row.CustMainAddress) || !trimmed(row.CustHouseNumber) || row.GPS_Lng === undefined || row.GPS_Lat === undefined) {
    throw new OpError('shippingIncomplete');
  }
  return { address: trimmed(row.CustMainAddress), house: trimmed(row.CustHouseNumber), region, lng: row.GPS_Lng, lat: row.GPS_Lat };
}

type TableSheet = {
  sheet_id: string;
  status: number;
  pay_status: number;
  created_at: Date;
  settle_started_at: Date | null;
  round_count: number;
  table_id: string | null;
  /** The sheet's highest item_id (the round's lines follow it). */
  last_item: number;
};

/**
 * The open postpay sheet of a table to add a round to (null: the round
 * starts one). The caller has locked the table row (FOR UPDATE) for the rest
 * of the transaction, so this statement, started after the lock, sees every
 * round committed before it.
 */
async function tableSheetFor(tx: Queryable, tableId: string, sheetId: string): Promise<TableSheet | null> {
  const columns = 'sheet_id, status, pay_status, created_at, settle_started_at, round_count, table_id';
  const [open] = await tx.query<TableSheet>(
    `SELECT ${columns}, (SELECT COALESCE(max(i.item_id), 0)::int FROM sheet_item i WHERE i.sheet_id = sheet.sheet_id) AS last_item
       FROM sheet WHERE table_id = $1 AND status = 0 AND pay_mode = 'postpay'
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [tableId],
  );
  if (!sheetId || open?.sheet_id === sheetId) return open ?? null;
  // The app names the sheet it scanned; it is no longer the table's open one.
  const [named] = await tx.query<TableSheet>(`SELECT ${columns} FROM sheet WHERE sheet_id = $1`, [sheetId]);
  if (!named || named.table_id !== tableId) throw new OpError('sheetNotFound');
  if (named.status === 3 || named.pay_status === 2) throw new OpError('sheetPaid');
  throw new OpError('sheetClosed');
}

export async function submitOrder(ctx: OpContext, payload: SubmitPayload) {
  const { tx, session, now } = ctx;
  if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  const vipId = session.vipId;
  const row = payload.tableData[0]!;
  const localSheetId = row.LocalSheetID;
  const lines = requestLines(payload.Item1);
  if (lines.length === 0) throw invalid('Item1 needs at least one line with a quantity above 0');
  const hash = requestHash(row, lines);

  // One submit of a member at a time; then a retry finds the first answer. The lock is a
  // statement of its own: the next one, started after it is granted, sees the submit it waited for.
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBMIT_LOCK_CLASS, vipId]);
  // In one statement: an earlier submit with this LocalSheetID, the outlet, its freight rule, the enterprise's language.
  const [read] = await tx.query<FirstRead>(FIRST_READ_SQL, [vipId, localSheetId, row.BaseID]);
  if (read?.prev_sheet_id) {
    if (read.prev_request_hash !== hash) throw new OpError('localSheetIdReused');
    const previous: Answer = {
      sheet_id: read.prev_sheet_id,
      round_no: read.prev_round_no!,
      amount: read.prev_amount!,
      status: read.prev_status!,
      pay_status: read.prev_pay_status!,
      pay_mode: read.prev_pay_mode!,
      total_amo: read.prev_total_amo!,
      created_at: read.prev_created_at!,
    };
    return answerOf(previous, localSheetId);
  }

  // The outlet, the way of ordering, the table.
  const outlet = read?.base_id ? outletOf(read as OutletRow) : null;
  if (!outlet || outlet.shopId !== row.ShopID) throw new OpError('baseNotFound');
  if (outlet.entId !== session.entId) throw new OpError('loginRequired', ErrorCode.sessionInvalid);
  const { mode, takeType } = wayOf(row);
  if ((mode === BusinessMode.dineIn) !== (takeType === 'dinein')) throw invalid('TakeType dinein goes with BusinessMode 2, pickup and delivery with 1');
  if (!modesOffered(outlet.businessMode).includes(mode)) throw new OpError('businessModeUnavailable');
  let tableId: string | null = null;
  const postpay = mode === BusinessMode.dineIn && outlet.payMode === 'postpay';
  if (mode === BusinessMode.dineIn && row.TableID) {
    // A round on a pay-after table locks the table's row: rounds from several phones are numbered one after another.
    const [table] = await tx.query(
      `SELECT table_id FROM dining_table WHERE table_id = $1 AND base_id = $2${postpay ? ' FOR UPDATE' : ''}`,
      [row.TableID, outlet.baseId],
    );
    if (!table) throw new OpError('tableNotFound');
    // Ordering at a table (a round, or opening its sheet) is for who scanned its code (issue 22):
    // table ids are no secret, its code is (http/tableScan.ts).
    if (!ctx.scannedTables?.includes(row.TableID)) throw new OpError('scanToOrder');
    tableId = row.TableID;
  }
  if (postpay && !tableId) throw new OpError('tableNotFound');

  // The ordering guard (SPEC section 4), on the table's sheet for a round.
  let tableSheet = postpay ? await tableSheetFor(tx, tableId!, row.SheetID ?? '') : null;
  // A payment left pending past its bound no longer holds the table (payments/expiry.ts): only
  // looked at while one is pending, so an ordinary round costs no extra statement.
  if (tableSheet?.pay_status === PayStatus.paying && (await expireStalePayment(ctx, tableSheet.sheet_id))) {
    tableSheet = await tableSheetFor(tx, tableId!, row.SheetID ?? '');
  }
  const guard = canPlaceOrder({
    hours: outlet.hours,
    zone: outlet.timeZone,
    now,
    sheet: tableSheet ? { Status: tableSheet.status, CreatedDate: tableSheet.created_at } : null,
    webOrderDuration: outlet.webOrderDuration,
  });
  if (!guard.ok) throw new OpError(orderStateKey[guard.reason]);
  if (tableSheet) {
    if (tableSheet.pay_status === 2) throw new OpError('sheetPaid');
    if (isSettling(tableSheet, now)) throw new OpError('sheetSettling');
  }
  const takeTime = takeTimeOf(row, takeType, outlet, now);
  const delivery = deliveryOf(row, takeType);
  const freight =
    delivery && read!.freight_fee !== null
      ? { fee: read!.freight_fee, min_amount: read!.freight_min_amount!, range_km: read!.freight_range_km!, free_above: read!.freight_free_above }
      : undefined;
  if (delivery && !freight) throw new OpError('deliveryUnavailable');

  // The lines, priced from the service's data.
  const { formats } = outlet;
  const amo = formats.AmoPoint;
  const langs = textLangs(ctx.lang, appLanguageToLang(read!.app_language));
  const priced = await priceLines(tx, { shopId: outlet.shopId, now, formats, langs }, lines);
  const goodsMinor = sumMoney(priced.map((l) => l.amoMinor));
  const disMinor = sumMoney(priced.map((l) => l.disMinor));
  const bagMinor = mode === BusinessMode.takeout ? bagFeeMinor(priced.reduce((n, l) => n + l.bags, 0), amo) : 0;

  let feeMinor = 0;
  let distance: number | null = null;
  if (delivery && freight) {
    const terms = {
      feeMinor: toMinor(freight.fee, amo),
      freeAboveMinor: freeAboveFrom(freight.free_above, amo),
      minAmountMinor: toMinor(freight.min_amount, amo),
    };
    const owed = freightFor(terms, goodsMinor);
    if (owed.shortfallMinor > 0) {
      throw new OpError('minimumShortfall', ErrorCode.business, {
        minimum: showMoney(terms.minAmountMinor, outlet),
        amount: showMoney(owed.shortfallMinor, outlet),
      });
    }
    if (outlet.gpsLat !== null && outlet.gpsLng !== null) {
      distance = distanceKm(outlet.gpsLat, outlet.gpsLng, delivery.lat, delivery.lng);
      if (Number(freight.range_km) > 0 && distance > Number(freight.range_km)) throw new OpError('beyondRange');
    }
    feeMinor = owed.feeMinor;
  }

  let card: Card | null = null;
  let couponMinor = 0;
  const cardCode = trimmed(row.CardCode);
  if (cardCode || row.CardID) {
    if (session.role !== 'member') throw new OpError('memberRequired', ErrorCode.forbidden);
    const byId = Boolean(row.CardID);
    const found = await findCard(tx, byId ? { cardId: row.CardID } : { cardCode }, vipId, outlet.entId);
    if (!found || (byId && !found.theirs)) throw new OpError('couponMissing');
    if (!found.theirs) throw new OpError('couponUnavailable');
    card = found.card;
    // A table's running sheet is paid as a whole at the end: no coupon on a round.
    if (postpay) throw new OpError('couponUnavailable');
    const check = checkCard(card, now, goodsMinor, formats, outlet.currencySymbol);
    if (!check.ok) throw new OpError(check.key, ErrorCode.business, check.values);
    couponMinor = check.couponMinor;
  }
  const totalMinor = orderTotalMinor({ goodsMinor, bagMinor, feeMinor, couponMinor });

  // The client's figures against the server's: nothing is written when they disagree.
  const lineDisagrees = priced.some((l) => toMinor(l.Amo, amo) !== l.amoMinor);
  if (lineDisagrees || toMinor(row.TotalAmo, amo) !== totalMinor) {
    throw new OpError('priceChanged', ErrorCode.mismatch, { total: showMoney(totalMinor, outlet) });
  }

  // Write, in one statement: the sheet (or the table sheet's new round), its lines, the round; then the coupon.
  const dec = (minor: number) => minorToDecimal4(minor, amo);
  const params: unknown[] = [];
  let sheetId: string;
  let roundNo: number;
  let change: string;
  if (tableSheet) {
    sheetId = tableSheet.sheet_id;
    roundNo = tableSheet.round_count + 1;
    const p = (v: unknown) => `$${params.push(v)}`;
    // The new round is new to the kitchen: the sheet's progress is its least advanced round's (domain/rounds.ts).
    change = `UPDATE sheet SET sales_amo = sales_amo + ${p(dec(goodsMinor))}, dis_amo = dis_amo + ${p(dec(disMinor))},
              total_amo = total_amo + ${p(dec(totalMinor))}, round_count = ${p(roundNo)}, settle_started_at = NULL, updated_at = ${p(now)}, progress = 'placed'
        WHERE sheet_id = ${p(sheetId)}
      RETURNING sheet_id, status, pay_status, pay_mode, total_amo, created_at`;
  } else {
    sheetId = newSheetId(now);
    roundNo = 1;
    change = `${insertSql('sheet', [
      {
        sheet_id: sheetId,
        ent_id: outlet.entId,
        shop_id: outlet.shopId,
        base_id: outlet.baseId,
        table_id: tableId,
        vip_id: vipId,
        local_sheet_id: postpay ? null : localSheetId,
        pos_type: sheetPosType(mode, outlet.cyType),
        business_mode: Number(mode),
        status: 0,
        pay_status: 0,
        is_pay_later: false,
        sales_amo: dec(goodsMinor),
        dis_amo: dec(disMinor),
        fee_amo: dec(feeMinor),
        coupon_amo: dec(couponMinor),
        bag_amo: dec(bagMinor),
        total_amo: dec(totalMinor),
        remark: trimmed(row.Remark),
        cust_name: trimmed(row.CustName),
        cust_phone: trimmed(row.CustPhone),
        cust_address: delivery?.address ?? '',
        cust_house: delivery?.house ?? '',
        cust_region: delivery?.region ?? '',
        cust_gps_lng: delivery?.lng ?? null,
        cust_gps_lat: delivery?.lat ?? null,
        distance_km: distance === null ? null : distance.toFixed(4),
        take_type: takeType,
        take_time: takeTime,
        progress: 'placed',
        round_count: 1,
        pay_mode: postpay ? 'postpay' : 'prepay',
        card_id: card?.card_id ?? null,
        created_at: now,
        updated_at: now,
      },
    ], params)}
      RETURNING sheet_id, status, pay_status, pay_mode, total_amo, created_at`;
  }
  const firstItem = (tableSheet?.last_item ?? 0) + 1;
  const items = insertSql('sheet_item', priced.map((l, i) => itemRow(sheetId, firstItem + i, roundNo, l, amo)), params);
  const round = insertSql(
    'sheet_round',
    [{ sheet_id: sheetId, round_no: roundNo, vip_id: vipId, local_sheet_id: localSheetId, request_hash: hash, amount: dec(totalMinor), remark: trimmed(row.Remark), created_at: now }],
    params,
  );
  const [written] = await tx.query<Omit<Answer, 'round_no' | 'amount'>>(
    `WITH s AS (${change}), i AS (${items}), r AS (${round}) SELECT * FROM s`,
    params,
  );
  if (card && !(await useCard(tx, card.card_id, vipId, sheetId, now))) {
    // Another order used it since it was read: this one is refused and rolled back.
    throw new OpError('couponUnavailable');
  }
  await emitSheetEvent(tx, sheetId, roundNo > 1 ? 'round' : 'placed');
  // A pay-after table's round reaches the kitchen now: its printed tickets (printing/queue.ts; a pay-before order's print when paid).
  if (written!.pay_mode === 'postpay') await enqueueKitchenTickets(tx, sheetId, roundNo, { now });
  return answerOf({ ...written!, round_no: roundNo, amount: dec(totalMinor) }, localSheetId);
}

/** The first statement after the member's lock (FIRST_READ_SQL): an earlier round with the LocalSheetID (prev_*), the outlet and more. */
type FirstRead = Partial<OutletRow> & {
  app_language: string | null;
  freight_fee: string | null;
  freight_min_amount: string | null;
  freight_range_km: string | null;
  freight_free_above: string | null;
  prev_sheet_id: string | null;
  prev_round_no: number | null;
  prev_amount: string | null;
  prev_request_hash: string | null;
  prev_status: number | null;
  prev_pay_status: number | null;
  prev_pay_mode: string | null;
  prev_total_amo: string | null;
  prev_created_at: Date | null;
};

/** $1 VipID, $2 LocalSheetID, $3 BaseID. */
const FIRST_READ_SQL = `
  SELECT o.*, p.*
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT ${OUTLET_COLUMNS},
             (SELECT ep.parm_value FROM ent_parm ep JOIN shop sh ON sh.ent_id = ep.ent_id
               WHERE sh.shop_id = b.shop_id AND ep.parm_id = 'AppLanguage') AS app_language,
             f.fee AS freight_fee, f.min_amount AS freight_min_amount, f.range_km AS freight_range_km, f.free_above AS freight_free_above
        FROM base b JOIN enterprise e ON e.ent_id = b.ent_id LEFT JOIN freight_rule f ON f.base_id = b.base_id
       WHERE b.base_id = $3) AS o ON true
    LEFT JOIN (
      SELECT r.sheet_id AS prev_sheet_id, r.round_no AS prev_round_no, r.amount AS prev_amount, r.request_hash AS prev_request_hash,
             s.status AS prev_status, s.pay_status AS prev_pay_status, s.pay_mode AS prev_pay_mode, s.total_amo AS prev_total_amo,
             s.created_at AS prev_created_at
        FROM sheet_round r JOIN sheet s ON s.sheet_id = r.sheet_id
       WHERE r.vip_id = $1 AND r.local_sheet_id = $2) AS p ON true`;

function itemRow(sheetId: string, itemId: number, roundNo: number, l: PricedLine, amoPoint: number) {
  const q = (v: number) => v.toFixed(QUANTITY_SCALE);
  return {
    sheet_id: sheetId,
    item_id: itemId,
    round_no: roundNo,
    goods_id: l.GoodsID,
    sku_id: l.SkuID,
    punit: l.PUnit,
    goods_name: l.goodsName,
    sku_items: l.skuItems,
    qua: q(l.qua),
    pqua: q(l.PQua),
    mqua: q(l.MQua),
    price: l.price,
    punit_price: l.punitPrice,
    ref: l.ref,
    sales_price: l.salesPrice,
    amo: minorToDecimal4(l.amoMinor, amoPoint),
    dis_amo: minorToDecimal4(l.disMinor, amoPoint),
    sal_type: l.salType,
    detail: l.detail,
  };
}
