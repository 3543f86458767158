/**
 * Allergens and diets (issue 29 section 2), one vocabulary for the service,
 * the app and the staff program.
 *
 * The 14 allergens of EU Regulation 1169/2011 Annex II, in the Annex's order.
 * What a goods (or an option: a spec's choice, an add-on, a bundle part)
 * states about each is one of: not stated, free, may contain, contains.
 *
 * On the wire (the menu's goods rows, field `Diet`) a dish's statement is one
 * compact code of 18 characters ('' when nothing is stated at all):
 *   0-13  the allergens: '-' not stated, '0' free, '1' may contain, '2' contains
 *   14    vegetarian, 15 vegan, 16 halal: '-' not stated, '0' no, '1' yes
 *   17    spice level '0'-'3', '-' not stated
 * The menu sends a dish's code with its required options folded in
 * (foldRequired): what a customer cannot avoid ordering with it.
 */

export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_STATES = ['unknown', 'free', 'may', 'contains'] as const;
export type AllergenState = (typeof ALLERGEN_STATES)[number];
export const DIETS = ['vegetarian', 'vegan', 'halal'] as const;
export type Diet = (typeof DIETS)[number];

/** A statement about a goods or an option, as the back office edits it. null: not stated. */
export interface DietFacts {
  allergens: Record<Allergen, AllergenState>;
  vegetarian: boolean | null;
  vegan: boolean | null;
  halal: boolean | null;
  spice: number | null;
}

const STATE_CHAR: Record<AllergenState, string> = { unknown: '-', free: '0', may: '1', contains: '2' };
const CHAR_STATE: Record<string, AllergenState> = { '-': 'unknown', '0': 'free', '1': 'may', '2': 'contains' };
export const CODE_LENGTH = 18;
export const NOTHING_STATED = '-'.repeat(CODE_LENGTH);

export function emptyFacts(): DietFacts {
  return { allergens: Object.fromEntries(ALLERGENS.map((a) => [a, 'unknown'])) as Record<Allergen, AllergenState>, vegetarian: null, vegan: null, halal: null, spice: null };
}

/** The 14 allergen characters as the database keeps them (migrations/034). */
export const allergenText = (facts: DietFacts): string => ALLERGENS.map((a) => STATE_CHAR[facts.allergens[a]]).join('');

export function allergensOfText(text: string): Record<Allergen, AllergenState> {
  return Object.fromEntries(ALLERGENS.map((a, i) => [a, CHAR_STATE[text[i] ?? '-'] ?? 'unknown'])) as Record<Allergen, AllergenState>;
}

const flagChar = (v: boolean | null) => (v === null ? '-' : v ? '1' : '0');
const charFlag = (c: string | undefined) => (c === '1' ? true : c === '0' ? false : null);

export function encodeDiet(facts: DietFacts): string {
  const code = allergenText(facts) + flagChar(facts.vegetarian) + flagChar(facts.vegan) + flagChar(facts.halal) + (facts.spice === null ? '-' : String(facts.spice));
  return code === NOTHING_STATED ? '' : code;
}

export function decodeDiet(code: string): DietFacts {
  const c = code.length === CODE_LENGTH ? code : NOTHING_STATED;
  const spice = c[17] === '-' ? null : Number(c[17]);
  return { allergens: allergensOfText(c.slice(0, 14)), vegetarian: charFlag(c[14]), vegan: charFlag(c[15]), halal: charFlag(c[16]), spice: Number.isInteger(spice) ? spice : null };
}

/**
 * A dish with what its required options state folded in: an allergen an
 * option contains (or may contain) the dish does too; an option that is not
 * vegetarian (vegan, halal) makes the dish not so; the hottest spice wins.
 * An option that states nothing adds nothing (the dish's own statement
 * covers it as served).
 */
export function foldRequired(dish: string, options: readonly string[]): string {
  const base = (dish || NOTHING_STATED).split('');
  for (const option of options) {
    if (option.length !== CODE_LENGTH) continue;
    for (let i = 0; i < 14; i += 1) {
      const o = option[i]!;
      if ((o === '2' || o === '1') && (base[i] === '-' || base[i] === '0' || (base[i] === '1' && o === '2'))) base[i] = o;
    }
    for (let i = 14; i < 17; i += 1) if (option[i] === '0') base[i] = '0';
    if (option[17] !== '-' && (base[17] === '-' || Number(option[17]) > Number(base[17]))) base[17] = option[17]!;
  }
  const code = base.join('');
  return code === NOTHING_STATED ? '' : code;
}

// ---- The customer's filter ------------------------------------------------------------

export interface DietFilter {
  /** Allergens to keep away from. */
  avoid: Allergen[];
  /** Diets the dishes must follow. */
  diets: Diet[];
  /** Hide dishes that do not state what the filter asks (and those that may contain) instead of marking them. */
  strict: boolean;
}

export const NO_FILTER: DietFilter = { avoid: [], diets: [], strict: false };
export const filterActive = (f: DietFilter) => f.avoid.length > 0 || f.diets.length > 0;

/** What the filter makes of a dish: shown, shown marked (unknown or may contain), or hidden. */
export type FilterVerdict = { show: true; unknown: Allergen[]; unknownDiets: Diet[]; may: Allergen[] } | { show: false };

export function judge(code: string, filter: DietFilter): FilterVerdict {
  const c = code.length === CODE_LENGTH ? code : NOTHING_STATED;
  const unknown: Allergen[] = [];
  const may: Allergen[] = [];
  const unknownDiets: Diet[] = [];
  for (const a of filter.avoid) {
    const ch = c[ALLERGENS.indexOf(a)];
    if (ch === '2') return { show: false };
    if (ch === '1') may.push(a);
    else if (ch === '-') unknown.push(a);
  }
  for (const d of filter.diets) {
    const ch = c[14 + DIETS.indexOf(d)];
    // A vegan dish is vegetarian too.
    const vegan = d === 'vegetarian' && c[15] === '1';
    if (ch === '0' && !vegan) return { show: false };
    if (ch === '-' && !vegan) unknownDiets.push(d);
  }
  if (filter.strict && (unknown.length > 0 || may.length > 0 || unknownDiets.length > 0)) return { show: false };
  return { show: true, unknown, unknownDiets, may };
}

/** The filter as remembered on the phone (localStorage), checked: anything unknown is dropped. */
export function parseFilter(text: string | null): DietFilter {
  try {
    const raw = JSON.parse(text ?? '') as Partial<Record<keyof DietFilter, unknown>>;
    const avoid = Array.isArray(raw.avoid) ? ALLERGENS.filter((a) => (raw.avoid as unknown[]).includes(a)) : [];
    const diets = Array.isArray(raw.diets) ? DIETS.filter((d) => (raw.diets as unknown[]).includes(d)) : [];
    return { avoid, diets, strict: raw.strict === true };
  } catch {
    return NO_FILTER;
  }
}

/** The most pairings a goods has, and the most a sheet offers. */
export const MAX_PAIRINGS = 8;

// ---- The kitchen's ALLERGY banner -------------------------------------------------------

/** The allergens an order names (its Allergens field), known names only, in the Annex's order, joined by ','. */
export function orderAllergens(text: string | undefined): string {
  const named = new Set((text ?? '').split(',').map((a) => a.trim()));
  return ALLERGENS.filter((a) => named.has(a)).join(',');
}
