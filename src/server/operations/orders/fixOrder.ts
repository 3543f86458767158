/**
 * Staff fix an order (issue 26 section 5): void a line, add items to a
 * table's sheet, move a sheet to another table. Like kitchen.ts, each runs in
 * the caller's transaction, writes the sheet, its audit row and its live
 * event together, and answers as the staff API does
 * (shared/protocol/staffFix.ts); http/staffFix.ts authenticates, checks the
 * approver's PIN and routes here.
 *
 * Totals are re-priced from the sheet's lines that are not voided
 * (repriceSheet), with the arithmetic of shared/domain/orderTotals.ts that
 * the submit uses: goods = the lines' amounts, bag = takeout's bags, freight
 * and coupon as they were, total = goods + bag + freight - coupon (never
 * below 0), plus the service charge the sheet carries. A voided line stays
 * on the sheet (sheet_item.voided_at, void_reason, voided_by), struck
 * through for everyone. On a paid sheet the difference is given back the way
 * it was paid (a balance ledger row, the payment provider's refund, or a
 * record for the counter's cash), in the same transaction: a refund the
 * provider refuses undoes the void.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sumMoney, toMinor } from '../../../shared/domain/numbers';
import { bagFeeMinor, lineBags, orderTotalMinor } from '../../../shared/domain/orderTotals';
import { PayStatus, SheetStatus } from '../../../shared/domain/orderStates';
import type { StaffAnswer } from '../../../shared/protocol/staff';
import type { VoidReason } from '../../../shared/protocol/staffFix';
import type { Queryable } from '../../db/driver';
import { insertSql } from '../../db/insertMany';
import { emitSheetEvent } from '../../events/emit';
import { message, type Lang, type MessageKey } from '../../messages';
import { enqueueKitchenTickets } from '../../printing/queue';
import { createPaymentProvider } from '../../providers/payment';
import { OpError } from '../context';
import { refreshServiceCharge } from '../payments/bill';
import { langsFor } from '../localized';
import { changeBalance, changeScore } from '../wallet/ledger';
import { KitchenRefusal, type KitchenDeps, type KitchenRefusalKind } from './kitchen';
import { priceLines, type RequestLine } from './lines';
import { itemRow } from './submit';
import { loadOutlet, minorToDecimal4 } from './outlet';
import { lockedSheet, readSheet, sheetJson, type StaffSheetRow } from './staffSheets';
import { storedVoidReason, voidReasonText } from './voidReasons';

export interface FixDeps extends KitchenDeps {
  /** Who acts (the staff account's id, or 'automation'): voided_by, the staff round's author. */
  staffId: string;
}

const refuse = (kind: KitchenRefusalKind, key: MessageKey, lang: Lang, values: Record<string, string | number> = {}) =>
  new KitchenRefusal(kind, message(key, lang, values));

// Re-pricing ------------------------------------------------------------------------------

/**
 * Re-prices a sheet from its lines that are not voided: its goods, discount,
 * bag and total amounts, and each round's amount (a table's round: its own
 * lines; a one-round order: the whole total). Answers the total before and
 * after, in minor units at the enterprise's AmoPoint.
 */
export async function repriceSheet(tx: Queryable, sheetId: string, now: Date): Promise<{ beforeMinor: number; afterMinor: number; amoPoint: number }> {
  const [s] = await tx.query<{ pay_mode: string; business_mode: number; fee_amo: string; coupon_amo: string; bag_amo: string; service_amo: string; total_amo: string; amo_point: number }>(
    `SELECT s.pay_mode, s.business_mode, s.fee_amo::text AS fee_amo, s.coupon_amo::text AS coupon_amo, s.bag_amo::text AS bag_amo,
            s.service_amo::text AS service_amo, s.total_amo::text AS total_amo, e.amo_point
       FROM sheet s JOIN enterprise e ON e.ent_id = s.ent_id WHERE s.sheet_id = $1`,
    [sheetId],
  );
  if (!s) throw new Error(`no sheet ${sheetId}`);
  const amo = s.amo_point;
  const lines = await tx.query<{ round_no: number; amo: string; dis_amo: string; pqua: string; mqua: string; bag_count: number | null }>(
    `SELECT i.round_no, i.amo::text AS amo, i.dis_amo::text AS dis_amo, i.pqua::text AS pqua, i.mqua::text AS mqua, g.bag_count
       FROM sheet_item i LEFT JOIN goods g ON g.goods_id = i.goods_id
      WHERE i.sheet_id = $1 AND i.voided_at IS NULL`,
    [sheetId],
  );
  const goodsMinor = sumMoney(lines.map((l) => toMinor(l.amo, amo)));
  const disMinor = sumMoney(lines.map((l) => toMinor(l.dis_amo, amo)));
  // A takeout's bags, as the submit counts them (lines.ts: bag_count x (packs + loose units)); other ways keep theirs (none).
  const bagMinor =
    s.business_mode === 1 ? bagFeeMinor(lines.reduce((n, l) => n + lineBags(l.bag_count ?? 0, Number(l.pqua), Number(l.mqua)), 0), amo) : toMinor(s.bag_amo, amo);
  const totalMinor = sumMoney([
    orderTotalMinor({ goodsMinor, bagMinor, feeMinor: toMinor(s.fee_amo, amo), couponMinor: toMinor(s.coupon_amo, amo) }),
    toMinor(s.service_amo, amo),
  ]);
  const dec = (minor: number) => minorToDecimal4(minor, amo);
  await tx.query('UPDATE sheet SET sales_amo = $2, dis_amo = $3, bag_amo = $4, total_amo = $5, updated_at = $6 WHERE sheet_id = $1', [
    sheetId,
    dec(goodsMinor),
    dec(disMinor),
    dec(bagMinor),
    dec(totalMinor),
    now,
  ]);
  // A dine-in bill's service charge follows its lines (issue 28, payments/bill.ts): the total read back is the bill's.
  const refreshed = await refreshServiceCharge(tx, sheetId);
  const afterMinor = refreshed === null ? totalMinor : toMinor(refreshed, amo);
  if (s.pay_mode === 'postpay') {
    // A table's rounds carry only goods (no bag, freight or coupon): each its own lines.
    await tx.query(
      `UPDATE sheet_round r SET amount = COALESCE((SELECT sum(i.amo) FROM sheet_item i WHERE i.sheet_id = r.sheet_id AND i.round_no = r.round_no AND i.voided_at IS NULL), 0)
        WHERE r.sheet_id = $1 AND r.withdrawn_at IS NULL`,
      [sheetId],
    );
  } else {
    await tx.query('UPDATE sheet_round SET amount = $2 WHERE sheet_id = $1', [sheetId, dec(afterMinor)]);
  }
  return { beforeMinor: toMinor(s.total_amo, amo), afterMinor, amoPoint: amo };
}

// Void ------------------------------------------------------------------------------------

type ItemRow = { item_id: number; round_no: number; goods_id: string; goods_name: string; amo: string; voided_at: Date | null };

/** Voids a line of a sheet (the approver's PIN was checked by the caller); on a paid sheet, refunds the difference. */
export async function voidLine(
  deps: FixDeps,
  sheetId: string,
  itemId: number,
  how: { reason: VoidReason; note?: string | undefined; approver: { accountId: string; login: string; displayName: string } },
): Promise<StaffAnswer<'POST /staff/sheets/:id/lines/:itemId/void'>> {
  const { tx, now, lang } = deps;
  const sheet = await lockedSheet(tx, sheetId);
  if (!sheet) throw new KitchenRefusal('notFound', `no sheet ${sheetId}`);
  if (sheet.status === SheetStatus.closed || sheet.pay_status === PayStatus.refunded) throw refuse('conflict', 'fixSheetOver', lang);
  if (sheet.pay_status === PayStatus.paying) throw refuse('conflict', 'fixPaymentPending', lang);
  const [item] = await tx.query<ItemRow>(
    'SELECT item_id, round_no, goods_id, goods_name, amo::text AS amo, voided_at FROM sheet_item WHERE sheet_id = $1 AND item_id = $2 FOR UPDATE',
    [sheetId, itemId],
  );
  if (!item) throw refuse('notFound', 'voidNoLine', lang, { item: itemId });
  if (item.voided_at) throw refuse('conflict', 'voidTwice', lang, { item: itemId });
  const stored = storedVoidReason(how.reason, how.note);
  await tx.query('UPDATE sheet_item SET voided_at = $3, void_reason = $4, voided_by = $5 WHERE sheet_id = $1 AND item_id = $2', [sheetId, itemId, now, stored, deps.staffId]);
  const priced = await repriceSheet(tx, sheetId, now);
  const refundMinor = priced.beforeMinor - priced.afterMinor;
  const refund = sheet.pay_status === PayStatus.paid && refundMinor > 0 ? await refundPart(deps, sheetId, itemId, minorToDecimal4(refundMinor, priced.amoPoint)) : null;
  // The points the payment earned, in proportion to what is still paid (a ledger row, with its reason).
  const pointsReturned = refund ? await returnVoidedPoints(tx, sheetId, itemId, now) : 0;
  await emitSheetEvent(tx, sheetId, 'voided');
  const dec = (minor: number) => minorToDecimal4(minor, priced.amoPoint);
  await deps.record(
    'sheet.void',
    sheetId,
    { itemId, roundNo: item.round_no, goodsId: item.goods_id, goodsName: item.goods_name, amo: item.amo, totalAmo: dec(priced.beforeMinor), payStatus: sheet.pay_status },
    { itemId, voided: true, reason: how.reason, note: how.note ?? '', approver: { accountId: how.approver.accountId, login: how.approver.login, name: how.approver.displayName }, totalAmo: dec(priced.afterMinor), refund, pointsReturned },
  );
  return { itemId, voidReason: voidReasonText(stored, lang), refund, sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
}

/** An amount (numeric text) in ten-thousandths, exact: the ratio of refunded to paid needs no float. */
const tenThousandths = (amount: string) => BigInt(toMinor(amount, 4));

/**
 * Takes back the points a paid sheet earned for what a void refunded: each
 * member who earned points on the sheet keeps floor(earned x still paid /
 * paid), where still paid is the payment less every refund of the sheet so
 * far (this void's included), so two voids take back no more than one void of
 * both lines would. One ledger row (changeScore) per member, with its reason;
 * never below the member's points. Answers the points taken back.
 */
export async function returnVoidedPoints(tx: Queryable, sheetId: string, itemId: number, now: Date): Promise<number> {
  const [paid] = await tx.query<{ amount: string }>(`SELECT COALESCE(sum(amount), 0)::text AS amount FROM payment WHERE sheet_id = $1 AND status = 'paid'`, [sheetId]);
  const paidAmount = tenThousandths(paid!.amount);
  if (paidAmount <= 0n) return 0;
  const [refunded] = await tx.query<{ amount: string }>('SELECT COALESCE(sum(amount), 0)::text AS amount FROM payment_refund WHERE sheet_id = $1', [sheetId]);
  const left = paidAmount - tenThousandths(refunded!.amount);
  const stillPaid = left > 0n ? left : 0n;
  const earned = await tx.query<{ vip_id: string; earned: string; net: string }>(
    `SELECT vip_id, sum(score) FILTER (WHERE score > 0)::text AS earned, sum(score)::text AS net
       FROM vip_score_item WHERE sheet_id = $1 GROUP BY vip_id HAVING sum(score) FILTER (WHERE score > 0) > 0 ORDER BY vip_id`,
    [sheetId],
  );
  let total = 0;
  for (const row of earned) {
    const keep = (BigInt(Math.trunc(Number(row.earned))) * stillPaid) / paidAmount;
    const [vip] = await tx.query<{ score: string }>('SELECT score::text AS score FROM vip WHERE vip_id = $1 FOR UPDATE', [row.vip_id]);
    const take = Math.min(Number(BigInt(Math.trunc(Number(row.net))) - keep), Math.trunc(Number(vip?.score ?? 0)));
    if (!(take > 0)) continue;
    if ((await changeScore(tx, { vipId: row.vip_id, delta: -take, sheetId, remark: `Points returned: line ${itemId} voided`, now })) !== null) total += take;
  }
  return total;
}

/**
 * Gives back `amount` of a paid sheet's payment for a voided line, the way
 * it was paid: the member's balance (a ledger row), the payment provider
 * (its refund; refused: nothing changes), or, paid at the counter, a record
 * of the cash the cashier hands back. One payment_refund row either way.
 */
async function refundPart(deps: FixDeps, sheetId: string, itemId: number, amount: string): Promise<{ method: 'balance' | 'sandbox' | 'counter'; amount: string }> {
  const { tx, config, now, lang } = deps;
  const [paid] = await tx.query<{ pay_id: string; pay_type: string; vip_id: string | null }>(
    `SELECT pay_id, pay_type, vip_id FROM payment WHERE sheet_id = $1 AND status = 'paid' FOR UPDATE`,
    [sheetId],
  );
  const refundId = `RFD${now.getTime()}${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  let method: 'balance' | 'sandbox' | 'counter' = 'counter';
  if (paid?.pay_type === 'balance' && paid.vip_id) {
    await changeBalance(tx, { vipId: paid.vip_id, delta: amount, kind: 'refund', sheetId, remark: 'Line voided: refund', now });
    method = 'balance';
  } else if (paid?.pay_type === 'sandbox') {
    const provider = createPaymentProvider(config, tx, () => now);
    if (!provider) throw refuse('provider', 'refundProviderFailed', lang);
    const { ok } = await provider.refundPart({ payId: paid.pay_id, refundId, amount });
    if (!ok) throw refuse('provider', 'refundProviderFailed', lang);
    method = 'sandbox';
  }
  await tx.query(
    `INSERT INTO payment_refund (refund_id, sheet_id, pay_id, item_id, method, amount, staff_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [refundId, sheetId, method === 'counter' ? null : paid!.pay_id, itemId, method, amount, deps.staffId, now],
  );
  return { method, amount };
}

// Add items -------------------------------------------------------------------------------

/** A line of the staff's chooser as the pricing reads it. */
export interface FixLine {
  goodsId: string;
  skuId: string;
  pUnit: string;
  pQua: number;
  mQua: number;
  bom: { bomClassId: string; goodsId: string }[];
  options: string[];
  remarks: string[];
}

const isTableSheetOpen = (s: StaffSheetRow) => s.table_id !== null && s.pay_mode === 'postpay' && s.status === SheetStatus.open;

/** Adds a round to a table's open, unpaid sheet, priced as a customer's round (lines.ts); its tickets print. */
export async function addLines(deps: FixDeps, sheetId: string, body: { lines: FixLine[]; remark?: string | undefined }): Promise<StaffAnswer<'POST /staff/sheets/:id/lines'>> {
  const { tx, now, lang } = deps;
  const sheet = await lockedSheet(tx, sheetId);
  if (!sheet) throw new KitchenRefusal('notFound', `no sheet ${sheetId}`);
  if (!isTableSheetOpen(sheet) || sheet.pay_status === PayStatus.paid) throw refuse('conflict', 'fixNotTableSheet', lang);
  if (sheet.pay_status === PayStatus.paying) throw refuse('conflict', 'fixPaymentPending', lang);
  const outlet = (await loadOutlet(tx, sheet.base_id))!;
  const requested: RequestLine[] = body.lines.map((l, i) => ({
    n: i + 1,
    GoodsID: l.goodsId,
    SkuID: l.skuId,
    PUnit: l.pUnit,
    PQua: l.pQua,
    MQua: l.mQua,
    Amo: 0,
    bom: l.bom.map((b) => ({ BOMClassID: b.bomClassId, GoodsID: b.goodsId })),
    options: l.options,
    remarks: l.remarks,
  }));
  let priced;
  try {
    // At the sheet's outlet: a goods or bundle part switched off there is refused as a customer's would be (issue 27).
    priced = await priceLines(tx, { shopId: outlet.shopId, baseId: sheet.base_id, now, formats: outlet.formats, langs: await langsFor(tx, lang, { sheetId }) }, requested);
  } catch (e) {
    // Sold out, not sold here, no longer on the menu, choices that do not fit: the customer's refusals, in the staff's language.
    if (e instanceof OpError) throw new KitchenRefusal('conflict', message(e.key, lang, e.values));
    throw e;
  }
  const amo = outlet.formats.AmoPoint;
  const dec = (minor: number) => minorToDecimal4(minor, amo);
  const before = await readSheet(tx, sheetId);
  const [{ last } = { last: 0 }] = await tx.query<{ last: number }>('SELECT COALESCE(max(item_id), 0)::int AS last FROM sheet_item WHERE sheet_id = $1', [sheetId]);
  const roundNo = sheet.round_count + 1;
  const roundMinor = orderTotalMinor({ goodsMinor: sumMoney(priced.map((l) => l.amoMinor)), bagMinor: 0, feeMinor: 0, couponMinor: 0 });
  const params: unknown[] = [];
  const items = insertSql(
    'sheet_item',
    // The lines as a customer's round writes them (submit.ts itemRow); a staff line has no author (added_by).
    priced.map((l, i) => itemRow(sheetId, last + 1 + i, roundNo, l, amo)),
    params,
  );
  const hash = createHash('sha256').update(JSON.stringify(body.lines)).digest('hex');
  const round = insertSql(
    'sheet_round',
    [{ sheet_id: sheetId, round_no: roundNo, vip_id: null, staff_id: deps.staffId, local_sheet_id: `staff:${sheetId}:${roundNo}`, request_hash: hash, amount: dec(roundMinor), remark: (body.remark ?? '').trim(), created_at: now }],
    params,
  );
  await tx.query(`WITH i AS (${items}) ${round}`, params);
  // A new round is new to the kitchen: the sheet's progress is its least advanced round's.
  await tx.query(`UPDATE sheet SET round_count = $2, progress = 'placed', settle_started_at = NULL WHERE sheet_id = $1`, [sheetId, roundNo]);
  const totals = await repriceSheet(tx, sheetId, now);
  await emitSheetEvent(tx, sheetId, 'linesAdded');
  await enqueueKitchenTickets(tx, sheetId, roundNo, { now });
  await deps.record(
    'sheet.addLines',
    sheetId,
    { roundCount: sheet.round_count, totalAmo: before.total_amo },
    { roundNo, lines: priced.map((l) => ({ goodsId: l.GoodsID, skuId: l.SkuID, pUnit: l.PUnit, qua: l.qua, amo: dec(l.amoMinor) })), totalAmo: dec(totals.afterMinor) },
  );
  return { roundNo, roundAmo: dec(roundMinor), sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
}

// Move ------------------------------------------------------------------------------------

/** Moves a table's open sheet to a free table of the same outlet (one without an open sheet of its own). */
export async function moveSheet(deps: FixDeps, sheetId: string, tableId: string): Promise<StaffAnswer<'POST /staff/sheets/:id/move'>> {
  const { tx, now, lang } = deps;
  const [first] = await tx.query<{ table_id: string | null; base_id: string }>('SELECT table_id, base_id FROM sheet WHERE sheet_id = $1', [sheetId]);
  if (!first) throw new KitchenRefusal('notFound', `no sheet ${sheetId}`);
  if (!first.table_id) throw refuse('conflict', 'fixNotTableSheet', lang);
  if (first.table_id === tableId) throw refuse('conflict', 'moveTableOther', lang);
  // Tables first, in one order (a round's submit locks its table, then the sheet): no deadlock with a diner ordering.
  const tables = await tx.query<{ table_id: string; base_id: string; table_name: string }>(
    'SELECT table_id, base_id, table_name FROM dining_table WHERE table_id = ANY ($1::text[]) ORDER BY table_id FOR UPDATE',
    [[first.table_id, tableId]],
  );
  const target = tables.find((t) => t.table_id === tableId);
  if (!target || target.base_id !== first.base_id) throw refuse('conflict', 'moveTableOther', lang);
  const sheet = await lockedSheet(tx, sheetId);
  if (!sheet || sheet.table_id !== first.table_id || !isTableSheetOpen(sheet)) throw refuse('conflict', 'fixNotTableSheet', lang);
  const [busy] = await tx.query('SELECT 1 AS one FROM sheet WHERE table_id = $1 AND status = $2 AND sheet_id <> $3 LIMIT 1', [tableId, SheetStatus.open, sheetId]);
  if (busy) throw refuse('conflict', 'moveTableBusy', lang, { table: target.table_name });
  await tx.query('UPDATE sheet SET table_id = $2, updated_at = $3 WHERE sheet_id = $1', [sheetId, tableId, now]);
  await emitSheetEvent(tx, sheetId, 'tableMoved');
  await deps.record('sheet.move', sheetId, { tableId: first.table_id, tableName: sheet.table_name }, { tableId, tableName: target.table_name });
  return { fromTableId: first.table_id, sheet: sheetJson(await readSheet(tx, sheetId), now, lang) };
}
