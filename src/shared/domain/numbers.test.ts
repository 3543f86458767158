import fc from 'fast-check';
import {
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_NUMBER_FORMATS,
  decimalsFor,
  formatMoney,
  formatNumber,
  formatPrice,
  fromMinor,
  minorToString,
  multiplyMoney,
  sumOfProducts,
  normalizeNumberFormats,
  roundAs,
  roundHalfUp,
  sumMoney,
  toFixedHalfUp,
  toMinor,
  type NumberFormats,
} from './numbers';

const strip = (text: string) => text.replace(/,/g, '');

/** Decimal text from an integer and a scale: (12345, 2) -> '123.45'. */
const decimalText = (digits: bigint, scale: number): string => {
  const negative = digits < 0n;
  let s = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  if (scale > 0) s = `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  return negative ? `-${s}` : s;
};

const arbDecimalString = fc
  .record({
    digits: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
    scale: fc.integer({ min: 0, max: 8 }),
  })
  .map(({ digits, scale }) => decimalText(digits, scale));

const arbSmallDecimalString = fc
  .record({
    digits: fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }),
    scale: fc.integer({ min: 0, max: 8 }),
  })
  .map(({ digits, scale }) => decimalText(digits, scale));

const arbNumber = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true });
const arbDecimals = fc.integer({ min: 0, max: 6 });

describe('defaults (SPEC sections 3 and 9)', () => {
  it('amounts and prices 2, quantities and discounts 0, yen sign', () => {
    expect(DEFAULT_NUMBER_FORMATS).toEqual({
      AmoPoint: 2,
      DiscountPoint: 0,
      PQuaPoint: 0,
      PricePoint: 2,
      QuaPoint: 0,
    });
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('¥');
    expect(Object.isFrozen(DEFAULT_NUMBER_FORMATS)).toBe(true);
  });

  it('normalizeNumberFormats reads service values and falls back per key', () => {
    expect(normalizeNumberFormats(undefined)).toEqual(DEFAULT_NUMBER_FORMATS);
    expect(normalizeNumberFormats(null)).toEqual(DEFAULT_NUMBER_FORMATS);
    expect(
      normalizeNumberFormats({
        AmoPoint: '1',
        DiscountPoint: 2,
        PQuaPoint: 'x',
        PricePoint: -1,
        QuaPoint: 2.5,
      }),
    ).toEqual({ AmoPoint: 1, DiscountPoint: 2, PQuaPoint: 0, PricePoint: 2, QuaPoint: 0 });
    expect(normalizeNumberFormats({ AmoPoint: '', QuaPoint: 21, PricePoint: ' 3 ' })).toEqual({
      ...DEFAULT_NUMBER_FORMATS,
      PricePoint: 3,
    });
  });

  it('decimalsFor and roundAs pick the configured decimals per kind', () => {
    const f: NumberFormats = {
      AmoPoint: 1,
      DiscountPoint: 2,
      PQuaPoint: 3,
      PricePoint: 4,
      QuaPoint: 0,
    };
    expect(decimalsFor('amount', f)).toBe(1);
    expect(decimalsFor('discount', f)).toBe(2);
    expect(decimalsFor('packQuantity', f)).toBe(3);
    expect(decimalsFor('price', f)).toBe(4);
    expect(decimalsFor('quantity', f)).toBe(0);
    expect(decimalsFor('amount')).toBe(2);
    expect(roundAs('amount', 1.25, f)).toBe(1.3);
    expect(roundAs('price', '1.23455', f)).toBe(1.2346);
    expect(roundAs('quantity', 2.5, f)).toBe(3);
    expect(roundAs('discount', 0.955)).toBe(1);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [1.255, 2, 1.26],
    [8.345, 2, 8.35],
    [1.45, 1, 1.5],
    [0.5, 0, 1],
    [1.5, 0, 2],
    [2.5, 0, 3],
    [-0.5, 0, -1],
    [-2.5, 0, -3],
    [1.4999, 0, 1],
    [1234.5678, 3, 1234.568],
    [10.235, 2, 10.24],
    [1.1, 4, 1.1],
    [5, 2, 5],
    [0, 2, 0],
    [99.995, 2, 100],
    [-99.995, 2, -100],
    [1e21, 2, 1e21],
    [1.5e-7, 6, 0],
    [5e-7, 6, 0.000001],
  ])('roundHalfUp(%p, %p) === %p', (value, decimals, expected) => {
    expect(roundHalfUp(value, decimals)).toBe(expected);
  });

  it('rounds decimal strings exactly as written', () => {
    expect(roundHalfUp('0.125', 2)).toBe(0.13);
    expect(roundHalfUp('  12.3450 ', 2)).toBe(12.35);
    expect(roundHalfUp('-0.0049', 2)).toBe(0);
    expect(roundHalfUp('+7.5', 0)).toBe(8);
    expect(roundHalfUp('.5', 0)).toBe(1);
    expect(roundHalfUp('5.', 0)).toBe(5);
    expect(roundHalfUp('1.2345e2', 1)).toBe(123.5);
    expect(roundHalfUp('125E-3', 2)).toBe(0.13);
    expect(roundHalfUp('1.00000000000000000000005', 2)).toBe(1);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfUp(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundHalfUp(-0, 2), 0)).toBe(true);
    expect(Object.is(roundHalfUp('-0.00', 2), 0)).toBe(true);
    expect(Object.is(roundHalfUp(-0.4, 0), 0)).toBe(true);
  });

  it('rejects non-numbers and bad decimals', () => {
    expect(() => roundHalfUp(NaN, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(Infinity, 2)).toThrow(RangeError);
    expect(() => roundHalfUp('', 2)).toThrow(RangeError);
    expect(() => roundHalfUp('.', 2)).toThrow(RangeError);
    expect(() => roundHalfUp('1,000', 2)).toThrow(RangeError);
    expect(() => roundHalfUp('abc', 2)).toThrow(RangeError);
    expect(() => roundHalfUp('1e99999', 2)).toThrow(RangeError);
    expect(() => roundHalfUp(1, -1)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 1.5)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 21)).toThrow(RangeError);
  });

  it('toFixedHalfUp gives exact fixed text, even past 2^53', () => {
    expect(toFixedHalfUp(1.005, 2)).toBe('1.01');
    expect(toFixedHalfUp(3, 2)).toBe('3.00');
    expect(toFixedHalfUp(-0.001, 2)).toBe('0.00');
    expect(toFixedHalfUp('-0.005', 2)).toBe('-0.01');
    expect(toFixedHalfUp(0.05, 1)).toBe('0.1');
    expect(toFixedHalfUp('123456789012345678901.235', 2)).toBe('123456789012345678901.24');
    expect(toFixedHalfUp(12.5, 0)).toBe('13');
  });

  it('property: agrees with exact BigInt rounding of decimal strings', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        arbDecimals,
        (digits, scale, d) => {
          const text = decimalText(digits, scale);
          // Reference: floor((2 * |x| / unit + 1) / 2), a different formula for half away from zero.
          const abs = digits < 0n ? -digits : digits;
          const q =
            scale <= d
              ? abs * 10n ** BigInt(d - scale)
              : ((abs * 2n) / 10n ** BigInt(scale - d) + 1n) / 2n;
          const expected = decimalText(digits < 0n && q !== 0n ? -q : q, d);
          expect(toFixedHalfUp(text, d)).toBe(expected);
        },
      ),
    );
  });

  it('property: idempotent', () => {
    fc.assert(
      fc.property(arbNumber, arbDecimals, (x, d) => {
        const once = roundHalfUp(x, d);
        expect(roundHalfUp(once, d)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(arbDecimalString, arbDecimals, (s, d) => {
        const once = toFixedHalfUp(s, d);
        expect(toFixedHalfUp(once, d)).toBe(once);
      }),
    );
  });

  it('property: symmetric about zero (half away from zero)', () => {
    fc.assert(
      fc.property(arbNumber, arbDecimals, (x, d) => {
        expect(roundHalfUp(-x, d)).toBe(roundHalfUp(x, d) === 0 ? 0 : -roundHalfUp(x, d));
      }),
    );
  });

  it('property: within half a unit of the input, and monotone', () => {
    fc.assert(
      fc.property(arbDecimalString, arbDecimals, (s, d) => {
        const r = roundHalfUp(s, d);
        expect(Math.abs(r - Number(s))).toBeLessThanOrEqual(
          0.5 * 10 ** -d * (1 + 1e-9) + Math.abs(Number(s)) * 1e-15,
        );
      }),
    );
    fc.assert(
      fc.property(arbNumber, arbNumber, arbDecimals, (a, b, d) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(roundHalfUp(lo, d)).toBeLessThanOrEqual(roundHalfUp(hi, d));
      }),
    );
  });

  it('property: never produces -0 or "-0..." text', () => {
    fc.assert(
      fc.property(
        fc.oneof(arbNumber, fc.double({ min: -1, max: 1, noNaN: true })),
        arbDecimals,
        (x, d) => {
          expect(Object.is(roundHalfUp(x, d), -0)).toBe(false);
          expect(toFixedHalfUp(x, d)).not.toMatch(/^-0(\.0*)?$/);
          expect(formatNumber(x, d)).not.toMatch(/^-0(\.0*)?$/);
        },
      ),
    );
  });
});

describe('formatNumber', () => {
  it('writes thousands separators and fixed decimals', () => {
    expect(formatNumber(1234567.5, 2)).toBe('1,234,567.50');
    expect(formatNumber('1234567.505', 2)).toBe('1,234,567.51');
    expect(formatNumber(999.995, 2)).toBe('1,000.00');
    expect(formatNumber(-1234.5, 0)).toBe('-1,235');
    expect(formatNumber(0, 2)).toBe('0.00');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(12, 0)).toBe('12');
    expect(formatNumber(0.5, 3)).toBe('0.500');
    expect(formatNumber('123456789012345678901.5', 0)).toBe('123,456,789,012,345,678,902');
  });

  it('uses the app locales (same marks) and others', () => {
    expect(formatNumber(1234567.5, 2, 'zh-CN')).toBe('1,234,567.50');
    expect(formatNumber(1234567.5, 2, 'zh-TW')).toBe('1,234,567.50');
    expect(formatNumber(1234567.5, 2, 'en')).toBe('1,234,567.50');
    expect(formatNumber(1234567.5, 2, 'de-DE')).toBe('1.234.567,50');
    // Latin digits even where the locale would use others.
    expect(formatNumber(1234.5, 1, 'ar-EG')).toMatch(/1.234.5/);
  });

  it('property: formatting then stripping separators round-trips the rounded value', () => {
    fc.assert(
      fc.property(arbNumber, arbDecimals, (x, d) => {
        const text = formatNumber(x, d);
        expect(text).toMatch(
          d === 0 ? /^-?\d{1,3}(,\d{3})*$/ : new RegExp(`^-?\\d{1,3}(,\\d{3})*\\.\\d{${d}}$`),
        );
        expect(Number(strip(text))).toBe(roundHalfUp(x, d));
        expect(strip(text)).toBe(toFixedHalfUp(x, d));
      }),
    );
    fc.assert(
      fc.property(arbDecimalString, arbDecimals, (s, d) => {
        expect(strip(formatNumber(s, d))).toBe(toFixedHalfUp(s, d));
      }),
    );
  });
});

describe('formatMoney and formatPrice', () => {
  it('default symbol is the yen sign, amounts at AmoPoint', () => {
    expect(formatMoney(1234.5)).toBe('¥1,234.50');
    expect(formatMoney(1234.5, DEFAULT_NUMBER_FORMATS)).toBe('¥1,234.50');
    expect(formatMoney(1.005, DEFAULT_NUMBER_FORMATS, null)).toBe('¥1.01');
    expect(formatMoney(1.005, DEFAULT_NUMBER_FORMATS, '')).toBe('¥1.01');
  });

  it("uses the enterprise's own symbol and decimals", () => {
    const f = { ...DEFAULT_NUMBER_FORMATS, AmoPoint: 1, PricePoint: 3 };
    expect(formatMoney('12.25', f, 'MOP$')).toBe('MOP$12.3');
    expect(formatPrice('12.2345', f, 'MOP$')).toBe('MOP$12.235');
    expect(formatPrice(8, DEFAULT_NUMBER_FORMATS)).toBe('¥8.00');
    expect(formatMoney(5, { ...DEFAULT_NUMBER_FORMATS, AmoPoint: 0 }, 'P')).toBe('P5');
  });

  it('puts the sign before the symbol and never shows -0', () => {
    expect(formatMoney(-3, DEFAULT_NUMBER_FORMATS, 'MOP$')).toBe('-MOP$3.00');
    expect(formatMoney(-1234.567)).toBe('-¥1,234.57');
    expect(formatMoney(-0.004)).toBe('¥0.00');
  });

  it('property: stripping symbol and separators gives the rounded amount', () => {
    fc.assert(
      fc.property(arbNumber, fc.integer({ min: 0, max: 4 }), (x, d) => {
        const text = formatMoney(x, { ...DEFAULT_NUMBER_FORMATS, AmoPoint: d });
        expect(Number(strip(text.replace('¥', '')))).toBe(roundHalfUp(x, d));
      }),
    );
  });
});

describe('money in minor units', () => {
  it('toMinor rounds half away from zero to the scale', () => {
    expect(toMinor('12.345', 2)).toBe(1235);
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(-1.005, 2)).toBe(-101);
    expect(toMinor('12', 2)).toBe(1200);
    expect(toMinor(12.5, 0)).toBe(13);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(Object.is(toMinor(-0.001, 2), 0)).toBe(true);
    expect(() => toMinor('1e30', 2)).toThrow(RangeError);
    expect(() => toMinor('x', 2)).toThrow(RangeError);
  });

  it('fromMinor and minorToString go back to decimals', () => {
    expect(fromMinor(1250, 2)).toBe(12.5);
    expect(fromMinor(-5, 2)).toBe(-0.05);
    expect(fromMinor(7, 0)).toBe(7);
    expect(Object.is(fromMinor(-0, 2), 0)).toBe(true);
    expect(minorToString(1250, 2)).toBe('12.50');
    expect(minorToString(-5, 2)).toBe('-0.05');
    expect(minorToString(-123456, 3)).toBe('-123.456');
    expect(minorToString(0, 2)).toBe('0.00');
    expect(() => fromMinor(1.5, 2)).toThrow(RangeError);
  });

  it('sumMoney adds minor units', () => {
    expect(sumMoney([])).toBe(0);
    expect(sumMoney([1050, 250, -300])).toBe(1000);
    expect(sumMoney([10, 20])).toBe(30);
    expect(() => sumMoney([0.5])).toThrow(RangeError);
  });

  it('multiplyMoney multiplies price by quantity, rounding half up to AmoPoint', () => {
    expect(multiplyMoney(333, 3)).toBe(999);
    expect(multiplyMoney(1999, '0.125')).toBe(250); // 2.49875 -> 2.50
    expect(multiplyMoney(1005, 0.5)).toBe(503); // 5.025 -> 5.03
    expect(multiplyMoney(-1005, 0.5)).toBe(-503);
    expect(multiplyMoney(1000, 0)).toBe(0);
    expect(Object.is(multiplyMoney(-1, '0.1'), 0)).toBe(true);
    // Price at 3 decimals, amount at 1: 1.235 x 3 = 3.705 -> 3.7
    expect(multiplyMoney(1235, 3, { PricePoint: 3, AmoPoint: 1 })).toBe(37);
    // Price at 0 decimals, amount at 2: 15 x 1.5 = 22.5 -> 2250
    expect(multiplyMoney(15, 1.5, { PricePoint: 0, AmoPoint: 2 })).toBe(2250);
    expect(() => multiplyMoney(2 ** 52, 4)).toThrow(RangeError);
    // Past 2^53 at full precision, not after rounding: 9,007.2900 x 99,998.9925 = 900,719,925.155325 -> 900,719,925.16.
    expect(multiplyMoney(90072900, '99998.9925', { PricePoint: 4, AmoPoint: 2 })).toBe(90071992516);
  });

  it('sumOfProducts sums prices times quantities exactly and rounds once', () => {
    // 0.005 + 0.005 = 0.01: each rounded alone would give 0.01 + 0.01.
    expect(sumOfProducts([[1, '0.5'], [1, '0.5']], { PricePoint: 2, AmoPoint: 2 })).toBe(1);
    expect(sumOfProducts([], { PricePoint: 2, AmoPoint: 2 })).toBe(0);
    expect(sumOfProducts([[1005, 0.5], [-1005, 0.5]])).toBe(0);
    expect(() => sumOfProducts([[2 ** 52, 2], [2 ** 52, 2]])).toThrow(RangeError);
    expect(() => sumOfProducts([[0.5, 1]])).toThrow(RangeError);
  });

  it('property: toMinor then fromMinor equals roundHalfUp', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (x, scale) => {
          expect(fromMinor(toMinor(x, scale), scale)).toBe(roundHalfUp(x, scale));
          expect(minorToString(toMinor(x, scale), scale)).toBe(toFixedHalfUp(x, scale));
        },
      ),
    );
  });

  it('property: sum of minor units equals the minor units of the sum when inputs are already at scale', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 4 }),
        (minors, scale) => {
          const texts = minors.map((m) => minorToString(m, scale));
          expect(sumMoney(texts.map((t) => toMinor(t, scale)))).toBe(
            minors.reduce((a, b) => a + b, 0),
          );
        },
      ),
    );
  });

  it('property: rounding each line then summing stays within half a unit per line of rounding the sum', () => {
    fc.assert(
      fc.property(fc.array(arbSmallDecimalString, { minLength: 1, maxLength: 10 }), (texts) => {
        const lineByLine = sumMoney(texts.map((t) => toMinor(t, 2)));
        const exactSum = texts.reduce(
          (acc, t) => acc + BigInt(toFixedHalfUp(t, 8).replace('.', '')),
          0n,
        );
        const roundedSum = toMinor(decimalText(exactSum, 8), 2);
        expect(Math.abs(lineByLine - roundedSum)).toBeLessThanOrEqual(Math.ceil(texts.length / 2));
      }),
    );
  });

  it('property: multiplyMoney by an integer quantity is exact repeated addition', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.integer({ min: 0, max: 50 }),
        (price, qty) => {
          expect(multiplyMoney(price, qty)).toBe(
            sumMoney(Array.from({ length: qty }, () => price)),
          );
        },
      ),
    );
  });

  it('property: multiplyMoney equals exact decimal product rounded half up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.integer({ min: 0, max: 1e5 }),
        fc.integer({ min: 0, max: 3 }),
        (price, qDigits, qScale) => {
          const q = decimalText(BigInt(qDigits), qScale);
          const exact = decimalText(BigInt(price) * BigInt(qDigits), 2 + qScale);
          const result = multiplyMoney(price, q);
          expect(result).toBe(toMinor(exact, 2));
          expect(Object.is(result, -0)).toBe(false);
        },
      ),
    );
  });
});
