/** The kitchen's rules: which column a round's card is in, and which rounds are cards at all. */
import { cardsOf, columnOf, roundsOf } from './Board';
import { round, sheet } from '../test/standIns';

test("a sheet from a service that sends no rounds is one round, with the sheet's progress, remark and lines", () => {
  const s = sheet({ rounds: undefined, progress: 'preparing', remark: 'no ice' });
  delete (s as Partial<typeof s>).rounds;
  expect(roundsOf(s)).toEqual([
    expect.objectContaining({
      roundNo: 1,
      progress: 'preparing',
      remark: 'no ice',
      items: s.items,
    }),
  ]);
});

test.each([
  ['placed', 'new'],
  ['preparing', 'preparing'],
  ['ready', 'ready'],
  ['delivering', 'delivering'],
] as const)("a paid order's round %s is in the column %s", (progress, column) => {
  const s = sheet({ rounds: [round({ progress })] });
  expect(columnOf(s, s.rounds![0])).toBe(column);
});

test("closed, cancelled, unpaid and expired sheets are not the kitchen's", () => {
  expect(columnOf(sheet({ status: 2 }))).toBeNull();
  expect(columnOf(sheet({ status: 3 }))).toBeNull();
  expect(columnOf(sheet({ status: 0, displayState: 'unpaid' }))).toBeNull();
  expect(columnOf(sheet({ status: 0, displayState: 'expired' }))).toBeNull();
  expect(columnOf(sheet({ rounds: [round({ progress: 'completed' })] }))).toBeNull();
});

test('a table all served but not paid keeps its last round in Ready for the counter to close; earlier rounds leave', () => {
  const s = sheet({
    tableName: 'A03',
    takeType: 'dinein',
    payMode: 'postpay',
    status: 0,
    payStatus: 0,
    displayState: 'open',
    rounds: [
      round({ roundNo: 1, progress: 'completed' }),
      round({ roundNo: 2, progress: 'completed' }),
    ],
  });
  expect(columnOf(s, s.rounds![0])).toBeNull();
  expect(columnOf(s, s.rounds![1])).toBe('ready');
  // While one round is still cooking, the served ones are off the board.
  const cooking = sheet({
    ...s,
    rounds: [
      round({ roundNo: 1, progress: 'completed' }),
      round({ roundNo: 2, progress: 'preparing' }),
    ],
  });
  expect(cardsOf([cooking]).map((c) => [c.key, c.column])).toEqual([
    [`${s.sheetId}:2`, 'preparing'],
  ]);
});

test('each round in view is a card of its own, keyed by sheet and round', () => {
  const a = sheet({
    sheetId: 'SA',
    rounds: [round({ roundNo: 1, progress: 'ready' }), round({ roundNo: 2, progress: 'placed' })],
  });
  const b = sheet({ sheetId: 'SB', status: 3 });
  expect(cardsOf([a, b]).map((c) => [c.key, c.column])).toEqual([
    ['SA:1', 'ready'],
    ['SA:2', 'new'],
  ]);
});
