/**
 * The back office's allergens, diets and pairings (issue 29 sections 2 and
 * 3; shapes in shared/protocol/staffAllergens.ts, served by
 * http/staffAllergens.ts, tables of migrations/034).
 *
 * Rules held here, as the menu's writes hold them (./menu.ts): an account
 * reaches only its own enterprise's goods (another's are "not found"); a
 * save names the diet_version it read and is refused (409, with the fresh
 * answer) when it moved on, the UPDATE itself checking it; input is checked
 * in the caller's language before anything is written (a sku or add-on not
 * of this goods, a vegan dish not vegetarian, a pairing of another shop's or
 * the goods itself, more than 8); each write runs in the caller's
 * transaction with its audit row. The menu cache's triggers (migrations/034)
 * drop the shop's cached menu answers; a 'menu' live event tells open menus
 * to read again.
 */
import { allergenText, allergensOfText, MAX_PAIRINGS, type DietFacts } from '../../../shared/domain/diet';
import type { GoodsDietJson } from '../../../shared/protocol/staffAllergens';
import type { Queryable } from '../../db/driver';
import { EVENT_JSON } from '../../events/emit';
import { message, type Lang, type MessageKey } from '../../messages';
import type { MenuDeps } from './menu';

/** A refused read or write: its status, message in the caller's language, the fields at fault, and (409) the fresh answer. */
export class DietRefusal extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly fields: { field: string; message: string }[] = [],
    readonly current?: GoodsDietJson,
  ) {
    super(msg);
  }
}

type Reader = Pick<MenuDeps, 'tx' | 'actor' | 'lang'>;
type FactsRow = { allergens: string | null; vegetarian: boolean | null; vegan: boolean | null; halal: boolean | null; spice: number | null };

const say = (d: { lang: Lang }, key: MessageKey, values: Record<string, string | number> = {}) => message(key, d.lang, values);

const factsOf = (r: Partial<FactsRow> | undefined): DietFacts => ({
  allergens: allergensOfText(r?.allergens ?? ''),
  vegetarian: r?.vegetarian ?? null,
  vegan: r?.vegan ?? null,
  halal: r?.halal ?? null,
  spice: r?.spice === null || r?.spice === undefined ? null : Number(r.spice),
});

const nameIn = (column: string, lang: Lang) => {
  const own = lang === 'zh-TW' ? `${column}_tw` : lang === 'en' ? `${column}_en` : column;
  return `COALESCE(NULLIF(${own}, ''), ${column})`;
};
const FACTS = (d: string) => `${d}.allergens, ${d}.vegetarian, ${d}.vegan, ${d}.halal, ${d}.spice`;

type GoodsHead = {
  goods_id: string;
  ent_id: string;
  shop_id: string;
  name: string;
  diet_version: number;
};

async function goodsHead(d: Reader, goodsId: string): Promise<GoodsHead> {
  const [row] = await d.tx.query<GoodsHead>(
    `SELECT g.goods_id, g.ent_id, g.shop_id, ${nameIn('g.goods_name', d.lang)} AS name, g.diet_version FROM goods g WHERE g.goods_id = $1`,
    [goodsId],
  );
  if (!row || (d.actor.kind === 'account' && row.ent_id !== d.actor.entId)) throw new DietRefusal(404, say(d, 'menuNotFound'));
  return row;
}

/** The goods' statement, its options', and its pairings. */
export async function readGoodsDiet(d: Reader, goodsId: string): Promise<GoodsDietJson> {
  const head = await goodsHead(d, goodsId);
  const [own] = await d.tx.query<FactsRow>(`SELECT ${FACTS('d')} FROM goods_diet d WHERE d.goods_id = $1`, [goodsId]);
  const skus = await d.tx.query<FactsRow & { sku_id: string; sku_items: string }>(
    `SELECT k.sku_id, k.sku_items, ${FACTS('d')} FROM goods_sku k LEFT JOIN goods_diet d ON d.sku_id = k.sku_id WHERE k.goods_id = $1 ORDER BY k.sort, k.sku_id`,
    [goodsId],
  );
  const addOns = await d.tx.query<FactsRow & { option_id: string; name: string }>(
    `SELECT o.option_id, ${nameIn('o.value', d.lang)} AS name, ${FACTS('d')}
       FROM goods_charging_link l JOIN goods_charging o ON o.option_id = l.option_id LEFT JOIN goods_diet d ON d.option_id = o.option_id
      WHERE l.goods_id = $1 ORDER BY o.sort, o.option_id`,
    [goodsId],
  );
  const parts = await d.tx.query<FactsRow & { goods_id: string; name: string; required: boolean }>(
    `SELECT p.goods_id, ${nameIn('p.goods_name', d.lang)} AS name, bool_or(c.select_type = 0) AS required, ${FACTS('d')}
       FROM goods_bom_class c JOIN goods_bom_item i ON i.bom_class_id = c.bom_class_id JOIN goods p ON p.goods_id = i.goods_id
       LEFT JOIN goods_diet d ON d.goods_id = p.goods_id
      WHERE c.goods_id = $1
      GROUP BY p.goods_id, p.goods_code, p.goods_name, p.goods_name_tw, p.goods_name_en, ${FACTS('d')}
      ORDER BY p.goods_code`,
    [goodsId],
  );
  const pairings = await d.tx.query<{ goods_id: string; name: string }>(
    `SELECT q.goods_id, ${nameIn('q.goods_name', d.lang)} AS name FROM goods_pairing p JOIN goods q ON q.goods_id = p.paired_goods_id
      WHERE p.goods_id = $1 ORDER BY p.sort, q.goods_id`,
    [goodsId],
  );
  return {
    goodsId,
    name: head.name,
    version: Number(head.diet_version),
    facts: factsOf(own),
    // The spec's item text ('Large;Hot', 'Large，') as the choice's name.
    skus: skus.map((k) => ({ skuId: k.sku_id, name: k.sku_items.replace(/，$/, '').split(';').join(' / '), facts: factsOf(k) })),
    addOns: addOns.map((o) => ({ optionId: o.option_id, name: o.name, facts: factsOf(o) })),
    parts: parts.map((p) => ({ goodsId: p.goods_id, name: p.name, required: Boolean(p.required), facts: factsOf(p) })),
    pairings: pairings.map((p) => ({ goodsId: p.goods_id, name: p.name })),
  };
}

/** Bumps the diet version the save read (two saves racing: one wins); 409 with the fresh answer otherwise. */
async function bump(d: MenuDeps, goodsId: string, version: number): Promise<void> {
  const bumped = await d.tx.query('UPDATE goods SET diet_version = diet_version + 1, updated_at = $3 WHERE goods_id = $1 AND diet_version = $2 RETURNING goods_id', [goodsId, version, d.now]);
  if (bumped.length === 0) throw new DietRefusal(409, say(d, 'menuChanged'), [], (await readGoodsDiet(d, goodsId)));
}

async function menuEvent(tx: Queryable, head: GoodsHead): Promise<void> {
  await tx.query(
    `WITH e AS (INSERT INTO event_outbox (kind, ent_id, data)
                VALUES ('menu', $1, jsonb_build_object('goodsId', $2::text, 'shopId', $3::text, 'skuId', NULL, 'soldOut', false, 'changed', true)) RETURNING *)
     SELECT pg_notify('hbb_events', ${EVENT_JSON}::text) FROM e`,
    [head.ent_id, head.goods_id, head.shop_id],
  );
}

type Target = { column: 'goods_id' | 'sku_id' | 'option_id'; id: string };

/** A statement written (nothing stated at all: its row removed). */
async function writeFacts(tx: Queryable, shopId: string, target: Target, f: DietFacts): Promise<void> {
  const allergens = allergenText(f);
  const nothing = allergens === '-'.repeat(14) && f.vegetarian === null && f.vegan === null && f.halal === null && f.spice === null;
  if (nothing) {
    await tx.query(`DELETE FROM goods_diet WHERE ${target.column} = $1`, [target.id]);
    return;
  }
  const values = [shopId, target.id, allergens, f.vegetarian, f.vegan, f.halal, f.spice];
  const updated = await tx.query(
    `UPDATE goods_diet SET allergens = $3::text, vegetarian = $4::boolean, vegan = $5::boolean, halal = $6::boolean, spice = $7::smallint
      WHERE ${target.column} = $2::text AND $1::text IS NOT NULL
        AND (allergens, vegetarian, vegan, halal, spice) IS DISTINCT FROM ($3::text, $4::boolean, $5::boolean, $6::boolean, $7::smallint) RETURNING diet_id`,
    values,
  );
  if (updated.length > 0) return;
  await tx.query(
    `INSERT INTO goods_diet (shop_id, ${target.column}, allergens, vegetarian, vegan, halal, spice)
     SELECT $1::text, $2::text, $3::text, $4::boolean, $5::boolean, $6::boolean, $7::smallint WHERE NOT EXISTS (SELECT 1 FROM goods_diet WHERE ${target.column} = $2::text)`,
    values,
  );
}

export interface DietInput {
  version: number;
  facts: DietFacts;
  skus: { skuId: string; facts: DietFacts }[];
  addOns: { optionId: string; facts: DietFacts }[];
}

export async function saveGoodsDiet(d: MenuDeps, goodsId: string, input: DietInput): Promise<GoodsDietJson> {
  const before = await readGoodsDiet(d, goodsId);
  const head = await goodsHead(d, goodsId);
  if (before.version !== input.version) throw new DietRefusal(409, say(d, 'menuChanged'), [], before);
  const errors: { field: string; message: string }[] = [];
  const check = (f: DietFacts, field: string) => {
    if (f.vegan === true && f.vegetarian === false) errors.push({ field: `${field}.vegan`, message: say(d, 'dietVeganNotVegetarian') });
  };
  check(input.facts, 'facts');
  input.skus.forEach((s, i) => {
    if (!before.skus.some((k) => k.skuId === s.skuId)) errors.push({ field: `skus.${i}.skuId`, message: say(d, 'dietOptionUnknown') });
    check(s.facts, `skus.${i}.facts`);
  });
  input.addOns.forEach((a, i) => {
    if (!before.addOns.some((o) => o.optionId === a.optionId)) errors.push({ field: `addOns.${i}.optionId`, message: say(d, 'dietOptionUnknown') });
    check(a.facts, `addOns.${i}.facts`);
  });
  if (errors.length > 0) throw new DietRefusal(400, errors.map((e) => e.message).join(' '), errors);
  await bump(d, goodsId, input.version);
  await writeFacts(d.tx, head.shop_id, { column: 'goods_id', id: goodsId }, input.facts);
  for (const s of input.skus) await writeFacts(d.tx, head.shop_id, { column: 'sku_id', id: s.skuId }, s.facts);
  // An add-on is the shop's (goods_charging): its statement holds wherever it is offered.
  for (const a of input.addOns) await writeFacts(d.tx, head.shop_id, { column: 'option_id', id: a.optionId }, a.facts);
  const after = await readGoodsDiet(d, goodsId);
  await d.record('goods.diet', goodsId, { facts: before.facts, skus: before.skus, addOns: before.addOns }, { facts: after.facts, skus: after.skus, addOns: after.addOns });
  await menuEvent(d.tx, head);
  return after;
}

export async function saveGoodsPairings(d: MenuDeps, goodsId: string, input: { version: number; goodsIds: string[] }): Promise<GoodsDietJson> {
  const before = await readGoodsDiet(d, goodsId);
  const head = await goodsHead(d, goodsId);
  if (before.version !== input.version) throw new DietRefusal(409, say(d, 'menuChanged'), [], before);
  const ids = [...new Set(input.goodsIds)];
  if (ids.length > MAX_PAIRINGS) throw new DietRefusal(400, say(d, 'pairingTooMany', { max: MAX_PAIRINGS }), [{ field: 'goodsIds', message: say(d, 'pairingTooMany', { max: MAX_PAIRINGS }) }]);
  const found = await d.tx.query<{ goods_id: string }>('SELECT goods_id FROM goods WHERE goods_id = ANY ($1::text[]) AND shop_id = $2 AND archived_at IS NULL', [ids, head.shop_id]);
  const bad = ids.find((id) => id === goodsId || !found.some((f) => f.goods_id === id));
  if (bad !== undefined) throw new DietRefusal(400, say(d, 'pairingUnknown'), [{ field: `goodsIds.${ids.indexOf(bad)}`, message: say(d, 'pairingUnknown') }]);
  await bump(d, goodsId, input.version);
  await d.tx.query('DELETE FROM goods_pairing WHERE goods_id = $1', [goodsId]);
  if (ids.length > 0) {
    await d.tx.query('INSERT INTO goods_pairing (goods_id, paired_goods_id, sort) SELECT $1, id, n FROM unnest($2::text[]) WITH ORDINALITY AS t(id, n)', [goodsId, ids]);
  }
  const after = await readGoodsDiet(d, goodsId);
  await d.record('goods.pairings', goodsId, before.pairings.map((p) => p.goodsId), after.pairings.map((p) => p.goodsId));
  await menuEvent(d.tx, head);
  return after;
}
