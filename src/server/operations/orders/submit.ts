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
import { orderAllergens } from '../../../shared/domain/diet';
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { QUANTITY_SCALE } from '../../../shared/domain/cart';
import { BusinessMode, modesOffered, sheetPosType } from '../../../shared/domain/businessMode';
import { toMinor, sumMoney } from '../../../shared/domain/numbers';
import { refreshServiceCharge } from '../payments/bill';
import { bagFeeMinor, freeAboveFrom, freightFor, orderTotalMinor } from '../../../shared/domain/orderTotals';
import { canPlaceOrder, isOpenAt } from '../../../shared/domain/openingHours';
import { insidePolygon } from '../../../shared/domain/outletSettings';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import type { Queryable } from '../../db/driver';
import { cartRound, clearSentCart } from '../table/cart';
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
import { businessDay, numberedSheetInsert, takesPickupNumber } from './pickupNumber';

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

/**
 * The submit, in its steps: read the request, take the member's lock and read
 * what it needs in one statement (a retry answers there), the outlet's and the
 * table's rules, price the lines, the delivery fee and the coupon, the
 * client's figures against the service's, write, answer.
 */
export async function submitOrder(ctx: OpContext, payload: SubmitPayload) {
  const request = readRequest(ctx, payload);
  const read = await lockAndRead(ctx.tx, request);
  if (read?.prev_sheet_id) return repeatedAnswer(read, request);
  const rules = outletRules(ctx, request.row, read);
  const table = await tableRules(ctx, request.row, rules);
  // Issue 28: a round sent from the table's live cart (operations/table/cart.ts): still the cart shown; each line keeps its author.
  const fromCart = request.row.TableCartVersion !== undefined;
  if (fromCart) {
    if (!rules.postpay || !table.tableId) throw new OpError('tableCartPostpayOnly');
    const authors = await cartRound(ctx, table.tableId, request.row.TableCartVersion!, payload.Item1);
    for (const l of request.lines) l.addedBy = authors.get(l.n);
  }
  const takeTime = takeTimeOf(request.row, rules.takeType, rules.outlet, ctx.now);
  const { delivery, freight } = deliveryRules(request.row, rules.takeType, read!);
  const priced = await priceOrder(ctx, rules, request.lines, read!);
  const fee = deliveryFee(rules.outlet, delivery, freight, priced.goodsMinor);
  const coupon = await applyCoupon(ctx, request, rules, priced.goodsMinor);
  const totalMinor = orderTotalMinor({ goodsMinor: priced.goodsMinor, bagMinor: priced.bagMinor, feeMinor: fee.feeMinor, couponMinor: coupon.couponMinor });
  checkClientFigures(request.row, priced.lines, totalMinor, rules.outlet);
  const answer = await writeOrder(ctx, { request, rules, table, takeTime, delivery, priced, fee, coupon, totalMinor });
  if (fromCart) await clearSentCart(ctx, table.tableId!);
  return answer;
}

/** The request as the service reads it: the session's member, the header row, the lines and their hash. */
export interface SubmitRequest {
  vipId: string;
  row: SubmitRow;
  localSheetId: string;
  lines: RequestLine[];
  /** The normalised request's hash: a retry with the same LocalSheetID must be the same order. */
  hash: string;
}

/** Step 1: read the request (a session is needed, and a line with a quantity). */
export function readRequest(ctx: Pick<OpContext, 'session'>, payload: SubmitPayload): SubmitRequest {
  const { session } = ctx;
  if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  const row = payload.tableData[0]!;
  const lines = requestLines(payload.Item1);
  if (lines.length === 0) throw invalid('Item1 needs at least one line with a quantity above 0');
  return { vipId: session.vipId, row, localSheetId: row.LocalSheetID, lines, hash: requestHash(row, lines) };
}

/**
 * Step 2: one submit of a member at a time (then a retry finds the first
 * answer); then, in one statement, an earlier submit with this LocalSheetID,
 * the outlet, its freight rule and the enterprise's language.
 */
async function lockAndRead(tx: Queryable, request: SubmitRequest): Promise<FirstRead | undefined> {
  // The lock is a statement of its own: the next one, started after it is granted, sees the submit it waited for.
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBMIT_LOCK_CLASS, request.vipId]);
  const [read] = await tx.query<FirstRead>(FIRST_READ_SQL, [request.vipId, request.localSheetId, request.row.BaseID]);
  return read;
}

/** A retry of an accepted submit: its first answer; the same LocalSheetID for another order is refused. */
export function repeatedAnswer(read: FirstRead, request: Pick<SubmitRequest, 'hash' | 'localSheetId'>) {
  if (read.prev_request_hash !== request.hash) throw new OpError('localSheetIdReused');
  const previous: Answer = {
    sheet_id: read.prev_sheet_id!,
    round_no: read.prev_round_no!,
    amount: read.prev_amount!,
    status: read.prev_status!,
    pay_status: read.prev_pay_status!,
    pay_mode: read.prev_pay_mode!,
    total_amo: read.prev_total_amo!,
    created_at: read.prev_created_at!,
  };
  return answerOf(previous, request.localSheetId);
}

/** The outlet and the way of ordering at it. */
export interface OutletRules {
  outlet: Outlet;
  mode: '1' | '2';
  takeType: 'dinein' | 'pickup' | 'delivery';
  /** A pay-after table: the submit is a round of the table's sheet. */
  postpay: boolean;
}

/** Step 3a: the outlet's rules: it exists in the session's enterprise and offers this way of ordering. */
export function outletRules(ctx: Pick<OpContext, 'session'>, row: SubmitRow, read: FirstRead | undefined): OutletRules {
  const outlet = read?.base_id ? outletOf(read as OutletRow) : null;
  if (!outlet || outlet.shopId !== row.ShopID) throw new OpError('baseNotFound');
  if (outlet.entId !== ctx.session!.entId) throw new OpError('loginRequired', ErrorCode.sessionInvalid);
  const { mode, takeType } = wayOf(row);
  if ((mode === BusinessMode.dineIn) !== (takeType === 'dinein')) throw invalid('TakeType dinein goes with BusinessMode 2, pickup and delivery with 1');
  if (!modesOffered(outlet.businessMode).includes(mode)) throw new OpError('businessModeUnavailable');
  return { outlet, mode, takeType, postpay: mode === BusinessMode.dineIn && outlet.payMode === 'postpay' };
}

/** Step 3b: the table's rules: who may order at it, its running sheet and the ordering guard (SPEC section 4). */
async function tableRules(ctx: OpContext, row: SubmitRow, { outlet, mode, postpay }: OutletRules): Promise<{ tableId: string | null; tableSheet: TableSheet | null }> {
  const { tx, now } = ctx;
  let tableId: string | null = null;
  if (mode === BusinessMode.dineIn && row.TableID) {
    // A round on a pay-after table locks the table's row: rounds from several phones are numbered one after another.
    const [table] = await tx.query(`SELECT table_id FROM dining_table WHERE table_id = $1 AND base_id = $2 AND removed_at IS NULL${postpay ? ' FOR UPDATE' : ''}`, [row.TableID, outlet.baseId]);
    if (!table) throw new OpError('tableNotFound');
    // Ordering at a table (a round, or opening its sheet) is for who scanned its code (issue 22):
    // table ids are no secret, its code is (http/tableScan.ts).
    if (!ctx.scannedTables?.includes(row.TableID)) throw new OpError('scanToOrder');
    tableId = row.TableID;
  }
  if (postpay && !tableId) throw new OpError('tableNotFound');
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
  return { tableId, tableSheet };
}

/** The outlet's freight rule (for a delivery). */
export interface Freight {
  fee: string;
  min_amount: string;
  range_km: string;
  free_above: string | null;
  /** The delivery area drawn in the back office ({points: [[lat, lng], ...]}), or null for the radius. */
  zone?: { points?: [number, number][] } | null;
}

/** Step 3c: a delivery's address and the outlet's freight rule (an outlet without one does not deliver). */
export function deliveryRules(row: SubmitRow, takeType: string, read: FirstRead): { delivery: Delivery | null; freight: Freight | undefined } {
  const delivery = deliveryOf(row, takeType);
  const freight =
    delivery && read.freight_fee !== null
      ? { fee: read.freight_fee, min_amount: read.freight_min_amount!, range_km: read.freight_range_km!, free_above: read.freight_free_above, ...(read.freight_zone ? { zone: read.freight_zone } : {}) }
      : undefined;
  if (delivery && !freight) throw new OpError('deliveryUnavailable');
  return { delivery, freight };
}

/** The lines priced from the service's data, and their sums. */
export interface PricedOrder {
  lines: PricedLine[];
  goodsMinor: number;
  disMinor: number;
  bagMinor: number;
}

/** Step 4: price the lines (lines.ts) in the customer's language, and the bag fee of a takeout. */
async function priceOrder(ctx: OpContext, { outlet, mode }: OutletRules, lines: readonly RequestLine[], read: FirstRead): Promise<PricedOrder> {
  const { formats } = outlet;
  const langs = textLangs(ctx.lang, appLanguageToLang(read.app_language));
  const priced = await priceLines(ctx.tx, { shopId: outlet.shopId, baseId: outlet.baseId, now: ctx.now, formats, langs }, lines);
  return {
    lines: priced,
    goodsMinor: sumMoney(priced.map((l) => l.amoMinor)),
    disMinor: sumMoney(priced.map((l) => l.disMinor)),
    bagMinor: mode === BusinessMode.takeout ? bagFeeMinor(priced.reduce((n, l) => n + l.bags, 0), formats.AmoPoint) : 0,
  };
}

/** Step 5a: a delivery's fee (orderTotals.ts), refused below the minimum or beyond the outlet's range. */
export function deliveryFee(outlet: Outlet, delivery: Delivery | null, freight: Freight | undefined, goodsMinor: number): { feeMinor: number; distance: number | null } {
  if (!delivery || !freight) return { feeMinor: 0, distance: null };
  const amo = outlet.formats.AmoPoint;
  const terms = { feeMinor: toMinor(freight.fee, amo), freeAboveMinor: freeAboveFrom(freight.free_above, amo), minAmountMinor: toMinor(freight.min_amount, amo) };
  const owed = freightFor(terms, goodsMinor);
  if (owed.shortfallMinor > 0) {
    throw new OpError('minimumShortfall', ErrorCode.business, { minimum: showMoney(terms.minAmountMinor, outlet), amount: showMoney(owed.shortfallMinor, outlet) });
  }
  let distance: number | null = null;
  if (outlet.gpsLat !== null && outlet.gpsLng !== null) {
    distance = distanceKm(outlet.gpsLat, outlet.gpsLng, delivery.lat, delivery.lng);
    if (Number(freight.range_km) > 0 && distance > Number(freight.range_km)) throw new OpError('beyondRange');
  }
  // The back office's polygon (issue 27): the address must lie inside it.
  const zone = typeof freight.zone === 'string' ? (JSON.parse(freight.zone) as Freight['zone']) : freight.zone;
  const polygon = zone?.points;
  if (polygon && polygon.length >= 3 && !insidePolygon([delivery.lat, delivery.lng], polygon)) throw new OpError('beyondRange');
  return { feeMinor: owed.feeMinor, distance };
}

/** Step 5b: the coupon the order names (by code or id): a member's own, valid for this order; none on a table's round. */
async function applyCoupon(ctx: OpContext, request: SubmitRequest, { outlet, postpay }: OutletRules, goodsMinor: number): Promise<{ card: Card | null; couponMinor: number }> {
  const { row, vipId } = request;
  const cardCode = trimmed(row.CardCode);
  if (!cardCode && !row.CardID) return { card: null, couponMinor: 0 };
  if (ctx.session!.role !== 'member') throw new OpError('memberRequired', ErrorCode.forbidden);
  const byId = Boolean(row.CardID);
  const found = await findCard(ctx.tx, byId ? { cardId: row.CardID } : { cardCode }, vipId, outlet.entId);
  if (!found || (byId && !found.theirs)) throw new OpError('couponMissing');
  if (!found.theirs) throw new OpError('couponUnavailable');
  // A table's running sheet is paid as a whole at the end: no coupon on a round.
  if (postpay) throw new OpError('couponUnavailable');
  const check = checkCard(found.card, ctx.now, goodsMinor, outlet.formats, outlet.currencySymbol, outlet.baseId);
  if (!check.ok) throw new OpError(check.key, ErrorCode.business, check.values);
  return { card: found.card, couponMinor: check.couponMinor };
}

/** Step 6: the client's figures against the service's: nothing is written when a line's or the total disagrees. */
export function checkClientFigures(row: Pick<SubmitRow, 'TotalAmo'>, priced: readonly Pick<PricedLine, 'Amo' | 'amoMinor'>[], totalMinor: number, outlet: Outlet): void {
  const amo = outlet.formats.AmoPoint;
  const lineDisagrees = priced.some((l) => toMinor(l.Amo, amo) !== l.amoMinor);
  if (lineDisagrees || toMinor(row.TotalAmo, amo) !== totalMinor) {
    throw new OpError('priceChanged', ErrorCode.mismatch, { total: showMoney(totalMinor, outlet) });
  }
}

/** Everything the write needs. */
interface CheckedOrder {
  request: SubmitRequest;
  rules: OutletRules;
  table: { tableId: string | null; tableSheet: TableSheet | null };
  takeTime: Date | null;
  delivery: Delivery | null;
  priced: PricedOrder;
  fee: { feeMinor: number; distance: number | null };
  coupon: { card: Card | null; couponMinor: number };
  totalMinor: number;
}

/**
 * Step 7: write, in one statement, the sheet (or the table sheet's new
 * round), its lines and the round; then the coupon and the live event; and
 * answer.
 */
async function writeOrder(ctx: OpContext, order: CheckedOrder) {
  const { tx, now } = ctx;
  const { request, rules, table, priced, coupon, totalMinor } = order;
  const amo = rules.outlet.formats.AmoPoint;
  const dec = (minor: number) => minorToDecimal4(minor, amo);
  const params: unknown[] = [];
  const { sheetId, roundNo, change, counter } = table.tableSheet ? roundChange(table.tableSheet, order, now, params) : newSheet(order, now, params);
  const firstItem = (table.tableSheet?.last_item ?? 0) + 1;
  // Each line's author (migration 019): from the table's live cart, who added it (issue 28); else the round's sender.
  const items = insertSql('sheet_item', priced.lines.map((l, i) => ({ ...itemRow(sheetId, firstItem + i, roundNo, l, amo), added_by: l.addedBy ?? request.vipId })), params);
  const round = insertSql(
    'sheet_round',
    [{ sheet_id: sheetId, round_no: roundNo, vip_id: request.vipId, local_sheet_id: request.localSheetId, request_hash: request.hash, amount: dec(totalMinor), remark: trimmed(request.row.Remark), allergens: orderAllergens(request.row.Allergens), created_at: now }],
    params,
  );
  const [written] = await tx.query<Omit<Answer, 'round_no' | 'amount'>>(`WITH ${counter ? `pickup_n AS (${counter}), ` : ''}s AS (${change}), i AS (${items}), r AS (${round}) SELECT * FROM s`, params);
  if (coupon.card && !(await useCard(tx, coupon.card.card_id, request.vipId, sheetId, now))) {
    // Another order used it since it was read: this one is refused and rolled back.
    throw new OpError('couponUnavailable');
  }
  // A dine-in bill carries the outlet's service charge, computed once on the whole sheet (payments/bill.ts).
  if (rules.takeType === 'dinein') written!.total_amo = (await refreshServiceCharge(tx, sheetId)) ?? written!.total_amo;
  await emitSheetEvent(tx, sheetId, roundNo > 1 ? 'round' : 'placed');
  // A pay-after table's round reaches the kitchen now: its printed tickets (printing/queue.ts; a pay-before order's print when paid).
  if (written!.pay_mode === 'postpay') await enqueueKitchenTickets(tx, sheetId, roundNo, { now });
  return answerOf({ ...written!, round_no: roundNo, amount: dec(totalMinor) }, request.localSheetId);
}

const WRITTEN_COLUMNS = 'RETURNING sheet_id, status, pay_status, pay_mode, total_amo, created_at';

/** The statement adding a round to a table's running sheet: its sums grow, and the new round is new to the kitchen. */
export function roundChange(tableSheet: Pick<TableSheet, 'sheet_id' | 'round_count'>, order: Pick<CheckedOrder, 'rules' | 'priced' | 'totalMinor'>, now: Date, params: unknown[]) {
  const dec = (minor: number) => minorToDecimal4(minor, order.rules.outlet.formats.AmoPoint);
  const sheetId = tableSheet.sheet_id;
  const roundNo = tableSheet.round_count + 1;
  const p = (v: unknown) => `$${params.push(v)}`;
  // The sheet's progress is its least advanced round's (domain/rounds.ts): 'placed'.
  const change = `UPDATE sheet SET sales_amo = sales_amo + ${p(dec(order.priced.goodsMinor))}, dis_amo = dis_amo + ${p(dec(order.priced.disMinor))},
              total_amo = total_amo + ${p(dec(order.totalMinor))}, round_count = ${p(roundNo)}, settle_started_at = NULL, updated_at = ${p(now)}, progress = 'placed'
        WHERE sheet_id = ${p(sheetId)}
      ${WRITTEN_COLUMNS}`;
  return { sheetId, roundNo, change, counter: null };
}

/** The statement writing a new sheet: status 0, pay status 0, progress 'placed', its figures and its customer's details. */
function newSheet(order: CheckedOrder, now: Date, params: unknown[]) {
  const { request, rules, table, delivery, priced, fee, coupon, totalMinor } = order;
  const { outlet } = rules;
  const dec = (minor: number) => minorToDecimal4(minor, outlet.formats.AmoPoint);
  const sheetId = newSheetId(now);
  const row = {
    sheet_id: sheetId,
    ent_id: outlet.entId,
    shop_id: outlet.shopId,
    base_id: outlet.baseId,
    table_id: table.tableId,
    vip_id: request.vipId,
    local_sheet_id: rules.postpay ? null : request.localSheetId,
    pos_type: sheetPosType(rules.mode, outlet.cyType),
    business_mode: Number(rules.mode),
    status: 0,
    pay_status: 0,
    is_pay_later: false,
    sales_amo: dec(priced.goodsMinor),
    dis_amo: dec(priced.disMinor),
    fee_amo: dec(fee.feeMinor),
    coupon_amo: dec(coupon.couponMinor),
    bag_amo: dec(priced.bagMinor),
    total_amo: dec(totalMinor),
    remark: trimmed(request.row.Remark),
    cust_name: trimmed(request.row.CustName),
    cust_phone: trimmed(request.row.CustPhone),
    cust_address: delivery?.address ?? '',
    cust_house: delivery?.house ?? '',
    cust_region: delivery?.region ?? '',
    cust_gps_lng: delivery?.lng ?? null,
    cust_gps_lat: delivery?.lat ?? null,
    distance_km: fee.distance === null ? null : fee.distance.toFixed(4),
    take_type: rules.takeType,
    take_time: order.takeTime,
    progress: 'placed',
    round_count: 1,
    pay_mode: rules.postpay ? 'postpay' : 'prepay',
    card_id: coupon.card?.card_id ?? null,
    created_at: now,
    updated_at: now,
  };
  // A pickup or delivery order takes its outlet's next number of the day in the same statement (pickupNumber.ts).
  if (takesPickupNumber(rules.takeType)) {
    const { counter, insert } = numberedSheetInsert(row, businessDay(outlet, now), params);
    return { sheetId, roundNo: 1, change: `${insert}\n      ${WRITTEN_COLUMNS}`, counter };
  }
  return { sheetId, roundNo: 1, change: `${insertSql('sheet', [row], params)}\n      ${WRITTEN_COLUMNS}`, counter: null };
}

/** The first statement after the member's lock (FIRST_READ_SQL): an earlier round with the LocalSheetID (prev_*), the outlet and more. */
export type FirstRead = Partial<OutletRow> & {
  app_language: string | null;
  freight_fee: string | null;
  freight_min_amount: string | null;
  freight_range_km: string | null;
  freight_free_above: string | null;
  freight_zone?: { points?: [number, number][] } | null;
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
             f.fee AS freight_fee, f.min_amount AS freight_min_amount, f.range_km AS freight_range_km, f.free_above AS freight_free_above,
             b.delivery_zone AS freight_zone
        FROM base b JOIN enterprise e ON e.ent_id = b.ent_id LEFT JOIN freight_rule f ON f.base_id = b.base_id
       WHERE b.base_id = $3) AS o ON true
    LEFT JOIN (
      SELECT r.sheet_id AS prev_sheet_id, r.round_no AS prev_round_no, r.amount AS prev_amount, r.request_hash AS prev_request_hash,
             s.status AS prev_status, s.pay_status AS prev_pay_status, s.pay_mode AS prev_pay_mode, s.total_amo AS prev_total_amo,
             s.created_at AS prev_created_at
        FROM sheet_round r JOIN sheet s ON s.sheet_id = r.sheet_id
       WHERE r.vip_id = $1 AND r.local_sheet_id = $2) AS p ON true`;

/** A priced line as its sheet_item row (a customer's round here; staff's added items, fixOrder.ts). */
export function itemRow(sheetId: string, itemId: number, roundNo: number, l: PricedLine, amoPoint: number) {
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
