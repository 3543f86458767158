/** The UI kit both programs use: names by language, clock times, amounts. */
import { amountText, CLOCK, DAY_AND_CLOCK } from './format';
import { localName } from './localName';

test('a name in the reader\'s language, else the simplified Chinese one the service always has', () => {
  const names = { zh: '奶茶', tw: '奶茶（港式）', en: 'Milk tea' };
  expect(localName(names, 'en')).toBe('Milk tea');
  expect(localName(names, 'zh-TW')).toBe('奶茶（港式）');
  expect(localName(names, 'zh-CN')).toBe('奶茶');
  expect(localName({ zh: '咖啡', tw: '', en: '' }, 'en')).toBe('咖啡');
  expect(localName({ zh: '咖啡', tw: '', en: '' }, 'zh-TW')).toBe('咖啡');
});

test('a clock time on 24 hours in every language', () => {
  const at = new Date(2026, 10, 25, 14, 5);
  expect(new Intl.DateTimeFormat('en', CLOCK).format(at)).toBe('14:05');
  expect(new Intl.DateTimeFormat('zh-TW', CLOCK).format(at)).toBe('14:05');
  expect(new Intl.DateTimeFormat('en', DAY_AND_CLOCK).format(at)).toMatch(/^Nov 25, 14:05$/);
});

test('an amount at two decimals by default, rounded half up, grouped', () => {
  expect(amountText('1234.5', 'en')).toBe('1,234.50');
  expect(amountText(2.005, 'en')).toBe('2.01');
  expect(amountText('320.5', 'zh-CN', 0)).toBe('321');
});
