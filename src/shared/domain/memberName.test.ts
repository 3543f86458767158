import { maskPhone, memberNameShown } from './memberName';

const member = (masked: string) => `Member ${masked}`;

test('a member without a name is shown by the phone, masked; with one, by the name (issue 23)', () => {
  expect(memberNameShown('', '66126612', member)).toBe('Member 66****12');
  expect(memberNameShown('  ', '13812345678', member)).toBe('Member 138****5678');
  expect(memberNameShown('Tom', '66126612', member)).toBe('Tom');
  expect(memberNameShown(' 陳大文 ', '', member)).toBe('陳大文');
  // No name and no phone (a host's member without one): nothing to show.
  expect(memberNameShown('', '', member)).toBe('');
  expect(memberNameShown(null, undefined, member)).toBe('');
});

test('masking keeps the ends of a number, hides the middle', () => {
  expect(maskPhone('66123456')).toBe('66****56');
  expect(maskPhone('13812345678')).toBe('138****5678');
  expect(maskPhone('1234')).toBe('1234');
  expect(maskPhone('12345')).toBe('12*45');
});
