import { clipRemark, REMARK_MAX, remarkLength } from './remarks';

test('a remark is counted in characters, an emoji or a character outside the BMP as one', () => {
  expect(REMARK_MAX).toBe(100);
  expect(remarkLength('')).toBe(0);
  expect(remarkLength('走葱，少辣')).toBe(5);
  expect(remarkLength('no 🌶️')).toBe(5); // the pepper and its variation selector: two code points
  expect(remarkLength('𠀀𠀁')).toBe(2);
});

test('clipRemark keeps at most the limit, never splitting a character', () => {
  expect(clipRemark('x'.repeat(120))).toBe('x'.repeat(REMARK_MAX));
  expect(clipRemark('𠀀'.repeat(120))).toBe('𠀀'.repeat(REMARK_MAX));
  expect(remarkLength(clipRemark('𠀀'.repeat(120)))).toBe(REMARK_MAX);
  expect(clipRemark('short')).toBe('short');
  expect(clipRemark('abcdef', 3)).toBe('abc');
});
