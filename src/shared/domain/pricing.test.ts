import fc from 'fast-check';
import { currentPrice, packPrice, unitPrice } from './pricing';

test('the promotion price applies when it is lower', () => {
  expect(currentPrice('38.00', '32.00')).toBe('32.00');
  expect(currentPrice('38.00', null)).toBe('38.00');
  expect(currentPrice('38.00', '')).toBe('38.00');
  expect(currentPrice('38.00', '40.00')).toBe('38.00');
});

test('unit price adds bundle surcharges and add-ons to the current price', () => {
  expect(unitPrice({ salesPrice: '48.00', promotePrice: '42.00', bomAmos: ['0', '5.00'], addOnPrices: ['6.00', '0'] })).toBe('53.00');
  expect(unitPrice({ salesPrice: '1.005' })).toBe('1.01');
});

test('pack price adds the extras of each unit in the pack', () => {
  expect(packPrice('30.00', '6', { addOnPrices: ['1.50'] })).toBe('39.00');
  expect(packPrice('30.00', '6', {})).toBe('30.00');
});

test('unit price is never below the promotion or sales price and extras add up exactly', () => {
  const cents = fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2));
  fc.assert(
    fc.property(cents, fc.option(cents, { nil: null }), fc.array(cents, { maxLength: 5 }), (sales, promote, extras) => {
      const price = Number(unitPrice({ salesPrice: sales, promotePrice: promote, addOnPrices: extras }));
      const expected = Math.round((Number(currentPrice(sales, promote)) + extras.reduce((a, e) => a + Number(e), 0)) * 100) / 100;
      expect(price).toBeCloseTo(expected, 2);
      expect(price).toBeGreaterThanOrEqual(Number(currentPrice(sales, promote)));
    }),
  );
});
