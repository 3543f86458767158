/**
 * The demo menu's allergens, diets and pairings (issue 29 sections 2 and 3;
 * migrations/034). Realistic for a Macanese cha chaan teng, with gaps on
 * purpose: peanuts directly in the curry fish balls, the curry brisket rice
 * and the chilli oil, and through a required option in the Set for Two (its
 * required mains offer the curry brisket rice); many dishes state nothing
 * ("not stated": the soups, the Portuguese chicken rice...). Pairings: the
 * noodles go with the milk tea, and so on.
 */
import { ALLERGENS, type Allergen } from '../../../shared/domain/diet';
import type { Queryable } from '../driver';
import { DEMO_GOODS, DEMO_OPTIONS, SHOP } from './demo';

const goodsId = (picNo: string) => `886000${picNo.padStart(6, '0')}`;

interface Stated {
  contains?: Allergen[];
  may?: Allergen[];
  /** Stated free of every allergen not listed (else: not stated). */
  restFree?: boolean;
  vegetarian?: boolean;
  vegan?: boolean;
  halal?: boolean;
  spice?: number;
}

const allergens = (s: Stated) => ALLERGENS.map((a) => (s.contains?.includes(a) ? '2' : s.may?.includes(a) ? '1' : s.restFree ? '0' : '-')).join('');

/** By picture number (the main shop's goods 01xx, the food court's 21xx). */
const GOODS_DIET: Record<string, Stated> = {
  '0101': { contains: ['gluten', 'soybeans'], may: ['sesame'], restFree: true, vegetarian: false, vegan: false, halal: false, spice: 0 },
  '0102': { contains: ['gluten', 'soybeans'], restFree: true, vegetarian: false, vegan: false, halal: false, spice: 0 },
  '0106': { contains: ['peanuts', 'soybeans', 'milk'], may: ['gluten'], restFree: true, vegetarian: false, vegan: false, halal: false, spice: 2 },
  '0111': { contains: ['gluten', 'eggs', 'crustaceans', 'fish'], may: ['soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 0 },
  '0112': { contains: ['gluten', 'eggs', 'soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 0 },
  '0114': { contains: ['gluten', 'soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 0 },
  '0115': { contains: ['crustaceans', 'eggs', 'soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 1 },
  '0116': { contains: ['fish'], may: ['gluten'], restFree: true, vegetarian: false, vegan: false, spice: 0 },
  '0117': { contains: ['gluten', 'eggs', 'soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 0 },
  '0120': { contains: ['fish', 'peanuts', 'crustaceans'], may: ['gluten'], restFree: true, vegetarian: false, vegan: false, spice: 2 },
  '0122': { contains: ['gluten'], may: ['eggs'], restFree: true, vegetarian: true, vegan: false, spice: 0 },
  '0125': { may: ['gluten'], restFree: true, vegetarian: true, vegan: true, spice: 0 },
  '0139': { contains: ['milk'], restFree: true, vegetarian: true, vegan: false, halal: true, spice: 0 },
  '0140': { restFree: true, vegetarian: true, vegan: true, halal: true, spice: 0 },
  '0143': { restFree: true, vegetarian: true, vegan: true, halal: true, spice: 0 },
  '0148': { restFree: true, vegetarian: true, vegan: true, halal: true, spice: 0 },
  '0149': { restFree: true, vegetarian: true, vegan: true, halal: true, spice: 0 },
  '0150': { contains: ['soybeans'], restFree: true, vegetarian: true, vegan: true, halal: true, spice: 0 },
  '0151': { contains: ['gluten', 'eggs', 'milk'], restFree: true, vegetarian: true, vegan: false, spice: 0 },
  '0152': { contains: ['gluten', 'milk'], restFree: true, vegetarian: true, vegan: false, spice: 0 },
  '0156': { contains: ['gluten', 'nuts', 'eggs'], may: ['peanuts'], restFree: true, vegetarian: true, vegan: false, spice: 0 },
  '0159': { contains: ['peanuts', 'sesame'], may: ['soybeans'], restFree: true, vegetarian: true, vegan: true, spice: 3 },
  '2123': { contains: ['gluten', 'soybeans'], restFree: true, vegetarian: false, vegan: false, spice: 1 },
};

/** The add-ons' own statements. */
const OPTION_DIET: Partial<Record<keyof typeof DEMO_OPTIONS, Stated>> = {
  egg: { contains: ['eggs'], restFree: true, vegetarian: true, vegan: false },
  cheese: { contains: ['milk'], restFree: true, vegetarian: true, vegan: false },
};

/** "Goes well with", in the order offered. */
const PAIRINGS: Record<string, string[]> = {
  '0111': ['0139', '0140'],
  '0112': ['0139', '0145'],
  '0114': ['0139', '0145'],
  '0116': ['0139', '0149'],
  '0101': ['0139', '0140', '0151'],
  '0119': ['0139', '0125'],
  '0120': ['0140', '0149'],
  '2121': ['2124'],
};

const row = (s: Stated) => ({
  allergens: allergens(s),
  vegetarian: s.vegetarian ?? null,
  vegan: s.vegan ?? null,
  halal: s.halal ?? null,
  spice: s.spice ?? null,
});

export const DEMO_DIET = {
  /** Contains peanuts itself. */
  peanutDishes: [goodsId('0106'), goodsId('0120'), goodsId('0159')],
  /** Contains peanuts through a required option (the curry brisket rice among its mains). */
  peanutThroughOption: DEMO_GOODS.setForTwo,
  /** States nothing. */
  notStated: goodsId('0103'),
  noodles: goodsId('0116'),
  pairedDrink: goodsId('0149'),
};

/** `insert`: seed/index.ts's insertRows (passed in: this module is imported by it). */
export async function seedDietDemo(tx: Queryable, insert: (tx: Queryable, table: string, rows: readonly object[]) => Promise<number>): Promise<void> {
  await insert(tx, 'goods_diet', [
    ...Object.entries(GOODS_DIET).map(([no, s]) => ({ shop_id: no.startsWith('21') ? SHOP.noodle : SHOP.main, goods_id: goodsId(no), sku_id: null, option_id: null, ...row(s) })),
    ...Object.entries(OPTION_DIET).map(([key, s]) => ({ shop_id: SHOP.main, goods_id: null, sku_id: null, option_id: DEMO_OPTIONS[key as keyof typeof DEMO_OPTIONS], ...row(s!) })),
  ]);
  await insert(
    tx,
    'goods_pairing',
    Object.entries(PAIRINGS).flatMap(([no, pairs]) => pairs.map((p, i) => ({ goods_id: goodsId(no), paired_goods_id: goodsId(p), sort: i + 1 }))),
  );
}
