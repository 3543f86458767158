import { isValidBirthday, isValidMemberName, normalisePhone, phoneKey } from './member';

describe('isValidMemberName (SPEC section 5)', () => {
  test.each(['ChanTaiMan', '陳大文', '陈大文', 'Lee_Siu-Ling', '李（小玲）', 'Tom(2)', 'José', 'x'])('accepts %s', (name) => {
    expect(isValidMemberName(name)).toBe(true);
  });
  test.each(['', 'Chan Tai Man', 'Tom!', 'a.b', 'Ann😀', '<b>', 'a@b', 'x'.repeat(41), '【x】'])('refuses %j', (name) => {
    expect(isValidMemberName(name)).toBe(false);
  });
});

test('normalisePhone', () => {
  expect(normalisePhone('+853', '6612 3456')).toEqual({ areaNo: '853', phone: '66123456' });
  expect(normalisePhone('00852', '9123-4567')).toEqual({ areaNo: '852', phone: '91234567' });
  expect(normalisePhone('853', '123')).toBeNull();
  expect(normalisePhone('85312', '66123456')).toBeNull();
  expect(normalisePhone('853', '66a23456')).toBeNull();
  expect(phoneKey('853', '66123456')).toBe('853-66123456');
});

test('isValidBirthday', () => {
  expect(isValidBirthday('1990-05-01', '2026-03-15')).toBe(true);
  expect(isValidBirthday('2024-02-29', '2026-03-15')).toBe(true);
  expect(isValidBirthday('2023-02-29', '2026-03-15')).toBe(false);
  expect(isValidBirthday('2026-03-15', '2026-03-15')).toBe(false);
  expect(isValidBirthday('1899-12-31', '2026-03-15')).toBe(false);
  expect(isValidBirthday('1990-5-1', '2026-03-15')).toBe(false);
});
