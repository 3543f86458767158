/**
 * The staff HTTP API: what the kitchen and the counter do to orders and the
 * menu. JSON in and out, on the same listener as everything else, behind
 * `Authorization: Bearer <STAFF_TOKEN>` (config.staffToken; compared in
 * constant time; off when there is no token, the production default).
 *
 *   GET  /staff/sheets?baseId=…&status=…&limit=…  the counter's list, newest first; each
 *        sheet with its rounds (each its own kitchen state and remark beside its lines) and,
 *        as before, all its lines; texts in the caller's language (Accept-Language)
 *   POST /staff/sheets/:id/progress {"progress": "preparing"|"ready"|"delivering"|"completed", "round"?: n}
 *        moves one round forward (its kitchen state); the sheet's progress is derived
 *        (its least advanced round's). Without "round": the sheet's only round; 409 when
 *        it has several. Forward only; 409 on a backward move or a closed sheet
 *   POST /staff/sheets/:id/close {"paidAtCounter": true?, "force": true?}
 *        closes an open sheet (a table's, at the end): status 3 (checked out,
 *        paid) when paid online or paidAtCounter, else 2 (closed unpaid; its
 *        coupon is given back). While a payment is pending: 409, unless
 *        force, which ends the payment first as cancel-payment does (paid at
 *        the provider: recorded as paid, and the sheet is not closed unpaid)
 *   POST /staff/sheets/:id/cancel-payment
 *        ends the sheet's pending payment, the provider asked first: paid
 *        there, recorded as paid; else closed there and cancelled here
 *        ({"payment": "paid" | "cancelled", "sheet": …}); 409 when none is
 *        pending, 502 when the provider cannot tell (nothing changed)
 *   POST /staff/goods/:id/sold-out {"soldOut": true|false}
 *   POST /staff/skus/:id/sold-out  {"soldOut": true|false}
 *   GET  /staff/members/by-code/:code   the member behind a scanned member code
 *        ('<VipCode>-<6 digits>', operations/auth/memberCode.ts) of the current
 *        or the previous minute: {"member": {VipID, VipName, VipCode, Phone (masked), Balance, Score}};
 *        404 for any other code (stale, forged, a guest's, malformed)
 *
 * Errors: {"error": "..."} with 400 (bad input), 401 (no or wrong token),
 * 404 (no such sheet, goods, sku or member code), 409 (not allowed in the sheet's state),
 * 502 (the payment provider could not be asked).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PayStatus, PROGRESS, SheetStatus, type Progress } from '../../shared/domain/orderStates';
import { decimal4 } from '../../shared/protocol/envelope';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { emitSheetEvent } from '../events/emit';
import { memberCodeValid, parseMemberCode } from '../operations/auth/memberCode';
import { endPendingPayment, pendingOf } from '../operations/payments/expiry';
import { isoSeconds, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from '../operations/orders/sheetState';
import { langsFor, tr, trBy } from '../operations/localized';
import { localizedDetails } from '../operations/orders/lineTexts';
import { kitchenState, sheetProgressOf } from '../../shared/domain/rounds';
import { actorOf, audit, MANAGERS, requireRoles, staffGuard } from './staffAuth';
import { staffPrinterRoutes } from './staffPrinters';
import { langFromHeader, type Lang } from '../messages';
import { sheetAddress } from '../operations/orders/sheetAddress';
import { maskPhone } from '../../shared/domain/memberName';

export interface StaffDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

/** The counter's list: default and largest number of sheets. */
export const STAFF_LIST_LIMIT = 100;
export const STAFF_LIST_MAX = 200;

class HttpError extends Error {
  constructor(
    readonly status: number,
    msg: string,
  ) {
    super(msg);
  }
}

const progressBody = z.object({ progress: z.enum(PROGRESS), round: z.number().int().min(1).max(10_000).optional() });
const soldOutBody = z.object({ soldOut: z.boolean() });
const closeBody = z.object({ paidAtCounter: z.boolean().optional(), force: z.boolean().optional() }).optional();
const listQuery = z.object({
  baseId: z.string().trim().min(1, 'baseId is required').max(64),
  status: z.coerce.number().int().min(0).max(3).optional(),
  limit: z.coerce.number().int().min(1).max(STAFF_LIST_MAX).optional(),
});
const idParam = z.object({ id: z.string().trim().min(1).max(64) });
const codeParam = z.object({ code: z.string().trim().min(1).max(80) });

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, `${what}: ${issue?.path.join('.') || what}: ${issue?.message ?? 'invalid'}`);
}

type StaffSheetRow = SheetStateRow & {
  sheet_id: string;
  base_id: string;
  table_id: string | null;
  table_name: string | null;
  pos_type: number;
  total_amo: string;
  fee_amo: string;
  bag_amo: string;
  coupon_amo: string;
  cust_name: string;
  cust_phone: string;
  cust_region: string;
  cust_address: string;
  cust_house: string;
  take_time: Date | null;
  remark: string;
  round_count: number;
  updated_at: Date;
};

const STAFF_SHEET_COLUMNS = `s.sheet_id, s.base_id, s.table_id, t.table_name, s.pos_type, s.total_amo, s.fee_amo, s.bag_amo, s.coupon_amo,
  s.cust_name, s.cust_phone, s.cust_region, s.cust_address, s.cust_house, s.take_time, s.remark, s.round_count, s.updated_at, ${SHEET_STATE_COLUMNS}`;

function sheetJson(s: StaffSheetRow, now: Date, lang: Lang = 'en') {
  return {
    sheetId: s.sheet_id,
    baseId: s.base_id,
    tableId: s.table_id ?? '',
    tableName: s.table_name ?? '',
    posType: s.pos_type,
    businessMode: String(s.business_mode),
    takeType: s.take_type,
    payMode: s.pay_mode,
    status: s.status,
    payStatus: s.pay_status,
    isPayLater: s.is_pay_later,
    progress: s.progress,
    displayState: sheetDisplayState(s, now),
    totalAmo: s.total_amo,
    feeAmo: s.fee_amo,
    bagAmo: s.bag_amo,
    couponAmo: s.coupon_amo,
    custName: s.cust_name,
    custPhone: s.cust_phone,
    address: sheetAddress(s, lang),
    takeTime: isoSeconds(s.take_time),
    remark: s.remark,
    roundCount: s.round_count,
    createdAt: isoSeconds(s.created_at),
    updatedAt: isoSeconds(s.updated_at),
  };
}

async function lockedSheet(tx: Queryable, sheetId: string): Promise<StaffSheetRow> {
  const [sheet] = await tx.query<StaffSheetRow>(
    `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id
      WHERE s.sheet_id = $1 FOR UPDATE OF s`,
    [sheetId],
  );
  if (!sheet) throw new HttpError(404, `no sheet ${sheetId}`);
  return sheet;
}

async function readSheet(tx: Queryable, sheetId: string): Promise<StaffSheetRow> {
  const [sheet] = await tx.query<StaffSheetRow>(
    `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id WHERE s.sheet_id = $1`,
    [sheetId],
  );
  return sheet!;
}

type RoundRow = { sheet_id: string; round_no: number; progress: string; remark: string; created_at: Date; progress_at: Date | null };

/** A round as the staff API answers it. */
function roundJson(r: Pick<RoundRow, 'round_no' | 'progress' | 'remark' | 'created_at' | 'progress_at'>) {
  return {
    roundNo: r.round_no,
    progress: r.progress,
    kitchenState: kitchenState(r.progress),
    remark: r.remark,
    createdAt: isoSeconds(r.created_at),
    movedAt: isoSeconds(r.progress_at),
  };
}

/**
 * The rounds of a sheet from its round rows; a sheet written without them
 * (the demo's) is one round: the sheet's progress and remark. A round number
 * of the lines without a row reads as the sheet does.
 */
function roundsOf(sheet: StaffSheetRow, rows: readonly RoundRow[], itemRounds: readonly number[]) {
  const byNo = new Map(rows.map((r) => [r.round_no, r]));
  for (const no of rows.length === 0 ? [1, ...itemRounds] : itemRounds) {
    if (!byNo.has(no)) {
      byNo.set(no, { sheet_id: sheet.sheet_id, round_no: no, progress: sheet.progress, remark: no === 1 ? sheet.remark : '', created_at: sheet.created_at, progress_at: null });
    }
  }
  return [...byNo.values()].sort((a, b) => a.round_no - b.round_no);
}

export async function staffRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  // The token, compared in constant time, and the per-IP back-off after wrong ones (http/staffAuth.ts).
  const guard = staffGuard({ db, config, clock });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return (await guard(req, reply)) ?? undefined;
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.code(err.status).send({ error: err.message });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    req.log.error({ err }, 'staff API failure');
    return reply.code(500).send({ error: 'the service had a problem' });
  });

  // Kitchen printers and reprints (issue 26 section 3), behind the same door: http/staffPrinters.ts.
  await app.register(staffPrinterRoutes, { db, config, clock });

  app.get('/staff/sheets', async (req) => {
    const q = parse(listQuery, req.query, 'query');
    const now = clock.now();
    const sheets = await db.query<StaffSheetRow>(
      `SELECT ${STAFF_SHEET_COLUMNS} FROM sheet s LEFT JOIN dining_table t ON t.table_id = s.table_id
        WHERE s.base_id = $1 AND ($2::int IS NULL OR s.status = $2)
        ORDER BY s.created_at DESC, s.sheet_id DESC LIMIT $3`,
      [q.baseId, q.status ?? null, q.limit ?? STAFF_LIST_LIMIT],
    );
    // The lines in the staff's language (Accept-Language), as the customers' order pages show them.
    const l = await langsFor(db, langFromHeader(req.headers['accept-language']), { baseId: q.baseId });
    const or = (translated: string, stored: string) => `COALESCE(NULLIF(${translated}, ''), ${stored})`;
    const ids = sheets.map((s) => s.sheet_id);
    const rounds = sheets.length
      ? await db.query<RoundRow>(
          'SELECT sheet_id, round_no, progress, remark, created_at, progress_at FROM sheet_round WHERE sheet_id = ANY ($1::text[]) AND withdrawn_at IS NULL ORDER BY sheet_id, round_no',
          [ids],
        )
      : [];
    const rawItems = sheets.length
      ? await db.query<{ sheet_id: string; round_no: number; goods_name: string; sku_items: string; punit: string; qua: string; pqua: string; mqua: string; amo: string; detail: string }>(
          `SELECT i.sheet_id, i.round_no, ${or(tr('g.goods_name', l), 'i.goods_name')} AS goods_name,
                  ${or(trBy('g.sku_attribute_values', 'k.sku_items', l), 'i.sku_items')} AS sku_items,
                  ${or(tr('p.punit', l), 'i.punit')} AS punit, i.qua, i.pqua, i.mqua, i.amo, i.detail
             FROM sheet_item i
             LEFT JOIN goods g ON g.goods_id = i.goods_id
             LEFT JOIN goods_sku k ON k.sku_id = i.sku_id AND i.sku_id <> ''
             LEFT JOIN goods_punit p ON p.goods_id = i.goods_id AND p.punit = i.punit AND i.punit <> ''
            WHERE i.sheet_id = ANY ($1::text[]) ORDER BY i.sheet_id, i.round_no, i.item_id`,
          [ids],
        )
      : [];
    // The bundle parts and add-ons of the lines in the same language (lineTexts.ts).
    const details = await localizedDetails(db, rawItems.map((i) => i.detail), l);
    const items = rawItems.map((i, n) => ({
      sheetId: i.sheet_id,
      roundNo: i.round_no,
      goodsName: i.goods_name,
      skuItems: i.sku_items,
      pUnit: i.punit,
      qua: i.qua,
      pQua: i.pqua,
      mQua: i.mqua,
      amo: i.amo,
      detail: details[n]!,
    }));
    return {
      sheets: sheets.map((s) => {
        const lines = items.filter((i) => i.sheetId === s.sheet_id).map(({ sheetId: _, ...i }) => i);
        const own = roundsOf(s, rounds.filter((r) => r.sheet_id === s.sheet_id), [...new Set(lines.map((i) => i.roundNo))]);
        return {
          ...sheetJson(s, now, langFromHeader(req.headers['accept-language'])),
          // Each round beside its own lines: its kitchen state and its remark (issues 22 and 23).
          rounds: own.map((r) => ({ ...roundJson(r), items: lines.filter((i) => i.roundNo === r.round_no) })),
          items: lines,
        };
      }),
    };
  });

  app.post('/staff/sheets/:id/progress', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { progress, round } = parse(progressBody, req.body, 'body');
    const now = clock.now();
    return db.transaction(async (tx) => {
      const sheet = await lockedSheet(tx, id);
      if (sheet.status === SheetStatus.closed || sheet.status === SheetStatus.checkedOut) {
        throw new HttpError(409, `sheet ${id} is ${sheet.status === SheetStatus.closed ? 'closed' : 'checked out'}`);
      }
      if (progress === 'delivering' && sheet.take_type !== 'delivery') throw new HttpError(409, `sheet ${id} is not a delivery order`);
      // The sheet's row is locked: its rounds cannot change meanwhile (a new round locks it too).
      const rows = await tx.query<RoundRow>(
        'SELECT sheet_id, round_no, progress, remark, created_at, progress_at FROM sheet_round WHERE sheet_id = $1 AND withdrawn_at IS NULL ORDER BY round_no',
        [id],
      );
      if (round === undefined && rows.length > 1) {
        throw new HttpError(409, `sheet ${id} has ${rows.length} rounds: say which one moves with "round"`);
      }
      const roundNo = round ?? rows[0]?.round_no ?? 1;
      const target = rows.find((r) => r.round_no === roundNo);
      // A sheet written without round rows (the demo's) is one round: the sheet itself.
      if (!target && !(rows.length === 0 && roundNo === 1)) throw new HttpError(404, `no round ${roundNo} on sheet ${id}`);
      const current = target ? target.progress : sheet.progress;
      const from = PROGRESS.indexOf(current as Progress);
      const to = PROGRESS.indexOf(progress);
      if (to < from) throw new HttpError(409, `round ${roundNo} of sheet ${id} is already ${current}: progress only moves forward`);
      let moved: RoundRow | null = target ? { ...target } : null;
      if (to > from) {
        if (target) {
          const [row] = await tx.query<RoundRow>(
            `UPDATE sheet_round SET progress = $3, progress_at = $4 WHERE sheet_id = $1 AND round_no = $2
             RETURNING sheet_id, round_no, progress, remark, created_at, progress_at`,
            [id, roundNo, progress, now],
          );
          moved = row ?? null;
        }
        // The sheet's progress, derived: its least advanced round's.
        const derived = target ? sheetProgressOf(rows.map((r) => (r.round_no === roundNo ? progress : r.progress))) : progress;
        await tx.query('UPDATE sheet SET progress = $2, updated_at = $3 WHERE sheet_id = $1', [id, derived, now]);
        await emitSheetEvent(tx, id, 'progress');
        await audit(tx, actorOf(req), 'sheet.progress', id, { round: roundNo, progress: current }, { round: roundNo, progress });
      }
      const after = await readSheet(tx, id);
      const answered = moved ?? { round_no: 1, progress: after.progress, remark: after.remark, created_at: after.created_at, progress_at: null };
      return { changed: to > from, round: roundJson(answered), sheet: sheetJson(after, now, langFromHeader(req.headers['accept-language'])) };
    });
  });

  app.post('/staff/sheets/:id/close', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(closeBody, req.body ?? undefined, 'body');
    if (body?.force) requireRoles(req, MANAGERS);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const sheet = await lockedSheet(tx, id);
      if (sheet.status === SheetStatus.closed || sheet.status === SheetStatus.checkedOut) {
        throw new HttpError(409, `sheet ${id} is already ${sheet.status === SheetStatus.closed ? 'closed' : 'checked out'}`);
      }
      if (sheet.status !== SheetStatus.open) throw new HttpError(409, `sheet ${id} is paid: finish it with progress "completed"`);
      let payment: 'paid' | 'cancelled' | null = null;
      if (sheet.pay_status === PayStatus.paying) {
        if (!body?.force) throw new HttpError(409, `a payment of sheet ${id} is in progress: cancel it (POST /staff/sheets/${id}/cancel-payment) or close with {"force": true}`);
        // Forced: the payment is ended with the provider first (paid there: recorded as paid, and the sheet with it).
        payment = await endSheetPayment(tx, id, now);
        await audit(tx, actorOf(req), 'sheet.close', id, { status: sheet.status, payStatus: sheet.pay_status }, { force: true, payment });
        if (payment === 'paid') return { payment, sheet: sheetJson(await readSheet(tx, id), now) };
      }
      const paid = sheet.pay_status === PayStatus.paid || body?.paidAtCounter === true;
      if (paid) {
        await tx.query(
          `UPDATE sheet SET status = $2, pay_status = $3, settle_started_at = NULL, updated_at = $4 WHERE sheet_id = $1`,
          [id, SheetStatus.checkedOut, PayStatus.paid, now],
        );
      } else {
        await tx.query('UPDATE sheet SET status = $2, settle_started_at = NULL, updated_at = $3 WHERE sheet_id = $1', [id, SheetStatus.closed, now]);
        // Nothing was paid: the coupon the order used can be used again.
        await tx.query(`UPDATE vip_card SET status = 0, used_sheet_id = '', used_at = NULL WHERE used_sheet_id = $1 AND status = 1`, [id]);
      }
      await emitSheetEvent(tx, id, 'closed');
      await audit(tx, actorOf(req), 'sheet.close', id, { status: sheet.status, payStatus: sheet.pay_status }, { status: paid ? SheetStatus.checkedOut : SheetStatus.closed, paidAtCounter: body?.paidAtCounter === true, force: body?.force === true });
      return { payment, sheet: sheetJson(await readSheet(tx, id), now, langFromHeader(req.headers['accept-language'])) };
    });
  });

  /**
   * Ends a sheet's pending payment (issue 22) with the provider asked first:
   * paid there, it is recorded as paid (the sheet with it); else closed there
   * and cancelled here, which frees the table.
   */
  async function endSheetPayment(tx: Queryable, id: string, now: Date): Promise<'paid' | 'cancelled'> {
    const pending = await pendingOf(tx, id, true);
    if (!pending) {
      // Paying with no payment pending (nothing can be lost): unpaid again.
      await tx.query('UPDATE sheet SET pay_status = $2, updated_at = $3 WHERE sheet_id = $1 AND pay_status = $4', [id, PayStatus.unpaid, now, PayStatus.paying]);
      return 'cancelled';
    }
    const outcome = await endPendingPayment({ tx, config, now }, pending, 'staff');
    if (outcome === 'kept') throw new HttpError(502, `the payment provider could not tell whether payment ${pending.pay_id} was made: nothing was changed, try again`);
    return outcome;
  }

  app.post('/staff/sheets/:id/cancel-payment', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const now = clock.now();
    return db.transaction(async (tx) => {
      const sheet = await lockedSheet(tx, id);
      if (sheet.pay_status !== PayStatus.paying) throw new HttpError(409, `no payment of sheet ${id} is in progress`);
      const payment = await endSheetPayment(tx, id, now);
      await audit(tx, actorOf(req), 'sheet.cancelPayment', id, { payStatus: sheet.pay_status }, { payment });
      return { payment, sheet: sheetJson(await readSheet(tx, id), now, langFromHeader(req.headers['accept-language'])) };
    });
  });

  app.post('/staff/goods/:id/sold-out', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { soldOut } = parse(soldOutBody, req.body, 'body');
    const [goods] = await db.query<{ goods_id: string; sold_out: boolean; was: boolean }>(
      'UPDATE goods SET sold_out = $2, updated_at = $3 WHERE goods_id = $1 RETURNING goods_id, sold_out, (SELECT o.sold_out FROM goods o WHERE o.goods_id = $1) AS was',
      [id, soldOut, clock.now()],
    );
    if (!goods) throw new HttpError(404, `no goods ${id}`);
    await audit(db, actorOf(req), 'goods.soldOut', id, { soldOut: goods.was }, { soldOut: goods.sold_out });
    return { goodsId: goods.goods_id, soldOut: goods.sold_out };
  });

  app.get('/staff/members/by-code/:code', async (req) => {
    const { code } = parse(codeParam, req.params, 'path');
    const notFound = new HttpError(404, 'no member with this code (member codes change every minute)');
    const parsed = parseMemberCode(code);
    if (!parsed) throw notFound;
    const now = clock.now();
    const candidates = await db.query<{ vip_id: string; vip_name: string; vip_code: string; phone: string; balance: string; score: string }>(
      'SELECT vip_id, vip_name, vip_code, phone, balance, score FROM vip WHERE vip_code = $1 AND NOT is_guest ORDER BY vip_id LIMIT 20',
      [parsed.vipCode],
    );
    const member = candidates.find((v) => memberCodeValid(config.memberCodeSecret, v.vip_id, parsed.digits, now));
    if (!member) throw notFound;
    await audit(db, actorOf(req), 'member.lookup', member.vip_id, null, null);
    return {
      // The phone masked: the screen names a member who has set no name by it (shared/domain/memberName.ts, issue 23).
      member: { VipID: member.vip_id, VipName: member.vip_name, VipCode: member.vip_code, Phone: maskPhone(member.phone ?? ''), Balance: decimal4(member.balance), Score: decimal4(member.score) },
    };
  });

  app.post('/staff/skus/:id/sold-out', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { soldOut } = parse(soldOutBody, req.body, 'body');
    const [sku] = await db.query<{ sku_id: string; goods_id: string; sold_out: boolean; was: boolean }>(
      'UPDATE goods_sku SET sold_out = $2 WHERE sku_id = $1 RETURNING sku_id, goods_id, sold_out, (SELECT o.sold_out FROM goods_sku o WHERE o.sku_id = $1) AS was',
      [id, soldOut],
    );
    if (!sku) throw new HttpError(404, `no sku ${id}`);
    await audit(db, actorOf(req), 'sku.soldOut', id, { soldOut: sku.was }, { soldOut: sku.sold_out });
    return { skuId: sku.sku_id, goodsId: sku.goods_id, soldOut: sku.sold_out };
  });
}
