/**
 * The staff HTTP API: what the kitchen and the counter do to orders and the
 * menu. JSON in and out, on the same listener as everything else, behind
 * `Authorization: Bearer <STAFF_TOKEN>` (config.staffToken; compared in
 * constant time; off when there is no token, the production default).
 *
 *   GET  /staff/sheets?baseId=…&status=…&limit=…  the counter's list, newest first
 *   POST /staff/sheets/:id/progress {"progress": "preparing"|"ready"|"delivering"|"completed"}
 *        forward only; 409 on a backward move or a closed sheet
 *   POST /staff/sheets/:id/close {"paidAtCounter": true?}
 *        closes an open sheet (a table's, at the end): status 3 (checked out,
 *        paid) when paid online or paidAtCounter, else 2 (closed unpaid; its
 *        coupon is given back)
 *   POST /staff/goods/:id/sold-out {"soldOut": true|false}
 *   POST /staff/skus/:id/sold-out  {"soldOut": true|false}
 *   GET  /staff/members/by-code/:code   the member behind a scanned member code
 *        ('<VipCode>-<6 digits>', operations/auth/memberCode.ts) of the current
 *        or the previous minute: {"member": {VipID, VipName, VipCode, Phone (masked), Balance, Score}};
 *        404 for any other code (stale, forged, a guest's, malformed)
 *
 * Errors: {"error": "..."} with 400 (bad input), 401 (no or wrong token),
 * 404 (no such sheet, goods, sku or member code), 409 (not allowed in the sheet's state).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PayStatus, PROGRESS, SheetStatus, type Progress } from '../../shared/domain/orderStates';
import { decimal4 } from '../../shared/protocol/envelope';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { emitSheetEvent } from '../events/emit';
import { memberCodeValid, parseMemberCode } from '../operations/auth/memberCode';
import { isoSeconds, SHEET_STATE_COLUMNS, sheetDisplayState, type SheetStateRow } from '../operations/orders/sheetState';
import { langsFor, tr, trBy } from '../operations/localized';
import { langFromHeader } from '../messages';
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

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

const progressBody = z.object({ progress: z.enum(PROGRESS) });
const soldOutBody = z.object({ soldOut: z.boolean() });
const closeBody = z.object({ paidAtCounter: z.boolean().optional() }).optional();
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
  take_time: Date | null;
  remark: string;
  round_count: number;
  updated_at: Date;
};

const STAFF_SHEET_COLUMNS = `s.sheet_id, s.base_id, s.table_id, t.table_name, s.pos_type, s.total_amo, s.fee_amo, s.bag_amo, s.coupon_amo,
  s.cust_name, s.cust_phone, s.cust_region, s.cust_address, s.take_time, s.remark, s.round_count, s.updated_at, ${SHEET_STATE_COLUMNS}`;

function sheetJson(s: StaffSheetRow, now: Date) {
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
    address: [s.cust_region, s.cust_address].filter(Boolean).join(' '),
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

export async function staffRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  const token = config.staffToken;
  if (!token) return;
  const expected = digest(token);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(req.headers.authorization ?? '');
    // Hashing both sides gives equal lengths, so the comparison time says nothing about the token.
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="staff"')
        .send({ error: 'a valid staff token is required: Authorization: Bearer <STAFF_TOKEN>' });
    }
    return undefined;
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.code(err.status).send({ error: err.message });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    req.log.error({ err }, 'staff API failure');
    return reply.code(500).send({ error: 'the service had a problem' });
  });

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
    const items = sheets.length
      ? await db.query<{ sheet_id: string; round_no: number; goods_name: string; sku_items: string; punit: string; qua: string; pqua: string; mqua: string; amo: string; detail: string }>(
          `SELECT i.sheet_id, i.round_no, ${or(tr('g.goods_name', l), 'i.goods_name')} AS goods_name,
                  ${or(trBy('g.sku_attribute_values', 'k.sku_items', l), 'i.sku_items')} AS sku_items,
                  ${or(tr('p.punit', l), 'i.punit')} AS punit, i.qua, i.pqua, i.mqua, i.amo, i.detail
             FROM sheet_item i
             LEFT JOIN goods g ON g.goods_id = i.goods_id
             LEFT JOIN goods_sku k ON k.sku_id = i.sku_id AND i.sku_id <> ''
             LEFT JOIN goods_punit p ON p.goods_id = i.goods_id AND p.punit = i.punit AND i.punit <> ''
            WHERE i.sheet_id = ANY ($1::text[]) ORDER BY i.sheet_id, i.round_no, i.item_id`,
          [sheets.map((s) => s.sheet_id)],
        )
      : [];
    return {
      sheets: sheets.map((s) => ({
        ...sheetJson(s, now),
        items: items
          .filter((i) => i.sheet_id === s.sheet_id)
          .map((i) => ({ roundNo: i.round_no, goodsName: i.goods_name, skuItems: i.sku_items, pUnit: i.punit, qua: i.qua, pQua: i.pqua, mQua: i.mqua, amo: i.amo, detail: i.detail })),
      })),
    };
  });

  app.post('/staff/sheets/:id/progress', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { progress } = parse(progressBody, req.body, 'body');
    const now = clock.now();
    return db.transaction(async (tx) => {
      const sheet = await lockedSheet(tx, id);
      if (sheet.status === SheetStatus.closed || sheet.status === SheetStatus.checkedOut) {
        throw new HttpError(409, `sheet ${id} is ${sheet.status === SheetStatus.closed ? 'closed' : 'checked out'}`);
      }
      if (progress === 'delivering' && sheet.take_type !== 'delivery') throw new HttpError(409, `sheet ${id} is not a delivery order`);
      const from = PROGRESS.indexOf(sheet.progress as Progress);
      const to = PROGRESS.indexOf(progress);
      if (to < from) throw new HttpError(409, `sheet ${id} is already ${sheet.progress}: progress only moves forward`);
      if (to > from) {
        await tx.query('UPDATE sheet SET progress = $2, updated_at = $3 WHERE sheet_id = $1', [id, progress, now]);
        await emitSheetEvent(tx, id, 'progress');
      }
      return { changed: to > from, sheet: sheetJson(await readSheet(tx, id), now) };
    });
  });

  app.post('/staff/sheets/:id/close', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(closeBody, req.body ?? undefined, 'body');
    const now = clock.now();
    return db.transaction(async (tx) => {
      const sheet = await lockedSheet(tx, id);
      if (sheet.status === SheetStatus.closed || sheet.status === SheetStatus.checkedOut) {
        throw new HttpError(409, `sheet ${id} is already ${sheet.status === SheetStatus.closed ? 'closed' : 'checked out'}`);
      }
      if (sheet.status !== SheetStatus.open) throw new HttpError(409, `sheet ${id} is paid: finish it with progress "completed"`);
      if (sheet.pay_status === PayStatus.paying) throw new HttpError(409, `a payment of sheet ${id} is in progress`);
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
      return { sheet: sheetJson(await readSheet(tx, id), now) };
    });
  });

  app.post('/staff/goods/:id/sold-out', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { soldOut } = parse(soldOutBody, req.body, 'body');
    const [goods] = await db.query<{ goods_id: string; sold_out: boolean }>(
      'UPDATE goods SET sold_out = $2, updated_at = $3 WHERE goods_id = $1 RETURNING goods_id, sold_out',
      [id, soldOut, clock.now()],
    );
    if (!goods) throw new HttpError(404, `no goods ${id}`);
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
    return {
      // The phone masked: the screen names a member who has set no name by it (shared/domain/memberName.ts, issue 23).
      member: { VipID: member.vip_id, VipName: member.vip_name, VipCode: member.vip_code, Phone: maskPhone(member.phone ?? ''), Balance: decimal4(member.balance), Score: decimal4(member.score) },
    };
  });

  app.post('/staff/skus/:id/sold-out', async (req) => {
    const { id } = parse(idParam, req.params, 'path');
    const { soldOut } = parse(soldOutBody, req.body, 'body');
    const [sku] = await db.query<{ sku_id: string; goods_id: string; sold_out: boolean }>(
      'UPDATE goods_sku SET sold_out = $2 WHERE sku_id = $1 RETURNING sku_id, goods_id, sold_out',
      [id, soldOut],
    );
    if (!sku) throw new HttpError(404, `no sku ${id}`);
    return { skuId: sku.sku_id, goodsId: sku.goods_id, soldOut: sku.sold_out };
  });
}
