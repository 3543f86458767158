/**
 * The back office's menu writes (issue 27 section 1): classes and goods of an
 * enterprise's shop, as its owner and managers edit them through the staff
 * API (http/staffMenu.ts; shapes in shared/protocol/staffMenu.ts).
 *
 * Rules held here, on the service:
 * - goods and classes belong to the enterprise: an account reaches only its
 *   own enterprise's rows (another's are "not found");
 * - an owner changes everything; a manager may change which outlets sell a
 *   goods (or show a class) only for the outlets of their account;
 * - every save names the version it read; a row that moved on since is
 *   refused (409) with its fresh values, never overwritten silently (the
 *   UPDATE itself checks the version, so two saves racing cannot both win);
 * - input is checked in the caller's language (names in the enterprise's
 *   language required, prices with the enterprise's price decimals, never
 *   negative) before anything is written; each write runs in the caller's
 *   transaction with its audit row (staff_audit: who, when, before, after);
 * - a goods that orders name is archived (off every menu, kept for the
 *   orders), not deleted.
 *
 * A change reaches customers' open menus twice over: the menu cache's
 * triggers (migrations/011) drop the cached answers, and a 'menu' live event
 * (as a sold-out mark writes) tells open menus to read again.
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../shared/protocol/staffAccounts';
import { GOODS_TYPES, type ClassInput, type GoodsInput, type MenuAnswer, type MenuClassJson, type MenuGoodsJson, type MenuTexts } from '../../../shared/protocol/staffMenu';
import type { Queryable } from '../../db/driver';
import { EVENT_JSON } from '../../events/emit';
import { message, type Lang, type MessageKey } from '../../messages';
import { appLanguageToLang } from '../localized';
import type { AuditRecord } from '../orders/kitchen';

/** A refused write: its status, message in the caller's language, the fields at fault, and (409) the fresh row. */
export class MenuRefusal extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly fields: { field: string; message: string }[] = [],
    readonly current?: MenuGoodsJson | MenuClassJson,
  ) {
    super(msg);
  }
}

/** Who writes: the staff actor as far as the menu needs it (automation: every right, any enterprise). */
export interface MenuActor {
  kind: 'automation' | 'account';
  role?: StaffRole;
  entId: string | null;
  outlets: readonly string[];
}

export interface MenuDeps {
  tx: Queryable;
  actor: MenuActor;
  lang: Lang;
  now: Date;
  record: AuditRecord;
}

type LangKey = 'zh' | 'tw' | 'en';
const LANG_OF: Record<Lang, LangKey> = { 'zh-CN': 'zh', 'zh-TW': 'tw', en: 'en' };
const LANG_NAME: Record<LangKey, MessageKey> = { zh: 'menuLangZh', tw: 'menuLangTw', en: 'menuLangEn' };

const say = (d: { lang: Lang }, key: MessageKey, values: Record<string, string | number> = {}) => message(key, d.lang, values);
const newId = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
const isOwner = (a: MenuActor) => a.kind === 'automation' || a.role === 'owner';

// ---- Reading ----------------------------------------------------------------------

export interface MenuSettings {
  entId: string;
  language: LangKey;
  priceDecimals: number;
}

export async function menuSettings(tx: Queryable, entId: string): Promise<MenuSettings> {
  const [row] = await tx.query<{ price_point: number; app_language: string | null }>(
    `SELECT e.price_point, (SELECT p.parm_value FROM ent_parm p WHERE p.ent_id = e.ent_id AND p.parm_id = 'AppLanguage') AS app_language
       FROM enterprise e WHERE e.ent_id = $1`,
    [entId],
  );
  const lang = appLanguageToLang(row?.app_language);
  return { entId, language: lang ? LANG_OF[lang] : 'zh', priceDecimals: Number(row?.price_point ?? 2) };
}

/** The shop the actor means (its enterprise's first when none is named); 404 for another enterprise's. */
export async function shopOf(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, shopId: string | undefined): Promise<{ shopId: string; entId: string }> {
  const [row] = shopId
    ? await d.tx.query<{ shop_id: string; ent_id: string }>('SELECT shop_id, ent_id FROM shop WHERE shop_id = $1', [shopId])
    : await d.tx.query<{ shop_id: string; ent_id: string }>(
        `SELECT shop_id, ent_id FROM shop WHERE ($1::text IS NULL OR ent_id = $1) AND EXISTS (SELECT 1 FROM goods_class c WHERE c.shop_id = shop.shop_id) ORDER BY sort, shop_id LIMIT 1`,
        [d.actor.entId],
      );
  if (!row || (d.actor.kind === 'account' && row.ent_id !== d.actor.entId)) throw new MenuRefusal(404, say(d, 'menuShopUnknown'));
  return { shopId: row.shop_id, entId: row.ent_id };
}

type ClassRow = { class_id: string; shop_id: string; class_name: string; class_name_tw: string; class_name_en: string; sort: number; business_mode: string; version: number; archived_at: Date | null; outlets: string[]; goods_count: number };

export async function readClasses(tx: Queryable, where: { shopId: string } | { classId: string }): Promise<MenuClassJson[]> {
  const [column, value] = 'shopId' in where ? ['c.shop_id', where.shopId] : ['c.class_id', where.classId];
  const rows = await tx.query<ClassRow>(
    `SELECT c.class_id, c.shop_id, c.class_name, c.class_name_tw, c.class_name_en, c.sort, c.business_mode, c.version, c.archived_at,
            ARRAY(SELECT b.base_id FROM base b WHERE b.shop_id = c.shop_id
                     AND NOT EXISTS (SELECT 1 FROM goods_class_outlet_off o WHERE o.class_id = c.class_id AND o.base_id = b.base_id) ORDER BY b.base_id) AS outlets,
            (SELECT count(*) FROM goods g WHERE g.class_id = c.class_id AND g.archived_at IS NULL)::int AS goods_count
       FROM goods_class c WHERE ${column} = $1 ORDER BY c.sort, c.class_id`,
    [value],
  );
  return rows.map((r) => ({
    classId: r.class_id,
    shopId: r.shop_id,
    names: { zh: r.class_name, tw: r.class_name_tw, en: r.class_name_en },
    sort: Number(r.sort),
    businessMode: r.business_mode as MenuClassJson['businessMode'],
    outlets: r.outlets ?? [],
    goodsCount: Number(r.goods_count),
    version: Number(r.version),
    archived: r.archived_at !== null,
  }));
}

type GoodsRow = {
  goods_id: string; shop_id: string; class_id: string; goods_code: string;
  goods_name: string; goods_name_tw: string; goods_name_en: string;
  remarks: string; remarks_tw: string; remarks_en: string;
  goods_type: number; unit: string; price: string; sales_price: string; sold_out: boolean;
  sku_attribute_values: string; pic: string; version: number; archived_at: Date | null; outlets: string[];
  skus: { sku_id: string; sku_items: string; price: string; sales_price: string; sold_out: boolean }[];
};

/** '12.5000' (numeric(18,4)) as '12.5' with the decimals the enterprise keeps ('12.50'). */
const money = (value: string | number, decimals: number) => {
  const n = Number(value);
  return n.toFixed(decimals);
};

/** A sku's item text as the menu reads it (SPEC 4): two values joined by ';', one value ended by the full-width comma. */
export const skuItemsOf = (values: readonly string[]) => (values.length === 2 ? `${values[0]};${values[1]}` : `${values[0] ?? ''}，`);
const valuesOfItems = (items: string) => (items.includes(';') ? items.split(';') : [items.replace(/，$/, '')]);

function parseAttributes(json: string): { name: string; values: string[] }[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as { name: string; values: string[] }[];
    return Array.isArray(parsed) ? parsed.map((a) => ({ name: String(a.name), values: (a.values ?? []).map(String) })) : [];
  } catch {
    return [];
  }
}

export async function readGoods(tx: Queryable, where: { shopId: string } | { goodsId: string }, decimals: number): Promise<MenuGoodsJson[]> {
  const [column, value] = 'shopId' in where ? ['g.shop_id', where.shopId] : ['g.goods_id', where.goodsId];
  const rows = await tx.query<GoodsRow>(
    `SELECT g.goods_id, g.shop_id, g.class_id, g.goods_code, g.goods_name, g.goods_name_tw, g.goods_name_en,
            g.remarks, g.remarks_tw, g.remarks_en, g.goods_type, g.unit, g.price::text AS price, g.sales_price::text AS sales_price,
            g.sold_out, g.sku_attribute_values, g.pic, g.version, g.archived_at,
            ARRAY(SELECT b.base_id FROM base b WHERE b.shop_id = g.shop_id
                     AND NOT EXISTS (SELECT 1 FROM goods_outlet_off o WHERE o.goods_id = g.goods_id AND o.base_id = b.base_id) ORDER BY b.base_id) AS outlets,
            (SELECT COALESCE(json_agg(json_build_object('sku_id', k.sku_id, 'sku_items', k.sku_items, 'price', k.price::text,
                                                        'sales_price', k.sales_price::text, 'sold_out', k.sold_out) ORDER BY k.sort, k.sku_id), '[]'::json)
               FROM goods_sku k WHERE k.goods_id = g.goods_id) AS skus
       FROM goods g JOIN goods_class c ON c.class_id = g.class_id
      WHERE ${column} = $1 ORDER BY c.sort, c.class_id, g.sort, g.goods_code`,
    [value],
  );
  return rows.map((r) => ({
    goodsId: r.goods_id,
    shopId: r.shop_id,
    classId: r.class_id,
    code: r.goods_code,
    names: { zh: r.goods_name, tw: r.goods_name_tw, en: r.goods_name_en },
    descriptions: { zh: r.remarks, tw: r.remarks_tw, en: r.remarks_en },
    goodsType: Number(r.goods_type),
    unit: r.unit,
    price: money(r.price, decimals),
    salesPrice: money(r.sales_price, decimals),
    outlets: r.outlets ?? [],
    soldOut: r.sold_out,
    attributes: parseAttributes(r.sku_attribute_values),
    skus: (typeof r.skus === 'string' ? (JSON.parse(r.skus) as GoodsRow['skus']) : r.skus).map((k) => ({
      skuId: k.sku_id,
      values: valuesOfItems(k.sku_items),
      price: money(k.price, decimals),
      salesPrice: money(k.sales_price, decimals),
      soldOut: k.sold_out,
    })),
    pic: r.pic,
    version: Number(r.version),
    archived: r.archived_at !== null,
  }));
}

/** The editor's whole menu of a shop. */
export async function readMenu(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, shopId: string | undefined): Promise<MenuAnswer> {
  const shop = await shopOf(d, shopId);
  const settings = await menuSettings(d.tx, shop.entId);
  const shops = await d.tx.query<{ shop_id: string; name: string }>(
    `SELECT s.shop_id, ${nameIn('s.shop_name', d.lang)} AS name FROM shop s
      WHERE s.ent_id = $1 AND EXISTS (SELECT 1 FROM goods_class c WHERE c.shop_id = s.shop_id) ORDER BY s.sort, s.shop_id`,
    [shop.entId],
  );
  const outlets = await d.tx.query<{ base_id: string; shop_id: string; name: string }>(
    `SELECT b.base_id, b.shop_id, ${nameIn('b.base_name', d.lang)} AS name FROM base b WHERE b.shop_id = $1 ORDER BY b.sort, b.base_id`,
    [shop.shopId],
  );
  return {
    shopId: shop.shopId,
    shops: shops.map((s) => ({ shopId: s.shop_id, name: s.name })),
    outlets: outlets.map((b) => ({ baseId: b.base_id, shopId: b.shop_id, name: b.name })),
    language: settings.language,
    priceDecimals: settings.priceDecimals,
    classes: await readClasses(d.tx, { shopId: shop.shopId }),
    goods: await readGoods(d.tx, { shopId: shop.shopId }, settings.priceDecimals),
  };
}

const nameIn = (column: string, lang: Lang) => {
  const own = lang === 'zh-TW' ? `${column}_tw` : lang === 'en' ? `${column}_en` : column;
  return `COALESCE(NULLIF(${own}, ''), ${column})`;
};

// ---- Checking ---------------------------------------------------------------------

type FieldError = { field: string; message: string };

function checkNames(d: { lang: Lang }, names: MenuTexts, required: LangKey, field: string, errors: FieldError[]) {
  if (!names[required].trim()) errors.push({ field: `${field}.${required}`, message: say(d, 'menuNameRequired', { language: say(d, LANG_NAME[required]) }) });
}

/** A price as entered: digits with at most `decimals` decimals, never negative; null when it is not one. */
export function checkPrice(value: string, decimals: number): string | null {
  const v = value.trim();
  const re = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`) : /^\d{1,12}$/;
  return re.test(v) ? Number(v).toFixed(decimals) : null;
}

function price(d: { lang: Lang }, value: string, decimals: number, field: string, label: MessageKey, errors: FieldError[]): string {
  const ok = checkPrice(value, decimals);
  if (ok === null) errors.push({ field, message: say(d, 'menuPriceInvalid', { field: say(d, label), decimals }) });
  return ok ?? '0';
}

/** Refuses (400) when any check failed: the first message, and every field's. */
function refuseIfAny(errors: FieldError[]): void {
  if (errors.length > 0) throw new MenuRefusal(400, errors.map((e) => e.message).join(' '), errors);
}

/** A manager may change availability only at their own outlets: the outlets whose membership changed must all be theirs. */
function checkOutletChange(d: MenuDeps, before: readonly string[], after: readonly string[]): void {
  if (isOwner(d.actor)) return;
  const changed = [...before.filter((b) => !after.includes(b)), ...after.filter((a) => !before.includes(a))];
  const foreign = changed.find((b) => !d.actor.outlets.includes(b));
  if (foreign) throw new MenuRefusal(403, say(d, 'menuOutletNotYours', { baseId: foreign }));
}

async function shopOutlets(tx: Queryable, shopId: string): Promise<string[]> {
  return (await tx.query<{ base_id: string }>('SELECT base_id FROM base WHERE shop_id = $1 ORDER BY base_id', [shopId])).map((r) => r.base_id);
}

function checkOutlets(d: { lang: Lang }, wanted: readonly string[], all: readonly string[], errors: FieldError[]): string[] {
  const unknown = wanted.find((b) => !all.includes(b));
  if (unknown) errors.push({ field: 'outlets', message: say(d, 'menuOutletUnknown', { baseId: unknown }) });
  return all.filter((b) => wanted.includes(b));
}

async function setOutletsOff(tx: Queryable, table: 'goods_outlet_off' | 'goods_class_outlet_off', column: 'goods_id' | 'class_id', id: string, all: readonly string[], on: readonly string[]) {
  await tx.query(`DELETE FROM ${table} WHERE ${column} = $1`, [id]);
  const off = all.filter((b) => !on.includes(b));
  if (off.length > 0) await tx.query(`INSERT INTO ${table} (${column}, base_id) SELECT $1, unnest($2::text[])`, [id, off]);
}

/** Tells open menus of the enterprise to read again (the sold-out mark's event, migrations/009). */
async function menuEvent(tx: Queryable, entId: string, goodsId: string, shopId: string, soldOut: boolean): Promise<void> {
  await tx.query(
    `WITH e AS (INSERT INTO event_outbox (kind, ent_id, data)
                VALUES ('menu', $1, jsonb_build_object('goodsId', $2::text, 'shopId', $3::text, 'skuId', NULL, 'soldOut', $4::boolean, 'changed', true)) RETURNING *)
     SELECT pg_notify('hbb_events', ${EVENT_JSON}::text) FROM e`,
    [entId, goodsId, shopId, soldOut],
  );
}

// ---- Goods ------------------------------------------------------------------------

/** The goods as it will be stored: every field, checked. */
interface GoodsDraft {
  classId: string;
  code: string;
  names: MenuTexts;
  descriptions: MenuTexts;
  goodsType: number;
  unit: string;
  price: string;
  salesPrice: string;
  outlets: string[];
  soldOut: boolean;
  attributes: { name: string; values: string[] }[];
  skus: { values: string[]; price: string; salesPrice: string; soldOut: boolean }[];
}

async function checkGoods(d: MenuDeps, shopId: string, goodsId: string | null, input: GoodsDraft, settings: MenuSettings): Promise<GoodsDraft> {
  const errors: FieldError[] = [];
  checkNames(d, input.names, settings.language, 'names', errors);
  if (!input.code.trim()) errors.push({ field: 'code', message: say(d, 'menuCodeRequired') });
  if (!(GOODS_TYPES as readonly number[]).includes(input.goodsType)) errors.push({ field: 'goodsType', message: say(d, 'menuGoodsTypeUnknown', { type: input.goodsType }) });
  const p = price(d, input.price, settings.priceDecimals, 'price', 'menuFieldPrice', errors);
  const sp = price(d, input.salesPrice, settings.priceDecimals, 'salesPrice', 'menuFieldSalesPrice', errors);
  const [cls] = await d.tx.query<{ shop_id: string; archived_at: Date | null }>('SELECT shop_id, archived_at FROM goods_class WHERE class_id = $1', [input.classId]);
  if (!cls || cls.shop_id !== shopId) errors.push({ field: 'classId', message: say(d, 'menuClassUnknown') });
  if (input.code.trim()) {
    const [taken] = await d.tx.query('SELECT 1 AS one FROM goods WHERE shop_id = $1 AND goods_code = $2 AND goods_id <> $3', [shopId, input.code.trim(), goodsId ?? '']);
    if (taken) errors.push({ field: 'code', message: say(d, 'menuCodeTaken', { code: input.code.trim() }) });
  }
  const outlets = checkOutlets(d, input.outlets, await shopOutlets(d.tx, shopId), errors);
  // The spec: up to two attributes with distinct values; one sku per combination.
  const attrs = input.attributes;
  const specOk = attrs.length <= 2 && attrs.every((a) => a.name.trim() && a.values.length > 0 && new Set(a.values).size === a.values.length && a.values.every((v) => v.trim() && !/[;，]/.test(v)));
  const skus: GoodsDraft['skus'] = [];
  if (!specOk) errors.push({ field: 'attributes', message: say(d, 'menuSpecInvalid') });
  else if (attrs.length > 0) {
    const combos = attrs.length === 1 ? attrs[0]!.values.map((v) => [v]) : attrs[0]!.values.flatMap((a) => attrs[1]!.values.map((b) => [a, b]));
    for (const s of input.skus) {
      if (s.values.length !== attrs.length || !combos.some((c) => c.join(';') === s.values.join(';'))) errors.push({ field: 'skus', message: say(d, 'menuSpecInvalid') });
    }
    combos.forEach((values, i) => {
      const given = input.skus.find((s) => s.values.join(';') === values.join(';'));
      const skuPrice = given ? price(d, given.price, settings.priceDecimals, `skus.${i}.price`, 'menuFieldPrice', errors) : p;
      const skuSales = given ? price(d, given.salesPrice || given.price, settings.priceDecimals, `skus.${i}.salesPrice`, 'menuFieldSalesPrice', errors) : sp;
      skus.push({ values, price: skuPrice, salesPrice: skuSales, soldOut: given?.soldOut ?? false });
    });
  }
  refuseIfAny(errors);
  return { ...input, code: input.code.trim(), price: p, salesPrice: sp, outlets, skus, attributes: attrs.map((a) => ({ name: a.name.trim(), values: a.values.map((v) => v.trim()) })) };
}

async function writeGoods(d: MenuDeps, goodsId: string, shopId: string, g: GoodsDraft): Promise<void> {
  const skuType = g.attributes.length;
  await d.tx.query(
    `UPDATE goods SET class_id = $2, goods_code = $3, goods_name = $4, goods_name_tw = $5, goods_name_en = $6,
            remarks = $7, remarks_tw = $8, remarks_en = $9, goods_type = $10, unit = $11, price = $12, sales_price = $13,
            sold_out = $14, sku_type = $15, sku_attributes = $16, sku_attribute_values = $17, updated_at = $18
      WHERE goods_id = $1`,
    [goodsId, g.classId, g.code, g.names.zh, g.names.tw, g.names.en, g.descriptions.zh, g.descriptions.tw, g.descriptions.en, g.goodsType, g.unit, g.price, g.salesPrice, g.soldOut, skuType,
      g.attributes.map((a) => a.name).join(';'), skuType ? JSON.stringify(g.attributes) : '', d.now],
  );
  // Skus: kept by their item text (their ids stay, so carts naming them still match), the rest removed.
  const existing = await d.tx.query<{ sku_id: string; sku_items: string }>('SELECT sku_id, sku_items FROM goods_sku WHERE goods_id = $1', [goodsId]);
  const keep = new Set<string>();
  for (const [i, s] of g.skus.entries()) {
    const items = skuItemsOf(s.values);
    const found = existing.find((e) => e.sku_items === items);
    if (found) {
      keep.add(found.sku_id);
      await d.tx.query('UPDATE goods_sku SET price = $2, sales_price = $3, sold_out = $4, sort = $5 WHERE sku_id = $1 AND (price <> $2 OR sales_price <> $3 OR sold_out <> $4 OR sort <> $5)', [found.sku_id, s.price, s.salesPrice, s.soldOut, i + 1]);
    } else {
      const skuId = newId('SK');
      keep.add(skuId);
      await d.tx.query('INSERT INTO goods_sku (sku_id, goods_id, sku_code, sku_items, price, sales_price, sold_out, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [skuId, goodsId, `${g.code}-${i + 1}`, items, s.price, s.salesPrice, s.soldOut, i + 1]);
    }
  }
  const gone = existing.filter((e) => !keep.has(e.sku_id)).map((e) => e.sku_id);
  if (gone.length > 0) await d.tx.query('DELETE FROM goods_sku WHERE sku_id = ANY ($1::text[])', [gone]);
  await setOutletsOff(d.tx, 'goods_outlet_off', 'goods_id', goodsId, await shopOutlets(d.tx, shopId), g.outlets);
}

function draftOf(input: Partial<GoodsInput>, base: MenuGoodsJson | null): GoodsDraft {
  return {
    classId: input.classId ?? base?.classId ?? '',
    code: input.code ?? base?.code ?? '',
    names: input.names ?? base?.names ?? { zh: '', tw: '', en: '' },
    descriptions: input.descriptions ?? base?.descriptions ?? { zh: '', tw: '', en: '' },
    goodsType: input.goodsType ?? base?.goodsType ?? 0,
    unit: input.unit ?? base?.unit ?? '',
    price: input.price ?? base?.price ?? '',
    salesPrice: input.salesPrice ?? (input.price !== undefined && (!base || base.salesPrice === base.price) ? input.price : undefined) ?? base?.salesPrice ?? input.price ?? '',
    outlets: input.outlets ?? base?.outlets ?? [],
    soldOut: input.soldOut ?? base?.soldOut ?? false,
    attributes: input.attributes ?? base?.attributes ?? [],
    skus: (input.skus ?? base?.skus ?? []).map((s) => ({ values: s.values, price: s.price, salesPrice: s.salesPrice ?? s.price, soldOut: s.soldOut ?? false })),
  };
}

/** What an edit changes (the fields that differ), for the audit and the import's report. */
export function changedFields(before: MenuGoodsJson, after: MenuGoodsJson): string[] {
  const keys = ['classId', 'code', 'names', 'descriptions', 'goodsType', 'unit', 'price', 'salesPrice', 'outlets', 'soldOut', 'attributes', 'skus', 'archived'] as const;
  const strip = (g: MenuGoodsJson, k: (typeof keys)[number]) => JSON.stringify(k === 'skus' ? g.skus.map(({ skuId: _, ...s }) => s) : g[k]);
  return keys.filter((k) => strip(before, k) !== strip(after, k));
}

async function goodsFor(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, goodsId: string): Promise<{ goods: MenuGoodsJson; settings: MenuSettings }> {
  const [row] = await d.tx.query<{ ent_id: string }>('SELECT ent_id FROM goods WHERE goods_id = $1', [goodsId]);
  if (!row || (d.actor.kind === 'account' && row.ent_id !== d.actor.entId)) throw new MenuRefusal(404, say(d, 'menuNotFound'));
  const settings = await menuSettings(d.tx, row.ent_id);
  const [goods] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  return { goods: goods!, settings };
}

export async function createGoods(d: MenuDeps, input: GoodsInput): Promise<MenuGoodsJson> {
  const shop = await shopOf(d, input.shopId);
  const settings = await menuSettings(d.tx, shop.entId);
  const all = await shopOutlets(d.tx, shop.shopId);
  const draft = draftOf({ ...input, outlets: input.outlets ?? (isOwner(d.actor) ? all : [...d.actor.outlets]) }, null);
  const g = await checkGoods(d, shop.shopId, null, draft, settings);
  // A new goods is sold nowhere yet: a manager may put it on sale at their own outlets only.
  checkOutletChange(d, [], g.outlets);
  const goodsId = newId('GD');
  const [sort] = await d.tx.query<{ n: number }>('SELECT COALESCE(max(sort), 0)::int + 1 AS n FROM goods WHERE class_id = $1', [g.classId]);
  await d.tx.query(
    `INSERT INTO goods (goods_id, ent_id, shop_id, class_id, goods_code, goods_name, price, sales_price, sort, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [goodsId, shop.entId, shop.shopId, g.classId, g.code, g.names.zh, g.price, g.salesPrice, sort?.n ?? 1, d.now],
  );
  await writeGoods(d, goodsId, shop.shopId, g);
  const [created] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  await d.record('goods.create', goodsId, null, created);
  await menuEvent(d.tx, shop.entId, goodsId, shop.shopId, created!.soldOut);
  return created!;
}

/** Saves an edit made on `version`; 409 with the fresh goods when it moved on since. */
export async function updateGoods(d: MenuDeps, goodsId: string, input: Partial<GoodsInput> & { version: number }): Promise<MenuGoodsJson> {
  const { goods: before, settings } = await goodsFor(d, goodsId);
  if (before.version !== input.version) throw new MenuRefusal(409, say(d, 'menuChanged'), [], before);
  const g = await checkGoods(d, before.shopId, goodsId, draftOf(input, before), settings);
  checkOutletChange(d, before.outlets, g.outlets);
  // Nothing differs (a form saved untouched, an import of the export): nothing is written, the version stays.
  const next: MenuGoodsJson = { ...before, ...g, skus: g.skus.map((s) => ({ skuId: '', ...s })) };
  if (changedFields(before, next).length === 0) return before;
  // The version in the WHERE: of two saves racing on the same version, one wins and the other is refused.
  const bumped = await d.tx.query('UPDATE goods SET version = version + 1 WHERE goods_id = $1 AND version = $2 RETURNING goods_id', [goodsId, input.version]);
  if (bumped.length === 0) throw new MenuRefusal(409, say(d, 'menuChanged'), [], (await goodsFor(d, goodsId)).goods);
  await writeGoods(d, goodsId, before.shopId, g);
  const [after] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  await d.record('goods.update', goodsId, before, after);
  await menuEvent(d.tx, settings.entId, goodsId, before.shopId, after!.soldOut);
  return after!;
}

export async function archiveGoods(d: MenuDeps, goodsId: string, archived: boolean): Promise<MenuGoodsJson> {
  const { goods: before, settings } = await goodsFor(d, goodsId);
  // Archiving takes it off every outlet's menu: a manager's account must cover every outlet selling it.
  checkOutletChange(d, before.outlets, []);
  await d.tx.query('UPDATE goods SET archived_at = $2, version = version + 1, updated_at = $3 WHERE goods_id = $1', [goodsId, archived ? d.now : null, d.now]);
  const [after] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  await d.record(archived ? 'goods.archive' : 'goods.unarchive', goodsId, before, after);
  await menuEvent(d.tx, settings.entId, goodsId, before.shopId, after!.soldOut);
  return after!;
}

/** Deletes a goods no order names (nor a bundle as its part); otherwise archives it. */
export async function deleteGoods(d: MenuDeps, goodsId: string): Promise<{ deleted: boolean; archived: boolean }> {
  const { goods: before, settings } = await goodsFor(d, goodsId);
  checkOutletChange(d, before.outlets, []);
  const [named] = await d.tx.query(
    `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM sheet_item WHERE goods_id = $1) OR EXISTS (SELECT 1 FROM goods_bom_item WHERE goods_id = $1)`,
    [goodsId],
  );
  if (named) {
    if (!before.archived) await archiveGoods(d, goodsId, true);
    return { deleted: false, archived: true };
  }
  await d.tx.query('DELETE FROM goods_outlet_off WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM goods_sku WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM goods_punit WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM goods_charging_link WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM goods_bom_item WHERE bom_class_id IN (SELECT bom_class_id FROM goods_bom_class WHERE goods_id = $1)', [goodsId]);
  await d.tx.query('DELETE FROM goods_bom_class WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM promote_goods WHERE goods_id = $1', [goodsId]);
  await d.tx.query('DELETE FROM goods WHERE goods_id = $1', [goodsId]);
  await d.record('goods.delete', goodsId, before, null);
  await menuEvent(d.tx, settings.entId, goodsId, before.shopId, false);
  return { deleted: true, archived: false };
}

/** Sets the goods' picture (a key of the storage provider); the version moves on. */
export async function setGoodsPicture(d: MenuDeps, goodsId: string, pic: string): Promise<MenuGoodsJson> {
  const { goods: before, settings } = await goodsFor(d, goodsId);
  await d.tx.query('UPDATE goods SET pic = $2, version = version + 1, updated_at = $3 WHERE goods_id = $1', [goodsId, pic, d.now]);
  const [after] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  await d.record('goods.picture', goodsId, { pic: before.pic }, { pic });
  await menuEvent(d.tx, settings.entId, goodsId, before.shopId, after!.soldOut);
  return after!;
}

/** Before the picture's bytes are stored: the goods is the actor's. */
export async function checkGoodsReachable(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, goodsId: string): Promise<void> {
  await goodsFor(d, goodsId);
}

// ---- Classes ----------------------------------------------------------------------

async function classFor(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, classId: string): Promise<{ cls: MenuClassJson; entId: string }> {
  const [row] = await d.tx.query<{ ent_id: string }>('SELECT ent_id FROM goods_class WHERE class_id = $1', [classId]);
  if (!row || (d.actor.kind === 'account' && row.ent_id !== d.actor.entId)) throw new MenuRefusal(404, say(d, 'menuNotFound'));
  const [cls] = await readClasses(d.tx, { classId });
  return { cls: cls!, entId: row.ent_id };
}

async function checkClass(d: MenuDeps, shopId: string, entId: string, input: ClassInput): Promise<{ outlets: string[]; all: string[] }> {
  const settings = await menuSettings(d.tx, entId);
  const errors: FieldError[] = [];
  checkNames(d, input.names, settings.language, 'names', errors);
  const all = await shopOutlets(d.tx, shopId);
  const outlets = checkOutlets(d, input.outlets ?? all, all, errors);
  refuseIfAny(errors);
  return { outlets, all };
}

export async function createClass(d: MenuDeps, input: ClassInput): Promise<MenuClassJson> {
  const shop = await shopOf(d, input.shopId);
  const { outlets, all } = await checkClass(d, shop.shopId, shop.entId, input);
  checkOutletChange(d, all, outlets);
  const classId = newId('GC');
  const [sort] = await d.tx.query<{ n: number }>('SELECT COALESCE(max(sort), 0)::int + 1 AS n FROM goods_class WHERE shop_id = $1', [shop.shopId]);
  await d.tx.query(
    `INSERT INTO goods_class (class_id, ent_id, shop_id, class_name, class_name_tw, class_name_en, sort, business_mode) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [classId, shop.entId, shop.shopId, input.names.zh, input.names.tw, input.names.en, sort?.n ?? 1, input.businessMode],
  );
  await setOutletsOff(d.tx, 'goods_class_outlet_off', 'class_id', classId, all, outlets);
  const [created] = await readClasses(d.tx, { classId });
  await d.record('class.create', classId, null, created);
  return created!;
}

export async function updateClass(d: MenuDeps, classId: string, input: ClassInput & { version: number }): Promise<MenuClassJson> {
  const { cls: before, entId } = await classFor(d, classId);
  if (before.version !== input.version) throw new MenuRefusal(409, say(d, 'menuChanged'), [], before);
  const { outlets, all } = await checkClass(d, before.shopId, entId, { ...input, outlets: input.outlets ?? before.outlets });
  checkOutletChange(d, before.outlets, outlets);
  const bumped = await d.tx.query(
    `UPDATE goods_class SET class_name = $3, class_name_tw = $4, class_name_en = $5, business_mode = $6, version = version + 1
      WHERE class_id = $1 AND version = $2 RETURNING class_id`,
    [classId, input.version, input.names.zh, input.names.tw, input.names.en, input.businessMode],
  );
  if (bumped.length === 0) throw new MenuRefusal(409, say(d, 'menuChanged'), [], (await classFor(d, classId)).cls);
  await setOutletsOff(d.tx, 'goods_class_outlet_off', 'class_id', classId, all, outlets);
  const [after] = await readClasses(d.tx, { classId });
  await d.record('class.update', classId, before, after);
  return after!;
}

export async function orderClasses(d: MenuDeps, shopId: string, classIds: readonly string[]): Promise<MenuClassJson[]> {
  const shop = await shopOf(d, shopId);
  const before = await readClasses(d.tx, { shopId: shop.shopId });
  const known = new Set(before.map((c) => c.classId));
  const unknown = classIds.find((id) => !known.has(id));
  if (unknown) throw new MenuRefusal(400, say(d, 'menuClassUnknown'), [{ field: 'classIds', message: say(d, 'menuClassUnknown') }]);
  // The named ones first, in that order; any left out keep their order after them.
  const order = [...classIds, ...before.map((c) => c.classId).filter((id) => !classIds.includes(id))];
  for (const [i, id] of order.entries()) {
    await d.tx.query('UPDATE goods_class SET sort = $2, version = version + 1 WHERE class_id = $1 AND sort <> $2', [id, i + 1]);
  }
  const after = await readClasses(d.tx, { shopId: shop.shopId });
  await d.record('class.order', shop.shopId, before.map((c) => c.classId), after.map((c) => c.classId));
  return after;
}

export async function archiveClass(d: MenuDeps, classId: string, archived: boolean): Promise<MenuClassJson> {
  const { cls: before } = await classFor(d, classId);
  checkOutletChange(d, before.outlets, []);
  await d.tx.query('UPDATE goods_class SET archived_at = $2, version = version + 1 WHERE class_id = $1', [classId, archived ? d.now : null]);
  const [after] = await readClasses(d.tx, { classId });
  await d.record(archived ? 'class.archive' : 'class.unarchive', classId, before, after);
  return after!;
}
