/** The row readers every feature API converts answers with (app/rows.ts). */
import { decimal, flag, namesOf, num, numberOrNull, text, totalCount } from './rows';

test('text: a missing field is empty, a number is its digits', () => {
  expect(text('Latte')).toBe('Latte');
  expect(text(undefined)).toBe('');
  expect(text(null)).toBe('');
  expect(text(886001)).toBe('886001');
  expect(text(0)).toBe('0');
  expect(text('')).toBe('');
});

test('num: numbers and decimal text as numbers, anything else 0', () => {
  expect(num(3)).toBe(3);
  expect(num('12.5000')).toBe(12.5);
  expect(num(undefined)).toBe(0);
  expect(num(null)).toBe(0);
  expect(num('')).toBe(0);
  expect(num('abc')).toBe(0);
});

test('flag: 1, "1" and true are set; 0, "0", missing and other values are not', () => {
  expect([1, '1', true].map(flag)).toEqual([true, true, true]);
  expect([0, '0', false, undefined, null, 2, 'yes'].map(flag)).toEqual([false, false, false, false, false, false, false]);
});

test('decimal: the text as sent, "0" when missing or empty', () => {
  expect(decimal('15.0000')).toBe('15.0000');
  expect(decimal(8)).toBe('8');
  expect(decimal('')).toBe('0');
  expect(decimal(undefined)).toBe('0');
  expect(decimal(null)).toBe('0');
});

test('numberOrNull: unknown stays unknown', () => {
  expect(numberOrNull('1.2500')).toBe(1.25);
  expect(numberOrNull(0)).toBe(0);
  expect(numberOrNull('')).toBeNull();
  expect(numberOrNull(undefined)).toBeNull();
  expect(numberOrNull(null)).toBeNull();
  expect(numberOrNull('far')).toBeNull();
});

test('totalCount: the paged answer\'s count, or null when the service does not say', () => {
  expect(totalCount([{ TotalCount: 42 }])).toBe(42);
  expect(totalCount([{ TotalCount: '7' }])).toBe(7);
  expect(totalCount([{ TotalCount: 0 }])).toBe(0);
  expect(totalCount([])).toBeNull();
  expect(totalCount(undefined)).toBeNull();
  expect(totalCount([{}])).toBeNull();
});

test('namesOf: a field and its TW and EN twins, empty when missing', () => {
  expect(namesOf({ PlanName: '滿減', PlanNameTW: '滿減券', PlanNameEN: 'Cash off' }, 'PlanName')).toEqual({ zh: '滿減', tw: '滿減券', en: 'Cash off' });
  expect(namesOf({ Name: 'Balance' }, 'Name')).toEqual({ zh: 'Balance', tw: '', en: '' });
  expect(namesOf({ ShopName: 'A', ShopNameTW: null }, 'ShopName')).toEqual({ zh: 'A', tw: '', en: '' });
});
