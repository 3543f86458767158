import { classOffered, effectiveMode, modesOffered, sheetPosType } from './businessMode';

test('sheet pos type: takeout 7, fast 4, meal 2', () => {
  expect(sheetPosType('1', '1')).toBe(7);
  expect(sheetPosType('1', '0')).toBe(7);
  expect(sheetPosType('2', '1')).toBe(4);
  expect(sheetPosType('0', '1')).toBe(4);
  expect(sheetPosType('2', '0')).toBe(2);
  expect(sheetPosType('0', '')).toBe(2);
});

test('modes an outlet offers', () => {
  expect(modesOffered('0')).toEqual(['2', '1']);
  expect(modesOffered('1')).toEqual(['1']);
  expect(modesOffered('2')).toEqual(['2']);
});

test('the stored mode stays when offered; a table defaults to dine-in', () => {
  expect(effectiveMode('1', '0', true)).toBe('1');
  expect(effectiveMode('0', '0', true)).toBe('2');
  expect(effectiveMode('0', '0', false)).toBe('2');
  expect(effectiveMode('2', '1', false)).toBe('1');
});

test('a class offered for one way of ordering only is offered in that way only (issue 23)', () => {
  // Takeaway extras: not to a diner.
  expect(classOffered('1', '2')).toBe(false);
  expect(classOffered('1', '1')).toBe(true);
  expect(classOffered('2', '1')).toBe(false);
  expect(classOffered('2', '2')).toBe(true);
  // A class for all, or a customer who has not chosen: offered.
  for (const mode of ['0', '1', '2', '']) expect(classOffered('0', mode)).toBe(true);
  expect(classOffered('1', '0')).toBe(true);
  expect(classOffered('', '2')).toBe(true);
});
