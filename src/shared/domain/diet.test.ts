import { decodeDiet, emptyFacts, encodeDiet, foldRequired, judge, parseFilter, type DietFacts } from './diet';

const facts = (patch: Partial<DietFacts> & { contains?: string[]; may?: string[]; free?: string[] }): DietFacts => {
  const { contains, may, free, ...rest } = patch;
  const f: DietFacts = { ...emptyFacts(), ...rest };
  void [contains, may, free];
  for (const a of patch.contains ?? []) f.allergens[a as keyof DietFacts['allergens']] = 'contains';
  for (const a of patch.may ?? []) f.allergens[a as keyof DietFacts['allergens']] = 'may';
  for (const a of patch.free ?? []) f.allergens[a as keyof DietFacts['allergens']] = 'free';
  return f;
};

test('a statement round-trips through its 18-character code; nothing stated is the empty code', () => {
  const f = facts({ contains: ['peanuts', 'milk'], may: ['sesame'], free: ['gluten'], vegetarian: true, vegan: false, halal: null, spice: 2 });
  const code = encodeDiet(f);
  expect(code).toHaveLength(18);
  expect(code).toBe('0---2-2---1---10-2');
  expect(decodeDiet(code)).toEqual(f);
  expect(encodeDiet(emptyFacts())).toBe('');
  expect(decodeDiet('')).toEqual(emptyFacts());
  expect(decodeDiet('garbage')).toEqual(emptyFacts());
});

test('required options fold in: contains beats may beats free or unknown; a non-vegetarian option makes the dish not; the hottest spice', () => {
  const dish = encodeDiet(facts({ free: ['peanuts', 'milk'], may: ['eggs'], vegetarian: true, spice: 1 }));
  const option = encodeDiet(facts({ contains: ['peanuts', 'eggs'], may: ['milk'], vegetarian: false, spice: 3 }));
  const folded = decodeDiet(foldRequired(dish, [option]));
  expect(folded.allergens.peanuts).toBe('contains');
  expect(folded.allergens.eggs).toBe('contains');
  expect(folded.allergens.milk).toBe('may');
  expect(folded.vegetarian).toBe(false);
  expect(folded.spice).toBe(3);
  // An option stating nothing adds nothing; a dish stating nothing takes its options' allergens.
  expect(foldRequired(dish, [''])).toBe(dish);
  expect(decodeDiet(foldRequired('', [option])).allergens.peanuts).toBe('contains');
  expect(foldRequired('', [])).toBe('');
});

test('the filter hides what contains, marks what may contain or does not say, and the strict mode hides those too', () => {
  const peanuts = encodeDiet(facts({ contains: ['peanuts'], free: ['milk'], vegetarian: true }));
  const mayMilk = encodeDiet(facts({ free: ['peanuts'], may: ['milk'], vegetarian: false }));
  const vegan = encodeDiet(facts({ free: ['peanuts', 'milk'], vegan: true }));
  const f = { avoid: ['peanuts', 'milk'] as ('peanuts' | 'milk')[], diets: [], strict: false };
  expect(judge(peanuts, f).show).toBe(false);
  expect(judge(mayMilk, f)).toEqual({ show: true, unknown: [], unknownDiets: [], may: ['milk'] });
  expect(judge('', f)).toEqual({ show: true, unknown: ['peanuts', 'milk'], unknownDiets: [], may: [] });
  expect(judge(mayMilk, { ...f, strict: true }).show).toBe(false);
  expect(judge(vegan, { ...f, strict: true }).show).toBe(true);
  const veg = { avoid: [], diets: ['vegetarian' as const], strict: false };
  expect(judge(mayMilk, veg).show).toBe(false);
  expect(judge(peanuts, veg)).toEqual({ show: true, unknown: [], unknownDiets: [], may: [] });
  // A vegan dish is vegetarian, said or not.
  expect(judge(vegan, { ...veg, strict: true }).show).toBe(true);
  expect(judge('', veg)).toEqual({ show: true, unknown: [], unknownDiets: ['vegetarian'], may: [] });
});

test('the remembered filter is read back checked: unknown names dropped, junk is no filter', () => {
  expect(parseFilter(JSON.stringify({ avoid: ['peanuts', 'kryptonite'], diets: ['vegan', 'keto'], strict: true }))).toEqual({ avoid: ['peanuts'], diets: ['vegan'], strict: true });
  expect(parseFilter('{not json')).toEqual({ avoid: [], diets: [], strict: false });
  expect(parseFilter(null)).toEqual({ avoid: [], diets: [], strict: false });
});
