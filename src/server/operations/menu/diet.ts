/**
 * The allergens, diets and pairings a menu's goods rows carry (issue 29
 * sections 2 and 3; migrations/034): `Diet`, the dish's compact code with its
 * required options folded in (shared/domain/diet.ts), and `Pairs`, the goods
 * it goes well with (ids joined by ','). Both are left out of a row that has
 * none, so a menu without any costs nothing on the wire. One query for the
 * whole shop, on a cache miss only (http/menuCache.ts keeps the answer; the
 * tables' triggers drop it when they change).
 */
import { foldRequired, NOTHING_STATED } from '../../../shared/domain/diet';
import type { Queryable } from '../../db/driver';

const flag = (column: string) => `CASE WHEN ${column} IS NULL THEN '-' WHEN ${column} THEN '1' ELSE '0' END`;
/** A goods_diet row's code (shared/domain/diet.ts encodeDiet), in SQL. */
export const DIET_CODE = (d: string) => `${d}.allergens || ${flag(`${d}.vegetarian`)} || ${flag(`${d}.vegan`)} || ${flag(`${d}.halal`)} || COALESCE(${d}.spice::text, '-')`;

export interface DietExtras {
  Diet?: string;
  Pairs?: string;
}

/** Every goods of the shop with a statement or pairings: its Diet and Pairs. */
export async function dietOfShop(tx: Queryable, shopId: string): Promise<Map<string, DietExtras>> {
  const rows = await tx.query<{ k: 'g' | 'o' | 'p'; goods_id: string; v: string }>(
    `SELECT 'g' AS k, d.goods_id, ${DIET_CODE('d')} AS v FROM goods_diet d WHERE d.shop_id = $1 AND d.goods_id IS NOT NULL
     UNION ALL
     SELECT 'o', k.goods_id, ${DIET_CODE('d')} FROM goods_diet d JOIN goods_sku k ON k.sku_id = d.sku_id WHERE d.shop_id = $1
     UNION ALL
     SELECT 'o', c.goods_id, ${DIET_CODE('d')}
       FROM goods_bom_class c JOIN goods g ON g.goods_id = c.goods_id
       JOIN goods_bom_item i ON i.bom_class_id = c.bom_class_id
       JOIN goods_diet d ON d.goods_id = i.goods_id
      WHERE g.shop_id = $1 AND c.select_type = 0
     UNION ALL
     SELECT 'p', p.goods_id, string_agg(p.paired_goods_id, ',' ORDER BY p.sort, p.paired_goods_id)
       FROM goods_pairing p JOIN goods g ON g.goods_id = p.goods_id JOIN goods q ON q.goods_id = p.paired_goods_id
      WHERE g.shop_id = $1 AND q.archived_at IS NULL
      GROUP BY p.goods_id`,
    [shopId],
  );
  const own = new Map<string, string>();
  const options = new Map<string, string[]>();
  const out = new Map<string, DietExtras>();
  for (const r of rows) {
    if (r.k === 'g') own.set(r.goods_id, r.v);
    else if (r.k === 'o') options.set(r.goods_id, [...(options.get(r.goods_id) ?? []), r.v]);
    else out.set(r.goods_id, { Pairs: r.v });
  }
  for (const id of new Set([...own.keys(), ...options.keys()])) {
    const diet = foldRequired(own.get(id) ?? '', options.get(id) ?? []);
    if (diet) out.set(id, { ...out.get(id), Diet: diet });
  }
  return out;
}

/** The rows with their Diet and Pairs (the same rows when the shop states none). */
export async function withDiet<T extends { GoodsID: string }>(tx: Queryable, shopId: string, goods: T[]): Promise<(T & DietExtras)[]> {
  if (goods.length === 0) return goods;
  const extras = await dietOfShop(tx, shopId);
  if (extras.size === 0) return goods;
  return goods.map((g) => {
    const e = extras.get(g.GoodsID);
    return e ? { ...g, ...e } : g;
  });
}

/**
 * An option's own statement as a column (a sku's, an add-on's, a bundle
 * part's: `id` names the option in the outer query), NULL without a row;
 * `stated` then leaves the field out where nothing is stated.
 */
export const OPTION_DIET = (column: 'sku_id' | 'option_id' | 'goods_id', id: string) =>
  `(SELECT ${DIET_CODE('d')} FROM goods_diet d WHERE d.${column} = ${id}) AS "Diet"`;

/** The rows without a Diet that states nothing (NULL, or a row of nothing but '-'). */
export function stated<T extends { Diet?: string | null }>(rows: T[]): T[] {
  for (const r of rows) if (r.Diet === null || r.Diet === NOTHING_STATED || r.Diet === '') delete r.Diet;
  return rows;
}
