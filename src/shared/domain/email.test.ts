import { normalizeEmail } from './email';

test.each([
  ['chan@example.com', 'chan@example.com'],
  ['  chan.tai-man+receipts@mail.example.mo ', 'chan.tai-man+receipts@mail.example.mo'],
  ['陳大文@example.com', '陳大文@example.com'],
])('%s is taken', (raw, taken) => expect(normalizeEmail(raw)).toBe(taken));

test.each(['', 'chan', 'chan@example', 'chan@@example.com', 'chan @example.com', '<chan@example.com>', 'chan@example.c', `${'a'.repeat(250)}@example.com`])(
  '%s is refused',
  (raw) => expect(normalizeEmail(raw)).toBeNull(),
);
