import fc from 'fast-check';
import {
  isValidBirthday,
  isValidMemberName,
  memberNameFrom,
  normalisePhone,
  phoneKey,
  sexFromHost,
  splitPhoneKey,
} from './member';

describe('isValidMemberName (SPEC section 5)', () => {
  test.each([
    'ChanTaiMan',
    '陳大文',
    '陈大文',
    'Lee_Siu-Ling',
    '李（小玲）',
    'Tom(2)',
    'José',
    'x',
    // Issue 23 item 16: one space or apostrophe between letters.
    'Tom Tourist',
    "Tom O'Brien",
    'Tom O’Brien',
    "d'Almeida",
    'Chan Tai Man',
    'Maria da Silva',
    'Zoë Saldaña',
    '陳 大文',
  ])('accepts %s', (name) => {
    expect(isValidMemberName(name)).toBe(true);
  });
  test.each([
    '',
    'Tom!',
    'a.b',
    'Ann😀',
    '<b>',
    'a@b',
    'x'.repeat(41),
    '【x】',
    // Spaces and apostrophes only singly and between letters.
    'Tom  Tourist',
    ' Tom',
    'Tom ',
    "'Tom",
    "Tom'",
    "O''Brien",
    "O' Brien",
    'Tom 2',
    'Room 9 B',
    'Tom (2)',
    'Tom\tTourist',
    'Tom\u00a0Tourist',
    'Tom - Tourist',
  ])(
    'refuses %j',
    (name) => {
      expect(isValidMemberName(name)).toBe(false);
    },
  );
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

describe('names, sex and phones from a host (SPEC section 9)', () => {
  test('a nickname keeps only what the name rule allows, else the fallback', () => {
    expect(memberNameFrom('Tai Man 😀!', '微信用户')).toBe('Tai Man');
    expect(memberNameFrom("  Tom   O'Brien ", 'x')).toBe("Tom O'Brien");
    expect(memberNameFrom('Tom 2 go', 'x')).toBe('Tom2go');
    expect(memberNameFrom("''", 'x')).toBe('x');
    expect(memberNameFrom('🎉 🎉', '微信用户')).toBe('微信用户');
    expect(memberNameFrom(undefined, 'MPay用户')).toBe('MPay用户');
    expect(memberNameFrom('李（小玲）', 'x')).toBe('李（小玲）');
  });
  test('whatever the nickname, the name made from it passes the rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (nick) =>
        isValidMemberName(memberNameFrom(nick, 'fallback')),
      ),
    );
  });
  test('the chat app: 2 maps to 1, else 0; other hosts keep 0-2', () => {
    expect([0, 1, 2, '2', undefined].map((v) => sexFromHost('chat', v))).toEqual([0, 0, 1, 1, 0]);
    expect([0, 1, 2, 7, 'x'].map((v) => sexFromHost('mpay', v))).toEqual([0, 1, 2, 0, 0]);
  });
  test('splitPhoneKey', () => {
    expect(splitPhoneKey('853-66123456')).toEqual({ areaNo: '853', phone: '66123456' });
    expect(splitPhoneKey('+86-13800138000')).toEqual({ areaNo: '86', phone: '13800138000' });
    expect(splitPhoneKey('66123456')).toBeNull();
    expect(splitPhoneKey('')).toBeNull();
  });
});
