/**
 * The table's live cart (issue 28 section 1). At a pay-after table the cart
 * is the table's: every phone that scanned the table's code reads the same
 * lines (priced by the service in the reader's language, each with who added
 * it) and adds its own; a diner changes only their own lines, another's only
 * after asking them (Confirm); staff change any (staffCart.ts, the staff
 * API's GET and POST /staff/tables/:id/cart...). Every change bumps the cart's version
 * (table_cart, migration 027) in a row lock, so one table's changes are
 * written one after another and a relative change (+1, -1) never loses
 * another phone's; an absolute change names the line's version it read and
 * is refused when the line moved since. Each change is pushed on the table's
 * stream (GET /events/tables/:tableId, kind 'cart').
 *
 * A round is sent from the cart by the ordinary submit
 * (PosSalSheet_NewCYSendSheetSubmit_Add) with TableCartVersion and each
 * line's CartLineID (cartRound below, called by orders/submit.ts under the
 * table's lock): the cart must be the one the phone showed, each sent line
 * keeps its author (sheet_item.added_by), and the cart is cleared in the same
 * transaction. A second phone sending the same cart at the same moment waits
 * for the table's lock, finds the version moved, and makes no second round.
 */
import { randomBytes } from 'node:crypto';
import { MAX_LINE_QUANTITY } from '../../../shared/domain/cart';
import { minorToString, sumMoney } from '../../../shared/domain/numbers';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import type { Queryable } from '../../db/driver';
import { emitTableEvent } from '../../events/emit';
import { OpError, type HandlerMap, type OpContext, type RowOf } from '../context';
import { langsFor, tr, trBy } from '../localized';
import { localizedDetails } from '../orders/lineTexts';
import { priceLines, type RequestLine } from '../orders/lines';
import { loadOutlet, minorToDecimal4 } from '../orders/outlet';
import { dinerAt, joinedSince, joinTable, PLACES_SQL, type TableRow } from './diner';

/** Lines a table's cart holds at most. */
export const MAX_TABLE_CART_LINES = 100;

type LineDb = {
  line_id: string;
  table_id: string;
  vip_id: string;
  goods_id: string;
  sku_id: string;
  punit: string;
  pqua: string;
  mqua: string;
  bom: { BOMClassID: string; GoodsID: string }[];
  options: string[];
  remark: string;
  version: number;
  created_at: Date;
};

const LINE_COLUMNS = 'l.line_id, l.table_id, l.vip_id, l.goods_id, l.sku_id, l.punit, l.pqua::text AS pqua, l.mqua::text AS mqua, l.bom, l.options, l.remark, l.version, l.created_at';

/** A cart line as the pricing of orders/lines.ts reads a submitted one. */
function requestLineOf(l: Pick<LineDb, 'goods_id' | 'sku_id' | 'punit' | 'pqua' | 'mqua' | 'bom' | 'options' | 'remark'>, n = 1): RequestLine {
  return {
    n,
    GoodsID: l.goods_id,
    SkuID: l.sku_id,
    PUnit: l.punit,
    PQua: Number(l.pqua),
    MQua: Number(l.mqua),
    Amo: 0,
    bom: l.bom,
    options: l.options,
    remarks: l.remark ? [l.remark] : [],
  };
}

/** Bumps (and locks until commit) the table's cart version: the changes of one table are written one after another. */
export async function bumpCart(tx: Queryable, tableId: string, now: Date): Promise<number> {
  const [row] = await tx.query<{ version: string }>(
    `INSERT INTO table_cart (table_id, version, updated_at) VALUES ($1, 1, $2)
     ON CONFLICT (table_id) DO UPDATE SET version = table_cart.version + 1, updated_at = $2 RETURNING version::text AS version`,
    [tableId, now],
  );
  return Number(row!.version);
}

async function cartVersion(tx: Queryable, tableId: string, lock = false): Promise<number> {
  const [row] = await tx.query<{ version: string }>(`SELECT version::text AS version FROM table_cart WHERE table_id = $1${lock ? ' FOR UPDATE' : ''}`, [tableId]);
  return Number(row?.version ?? 0);
}

/** The table's open pay-after sheet ('' when none is open). */
async function openSheetOf(tx: Queryable, tableId: string): Promise<string> {
  const [open] = await tx.query<{ sheet_id: string }>(
    `SELECT sheet_id FROM sheet WHERE table_id = $1 AND status = 0 AND pay_mode = 'postpay' ORDER BY created_at DESC LIMIT 1`,
    [tableId],
  );
  return open?.sheet_id ?? '';
}

export function postpayTable(table: TableRow): void {
  if (table.pay_mode !== 'postpay') throw new OpError('tableCartPostpayOnly');
}

const dec4 = (v: string | number) => Number(v).toFixed(4);

/** The name of a line's author as another diner sees it: a member's name, else '' (the app says "Guest {place}"). */
async function authorName(tx: Queryable, vipId: string): Promise<string> {
  const [v] = await tx.query<{ name: string }>(`SELECT CASE WHEN is_guest THEN '' ELSE vip_name END AS name FROM vip WHERE vip_id = $1`, [vipId]);
  return v?.name ?? '';
}

/** A cart line as a reader sees it: priced (undefined when it cannot be ordered now: sold out), named in the reader's language, with its author. */
export type ReadLine = LineDb & {
  by_name: string;
  by_place: number;
  shown_name: string;
  shown_sku: string;
  priced: Awaited<ReturnType<typeof priceLines>>[number] | undefined;
  /** Its bundle parts, add-ons and remark in the reader's language (lineTexts.ts JSON). */
  detail: string;
};

/**
 * The table's cart as a reader in `lang` sees it (a diner's TableCartGet,
 * the staff's GET /staff/tables/:id/cart): its lines, each priced on its own
 * (one sold out is marked, the others still priced), the cart's version and
 * total.
 */
export async function readCart(
  tx: Queryable,
  table: Pick<TableRow, 'table_id' | 'base_id'>,
  lang: OpContext['lang'],
  now: Date,
): Promise<{ lines: ReadLine[]; version: number; totalMinor: number; amoPoint: number }> {
  const outlet = (await loadOutlet(tx, table.base_id))!;
  const langs = await langsFor(tx, lang, { baseId: table.base_id });
  // The goods' name and spec in the reader's language (priceLines names a line in the menu's base texts, as the kitchen stores it).
  const rows = await tx.query<LineDb & { by_name: string; by_place: number; shown_name: string; shown_sku: string }>(
    `WITH places AS (${PLACES_SQL})
     SELECT ${LINE_COLUMNS}, CASE WHEN v.is_guest THEN '' ELSE COALESCE(v.vip_name, '') END AS by_name, COALESCE(p.place, 0)::int AS by_place,
            COALESCE((SELECT ${tr('g.goods_name', langs)} FROM goods g WHERE g.goods_id = l.goods_id), '') AS shown_name,
            COALESCE((SELECT ${trBy('g.sku_attribute_values', 'k.sku_items', langs)} FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id
                       WHERE k.sku_id = l.sku_id AND l.sku_id <> ''), '') AS shown_sku
       FROM table_cart_line l LEFT JOIN vip v ON v.vip_id = l.vip_id LEFT JOIN places p ON p.vip_id = l.vip_id
      WHERE l.table_id = $1 ORDER BY l.created_at, l.line_id`,
    [table.table_id, joinedSince(now)],
  );
  const minors: number[] = [];
  const lines: ReadLine[] = [];
  for (const l of rows) {
    let priced: ReadLine['priced'];
    try {
      [priced] = await priceLines(tx, { shopId: outlet.shopId, baseId: table.base_id, now, formats: outlet.formats, langs }, [requestLineOf(l)]);
    } catch (err) {
      if (!(err instanceof OpError)) throw err;
    }
    if (priced) minors.push(priced.amoMinor);
    lines.push({ ...l, priced, detail: priced?.detail ?? '' });
  }
  // The bundle parts and add-ons in the reader's language, as a sheet's lines are (lineTexts.ts): one statement for the cart.
  const localized = await localizedDetails(
    tx,
    lines.map((l) => l.detail),
    langs,
  );
  lines.forEach((l, i) => (l.detail = localized[i] ?? ''));
  return { lines, version: await cartVersion(tx, table.table_id), totalMinor: sumMoney(minors), amoPoint: outlet.formats.AmoPoint };
}

export const tableCartHandlers: HandlerMap = {
  async TableCart_TableCartGet_Get(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const { table, vipId } = await dinerAt(ctx, row!.TableID);
    postpayTable(table);
    await joinTable(ctx, table.table_id, vipId);
    const cart = await readCart(tx, table, ctx.lang, now);
    const [me] = await tx.query<{ place: number }>(`WITH places AS (${PLACES_SQL}) SELECT place FROM places WHERE vip_id = $3`, [table.table_id, joinedSince(now), vipId]);
    const amo = cart.amoPoint;
    const shown: RowOf<'TableCart_TableCartGet_Get', 'table2'>[] = cart.lines.map((l) => {
      const priced = l.priced;
      return {
        LineID: l.line_id,
        GoodsID: l.goods_id,
        SkuID: l.sku_id,
        PUnit: l.punit,
        PQua: dec4(l.pqua),
        MQua: dec4(l.mqua),
        Qua: dec4(priced ? priced.qua : Number(l.mqua)),
        Ref: dec4(priced ? priced.ref : 1),
        Bom: JSON.stringify(l.bom),
        Attachments: JSON.stringify(l.options),
        Remark: l.remark,
        Version: l.version,
        ByName: l.by_name,
        ByPlace: l.by_place,
        Mine: l.vip_id === vipId ? 1 : 0,
        GoodsName: l.shown_name || priced?.goodsName || '',
        SkuItems: l.shown_sku || priced?.skuItems || '',
        Price: dec4(priced?.price ?? 0),
        PUnitPrice: dec4(priced?.punitPrice ?? 0),
        Amo: priced ? minorToDecimal4(priced.amoMinor, amo) : dec4(0),
        SoldOut: priced ? 0 : 1,
        CreatedDate: l.created_at.toISOString(),
        Detail: l.detail,
      };
    });
    return {
      table1: [
        {
          TableID: table.table_id,
          TableName: table.table_name,
          Version: cart.version,
          SheetID: await openSheetOf(tx, table.table_id),
          Count: cart.lines.length,
          TotalAmo: dec4(minorToString(cart.totalMinor, amo)),
          MyPlace: me?.place ?? 0,
        },
      ],
      table2: shown,
    };
  },

  async TableCart_TableCartLineSet_Update(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const r = row!;
    const { table, vipId } = await dinerAt(ctx, r.TableID);
    postpayTable(table);
    await joinTable(ctx, table.table_id, vipId);
    // First the cart's row (locked until commit): then what is read below is the latest.
    const version = await bumpCart(tx, table.table_id, now);
    const result = r.LineID ? await changeCartLine(ctx, table, r.LineID, r, { vipId, confirm: Boolean(r.Confirm) }) : await addLine(ctx, table, vipId, r);
    await emitTableEvent(tx, { kind: 'cart', entId: table.ent_id, data: { tableId: table.table_id, version, change: 'set' } });
    return { table1: [{ LineID: result.LineID, Version: result.Version, Removed: result.Removed, CartVersion: version }] };
  },
};

type LineSetRow = PayloadOf<'TableCart_TableCartLineSet_Update'>['tableData'][number];

const clamp = (v: number) => Math.max(0, Math.min(MAX_LINE_QUANTITY, v));

/** A new line; one identical to one of the caller's own (same goods and choices) adds to it. */
async function addLine(ctx: OpContext, table: TableRow, vipId: string, r: LineSetRow): Promise<{ LineID: string; Version: number; Removed: number }> {
  const { tx, now } = ctx;
  if (!r.GoodsID) throw new OpError('orderInvalid', undefined, { reason: 'GoodsID: a new line names its goods' });
  const punit = (r.PUnit ?? '').trim();
  const pqua = clamp(r.PQua ?? (punit ? Math.max(1, r.Delta ?? 1) : 0));
  const mqua = clamp(r.MQua ?? (punit ? 0 : Math.max(1, r.Delta ?? 1)));
  if (pqua === 0 && mqua === 0) throw new OpError('orderInvalid', undefined, { reason: 'a new line needs a quantity above 0' });
  const line = {
    goods_id: r.GoodsID,
    sku_id: r.SkuID ?? '',
    punit,
    pqua: String(pqua),
    mqua: String(mqua),
    bom: (r.Bom ?? []).map((b) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID })),
    options: [...(r.Attachments ?? [])],
    remark: (r.Remark ?? '').trim(),
  };
  // The goods, its choices and quantities as an order takes them (sold out, unknown or wrong: refused now, in the caller's language).
  const outlet = (await loadOutlet(tx, table.base_id))!;
  const langs = await langsFor(tx, ctx.lang, { baseId: table.base_id });
  await priceLines(tx, { shopId: outlet.shopId, baseId: table.base_id, now, formats: outlet.formats, langs }, [requestLineOf(line)]);
  const [same] = await tx.query<{ line_id: string; version: number }>(
    `UPDATE table_cart_line SET pqua = LEAST(pqua + $8, ${MAX_LINE_QUANTITY}), mqua = LEAST(mqua + $9, ${MAX_LINE_QUANTITY}), version = version + 1, updated_at = $10
      WHERE line_id = (SELECT line_id FROM table_cart_line
                        WHERE table_id = $1 AND vip_id = $2 AND goods_id = $3 AND sku_id = $4 AND punit = $5 AND bom = $6::jsonb AND options = $7::jsonb AND remark = $11
                        ORDER BY created_at LIMIT 1)
      RETURNING line_id, version`,
    [table.table_id, vipId, line.goods_id, line.sku_id, line.punit, JSON.stringify(line.bom), JSON.stringify(line.options), pqua, mqua, now, line.remark],
  );
  if (same) return { LineID: same.line_id, Version: same.version, Removed: 0 };
  const [{ count }] = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM table_cart_line WHERE table_id = $1', [table.table_id])) as [{ count: number }];
  if (count >= MAX_TABLE_CART_LINES) throw new OpError('tableCartFull');
  const lineId = `TCL${now.getTime().toString(36)}${randomBytes(6).toString('hex')}`;
  await tx.query(
    `INSERT INTO table_cart_line (line_id, table_id, sheet_id, vip_id, goods_id, sku_id, punit, pqua, mqua, bom, options, remark, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, 1, $13, $13)`,
    [lineId, table.table_id, await openSheetOf(tx, table.table_id), vipId, line.goods_id, line.sku_id, line.punit, pqua, mqua, JSON.stringify(line.bom), JSON.stringify(line.options), line.remark, now],
  );
  return { LineID: lineId, Version: 1, Removed: 0 };
}

/** A change of a line's quantity: +1/-1 (Delta), or the quantities as they should be at the Version read (0 and 0 remove it). */
export type LineChange = { Delta?: number; PQua?: number; MQua?: number; Version?: number };
/** Who changes it: a diner (another's line only with their confirmation), or staff (any line of the table). */
export type LineChanger = { vipId: string; confirm: boolean } | { staff: true };
export type LineChanged = {
  LineID: string;
  Version: number;
  Removed: number;
  /** Its quantities before and after (the staff's audit). */
  was: { PQua: number; MQua: number };
  now: { PQua: number; MQua: number };
};

/**
 * A change of a line of the table's cart, for the diners (LineSet above)
 * and staff (staffCart.ts). The caller has bumped the cart's version first
 * (bumpCart: the table's changes one after another) and emits the table's
 * event after.
 */
export async function changeCartLine(
  ctx: Pick<OpContext, 'tx' | 'now' | 'lang'>,
  table: Pick<TableRow, 'table_id'>,
  lineId: string,
  r: LineChange,
  by: LineChanger,
): Promise<LineChanged> {
  const { tx, now } = ctx;
  const [line] = await tx.query<LineDb>(`SELECT ${LINE_COLUMNS} FROM table_cart_line l WHERE l.line_id = $1 AND l.table_id = $2 FOR UPDATE`, [lineId, table.table_id]);
  if (!line) throw new OpError('tableCartLineGone');
  // Another diner's line: only after asking them (the app asks, then sends Confirm). Staff change any line.
  if ('vipId' in by && line.vip_id !== by.vipId && !by.confirm) {
    const name = await authorName(tx, line.vip_id);
    const [place] = name ? [] : await tx.query<{ place: number }>(`WITH places AS (${PLACES_SQL}) SELECT place FROM places WHERE vip_id = $3`, [table.table_id, joinedSince(now), line.vip_id]);
    throw new OpError('tableCartLineNotYours', undefined, { name: name || guestWord(ctx.lang, place?.place ?? 0) });
  }
  const was = { PQua: Number(line.pqua), MQua: Number(line.mqua) };
  let pqua = was.PQua;
  let mqua = was.MQua;
  if (r.Delta !== undefined) {
    if (line.punit) pqua = clamp(pqua + r.Delta);
    else mqua = clamp(mqua + r.Delta);
  } else {
    if (r.Version === undefined || r.Version !== line.version) throw new OpError('tableCartLineChanged');
    pqua = clamp(r.PQua ?? pqua);
    mqua = clamp(r.MQua ?? mqua);
  }
  if (pqua === 0 && mqua === 0) {
    await tx.query('DELETE FROM table_cart_line WHERE line_id = $1', [line.line_id]);
    return { LineID: line.line_id, Version: line.version + 1, Removed: 1, was, now: { PQua: 0, MQua: 0 } };
  }
  const [changed] = await tx.query<{ version: number }>(
    'UPDATE table_cart_line SET pqua = $2, mqua = $3, version = version + 1, updated_at = $4 WHERE line_id = $1 RETURNING version',
    [line.line_id, pqua, mqua, now],
  );
  return { LineID: line.line_id, Version: changed!.version, Removed: 0, was, now: { PQua: pqua, MQua: mqua } };
}

const GUEST_WORD = { en: 'Guest {place}', 'zh-CN': '客人 {place}', 'zh-TW': '客人 {place}' } as const;
function guestWord(lang: keyof typeof GUEST_WORD, place: number): string {
  return GUEST_WORD[lang].replace('{place}', String(place));
}

/**
 * A round sent from the table's cart (the submit's TableCartVersion), under
 * the table's lock (orders/submit.ts tableRules): the cart is still the one
 * the phone showed (its version, and Item1 is its lines, each once, with
 * their goods and quantities); answers each Item1 line's author by its
 * position (RequestLine.n). Refused otherwise: nothing is written.
 */
export async function cartRound(
  ctx: OpContext,
  tableId: string,
  given: number,
  items: readonly { CartLineID?: string; GoodsID: string; SkuID?: string; PQua?: number; MQua?: number; Qua?: number }[],
): Promise<Map<number, string>> {
  const { tx } = ctx;
  const version = await cartVersion(tx, tableId, true);
  const lines = await tx.query<LineDb>(`SELECT ${LINE_COLUMNS} FROM table_cart_line l WHERE l.table_id = $1`, [tableId]);
  if (version !== given) throw new OpError(lines.length === 0 ? 'tableCartSent' : 'tableCartChanged');
  const byId = new Map(lines.map((l) => [l.line_id, l]));
  const authors = new Map<number, string>();
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const l = item.CartLineID ? byId.get(item.CartLineID) : undefined;
    const pqua = item.PQua ?? 0;
    const mqua = item.MQua ?? (item.PQua === undefined ? (item.Qua ?? 0) : 0);
    if (!l || seen.has(l.line_id) || l.goods_id !== item.GoodsID || l.sku_id !== (item.SkuID ?? '') || Number(l.pqua) !== pqua || Number(l.mqua) !== mqua) {
      throw new OpError('tableCartChanged');
    }
    seen.add(l.line_id);
    authors.set(i + 1, l.vip_id);
  });
  if (seen.size !== lines.length) throw new OpError('tableCartChanged');
  return authors;
}

/** After the round from the cart is written: the cart is empty, its version moves on, the table's phones are told. */
export async function clearSentCart(ctx: OpContext, tableId: string): Promise<void> {
  const { tx, now } = ctx;
  await tx.query('DELETE FROM table_cart_line WHERE table_id = $1', [tableId]);
  const version = await bumpCart(tx, tableId, now);
  const [t] = await tx.query<{ ent_id: string }>('SELECT b.ent_id FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1', [tableId]);
  await emitTableEvent(tx, { kind: 'cart', entId: t!.ent_id, data: { tableId, version, change: 'sent' } });
}
