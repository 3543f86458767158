import fc from 'fast-check';
import {
  MAX_LINE_QUANTITY,
  cartSummary,
  cleanQuantity,
  countByGoods,
  isValidCartLine,
  lineAmountMinor,
  lineItemCount,
  lineQuantity,
  sameLine,
  sumQuantities,
  type CartEntry,
  type CartLine,
} from './cart';
import { DEFAULT_NUMBER_FORMATS, minorToString, sumMoney, toMinor } from './numbers';

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    uid: 'u',
    SkuID: 'sku',
    PUnit: '',
    PUnitPrice: '0',
    Price: '0',
    Ref: '1',
    isPack: false,
    mQua: 0,
    pQua: 0,
    qua: 0,
    remarkList: [],
    bomList: [],
    attachmentList: [],
    ...overrides,
  };
}

function entry(list: CartLine[], goods: Partial<CartEntry['goodsDetails']> = {}, businessMode = '0'): CartEntry {
  return { businessMode, goodsDetails: { GoodsID: 'g1', ShopID: 's1', BaseID: 'b1', ...goods }, list };
}

const sixPack = line({ uid: 'a', SkuID: 'cola', PUnit: 'six-pack', PUnitPrice: '30.00', Price: '5.50', Ref: '6', isPack: true, pQua: 2 });
const singles = line({ uid: 'b', SkuID: 'cola', Price: '5.50', mQua: 3 });

describe('lineQuantity', () => {
  test('is packs times Ref plus loose units', () => {
    expect(lineQuantity(sixPack)).toBe(12);
    expect(lineQuantity(singles)).toBe(3);
    expect(lineQuantity({ pQua: 2, mQua: 1, Ref: '6' })).toBe(13);
  });

  test('is exact with decimals', () => {
    expect(lineQuantity({ pQua: 3, mQua: 0, Ref: '0.1' })).toBe(0.3);
    expect(lineQuantity({ pQua: 0.5, mQua: 0.25, Ref: '2.5' })).toBe(1.5);
  });

  test('counts negative, NaN and infinite quantities as 0 and ignores Ref without packs', () => {
    expect(lineQuantity({ pQua: -2, mQua: NaN, Ref: '6' })).toBe(0);
    expect(lineQuantity({ pQua: Infinity, mQua: 4, Ref: '6' })).toBe(4);
    expect(lineQuantity({ pQua: 0, mQua: 4, Ref: '' })).toBe(4);
  });
});

describe('lineAmountMinor', () => {
  test('is packs at the pack price plus loose units at the unit price', () => {
    expect(lineAmountMinor(sixPack, DEFAULT_NUMBER_FORMATS)).toBe(6000);
    expect(lineAmountMinor(singles, DEFAULT_NUMBER_FORMATS)).toBe(1650);
    expect(lineAmountMinor({ pQua: 1, mQua: 2, PUnitPrice: '30', Price: '5.5' })).toBe(4100);
  });

  test('rounds once, half up, at AmoPoint', () => {
    // 0.5 x 0.05 + 0.5 x 0.05 = 0.05 exactly; rounding each term first would give 0.06.
    expect(lineAmountMinor({ pQua: 0.5, mQua: 0.5, PUnitPrice: '0.05', Price: '0.05' })).toBe(5);
    // 19.99 x 0.125 = 2.49875 -> 2.50
    expect(lineAmountMinor({ pQua: 0, mQua: 0.125, PUnitPrice: '', Price: '19.99' })).toBe(250);
    // AmoPoint 0: 2.5 -> 3
    expect(lineAmountMinor({ pQua: 0, mQua: 1, PUnitPrice: '', Price: '2.50' }, { AmoPoint: 0, PricePoint: 2 })).toBe(3);
  });

  test('reads prices at PricePoint, as shown on the menu', () => {
    // 5.555 is shown as 5.56; three of them are 16.68, not 16.665 -> 16.67.
    expect(lineAmountMinor({ pQua: 0, mQua: 3, PUnitPrice: '', Price: '5.555' })).toBe(1668);
    expect(lineAmountMinor({ pQua: 0, mQua: 3, PUnitPrice: '', Price: '5.555' }, { AmoPoint: 3, PricePoint: 3 })).toBe(16665);
  });

  test('does not read the price of a term with no quantity', () => {
    expect(lineAmountMinor({ pQua: 0, mQua: 2, PUnitPrice: '', Price: '1.00' })).toBe(200);
    expect(() => lineAmountMinor({ pQua: 1, mQua: 0, PUnitPrice: 'abc', Price: '1' })).toThrow(RangeError);
  });
});

describe('cartSummary', () => {
  test('2 six-packs at 30.00 and 3 singles at 5.50: 2 lines, 5 items, 76.50', () => {
    const summary = cartSummary([entry([sixPack, singles])], DEFAULT_NUMBER_FORMATS);
    expect(summary).toEqual({ lines: 2, quantity: 5, amountMinor: 7650, amount: '76.50' });
  });

  test('an empty cart', () => {
    expect(cartSummary([], DEFAULT_NUMBER_FORMATS)).toEqual({ lines: 0, quantity: 0, amountMinor: 0, amount: '0.00' });
    expect(cartSummary([entry([])], { AmoPoint: 0, PricePoint: 2 }).amount).toBe('0');
  });

  test('counts packs for packed lines and loose units otherwise', () => {
    expect(lineItemCount(line({ PUnit: 'box', pQua: 2, mQua: 5 }))).toBe(2);
    expect(lineItemCount(line({ PUnit: '', pQua: 2, mQua: 5 }))).toBe(5);
  });
});

describe('sameLine', () => {
  const base = line({
    remarkList: ['less ice', 'no sugar'],
    bomList: [
      { BOMClassID: 'c1', GoodsID: 'fries', GoodsName: 'Fries', BOMAmo: '0', BOMQua: 1 },
      { BOMClassID: 'c2', GoodsID: 'tea', GoodsName: 'Tea', BOMAmo: '2', BOMQua: 1 },
    ],
    attachmentList: [{ OptionID: 'o1', Value: 'pearls', Value2: '3', Value3: '3' }],
  });

  test('same sku, unit, remarks, parts and add-ons in any order', () => {
    const reordered = {
      ...base,
      uid: 'other',
      Price: '99',
      mQua: 7,
      remarkList: ['no sugar', 'less ice'],
      bomList: [...base.bomList].reverse(),
    };
    expect(sameLine(base, reordered)).toBe(true);
  });

  test.each<[string, Partial<CartLine>]>([
    ['sku', { SkuID: 'other' }],
    ['unit', { PUnit: 'box' }],
    ['remarks', { remarkList: ['less ice'] }],
    ['remark repeated', { remarkList: ['less ice', 'less ice'] }],
    ['part', { bomList: [{ BOMClassID: 'c1', GoodsID: 'salad', GoodsName: 'Salad', BOMAmo: '0', BOMQua: 1 }] }],
    ['part quantity', { bomList: base.bomList.map((b) => ({ ...b, BOMQua: 2 })) }],
    ['add-on', { attachmentList: [] }],
    ['add-on value', { attachmentList: [{ OptionID: 'o1', Value: 'jelly', Value2: '3', Value3: '3' }] }],
  ])('a different %s is another line', (_name, change) => {
    expect(sameLine(base, { ...base, ...change })).toBe(false);
  });
});

describe('countByGoods', () => {
  test('item counts per goods of the given shop, over bases', () => {
    const entries = [
      entry([sixPack, singles], { GoodsID: 'cola' }),
      entry([line({ mQua: 2 })], { GoodsID: 'cola', BaseID: 'b2' }),
      entry([line({ mQua: 1.5 })], { GoodsID: 'rice' }),
      entry([line({ mQua: 9 })], { GoodsID: 'cola', ShopID: 'other' }),
    ];
    expect(countByGoods(entries, 's1')).toEqual({ cola: 7, rice: 1.5 });
    expect(countByGoods(entries, 'other')).toEqual({ cola: 9 });
    expect(countByGoods(entries, 'none')).toEqual({});
  });
});

describe('quantities and line checks', () => {
  test('cleanQuantity and sumQuantities', () => {
    expect(cleanQuantity(-1)).toBe(0);
    expect(cleanQuantity(NaN)).toBe(0);
    expect(cleanQuantity(0.1235)).toBe(0.124);
    expect(cleanQuantity(2.0004)).toBe(2);
    expect(sumQuantities([0.1, 0.2])).toBe(0.3);
    expect(sumQuantities([1, -5, NaN])).toBe(1);
  });

  test('isValidCartLine', () => {
    expect(isValidCartLine(singles)).toBe(true);
    expect(isValidCartLine(sixPack)).toBe(true);
    expect(isValidCartLine({ ...singles, PUnitPrice: '', Ref: '' })).toBe(true);
    expect(isValidCartLine({ ...singles, Price: '' })).toBe(false);
    expect(isValidCartLine({ ...singles, Price: '-1' })).toBe(false);
    expect(isValidCartLine({ ...singles, Price: 5 })).toBe(false);
    expect(isValidCartLine({ ...sixPack, Ref: '0' })).toBe(false);
    expect(isValidCartLine({ ...sixPack, PUnitPrice: 'x' })).toBe(false);
    expect(isValidCartLine({ ...singles, remarkList: 'x' })).toBe(false);
    expect(isValidCartLine(null)).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// Properties

const arbPrice = fc
  .record({ whole: fc.integer({ min: 0, max: 9_999 }), cents: fc.integer({ min: 0, max: 99 }), scale: fc.constantFrom(0, 1, 2, 3) })
  .map(({ whole, cents, scale }) => (scale === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').slice(0, scale).padEnd(scale, '0')}`));
const arbCount = fc.integer({ min: 0, max: 1_000 });
const arbWeight = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000);
const arbQuantity = fc.oneof(arbCount, arbWeight);

const arbLine: fc.Arbitrary<CartLine> = fc
  .record({
    uid: fc.uuid(),
    SkuID: fc.constantFrom('s1', 's2', 's3'),
    PUnit: fc.constantFrom('', 'box'),
    PUnitPrice: arbPrice,
    Price: arbPrice,
    Ref: fc.oneof(fc.integer({ min: 1, max: 24 }).map(String), fc.constantFrom('0.5', '1.25', '2.5')),
    mQua: arbQuantity,
    pQua: arbQuantity,
  })
  .map((l) => ({ ...line(l), isPack: l.PUnit !== '' }));

const arbEntry: fc.Arbitrary<CartEntry> = fc
  .record({ GoodsID: fc.constantFrom('g1', 'g2', 'g3'), list: fc.array(arbLine, { maxLength: 4 }) })
  .map(({ GoodsID, list }) => entry(list, { GoodsID }));

const arbEntries = fc.array(arbEntry, { maxLength: 5 });
const arbFormats = fc.record({ AmoPoint: fc.integer({ min: 0, max: 4 }), PricePoint: fc.integer({ min: 0, max: 4 }) });

describe('properties', () => {
  test('the total amount and quantity are the sums of the lines', () => {
    fc.assert(
      fc.property(arbEntries, arbFormats, (entries, formats) => {
        const lines = entries.flatMap((e) => e.list);
        const summary = cartSummary(entries, formats);
        expect(summary.lines).toBe(lines.length);
        expect(summary.amountMinor).toBe(sumMoney(lines.map((l) => lineAmountMinor(l, formats))));
        expect(summary.quantity).toBe(sumQuantities(lines.map(lineItemCount)));
        expect(summary.amount).toBe(minorToString(summary.amountMinor, formats.AmoPoint));
      }),
    );
  });

  test('a line whose exact amount passes 2^53 at full precision is still priced (fast-check found it: seed -737962037)', () => {
    const odd = { ...line({ SkuID: 's1', PUnit: '', PUnitPrice: '9007.290', Price: '0', Ref: '0.5' }), pQua: 99998.9925, mQua: 0 };
    // The quantity at QUANTITY_SCALE: 99,998.993 x 9,007.2900 = 900,719,929.65897.
    expect(lineAmountMinor(odd, { AmoPoint: 0, PricePoint: 4 })).toBe(900719930);
    expect(lineAmountMinor(odd, { AmoPoint: 4, PricePoint: 4 })).toBe(9007199296590);
  });

  test('nothing is ever negative, whatever the quantities', () => {
    const arbAnyQuantity = fc.oneof(
      arbQuantity,
      fc.double({ min: -MAX_LINE_QUANTITY, max: MAX_LINE_QUANTITY }),
      fc.constantFrom(NaN, Infinity, -Infinity, -0),
    );
    fc.assert(
      fc.property(arbLine, arbAnyQuantity, arbAnyQuantity, arbFormats, (l, pQua, mQua, formats) => {
        const odd = { ...l, pQua, mQua };
        expect(lineQuantity(odd)).toBeGreaterThanOrEqual(0);
        expect(lineItemCount(odd)).toBeGreaterThanOrEqual(0);
        expect(lineAmountMinor(odd, formats)).toBeGreaterThanOrEqual(0);
        const summary = cartSummary([entry([odd])], formats);
        expect(summary.amountMinor).toBeGreaterThanOrEqual(0);
        expect(summary.quantity).toBeGreaterThanOrEqual(0);
        expect(summary.amount.startsWith('-')).toBe(false);
      }),
    );
  });

  test('the summary does not depend on the order of lines or entries', () => {
    fc.assert(
      fc.property(arbEntries, arbFormats, fc.integer(), (entries, formats, seed) => {
        const shuffled = shuffle(
          entries.map((e) => ({ ...e, list: shuffle(e.list, seed) })),
          seed + 1,
        );
        expect(cartSummary(shuffled, formats)).toEqual(cartSummary(entries, formats));
      }),
    );
  });

  test('rounding is stable: the amount text reads back as the same minor units, and a cart of one line at the total sums to the total', () => {
    fc.assert(
      fc.property(arbEntries, arbFormats, (entries, formats) => {
        const summary = cartSummary(entries, formats);
        expect(toMinor(summary.amount, formats.AmoPoint)).toBe(summary.amountMinor);
        // The summary-equivalent cart: one unit at the total (prices read at AmoPoint decimals).
        const same = { AmoPoint: formats.AmoPoint, PricePoint: formats.AmoPoint };
        const equivalent = cartSummary([entry([line({ Price: summary.amount, mQua: 1 })])], same);
        expect(equivalent.amountMinor).toBe(summary.amountMinor);
        expect(equivalent.amount).toBe(summary.amount);
      }),
    );
  });

  test('splitting a line with whole quantities into two identical lines keeps the totals', () => {
    fc.assert(
      fc.property(arbLine, arbCount, arbCount, (l, a, b) => {
        const whole = { ...l, mQua: a + b, pQua: b };
        const parts = [
          { ...l, mQua: a, pQua: 0 },
          { ...l, mQua: b, pQua: b },
        ];
        expect(sameLine(parts[0]!, parts[1]!)).toBe(true);
        const formats = DEFAULT_NUMBER_FORMATS;
        expect(cartSummary([entry(parts)], formats).amountMinor).toBe(cartSummary([entry([whole])], formats).amountMinor);
        expect(sumQuantities(parts.map(lineQuantity))).toBe(lineQuantity(whole));
      }),
    );
  });

  test('quantity = pQua x Ref + mQua', () => {
    fc.assert(
      fc.property(arbQuantity, arbQuantity, fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 3 }), (pQua, mQua, refDigits, refScale) => {
        const Ref = (refDigits / 10 ** refScale).toFixed(refScale);
        // In millionths, exactly: the quantities have at most 3 decimals, Ref at most 3.
        const exact = Math.round(pQua * 1000) * refDigits * 10 ** (3 - refScale) + Math.round(mQua * 1000) * 1000;
        // Kept to QUANTITY_SCALE (3) decimals, half up.
        expect(Math.round(lineQuantity({ pQua, mQua, Ref }) * 1000)).toBe(Math.floor((exact + 500) / 1000));
        if (refScale === 0 || Number.isInteger(pQua)) expect(exact % 1000).toBe(0);
      }),
    );
  });

  test('MAX_LINE_QUANTITY of the dearest line stays exact', () => {
    const big = line({ PUnit: 'box', PUnitPrice: '99999.99', Price: '99999.99', Ref: '999', pQua: MAX_LINE_QUANTITY, mQua: MAX_LINE_QUANTITY });
    expect(lineQuantity(big)).toBe(MAX_LINE_QUANTITY * 1000);
    expect(lineAmountMinor(big)).toBe(9999999 * MAX_LINE_QUANTITY * 2);
  });
});

/** A deterministic permutation (Fisher-Yates driven by a seed). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i -= 1) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
