import { createIntl } from 'react-intl';
import en from '../i18n/locales/en.json';
import zhCN from '../i18n/locales/zh-CN.json';
import zhTW from '../i18n/locales/zh-TW.json';
import { lineQuantityText, packName, sheetLineQuantity } from './lineQuantity';

const intl = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

test('a packed line reads "1 × Box of 6" in the cart, the checkout and the order; a loose line "× 2"', () => {
  const i = intl('en', en);
  expect(lineQuantityText(i, { count: 1, pack: 'Box', ref: 6 })).toBe('1 × Box of 6');
  expect(lineQuantityText(i, { count: 3, pack: 'Pack', ref: 6 })).toBe('3 × Pack of 6');
  expect(lineQuantityText(i, { count: 2, pack: '', ref: 1 })).toBe('× 2');
  expect(packName(i, 'Box', 12)).toBe('Box of 12');
  expect(packName(i, 'Box', 1)).toBe('Box');
});

test('the same wording in Chinese', () => {
  expect(lineQuantityText(intl('zh-TW', zhTW), { count: 1, pack: '盒', ref: 6 })).toBe('1 × 盒（6 件）');
  expect(lineQuantityText(intl('zh-CN', zhCN), { count: 2, pack: '盒', ref: 12 })).toBe('2 × 盒（12 件）');
});

test("the order's line: its packs and what a pack holds, from the service's Qua, PQua and MQua", () => {
  // One box of 6: Qua 6, PQua 1, MQua 0 (order details used to say "Box × 6").
  expect(sheetLineQuantity({ punit: 'Box', qua: '6.0000', pQua: '1.0000', mQua: '0.0000' })).toEqual({ count: 1, pack: 'Box', ref: 6 });
  expect(lineQuantityText(intl('en', en), sheetLineQuantity({ punit: 'Box', qua: '6.0000', pQua: '1.0000', mQua: '0.0000' }))).toBe('1 × Box of 6');
  expect(sheetLineQuantity({ punit: '', qua: '2.0000', pQua: '0.0000', mQua: '2.0000' })).toEqual({ count: 2, pack: '', ref: 1 });
  // Packs and loose units on one line: the main units.
  expect(sheetLineQuantity({ punit: 'Box', qua: '8.0000', pQua: '1.0000', mQua: '2.0000' })).toEqual({ count: 8, pack: '', ref: 1 });
});
