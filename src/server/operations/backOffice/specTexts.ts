/**
 * A goods' spec in traditional Chinese and English (issue 27 section 1; see
 * menuExtras.ts): the translations stored aligned with the goods' own
 * attributes, and kept aligned when the spec changes (syncSpecTexts, called
 * by menu.ts's writeGoods).
 */
import type { Queryable } from '../../db/driver';
import { skuItemsOf } from './menu';

export type Attr = { name: string; values: string[] };

export function parseSpec(json: string): Attr[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as Attr[];
    return Array.isArray(parsed) ? parsed.map((a) => ({ name: String(a.name ?? ''), values: (a.values ?? []).map(String) })) : [];
  } catch {
    return [];
  }
}

/** Whether `t` is a whole translation of `base`: the same number of attributes and values, every text filled. */
export const covers = (base: Attr[], t: Attr[]) =>
  base.length > 0 && t.length === base.length && base.every((a, i) => t[i]!.name.trim() !== '' && t[i]!.values.length === a.values.length && t[i]!.values.every((v) => v.trim() !== ''));

/** Writes the translations aligned with `base` (a language that does not cover it is cleared), and every sku's items in each language. */
export async function writeSpecTexts(tx: Queryable, goodsId: string, base: Attr[], t: Record<'tw' | 'en', Attr[]>): Promise<void> {
  const ok = { tw: covers(base, t.tw) ? t.tw : [], en: covers(base, t.en) ? t.en : [] };
  await tx.query(
    `UPDATE goods SET sku_attributes_tw = $2, sku_attribute_values_tw = $3, sku_attributes_en = $4, sku_attribute_values_en = $5 WHERE goods_id = $1`,
    [goodsId, ok.tw.map((a) => a.name).join(';'), ok.tw.length ? JSON.stringify(ok.tw) : '', ok.en.map((a) => a.name).join(';'), ok.en.length ? JSON.stringify(ok.en) : ''],
  );
  const skus = await tx.query<{ sku_id: string; sku_items: string }>('SELECT sku_id, sku_items FROM goods_sku WHERE goods_id = $1', [goodsId]);
  for (const s of skus) {
    const values = s.sku_items.includes(';') ? s.sku_items.split(';') : [s.sku_items.replace(/，$/, '')];
    const items = (tr: Attr[]) => {
      if (tr.length === 0) return '';
      const translated = values.map((v, i) => tr[i]?.values[base[i]?.values.indexOf(v) ?? -1]);
      return translated.every((v) => v) ? skuItemsOf(translated as string[]) : '';
    };
    await tx.query('UPDATE goods_sku SET sku_items_tw = $2, sku_items_en = $3 WHERE sku_id = $1 AND (sku_items_tw <> $2 OR sku_items_en <> $3)', [s.sku_id, items(ok.tw), items(ok.en)]);
  }
}

/**
 * After a goods write changed (or kept) its spec: the translations follow by
 * value (an attribute by its name, a value by itself); a language that no
 * longer covers every name and value is dropped. Called by menu.ts's
 * writeGoods with the spec before the write.
 */
export async function syncSpecTexts(tx: Queryable, goodsId: string, before: Attr[], after: Attr[]): Promise<void> {
  const [row] = await tx.query<{ tw: string; en: string }>('SELECT sku_attribute_values_tw AS tw, sku_attribute_values_en AS en FROM goods WHERE goods_id = $1', [goodsId]);
  if (!row || (!row.tw && !row.en)) return;
  const follow = (json: string): Attr[] => {
    const old = parseSpec(json);
    if (!covers(before, old)) return [];
    return after.map((a) => {
      const i = before.findIndex((b) => b.name === a.name);
      const name = i >= 0 ? old[i]!.name : '';
      return { name, values: a.values.map((v) => (i >= 0 ? (old[i]!.values[before[i]!.values.indexOf(v)] ?? '') : '')) };
    });
  };
  await writeSpecTexts(tx, goodsId, after, { tw: follow(row.tw), en: follow(row.en) });
}

