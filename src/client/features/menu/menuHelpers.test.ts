/** The menu's pure pieces: rows by class, which goods need the chooser, sku matching, bundle completeness, search. */
import { bundleComplete, findSku, skuValues } from './specChoice';
import { menuRows, needsChooser } from './GoodsListPage';
import { findGoods } from './SearchPage';
import { joinPages } from './menuGoods';
import { firstRowAt } from '../../ui/VirtualList';
import type { BomGroup, Goods, GoodsClass, Sku } from './menuApi';

const goods = (id: string, cls: string, extra: Partial<Goods> = {}): Goods => ({
  GoodsID: id, GoodsCode: id, name: id, remarks: '', ClassID: cls, type: 0, skuType: 0, unit: '', price: '10',
  salesPrice: '10', promotePrice: null, promotePlanId: '', pic: '', soldOut: false, punitCount: 0, hasBom: false, hasCharging: false, bagCount: 0,
  ...extra,
});
const cls = (id: string): GoodsClass => ({ ClassID: id, name: id, goodsCount: 0 });

test('rows: each class header then its goods, in class order; empty classes left out', () => {
  const { rows, classStart } = menuRows([cls('a'), cls('empty'), cls('b')], [goods('2', 'b'), goods('1', 'a'), goods('3', 'b')]);
  expect(rows.map((r) => (r.kind === 'class' ? `#${r.cls.ClassID}` : r.goods.GoodsID))).toEqual(['#a', '1', '#b', '2', '3']);
  expect([...classStart.entries()]).toEqual([['a', 0], ['b', 2]]);
});

test('menu pages joined: the first page alone, then the later pages (which repeat it) each goods once, in order', () => {
  const page = (ids: string[], total = 5) => ({ goods: ids.map((id) => goods(id, 'a')), total });
  expect(joinPages([])).toEqual([]);
  expect(joinPages([page(['1', '2'])]).map((g) => g.GoodsID)).toEqual(['1', '2']);
  // A goods added before the second page moves one along: its neighbour is seen twice, kept once.
  expect(joinPages([page(['1', '2']), page(['1', '2', '3']), page(['3', '4', '5'])]).map((g) => g.GoodsID)).toEqual(['1', '2', '3', '4', '5']);
});

test('goods with specs, packs, bundles, add-ons or weights open the chooser; plain goods are added at once', () => {
  expect(needsChooser(goods('1', 'a'))).toBe(false);
  expect(needsChooser(goods('1', 'a', { skuType: 2 }))).toBe(true);
  expect(needsChooser(goods('1', 'a', { punitCount: 1 }))).toBe(true);
  expect(needsChooser(goods('1', 'a', { hasBom: true }))).toBe(true);
  expect(needsChooser(goods('1', 'a', { hasCharging: true }))).toBe(true);
  expect(needsChooser(goods('1', 'a', { type: 7 }))).toBe(true);
});

test('sku items: two attributes split on ";", one on the full-width comma', () => {
  expect(skuValues('Large;Hot')).toEqual(['Large', 'Hot']);
  expect(skuValues('細，')).toEqual(['細']);
  const skus: Sku[] = ['Regular;Hot', 'Large;Hot'].map((items, i) => ({ SkuID: `s${i}`, SkuCode: '', SkuItems: items, price: '1', salesPrice: '1', promotePrice: null, soldOut: false }));
  expect(findSku(skus, ['Large', 'Hot'])?.SkuID).toBe('s1');
  expect(findSku(skus, ['Large', 'Iced'])).toBeUndefined();
});

test('a bundle is complete when every group has from its fewest to its most parts', () => {
  const item = (id: string, soldOut = false) => ({ BOMClassID: 'g', GoodsID: id, name: id, BOMAmo: '0', BOMQua: '1', punit: '', isDefault: false, soldOut, pic: '' });
  const groups: BomGroup[] = [
    { BOMClassID: 'req', name: 'Mains', selectType: 0, selectQua: 2, selectMin: 2, items: [item('a'), item('b'), item('c')] },
    { BOMClassID: 'opt', name: 'Snacks', selectType: 1, selectQua: 2, selectMin: 0, items: [item('x'), item('y')] },
  ];
  expect(bundleComplete(groups, { req: ['a'] })).toBe(false);
  expect(bundleComplete(groups, { req: ['a', 'b'] })).toBe(true);
  expect(bundleComplete(groups, { req: ['a', 'b'], opt: [] })).toBe(true);
  expect(bundleComplete(groups, { req: ['a', 'b'], opt: ['x', 'y', 'z'] })).toBe(false);
  // A required group with fewer available items than its count needs only what is there.
  const scarce: BomGroup[] = [{ BOMClassID: 'req', name: 'Mains', selectType: 0, selectQua: 2, selectMin: 2, items: [item('a'), item('b', true)] }];
  expect(bundleComplete(scarce, { req: ['a'] })).toBe(true);
  // Choose 1 to 3: none is too few, one to three do, four is too many.
  const range: BomGroup[] = [{ BOMClassID: 'r', name: 'Sides', selectType: 0, selectQua: 3, selectMin: 1, items: ['a', 'b', 'c', 'd'].map((id) => item(id)) }];
  expect(bundleComplete(range, { r: [] })).toBe(false);
  expect(bundleComplete(range, { r: ['a'] })).toBe(true);
  expect(bundleComplete(range, { r: ['a', 'b', 'c'] })).toBe(true);
  expect(bundleComplete(range, { r: ['a', 'b', 'c', 'd'] })).toBe(false);
});

test('order by item number: exact match first, then numbers that start with it', () => {
  const list = [goods('1010', 'a'), goods('101', 'a'), goods('102', 'a')];
  expect(findGoods(list, ' 101 ').map((g) => g.GoodsCode)).toEqual(['101', '1010']);
  expect(findGoods(list, '')).toEqual([]);
});

test('the windowed list finds the first row at a scroll offset', () => {
  const offsets = [0, 40, 144, 248, 288];
  expect(firstRowAt(offsets, 0)).toBe(0);
  expect(firstRowAt(offsets, 39)).toBe(0);
  expect(firstRowAt(offsets, 40)).toBe(1);
  expect(firstRowAt(offsets, 250)).toBe(3);
  expect(firstRowAt(offsets, 10_000)).toBe(3);
});
