/**
 * Issue 23 items 10, 13 and 19, the menu's pure pieces: which spec values are
 * sold out by themselves, what each value adds to the price, and the search
 * by name as well as by item number.
 */
import { valueSoldOut, valueSurcharges } from './specChoice';
import { findGoods, searchKey } from './SearchPage';
import type { Goods, GoodsDetail, Sku } from './menuApi';

const sku = (SkuItems: string, salesPrice: string, extra: Partial<Sku> = {}): Sku => ({
  SkuID: SkuItems,
  SkuCode: SkuItems,
  SkuItems,
  price: salesPrice,
  salesPrice,
  promotePrice: null,
  soldOut: false,
  ...extra,
});

// The demo's coffee: Large + Iced sold out; Large and Iced each still available with the other value.
const coffee: Pick<GoodsDetail, 'attributes' | 'skus'> = {
  attributes: [
    { name: 'Size', values: ['Regular', 'Large'] },
    { name: 'Temperature', values: ['Hot', 'Iced'] },
  ],
  skus: [sku('Regular;Hot', '25'), sku('Regular;Iced', '27'), sku('Large;Hot', '30'), sku('Large;Iced', '32', { soldOut: true })],
};

test('a value is sold out only when every sku with it is: Large and Iced are not, though Large + Iced is', () => {
  expect(valueSoldOut(coffee, 0, 'Large')).toBe(false);
  expect(valueSoldOut(coffee, 1, 'Iced')).toBe(false);
  const noIced = { ...coffee, skus: coffee.skus.map((s) => (s.SkuItems.endsWith('Iced') ? { ...s, soldOut: true } : s)) };
  expect(valueSoldOut(noIced, 1, 'Iced')).toBe(true);
  expect(valueSoldOut(noIced, 0, 'Large')).toBe(false);
  // One attribute, sku items ending with the full-width comma.
  const noodles = { attributes: [{ name: '規格', values: ['細', '大'] }], skus: [sku('細，', '38'), sku('大，', '46', { soldOut: true })] };
  expect(valueSoldOut(noodles, 0, '大')).toBe(true);
  expect(valueSoldOut(noodles, 0, '細')).toBe(false);
});

test('what a value adds: its sku less the cheapest of the attribute, the other values kept', () => {
  const noodles = { attributes: [{ name: '規格', values: ['細', '大'] }], skus: [sku('細，', '38'), sku('大，', '46')] };
  expect(valueSurcharges(noodles, ['細'], 0, ['細', '大'], 2)).toEqual(['0.00', '8.00']);
  // Coffee with Hot chosen: Large adds 5; with Iced chosen: 5 too (the sold-out sku's price still counts).
  expect(valueSurcharges(coffee, ['Regular', 'Hot'], 0, ['Regular', 'Large'], 2)).toEqual(['0.00', '5.00']);
  expect(valueSurcharges(coffee, ['Regular', 'Iced'], 0, ['Regular', 'Large'], 2)).toEqual(['0.00', '5.00']);
  // Temperature with Regular chosen: Iced adds 2.
  expect(valueSurcharges(coffee, ['Regular', 'Hot'], 1, ['Hot', 'Iced'], 2)).toEqual(['0.00', '2.00']);
  // A promotion price is the price that counts.
  const wings = { attributes: [{ name: 'Portion', values: ['3', '6'] }], skus: [sku('3，', '36'), sku('6，', '66', { promotePrice: '62' })] };
  expect(valueSurcharges(wings, ['3'], 0, ['3', '6'], 1)).toEqual(['0.0', '26.0']);
  // No skus: nothing added.
  expect(valueSurcharges({ attributes: [], skus: [] }, [], 0, ['x'], 2)).toEqual(['0']);
});

const goods = (GoodsID: string, GoodsCode: string, name: string): Goods => ({
  GoodsID, GoodsCode, name, remarks: '', ClassID: 'c', type: 0, skuType: 0, unit: '', price: '10',
  salesPrice: '10', promotePrice: null, promotePlanId: '', pic: '', soldOut: false, punitCount: 0, hasBom: false, hasCharging: false, bagCount: 0,
});

test('the search finds by item number first, then by name: starting with it, containing it, every word of it', () => {
  const menu = [
    goods('1', '101', 'BBQ Pork Rice'),
    goods('2', '111', 'Wonton Noodles'),
    goods('3', '144', 'Coffee'),
    goods('4', '145', 'Yuenyeung (coffee with milk tea)'),
    goods('5', '139', 'HK Milk Tea'),
    goods('6', '150', 'Café Latte'),
    goods('7', '160', '雲吞麵'),
  ];
  const ids = (q: string) => findGoods(menu, q).map((g) => g.GoodsID);
  expect(ids('144')).toEqual(['3']);
  expect(ids('14')).toEqual(['3', '4']);
  expect(ids('coffee')).toEqual(['3', '4']);
  expect(ids('  COFFEE ')).toEqual(['3', '4']);
  expect(ids('noodles')).toEqual(['2']);
  expect(ids('milk tea')).toEqual(['4', '5']);
  expect(ids('tea milk')).toEqual(['4', '5']);
  expect(ids('cafe')).toEqual(['6']);
  expect(ids('雲吞')).toEqual(['7']);
  expect(ids('pizza')).toEqual([]);
  expect(ids('')).toEqual([]);
  expect(searchKey('Ｃａｆé  Latte')).toBe('cafe latte');
});
