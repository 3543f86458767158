/**
 * The back office's goods extras (issue 27 section 1): a goods' pack units,
 * bundle groups, add-ons and the translations of its spec, as the staff API
 * writes them (http/staffMenu.ts; shapes in shared/protocol/staffMenuExtras.ts)
 * and the customer's menu reads them (operations/menu/handlers.ts:
 * EShop_GoodsDetailGet_V2_Get's pack units and spec, HBBPos_GoodsBomList_V3_Get,
 * Cust_GmGoodsChargingListGet_V1_Get).
 *
 * The rules of menu.ts hold here too: the goods is the actor's enterprise's
 * (another's is "not found"); a write names the goods' version it read and
 * moves it on (409 with the fresh goods and extras otherwise; the UPDATE
 * checks the version, so two racing saves cannot both win); input is checked
 * in the caller's language before anything is written, in the caller's
 * transaction, with an audit row (before/after); an unchanged save writes
 * nothing. A manager writes only the extras of a goods every outlet selling
 * it is theirs (what changes here changes every such outlet's menu).
 * Customers' open menus hear of it as of any goods edit: the menu cache's
 * triggers (migrations/011 cover goods_punit, goods_bom_*, goods_charging*)
 * and a 'menu' live event.
 *
 * The spec's translations: the goods' attributes (the editor's spec, stored
 * in the untranslated columns) are the spec's identity; a translation is the
 * same attributes and values in traditional Chinese or English, stored in
 * sku_attributes_tw/_en, sku_attribute_values_tw/_en and each sku's
 * sku_items_tw/_en, which the customer's menu reads as one text (never mixed:
 * localized.ts trBy). A language is translated wholly or not at all; the
 * enterprise's language is required. When the goods' spec changes later
 * (syncSpecTexts, called by menu.ts on every goods write), the translations
 * follow by value; a language that no longer covers every name and value is
 * dropped (marked missing), never left half-matching the skus.
 */
import type {
  AddOnsInput,
  BundleGroupsInput,
  GoodsExtras,
  PackUnitsInput,
  SpecTextsInput,
} from '../../../shared/protocol/staffMenuExtras';
import type { MenuGoodsJson, MenuTexts } from '../../../shared/protocol/staffMenu';
import type { Queryable } from '../../db/driver';
import { BOM_MIN } from '../orders/lines';
import { covers, parseSpec, writeSpecTexts, type Attr } from './specTexts';
import {
  checkNames,
  checkOutletChange,
  goodsFor,
  LANG_NAME,
  menuEvent,
  MenuRefusal,
  newId,
  price,
  readGoods,
  refuseIfAny,
  say,
  type FieldError,
  type MenuDeps,
  type MenuSettings,
} from './menu';

/** A refusal carrying the fresh extras too (409). */
export class ExtrasRefusal extends MenuRefusal {
  constructor(status: number, msg: string, current: MenuGoodsJson, readonly extras: GoodsExtras) {
    super(status, msg, [], current);
  }
}

const money = (value: string | number, decimals: number) => Number(value).toFixed(decimals);
// ---- Reading ----------------------------------------------------------------------

export async function readExtras(tx: Queryable, goods: MenuGoodsJson, decimals: number): Promise<GoodsExtras> {
  const units = await tx.query<{ pcode: string; punit: string; punit_tw: string; punit_en: string; ref: string; price: string; sales_price: string }>(
    'SELECT pcode, punit, punit_tw, punit_en, ref::text AS ref, price::text AS price, sales_price::text AS sales_price FROM goods_punit p WHERE p.goods_id = $1 ORDER BY p.ref, p.pcode',
    [goods.goodsId],
  );
  const groups = await tx.query<{ bom_class_id: string; class_name: string; class_name_tw: string; class_name_en: string; select_type: number; select_qua: number; select_min: number }>(
    `SELECT bom_class_id, class_name, class_name_tw, class_name_en, select_type, select_qua, ${BOM_MIN()} AS select_min FROM goods_bom_class WHERE goods_id = $1 ORDER BY sort, bom_class_id`,
    [goods.goodsId],
  );
  const items = await tx.query<{ bom_class_id: string; goods_id: string; bom_amo: string; is_default: boolean }>(
    `SELECT i.bom_class_id, i.goods_id, i.bom_amo::text AS bom_amo, i.is_default
       FROM goods_bom_item i JOIN goods_bom_class c ON c.bom_class_id = i.bom_class_id JOIN goods p ON p.goods_id = i.goods_id
      WHERE c.goods_id = $1 ORDER BY i.sort, p.goods_code`,
    [goods.goodsId],
  );
  const options = await tx.query<{ option_id: string; value: string; value_tw: string; value_en: string; price: string; sales_price: string; goods_count: number }>(
    `SELECT o.option_id, o.value, o.value_tw, o.value_en, o.price::text AS price, o.sales_price::text AS sales_price,
            (SELECT count(*) FROM goods_charging_link l WHERE l.option_id = o.option_id)::int AS goods_count
       FROM goods_charging o WHERE o.shop_id = $1 ORDER BY o.sort, o.option_id`,
    [goods.shopId],
  );
  const offered = await tx.query<{ option_id: string }>(
    'SELECT l.option_id FROM goods_charging_link l JOIN goods_charging o ON o.option_id = l.option_id WHERE l.goods_id = $1 ORDER BY o.sort, o.option_id',
    [goods.goodsId],
  );
  const [spec] = await tx.query<{ tw: string; en: string }>('SELECT sku_attribute_values_tw AS tw, sku_attribute_values_en AS en FROM goods WHERE goods_id = $1', [goods.goodsId]);
  const translated = (json: string) => {
    const t = parseSpec(json);
    return covers(goods.attributes, t) ? t : [];
  };
  return {
    goodsId: goods.goodsId,
    version: goods.version,
    packUnits: units.map((u) => ({ pcode: u.pcode, names: { zh: u.punit, tw: u.punit_tw, en: u.punit_en }, ref: Number(u.ref), price: money(u.price, decimals), salesPrice: money(u.sales_price, decimals) })),
    bundleGroups: groups.map((g) => ({
      bomClassId: g.bom_class_id,
      names: { zh: g.class_name, tw: g.class_name_tw, en: g.class_name_en },
      required: Number(g.select_min) >= 1,
      choose: Number(g.select_qua),
      min: Number(g.select_min),
      items: items.filter((i) => i.bom_class_id === g.bom_class_id).map((i) => ({ goodsId: i.goods_id, extraPrice: money(i.bom_amo, decimals), isDefault: i.is_default })),
    })),
    addOns: offered.map((o) => o.option_id),
    shopAddOns: options.map((o) => ({
      optionId: o.option_id,
      names: { zh: o.value, tw: o.value_tw, en: o.value_en },
      price: money(o.price, decimals),
      salesPrice: money(o.sales_price, decimals),
      goodsCount: Number(o.goods_count),
    })),
    spec: { zh: goods.attributes, tw: translated(spec?.tw ?? ''), en: translated(spec?.en ?? '') },
  };
}

export async function goodsExtras(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, goodsId: string): Promise<GoodsExtras> {
  const { goods, settings } = await goodsFor(d, goodsId);
  return readExtras(d.tx, goods, settings.priceDecimals);
}

// ---- Writing ----------------------------------------------------------------------

type Part = 'packUnits' | 'bundleGroups' | 'addOns' | 'spec';

/**
 * The frame of every write: the goods (404 when not the actor's), the
 * version check (409 with fresh values), the manager's outlets, then `check`
 * (which refuses bad input before anything is written) and, when the part
 * would change, the version bump, `write`, the audit row and the live event.
 */
async function writeExtras(
  d: MenuDeps,
  goodsId: string,
  version: number,
  part: Part,
  work: (ctx: { goods: MenuGoodsJson; settings: MenuSettings; extras: GoodsExtras }) => Promise<{ next: unknown; write: () => Promise<void> }>,
): Promise<{ goods: MenuGoodsJson; extras: GoodsExtras }> {
  const { goods, settings } = await goodsFor(d, goodsId);
  const extras = await readExtras(d.tx, goods, settings.priceDecimals);
  if (goods.version !== version) throw new ExtrasRefusal(409, say(d, 'menuChanged'), goods, extras);
  checkOutletChange(d, goods.outlets, []);
  const { next, write } = await work({ goods, settings, extras });
  const comparable = (v: unknown) => JSON.stringify(v);
  if (comparable(partOf(extras, part)) === comparable(next)) return { goods, extras };
  const bumped = await d.tx.query('UPDATE goods SET version = version + 1, updated_at = $3 WHERE goods_id = $1 AND version = $2 RETURNING goods_id', [goodsId, version, d.now]);
  if (bumped.length === 0) {
    const fresh = await goodsFor(d, goodsId);
    throw new ExtrasRefusal(409, say(d, 'menuChanged'), fresh.goods, await readExtras(d.tx, fresh.goods, settings.priceDecimals));
  }
  await write();
  const [after] = await readGoods(d.tx, { goodsId }, settings.priceDecimals);
  const afterExtras = await readExtras(d.tx, after!, settings.priceDecimals);
  await d.record(`goods.${part}`, goodsId, partOf(extras, part), partOf(afterExtras, part));
  await menuEvent(d.tx, settings.entId, goodsId, goods.shopId, after!.soldOut);
  return { goods: after!, extras: afterExtras };
}

/** The part as compared and audited (pack units without their generated codes: a save that only reorders nothing changes nothing). */
function partOf(e: GoodsExtras, part: Part): unknown {
  if (part === 'packUnits') return e.packUnits.map(({ pcode: _, ...u }) => u);
  if (part === 'bundleGroups') return e.bundleGroups.map(({ bomClassId: _, ...g }) => g);
  if (part === 'addOns') return e.addOns.map((id) => { const o = e.shopAddOns.find((x) => x.optionId === id)!; return { names: o.names, price: o.price, salesPrice: o.salesPrice }; });
  return { tw: e.spec.tw, en: e.spec.en };
}

const trimTexts = (t: MenuTexts): MenuTexts => ({ zh: t.zh.trim(), tw: t.tw.trim(), en: t.en.trim() });

// Pack units ----------------------------------------------------------------------

/** Most units a pack may hold (a whole number, at least 2: a pack of one is the goods' own unit). */
const MAX_REF = 9999;

export function savePackUnits(d: MenuDeps, goodsId: string, input: PackUnitsInput) {
  return writeExtras(d, goodsId, input.version, 'packUnits', async ({ settings, extras }) => {
    const errors: FieldError[] = [];
    const dec = settings.priceDecimals;
    const units = input.packUnits.map((u, i) => {
      const names = trimTexts(u.names);
      checkNames(d, names, settings.language, `packUnits.${i}.names`, errors);
      if (!Number.isInteger(u.ref) || u.ref < 2 || u.ref > MAX_REF) errors.push({ field: `packUnits.${i}.ref`, message: say(d, 'menuPackRefInvalid', { max: MAX_REF }) });
      const p = price(d, u.price, dec, `packUnits.${i}.price`, 'menuFieldPrice', errors);
      const sp = price(d, u.salesPrice?.trim() ? u.salesPrice : u.price, dec, `packUnits.${i}.salesPrice`, 'menuFieldSalesPrice', errors);
      return { pcode: u.pcode?.trim() ?? '', names, ref: u.ref, price: p, salesPrice: sp };
    });
    const key = (t: MenuTexts) => t[settings.language].toLowerCase();
    units.forEach((u, i) => {
      if (units.findIndex((x) => x.ref === u.ref || (key(x.names) !== '' && key(x.names) === key(u.names))) !== i) errors.push({ field: `packUnits.${i}.ref`, message: say(d, 'menuPackDuplicate') });
    });
    refuseIfAny(errors);
    // Codes: an existing pack keeps its (carts name it), once; a new one (or a repeated code) gets the next free.
    const known = new Set(extras.packUnits.map((u) => u.pcode));
    const kept = units.map((u, i) => known.has(u.pcode) && units.findIndex((v) => v.pcode === u.pcode) === i);
    const taken = new Set(units.filter((_, i) => kept[i]).map((u) => u.pcode));
    let n = 1;
    const stored = units.map((u, i) => {
      if (kept[i]) return u;
      while (taken.has(`P${n}`)) n += 1;
      taken.add(`P${n}`);
      return { ...u, pcode: `P${n}` };
    });
    const sorted = [...stored].sort((a, b) => a.ref - b.ref || a.pcode.localeCompare(b.pcode));
    return {
      next: sorted.map(({ pcode: _, ...u }) => u),
      write: async () => {
        await d.tx.query('DELETE FROM goods_punit WHERE goods_id = $1', [goodsId]);
        for (const u of stored) {
          await d.tx.query(
            'INSERT INTO goods_punit (goods_id, pcode, punit, punit_tw, punit_en, ref, price, sales_price) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
            [goodsId, u.pcode, u.names.zh, u.names.tw, u.names.en, u.ref, u.price, u.salesPrice],
          );
        }
      },
    };
  });
}

// Bundle groups -------------------------------------------------------------------

export function saveBundleGroups(d: MenuDeps, goodsId: string, input: BundleGroupsInput) {
  return writeExtras(d, goodsId, input.version, 'bundleGroups', async ({ goods, settings, extras }) => {
    const errors: FieldError[] = [];
    if (input.groups.length > 0 && goods.goodsType !== 3) errors.push({ field: 'groups', message: say(d, 'menuBundleOnlyBundles') });
    const partIds = [...new Set(input.groups.flatMap((g) => g.items.map((i) => i.goodsId)))];
    const parts = await d.tx.query<{ goods_id: string }>(
      `SELECT goods_id FROM goods WHERE goods_id = ANY ($1::text[]) AND shop_id = $2 AND goods_id <> $3 AND goods_type <> 3 AND sku_type = 0 AND archived_at IS NULL`,
      [partIds, goods.shopId, goodsId],
    );
    const partOk = new Set(parts.map((p) => p.goods_id));
    const groups = input.groups.map((g, i) => {
      const names = trimTexts(g.names);
      checkNames(d, names, settings.language, `groups.${i}.names`, errors);
      const label = names[settings.language] || String(i + 1);
      // The fewest: given, or what `required` meant before it (exactly `choose`, or none).
      const min = g.min ?? (g.required ? g.choose : 0);
      if (g.items.length === 0) errors.push({ field: `groups.${i}.items`, message: say(d, 'menuBundleNoParts', { group: label }) });
      else if (!Number.isInteger(g.choose) || g.choose < 1 || g.choose > g.items.length) {
        errors.push({ field: `groups.${i}.choose`, message: say(d, 'menuBundleChoose', { group: label, parts: g.items.length }) });
      } else if (!Number.isInteger(min) || min < 0 || min > g.choose) {
        errors.push({ field: `groups.${i}.min`, message: say(d, 'menuBundleMin', { group: label, max: g.choose }) });
      }
      if (g.items.some((it) => !partOk.has(it.goodsId))) errors.push({ field: `groups.${i}.items`, message: say(d, 'menuBundlePartUnknown', { group: label }) });
      if (new Set(g.items.map((it) => it.goodsId)).size !== g.items.length) errors.push({ field: `groups.${i}.items`, message: say(d, 'menuBundlePartTwice', { group: label }) });
      if (g.items.filter((it) => it.isDefault).length > Math.max(g.choose, 0)) errors.push({ field: `groups.${i}.items`, message: say(d, 'menuBundleDefaults', { group: label, count: g.choose }) });
      const items = g.items.map((it, j) => ({ goodsId: it.goodsId, extraPrice: price(d, it.extraPrice || '0', settings.priceDecimals, `groups.${i}.items.${j}.extraPrice`, 'menuFieldExtraPrice', errors), isDefault: it.isDefault }));
      // A group keeps its id (once: a repeated id makes a new group).
      const known = extras.bundleGroups.some((x) => x.bomClassId === g.bomClassId) && input.groups.findIndex((o) => o.bomClassId === g.bomClassId) === i;
      return { bomClassId: known ? g.bomClassId! : '', names, required: min >= 1, choose: g.choose, min, items };
    });
    refuseIfAny(errors);
    return {
      next: groups.map(({ bomClassId: _, ...g }) => g),
      write: async () => {
        // Groups keep their ids (carts' bundle lines name them); their parts are written afresh, keeping a kept part's quantity and unit.
        const old = await d.tx.query<{ bom_class_id: string; goods_id: string; bom_qua: string; bom_punit: string; bom_punit_tw: string; bom_punit_en: string }>(
          `SELECT i.bom_class_id, i.goods_id, i.bom_qua::text AS bom_qua, i.bom_punit, i.bom_punit_tw, i.bom_punit_en
             FROM goods_bom_item i JOIN goods_bom_class c ON c.bom_class_id = i.bom_class_id WHERE c.goods_id = $1`,
          [goodsId],
        );
        await d.tx.query('DELETE FROM goods_bom_item WHERE bom_class_id IN (SELECT bom_class_id FROM goods_bom_class WHERE goods_id = $1)', [goodsId]);
        const keep = groups.map((g) => g.bomClassId).filter(Boolean);
        await d.tx.query('DELETE FROM goods_bom_class WHERE goods_id = $1 AND NOT (bom_class_id = ANY ($2::text[]))', [goodsId, keep]);
        for (const [i, g] of groups.entries()) {
          const id = g.bomClassId || newId('BC');
          if (g.bomClassId) {
            await d.tx.query(
              'UPDATE goods_bom_class SET class_name = $2, class_name_tw = $3, class_name_en = $4, select_type = $5, select_qua = $6, sort = $7, select_min = $8 WHERE bom_class_id = $1',
              [id, g.names.zh, g.names.tw, g.names.en, g.required ? 0 : 1, g.choose, i + 1, g.min],
            );
          } else {
            await d.tx.query(
              'INSERT INTO goods_bom_class (bom_class_id, goods_id, class_name, class_name_tw, class_name_en, select_type, select_qua, sort, select_min) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
              [id, goodsId, g.names.zh, g.names.tw, g.names.en, g.required ? 0 : 1, g.choose, i + 1, g.min],
            );
          }
          for (const [j, it] of g.items.entries()) {
            const was = old.find((o) => o.bom_class_id === id && o.goods_id === it.goodsId);
            await d.tx.query(
              `INSERT INTO goods_bom_item (bom_class_id, goods_id, bom_amo, bom_qua, bom_punit, bom_punit_tw, bom_punit_en, is_default, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
              [id, it.goodsId, it.extraPrice, was?.bom_qua ?? '1', was?.bom_punit ?? '', was?.bom_punit_tw ?? '', was?.bom_punit_en ?? '', it.isDefault, j + 1],
            );
          }
        }
      },
    };
  });
}

// Add-ons -------------------------------------------------------------------------

export function saveAddOns(d: MenuDeps, goodsId: string, input: AddOnsInput) {
  return writeExtras(d, goodsId, input.version, 'addOns', async ({ goods, settings, extras }) => {
    const errors: FieldError[] = [];
    const dec = settings.priceDecimals;
    const addOns = input.addOns.map((a, i) => {
      const names = trimTexts(a.names);
      checkNames(d, names, settings.language, `addOns.${i}.names`, errors);
      if (a.optionId && !extras.shopAddOns.some((o) => o.optionId === a.optionId)) errors.push({ field: `addOns.${i}`, message: say(d, 'menuAddOnUnknown') });
      const p = price(d, a.price, dec, `addOns.${i}.price`, 'menuFieldPrice', errors);
      const sp = price(d, a.salesPrice?.trim() ? a.salesPrice : a.price, dec, `addOns.${i}.salesPrice`, 'menuFieldSalesPrice', errors);
      return { optionId: a.optionId ?? '', names, price: p, salesPrice: sp };
    });
    const key = (t: MenuTexts) => t[settings.language].toLowerCase();
    addOns.forEach((a, i) => {
      if (addOns.findIndex((x) => (a.optionId !== '' && x.optionId === a.optionId) || (key(x.names) !== '' && key(x.names) === key(a.names))) !== i) errors.push({ field: `addOns.${i}`, message: say(d, 'menuAddOnTwice') });
    });
    refuseIfAny(errors);
    // An add-on changed here changes every goods offering it: a manager's outlets must cover every outlet selling those.
    for (const a of addOns) {
      const was = extras.shopAddOns.find((o) => o.optionId === a.optionId);
      if (!was || (JSON.stringify(was.names) === JSON.stringify(a.names) && was.price === a.price && was.salesPrice === a.salesPrice)) continue;
      const sold = await d.tx.query<{ base_id: string }>(
        `SELECT DISTINCT b.base_id FROM goods_charging_link l JOIN goods g ON g.goods_id = l.goods_id JOIN base b ON b.shop_id = g.shop_id
          WHERE l.option_id = $1 AND g.archived_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM goods_outlet_off o WHERE o.goods_id = g.goods_id AND o.base_id = b.base_id) ORDER BY b.base_id`,
        [a.optionId],
      );
      checkOutletChange(d, sold.map((r) => r.base_id), []);
    }
    // The menu shows a goods' add-ons in the shop's order: existing ones keep their place, new ones come after.
    const sortOf = (a: (typeof addOns)[number]) => extras.shopAddOns.findIndex((o) => o.optionId === a.optionId);
    const ordered = [...addOns.filter((a) => a.optionId).sort((a, b) => sortOf(a) - sortOf(b)), ...addOns.filter((a) => !a.optionId)];
    return {
      next: ordered.map(({ optionId: _, ...a }) => a),
      write: async () => {
        const ids: string[] = [];
        for (const a of addOns) {
          if (a.optionId) {
            await d.tx.query(
              `UPDATE goods_charging SET value = $2, value_tw = $3, value_en = $4, price = $5, sales_price = $6
                WHERE option_id = $1 AND (value <> $2 OR value_tw <> $3 OR value_en <> $4 OR price <> $5 OR sales_price <> $6)`,
              [a.optionId, a.names.zh, a.names.tw, a.names.en, a.price, a.salesPrice],
            );
            ids.push(a.optionId);
          } else {
            const id = newId('OP');
            const [sort] = await d.tx.query<{ n: number }>('SELECT COALESCE(max(sort), 0)::int + 1 AS n FROM goods_charging WHERE shop_id = $1', [goods.shopId]);
            await d.tx.query(
              'INSERT INTO goods_charging (option_id, ent_id, shop_id, value, value_tw, value_en, price, sales_price, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
              [id, settings.entId, goods.shopId, a.names.zh, a.names.tw, a.names.en, a.price, a.salesPrice, sort?.n ?? 1],
            );
            ids.push(id);
          }
        }
        await d.tx.query('DELETE FROM goods_charging_link WHERE goods_id = $1 AND NOT (option_id = ANY ($2::text[]))', [goodsId, ids]);
        await d.tx.query('INSERT INTO goods_charging_link (goods_id, option_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [goodsId, ids]);
      },
    };
  });
}

// Spec translations ---------------------------------------------------------------

export function saveSpecTexts(d: MenuDeps, goodsId: string, input: SpecTextsInput) {
  return writeExtras(d, goodsId, input.version, 'spec', async ({ goods, settings }) => {
    const errors: FieldError[] = [];
    const base = goods.attributes;
    const next: Record<'tw' | 'en', Attr[]> = { tw: [], en: [] };
    for (const l of ['tw', 'en'] as const) {
      const t = input[l].map((a) => ({ name: a.name.trim(), values: a.values.map((v) => v.trim()) }));
      const filled = t.some((a) => a.name !== '' || a.values.some((v) => v !== ''));
      const language = say(d, LANG_NAME[l]);
      if (filled && base.length === 0) errors.push({ field: `spec.${l}`, message: say(d, 'menuSpecTextNoSpec') });
      else if (filled && !covers(base, t)) errors.push({ field: `spec.${l}`, message: say(d, 'menuSpecTextIncomplete', { language }) });
      else if (filled && t.some((a) => a.values.some((v) => /[;，]/.test(v)) || new Set(a.values).size !== a.values.length)) errors.push({ field: `spec.${l}`, message: say(d, 'menuSpecInvalid') });
      else if (!filled && l === settings.language && base.length > 0) errors.push({ field: `spec.${l}`, message: say(d, 'menuSpecTextRequired', { language }) });
      if (filled) next[l] = t;
    }
    refuseIfAny(errors);
    return { next, write: () => writeSpecTexts(d.tx, goodsId, base, next) };
  });
}
